"""The exceptions of ``exact_cover.error``."""

from __future__ import annotations

__all__ = ["CannotSplitFurther", "ExactCoverError", "NoSolution"]


class ExactCoverError(Exception):
    """The base of this package's errors."""


class NoSolution(ExactCoverError):  # noqa: N818 (exact-cover's name)
    """The problem has no solution (or, from :func:`split_problem`, none of
    its subproblems has one)."""


class CannotSplitFurther(ExactCoverError):  # noqa: N818 (exact-cover's name)
    """:func:`~quadrille.compat.exact_cover.helpers.split_problem` cannot
    split a problem: its fullest column has a single 1."""
