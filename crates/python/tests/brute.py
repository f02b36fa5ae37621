"""Brute force, for the tests: every subset of a small problem's options."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st


@dataclass
class Spec:
    """A small problem as plain data."""

    primary: list[Any]
    secondary: list[Any]
    options: list[list[Any]]
    bounds: dict[Hashable, tuple[int, int]] = field(default_factory=dict)
    costs: list[int] = field(default_factory=list)


def is_solution(spec: Spec, chosen: Sequence[int]) -> bool:
    """Whether the options ``chosen`` make a solution."""
    covered: dict[Hashable, int] = {}
    colours: dict[Hashable, list[Any]] = {}
    for k in chosen:
        for entry in spec.options[k]:
            if isinstance(entry, tuple):
                item, colour = entry
            else:
                item, colour = entry, None
            covered[item] = covered.get(item, 0) + 1
            colours.setdefault(item, []).append(colour)
    for item in spec.primary:
        lower, upper = spec.bounds.get(item, (1, 1))
        if not lower <= covered.get(item, 0) <= upper:
            return False
    for item in spec.secondary:
        seen = colours.get(item, [])
        if len(seen) > 1 and (None in seen or len(set(seen)) > 1):
            return False
    return len(set(chosen)) == len(chosen)


def solutions(spec: Spec) -> list[tuple[int, ...]]:
    """Every solution, as sorted tuples of option numbers, sorted."""
    n = len(spec.options)
    found = []
    for size in range(n + 1):
        for chosen in itertools.combinations(range(n), size):
            if is_solution(spec, chosen):
                found.append(chosen)
    return sorted(found)


@st.composite
def specs(draw: st.DrawFn, colours: bool = True, bounds: bool = True) -> Spec:
    """Random small problems: up to 5 primary and 3 secondary items, up to 9
    options, colours, bounds and costs."""
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"p{k}" for k in range(n_primary)]
    secondary = [f"s{k}" for k in range(n_secondary)]
    n_options = draw(st.integers(0, 9))
    options: list[list[Any]] = []
    for _ in range(n_options):
        chosen_primary = draw(st.sets(st.sampled_from(primary), min_size=1, max_size=3))
        option: list[Any] = sorted(chosen_primary)
        if secondary:
            for item in sorted(draw(st.sets(st.sampled_from(secondary), max_size=2))):
                colour = draw(st.sampled_from([None, "red", "blue"])) if colours else None
                option.append(item if colour is None else (item, colour))
        options.append(option)
    chosen_bounds: dict[Hashable, tuple[int, int]] = {}
    if bounds:
        for item in primary:
            if draw(st.booleans()) and draw(st.booleans()):
                lower = draw(st.integers(0, 2))
                upper = draw(st.integers(max(lower, 1), 3))
                chosen_bounds[item] = (lower, upper)
    costs = [draw(st.integers(0, 20)) for _ in options]
    return Spec(primary, secondary, options, chosen_bounds, costs)
