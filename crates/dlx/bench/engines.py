#!/usr/bin/env python3
"""The engine benchmark: every engine on every class of problem, one thread.

Each instance is an exact-cover problem in Knuth's format, written to a
scratch folder (never the repository) by the `quadrille` binary itself
(`pack --emit-dlx`, `queens --emit-dlx`), by a small generator in this file
(Langford pairs, sudoku, hexiamond and one-piece descriptions, random
problems), by one of Knuth's generators (`--knuth DIR`, the folder where
they were built from their public CWEB sources, `ascherer/cwebtest`), or
taken from `data/`. Each is counted by

    quadrille solve FILE --count --threads 1 --json [--engine E ...]

for every engine E that takes it (links, cells, bits, memo, sweep, dc, and
cells with binary branching, plain and with the weights frb and wdeg), and by
`auto` (no --engine, the front's choice). The runs alternate: in each round
every engine runs once, in an order that turns from round to round, and the
figure kept is the median of the rounds. The time is the processor time of
the whole process (user + system, from the kernel's accounting of the
child, `os.wait4`), so that other work on the machine costs the run as
little as it can. A run that takes more than `--cap` seconds of processor
time is stopped, counts as `> cap`, and its engine runs no more on that
instance; an engine that refuses the problem (exit code 2) is skipped with
its reason. Every engine's count must agree (and agree with an independent
figure where one is known: OEIS, Knuth's, BurrTools'): a disagreement is
printed loudly and the script exits 1.

The table gives, per instance, each engine's median, the best named engine,
the engine `auto` chose (the `engine` of its JSON line) and auto's time over
the best's; at the end, the worst and the median of that ratio over the
instances where the best takes at least 20 ms.

    python3 crates/dlx/bench/engines.py --knuth /path/to/knuth/bin
    python3 crates/dlx/bench/engines.py --list
    python3 crates/dlx/bench/engines.py --only queendom,burr --rounds 5
    python3 crates/dlx/bench/engines.py --smoke            # a few seconds
    python3 crates/dlx/bench/engines.py --callgrind --bin NEW --vs OLD

`--callgrind` compares two binaries on the counts with an engine named, by
the instructions `valgrind --tool=callgrind` counts (small instances only):
the ratio is --bin's instructions over --vs's, and one above 1.001 is
flagged. See README.md beside this file for the classes and the figures of
the last run. Standard library only; Python 3.9 or later; Linux (the
processor cap uses `resource.prlimit`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "data"

# The contenders: a short name for the table and the flags that name them.
ENGINES: List[Tuple[str, List[str]]] = [
    ("links", ["--engine", "links"]),
    ("cells", ["--engine", "cells"]),
    ("bits", ["--engine", "bits"]),
    ("memo", ["--engine", "memo"]),
    ("sweep", ["--engine", "sweep"]),
    ("dc", ["--engine", "dc"]),
    ("binary", ["--engine", "cells", "--branching", "binary"]),
    ("frb", ["--engine", "cells", "--branching", "binary", "--weights", "frb"]),
    ("wdeg", ["--engine", "cells", "--branching", "binary", "--weights", "wdeg"]),
]
AUTO = ("auto", [])
ENGINE_NAMES = [name for name, _ in ENGINES]

# Ratios are summed up over the instances where the best takes this long.
FLOOR_SECONDS = 0.020
# auto over best above this is a loss the planner must not have.
LOSS_RATIO = 1.5


# ---------------------------------------------------------------- instances


@dataclass
class Context:
    """What the generators need: the binary, Knuth's folder, the scratch."""

    bin: Path
    knuth: Optional[Path]
    scratch: Path

    def knuth_program(self, name: str) -> Path:
        assert self.knuth is not None
        return self.knuth / name


@dataclass
class Instance:
    """One problem: its class, its name, how to write it, what it counts."""

    cls: str
    name: str
    make: Callable[[Context, Path], None]
    knuth: bool = False
    tiers: Tuple[str, ...] = ("main",)
    expected: Optional[int] = None
    source: str = ""

    @property
    def key(self) -> str:
        return re.sub(r"[^A-Za-z0-9_.-]+", "_", self.name)


@dataclass
class Class:
    name: str
    about: str
    instances: List[Instance] = field(default_factory=list)


def run_to_file(command: Sequence[str], out: Path, stdin: Optional[str] = None) -> None:
    """Runs a generator, its standard output to `out`; fails loudly."""
    with open(out, "w") as sink:
        done = subprocess.run(
            [str(c) for c in command],
            input=stdin,
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
        )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({done.returncode}): {done.stderr.strip()}")


def from_data(relative: str) -> Callable[[Context, Path], None]:
    def make(ctx: Context, out: Path) -> None:
        shutil.copyfile(DATA / relative, out)

    return make


def from_quadrille(*args: str, stdin: Optional[str] = None) -> Callable[[Context, Path], None]:
    def make(ctx: Context, out: Path) -> None:
        run_to_file([ctx.bin, *args], out, stdin)

    return make


def from_knuth(program: str, *args: str, stdin: Optional[str] = None) -> Callable[[Context, Path], None]:
    def make(ctx: Context, out: Path) -> None:
        run_to_file([ctx.knuth_program(program), *args], out, stdin)

    return make


def from_text(text: Callable[[], str]) -> Callable[[Context, Path], None]:
    def make(ctx: Context, out: Path) -> None:
        out.write_text(text())

    return make


def knuth_one_piece(description: str, piece: str) -> Callable[[Context, Path], None]:
    """Knuth's polyomino-dlx on one piece, then its piece item removed from
    the item line and from every option: the piece in any number (a tiling).
    The piece is written `1|name`: the generators copy a piece line's
    characters before a `|` into an 8-byte buffer, and a line without one
    runs past it and garbles the cells."""

    def make(ctx: Context, out: Path) -> None:
        raw = ctx.scratch / (out.name + ".raw")
        run_to_file([ctx.knuth_program("polyomino-dlx")], raw, description)
        cells = len(description.strip().splitlines()[-1].split()) - 1
        lines = []
        header = True
        for number, line in enumerate(raw.read_text().splitlines()):
            if line.startswith("|") or not line.strip():
                lines.append(line)
                continue
            tokens = line.split()
            kept = [t for t in tokens if t != piece]
            if not header and (len(kept) != cells or len(tokens) != cells + 1):
                raise RuntimeError(f"polyomino-dlx wrote an option of {len(tokens)} items, line {number + 1}: {line}")
            header = False
            lines.append(" ".join(kept))
        out.write_text("\n".join(lines) + "\n")

    return make


# ---------------------------------------------------------------- generators


def langford(n: int) -> str:
    """Langford pairs: items v1..vn and s1..s2n; option `vk si s(i+k+1)`."""
    lines = [f"| Langford pairs, n = {n}"]
    lines.append(" ".join([f"v{k}" for k in range(1, n + 1)] + [f"s{i}" for i in range(1, 2 * n + 1)]))
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            lines.append(f"v{k} s{i} s{i + k + 1}")
    return "\n".join(lines) + "\n"


# OEIS A014552 (Langford pairs up to reversal); each solution counts twice.
LANGFORD = {3: 1, 4: 1, 7: 26, 8: 150, 11: 17792, 12: 108144, 15: 39809640}


def sudoku(rows: int, cols: int, givens: str) -> str:
    """A sudoku of boxes rows x cols (side rows*cols): items p_rc, r_rd, c_cd,
    b_bd for the cells, rows, columns and boxes; `givens` lists the side*side
    cells, a digit 1..side (as 1-9 then A-Z) or `.`."""
    side = rows * cols
    digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:side]
    assert len(givens) == side * side
    given = {}
    for index, ch in enumerate(givens):
        if ch != ".":
            given[divmod(index, side)] = digits.index(ch)
    items = []
    for kind in "prcb":
        items += [f"{kind}{a}_{b}" for a in range(side) for b in range(side)]
    lines = [f"| sudoku {side}x{side}, boxes {rows}x{cols}: {givens}", " ".join(items)]
    for r in range(side):
        for c in range(side):
            b = (r // rows) * rows + c // cols
            for d in range(side):
                if (r, c) in given and given[(r, c)] != d:
                    continue
                lines.append(f"p{r}_{c} r{r}_{d} c{c}_{d} b{b}_{d}")
    return "\n".join(lines) + "\n"


# The first grid of sudoku_6x6 order; rows of a complete 9x9 grid.
GRID_9 = [
    "534678912",
    "672195348",
    "198342567",
    "859761423",
    "426853791",
    "713924856",
    "961537284",
    "287419635",
    "345286179",
]


def sudoku_top_rows(keep: int, extra: str = "") -> str:
    """The 9x9 grid above with only its first `keep` rows given (and the
    cells of `extra`, `rc` pairs, too): many completions."""
    cells = []
    kept = {(int(p[0]), int(p[1])) for p in extra.split()}
    for r in range(9):
        for c in range(9):
            cells.append(GRID_9[r][c] if r < keep or (r, c) in kept else ".")
    return "".join(cells)


def knuth_sudoku_input(givens: str) -> str:
    return "\n".join(givens[9 * r : 9 * r + 9] for r in range(9)) + "\n"


def one_piece(name: str, cells: str, box: str) -> str:
    """A description for `quadrille pack`: one piece in any number."""
    return f"| the piece {name} in any number, tiling {box}\n{box}\n*|{name} {cells}\n"


def box_spec(rows: int, cols: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return f"[0-{digits[rows - 1]}][0-{digits[cols - 1]}]"


# Triangles (x, y, 0) point up, (x, y, 1) down, in Knuth's coordinates
# (polyiamond-dlx): an up triangle touches (x,y)', (x-1,y)', (x,y-1)'.
def tri_neighbours(t: Tuple[int, int, int]) -> List[Tuple[int, int, int]]:
    x, y, d = t
    if d == 0:
        return [(x, y, 1), (x - 1, y, 1), (x, y - 1, 1)]
    return [(x, y, 0), (x + 1, y, 0), (x, y + 1, 0)]


def tri_rotate(t: Tuple[int, int, int]) -> Tuple[int, int, int]:
    # 60 degrees about the lower left corner of (0,0) (Knuth's rule).
    x, y, d = t
    return (-y, x + y, 1) if d == 0 else (-y, x + y + 1, 0)


def tri_normal(cells) -> Tuple[Tuple[int, int, int], ...]:
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple(sorted((x - mx, y - my, d) for x, y, d in cells))


def tri_free(cells) -> Tuple[Tuple[int, int, int], ...]:
    shapes = []
    for reflect in (False, True):
        current = [(y, x, d) for x, y, d in cells] if reflect else list(cells)
        for _ in range(6):
            shapes.append(tri_normal(current))
            current = [tri_rotate(c) for c in current]
    return min(shapes)


def polyiamonds(size: int) -> List[Tuple[Tuple[int, int, int], ...]]:
    """The free polyiamonds of `size` triangles (1, 1, 1, 3, 4, 12, 24, ...)."""
    shapes = {tri_free([(0, 0, 0)])}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            for cell in shape:
                for n in tri_neighbours(cell):
                    if n not in shape:
                        grown.add(tri_free(list(shape) + [n]))
        shapes = grown
    return sorted(shapes)


def hexiamonds(box: str) -> str:
    """Knuth's polyiamond-dlx input: the 12 hexiamonds in `box`."""
    shapes = polyiamonds(6)
    assert len(shapes) == 12, len(shapes)
    lines = ["| the twelve hexiamonds", box]
    for name, shape in zip("ABCDEFGHIJKL", shapes):
        lines.append("1|" + name + " " + " ".join(f"{x}{y}" + ("'" if d else "") for x, y, d in shape))
    return "\n".join(lines) + "\n"


def random_exact(seed: int, items: int, options: int, sizes: Tuple[int, int], planted: int) -> str:
    """Random exact cover: `options` distinct random sets of `sizes` items,
    `planted` of the solutions (random partitions) among them."""
    rng = random.Random(seed)
    names = [f"i{k}" for k in range(items)]
    chosen: Dict[Tuple[int, ...], None] = {}
    for _ in range(planted):
        order = list(range(items))
        rng.shuffle(order)
        while order:
            k = min(len(order), rng.randint(*sizes))
            chosen[tuple(sorted(order[:k]))] = None
            order = order[k:]
    while len(chosen) < options:
        k = rng.randint(*sizes)
        chosen[tuple(sorted(rng.sample(range(items), k)))] = None
    rows = list(chosen)
    rng.shuffle(rows)
    lines = [f"| random exact cover, seed {seed}: {items} items, {len(rows)} options", " ".join(names)]
    lines += [" ".join(names[i] for i in row) for row in rows]
    return "\n".join(lines) + "\n"


def random_colours(seed: int, primary: int, secondary: int, colours: int, options: int, planted: int) -> str:
    """Random XCC: each option 2-4 primary items and 1-3 secondary items
    with a colour; planted solutions colour each secondary item once."""
    rng = random.Random(seed)
    prim = [f"p{k}" for k in range(primary)]
    sec = [f"s{k}" for k in range(secondary)]
    chosen: Dict[Tuple, None] = {}

    def option(ps, hidden):
        ss = rng.sample(range(secondary), rng.randint(1, 3))
        return (tuple(sorted(ps)), tuple(sorted((s, hidden[s] if hidden else rng.randrange(colours)) for s in ss)))

    for _ in range(planted):
        hidden = [rng.randrange(colours) for _ in range(secondary)]
        order = list(range(primary))
        rng.shuffle(order)
        while order:
            k = min(len(order), rng.randint(2, 4))
            chosen[option(order[:k], hidden)] = None
            order = order[k:]
    while len(chosen) < options:
        chosen[option(rng.sample(range(primary), rng.randint(2, 4)), None)] = None
    rows = list(chosen)
    rng.shuffle(rows)
    lines = [f"| random colours, seed {seed}", " ".join(prim) + " | " + " ".join(sec)]
    for ps, ss in rows:
        lines.append(" ".join(prim[p] for p in ps) + " " + " ".join(f"{sec[s]}:{'abcdefgh'[c]}" for s, c in ss))
    return "\n".join(lines) + "\n"


def random_bounds(seed: int, items: int, options: int, sizes: Tuple[int, int], planted: int) -> str:
    """Random multicover: every item has bounds u:v (1 <= u <= v <= 3) met by
    each planted solution; random options of `sizes` items."""
    rng = random.Random(seed)
    chosen: Dict[Tuple[int, ...], None] = {}
    bounds = []
    for _ in range(items):
        u = rng.choice([1, 1, 1, 2])
        bounds.append((u, u + rng.choice([0, 1, 1, 2])))
    for _ in range(planted):
        need = [rng.randint(u, v) for u, v in bounds]
        while sum(need) > 0:
            left = [i for i in range(items) if need[i] > 0]
            k = min(len(left), rng.randint(*sizes))
            row = tuple(sorted(rng.sample(left, k)))
            if row in chosen:
                break
            chosen[row] = None
            for i in row:
                need[i] -= 1
    while len(chosen) < options:
        chosen[tuple(sorted(rng.sample(range(items), rng.randint(*sizes))))] = None
    rows = list(chosen)
    rng.shuffle(rows)
    names = [f"i{k}" for k in range(items)]
    head = " ".join(f"{u}:{v}|{n}" if (u, v) != (1, 1) else n for (u, v), n in zip(bounds, names))
    lines = [f"| random bounds, seed {seed}", head]
    lines += [" ".join(names[i] for i in row) for row in rows]
    return "\n".join(lines) + "\n"


def domino_tilings(rows: int, cols: int) -> int:
    """Domino tilings of a rows x cols board by a transfer matrix over the
    columns (an independent figure for the tilings' counts)."""
    ways = {0: 1}
    for _ in range(cols):
        nxt: Dict[int, int] = {}
        for mask, count in ways.items():
            # Fill this column; cells of `mask` are taken by horizontals from the left.
            stack = [(0, mask, 0)]
            while stack:
                r, cur, out = stack.pop()
                if r == rows:
                    nxt[out] = nxt.get(out, 0) + count
                    continue
                if cur >> r & 1:
                    stack.append((r + 1, cur, out))
                    continue
                stack.append((r + 1, cur, out | 1 << r))  # horizontal into the next column
                if r + 1 < rows and not cur >> (r + 1) & 1:
                    stack.append((r + 2, cur, out))  # vertical
        ways = nxt
    return ways.get(0, 0)


def queens_total(n: int) -> Optional[int]:
    """OEIS A000170 from data/reference/queens_oeis.tsv."""
    for line in (DATA / "reference" / "queens_oeis.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            fields = line.split("\t")
            if int(fields[0]) == n:
                return int(fields[1])
    return None


# ---------------------------------------------------------------- the classes


def classes() -> List[Class]:
    out: List[Class] = []

    def add(name: str, about: str, *instances: Instance) -> None:
        for i in instances:
            i.cls = name
        out.append(Class(name, about, list(instances)))

    def I(name, make, **kw) -> Instance:  # noqa: E741,E743
        return Instance("", name, make, **kw)

    P = "00 01 10 11 20"
    add(
        "tiling",
        "one polyomino in any number tiling a rectangle (`*|name`, no piece item), quadrille pack --emit-dlx",
        I("P 10x10", from_data("dlx/p_pentomino_10x10.dlx"), tiers=("main", "cg")),
        I("P 10x12", from_quadrille("pack", "-", "--emit-dlx", stdin=one_piece("P", P, box_spec(10, 12)))),
        I("P 5x20", from_quadrille("pack", "-", "--emit-dlx", stdin=one_piece("P", P, box_spec(5, 20)))),
        I("L4 8x8", from_quadrille("pack", "-", "--emit-dlx", stdin=one_piece("L", "00 10 20 21", box_spec(8, 8)))),
        I("Y 10x10", from_quadrille("pack", "-", "--emit-dlx", stdin=one_piece("Y", "01 10 11 21 31", box_spec(10, 10)))),
        I("L3 6x6", from_quadrille("pack", "-", "--emit-dlx", stdin=one_piece("L", "00 01 10", box_spec(6, 6))), tiers=("smoke", "cg")),
        I("L3 9x9", from_quadrille("pack", "-", "--emit-dlx", stdin=one_piece("L", "00 01 10", box_spec(9, 9)))),
    )
    add(
        "dominoes",
        "dominoes (and trominoes) in any number, quadrille pack --pieces dominoes|trominoes --box B --emit-dlx",
        I("dominoes 4x4", from_quadrille("pack", "--pieces", "dominoes", "--box", "4x4", "--emit-dlx"),
          tiers=("smoke",), expected=domino_tilings(4, 4)),
        I("dominoes 8x8", from_data("dlx/dominoes_8x8.dlx"), tiers=("main", "cg"), expected=domino_tilings(8, 8)),
        I("dominoes 12x12", from_data("dlx/dominoes_12x12.dlx"), expected=domino_tilings(12, 12)),
        I("dominoes 10x16", from_quadrille("pack", "--pieces", "dominoes", "--box", "10x16", "--emit-dlx"),
          expected=domino_tilings(10, 16)),
        I("aztec 10", from_quadrille("pack", "--pieces", "dominoes", "--box", "aztec:10", "--emit-dlx"),
          expected=2 ** (10 * 11 // 2)),
        I("dominoes+2x2 8x8", from_data("dlx/dominoes_2x2_8x8.dlx"), expected=5811552169),
        I("trominoes 6x6", from_quadrille("pack", "--pieces", "trominoes", "--box", "6x6", "--emit-dlx"), tiers=("main", "cg")),
        I("trominoes 9x9", from_quadrille("pack", "--pieces", "trominoes", "--box", "9x9", "--emit-dlx")),
    )
    pent = lambda box: from_quadrille("pack", "--pieces", "pentominoes", "--box", box, "--emit-dlx")  # noqa: E731
    add(
        "pentominoes",
        "the twelve pentominoes in a box (every solution, symmetric ones apart), quadrille pack --emit-dlx",
        I("pentominoes 3x20", pent("3x20"), tiers=("main", "cg", "smoke"), expected=8),
        I("pentominoes 4x15", pent("4x15"), expected=4 * 368),
        I("pentominoes 5x12", pent("5x12"), expected=4 * 1010),
        I("pentominoes 6x10", pent("6x10"), expected=4 * 2339),
        I("pentominoes 6x10 X fixed", from_data("dlx/pentomino_6x10.dlx"), expected=2339),
    )
    cube = lambda pieces, box: from_quadrille("pack", "--pieces", pieces, "--box", box, "--emit-dlx")  # noqa: E731
    add(
        "polycubes",
        "polycube packings: Soma, solid pentominoes, quadrille pack --emit-dlx",
        I("soma 3x3x3", cube("soma", "3x3x3"), tiers=("main", "cg"), expected=11520),
        I("solid pentominoes 3x4x5", cube("solid-pentominoes", "3x4x5")),
        I("solid pentominoes 2x5x6", cube("solid-pentominoes", "2x5x6")),
    )
    add(
        "packings",
        "repeated pieces and holes: the descriptions of data/pack (tetrominoes twice, Scott's board)",
        I("tetrominoes twice 8x5", from_data("dlx/tetrominoes_twice_8x5.dlx"), tiers=("main", "cg")),
        I("tetrominoes 12 8x6", from_data("dlx/tetrominoes_12_8x6.dlx")),
        I("scott 8x8", from_data("dlx/knuth_pack_scott_8x8.dlx"), expected=520),
    )
    add(
        "langford",
        "Langford pairs (OEIS A014552, each solution with its reversal)",
        I("langford 7", from_text(lambda: langford(7)), tiers=("smoke",), expected=2 * LANGFORD[7]),
        I("langford 11", from_text(lambda: langford(11)), tiers=("main", "cg"), expected=2 * LANGFORD[11]),
        I("langford 12", from_text(lambda: langford(12)), expected=2 * LANGFORD[12]),
    )
    add(
        "queens",
        "N-queens, quadrille queens N --emit-dlx (OEIS A000170)",
        I("queens 6", from_quadrille("queens", "6", "--emit-dlx"), tiers=("smoke",), expected=4),
        I("queens 10", from_quadrille("queens", "10", "--emit-dlx"), tiers=("main", "cg"), expected=724),
        I("queens 12", from_quadrille("queens", "12", "--emit-dlx"), expected=queens_total(12)),
        I("queens 13", from_quadrille("queens", "13", "--emit-dlx"), expected=queens_total(13)),
    )
    add(
        "sudoku",
        "sudoku grids: every 4x4 and 6x6 grid, 9x9 grids with their top rows given",
        I("sudoku 4x4 all", from_text(lambda: sudoku(2, 2, "." * 16)), tiers=("smoke", "cg"), expected=288),
        # 28,200,960 grids of 6x6 (OEIS A107739).
        I("sudoku 6x6 all", from_data("dlx/sudoku_6x6_all.dlx"), tiers=("main", "cg"), expected=28200960),
        I("sudoku 9x9 5 rows", from_text(lambda: sudoku(3, 3, sudoku_top_rows(5)))),
        I("sudoku 9x9 4 rows+3", from_text(lambda: sudoku(3, 3, sudoku_top_rows(4, "40 41 42")))),
    )
    add(
        "random",
        "random exact cover, planted solutions (seeded)",
        I("random 30 items", from_text(lambda: random_exact(1, 30, 120, (2, 4), 3)), tiers=("smoke", "cg")),
        I("random 40 items dense", from_text(lambda: random_exact(2, 40, 250, (2, 5), 4))),
        I("random 80 items", from_text(lambda: random_exact(3, 80, 400, (3, 7), 4))),
        I("random 150 items", from_text(lambda: random_exact(3, 150, 700, (5, 10), 4))),
    )
    add(
        "random-colours",
        "random XCC with colours on secondary items, planted solutions (seeded)",
        I("colours 26", from_data("dlx/colors_random_26.dlx"), tiers=("main", "cg", "smoke")),
        I("colours 40x10", from_text(lambda: random_colours(6, 40, 10, 3, 400, 4))),
        I("colours 50x12", from_text(lambda: random_colours(6, 50, 12, 3, 450, 4))),
    )
    add(
        "random-bounds",
        "random multicover: bounds u:v on items that bind, planted solutions (seeded)",
        I("bounds 12", from_text(lambda: random_bounds(7, 12, 50, (2, 4), 3)), tiers=("smoke", "cg")),
        I("bounds 20", from_text(lambda: random_bounds(8, 20, 70, (3, 5), 3))),
        I("bounds 40", from_text(lambda: random_bounds(8, 40, 150, (5, 9), 3))),
    )
    add(
        "burr",
        "BurrTools' SolidSixPieceBurrs, problem 0: 25 shapes each 0:6, bounds that never bind",
        I("burr solid six", from_data("dlx/burr_solid_six_bounds.dlx"), expected=12597),
    )
    add(
        "motley",
        "motley dissections (data/dlx, written by Knuth's motley-dlx)",
        I("motley 6x6", from_data("dlx/motley_6x6.dlx"), tiers=("main", "cg")),
        I("motley 7x7", from_data("dlx/motley_7x7.dlx")),
    )
    add(
        "toys",
        "Knuth's toy problems (exact cover, colours, bounds)",
        I("toy", from_data("dlx/knuth_toy.dlx"), tiers=("smoke",), expected=1),
        I("toy colours", from_data("dlx/knuth_toy_colors.dlx"), tiers=("smoke",), expected=1),
        I("toy bounds", from_data("dlx/knuth_toy_bounds.dlx"), tiers=("smoke",)),
    )

    # Knuth's generators.
    def K(name, program, *args, stdin=None, **kw) -> Instance:
        kw.setdefault("source", " ".join([program, *args]))
        return Instance("", name, from_knuth(program, *args, stdin=stdin), knuth=True, **kw)

    add(
        "tiling-knuth",
        "one pentomino or tetromino in any number, Knuth's polyomino-dlx with the piece item removed",
        Instance("", "knuth P 10x10", knuth_one_piece(f"{box_spec(10, 10)}\n1|P {P}\n", "P"), knuth=True,
                 source="polyomino-dlx, item P removed"),
        Instance("", "knuth P 8x15", knuth_one_piece(f"{box_spec(8, 15)}\n1|P {P}\n", "P"), knuth=True,
                 source="polyomino-dlx, item P removed"),
        Instance("", "knuth L4 8x10", knuth_one_piece(f"{box_spec(8, 10)}\n1|L 00 10 20 21\n", "L"), knuth=True,
                 source="polyomino-dlx, item L removed"),
        Instance("", "knuth Y 10x10", knuth_one_piece(f"{box_spec(10, 10)}\n1|Y 01 10 11 21 31\n", "Y"), knuth=True,
                 source="polyomino-dlx, item Y removed"),
    )
    add(
        "queens-knuth",
        "N-queens, Knuth's queens-dlx N (organ-pipe order, secondary diagonals)",
        K("queens-dlx 10", "queens-dlx", "10", expected=724, tiers=("main", "cg")),
        K("queens-dlx 12", "queens-dlx", "12", expected=queens_total(12)),
        K("queens-dlx 13", "queens-dlx", "13", expected=queens_total(13)),
    )
    add(
        "queendom",
        "queen domination, Knuth's queendom-dlx N M (every cell attacked or occupied, bounds 1:M)",
        K("queendom 6 3", "queendom-dlx", "6", "3", tiers=("main", "cg")),
        K("queendom 7 4", "queendom-dlx", "7", "4"),
        K("queendom 8 5", "queendom-dlx", "8", "5", expected=4860),
        K("queendom 9 5", "queendom-dlx", "9", "5"),
        K("queendom 10 5", "queendom-dlx", "10", "5"),
        K("queendom 11 5", "queendom-dlx", "11", "5"),
    )
    add(
        "redrect",
        "reduced rectangle dissections, Knuth's redrect-dlx M N (bounds, sharp items)",
        K("redrect 4 4", "redrect-dlx", "4", "4", tiers=("main", "cg")),
        K("redrect 5 5", "redrect-dlx", "5", "5"),
        K("redrect 5 6", "redrect-dlx", "5", "6"),
        K("redrect 6 6", "redrect-dlx", "6", "6"),
    )
    add(
        "motley-knuth",
        "motley dissections, Knuth's motley-dlx M N",
        K("motley 8 8", "motley-dlx", "8", "8"),
        K("motley 9 9", "motley-dlx", "9", "9"),
    )
    add(
        "windmill",
        "windmill dominoes, Knuth's windmill-dominoes-dlx M N (colours)",
        K("windmill 3 4", "windmill-dominoes-dlx", "3", "4", tiers=("main", "cg")),
        K("windmill 4 4", "windmill-dominoes-dlx", "4", "4"),
        K("windmill 4 5", "windmill-dominoes-dlx", "4", "5"),
        K("windmill 5 5", "windmill-dominoes-dlx", "5", "5"),
    )
    add(
        "de-bruijn",
        "de Bruijn cycles of binary n-tuples of weight p..q, Knuth's de-bruijn-dlx P Q N (colours)",
        K("de-bruijn 0 4 4", "de-bruijn-dlx", "0", "4", "4", tiers=("main", "cg")),
        K("de-bruijn 1 4 5", "de-bruijn-dlx", "1", "4", "5"),
        K("de-bruijn 0 5 5", "de-bruijn-dlx", "0", "5", "5"),
        K("de-bruijn 2 5 6", "de-bruijn-dlx", "2", "5", "6"),
    )
    add(
        "sudoku-knuth",
        "sudoku grids, Knuth's sudoku-dlx on a 9x9 grid with its top rows given",
        K("sudoku-dlx 5 rows", "sudoku-dlx", stdin=knuth_sudoku_input(sudoku_top_rows(5)), tiers=("main", "cg")),
        K("sudoku-dlx 4 rows+3", "sudoku-dlx", stdin=knuth_sudoku_input(sudoku_top_rows(4, "40 41 42"))),
    )
    add(
        "macmahon",
        "MacMahon's 24 four-coloured triangles in a hexagon, Knuth's macmahon-triangles-dlx (colours)",
        K("macmahon hexagon", "macmahon-triangles-dlx", "00+", "10", "10+", "01", "01+", "11"),
    )
    add(
        "hexiamonds",
        "the twelve hexiamonds in a parallelogram, Knuth's polyiamond-dlx",
        Instance("", "hexiamonds 6x6", lambda ctx, out: run_to_file(
            [ctx.knuth_program("polyiamond-dlx")], out, hexiamonds("[0-5][0-5] [0-5][0-5]'")), knuth=True),
        Instance("", "hexiamonds 4x9", lambda ctx, out: run_to_file(
            [ctx.knuth_program("polyiamond-dlx")], out, hexiamonds("[0-3][0-8] [0-3][0-8]'")), knuth=True),
        Instance("", "hexiamonds 3x12", lambda ctx, out: run_to_file(
            [ctx.knuth_program("polyiamond-dlx")], out, hexiamonds("[0-2][0-9ab] [0-2][0-9ab]'")), knuth=True),
    )
    return out


# ---------------------------------------------------------------- running


@dataclass
class Run:
    status: str  # ok, over, refused, failed
    seconds: float = 0.0
    count: Optional[int] = None
    engine: str = ""
    message: str = ""
    limit: float = 0.0


TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def processor_seconds(pid: int) -> Optional[float]:
    """The processor time a running process has used so far (Linux's /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    except (OSError, IndexError, ValueError):
        return None


def run_count(bin: Path, problem: Path, flags: Sequence[str], cap: float) -> Run:
    """One count on one thread: the processor time of the child, stopped
    once it passes `cap` seconds of it."""
    command = [str(bin), "solve", str(problem), "--count", "--threads", "1", "--json", *flags]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        try:
            # A backstop in whole seconds; the loop below stops the run sooner.
            limit = math.ceil(cap) + 1
            resource.prlimit(child.pid, resource.RLIMIT_CPU, (limit, limit + 1))
        except (OSError, AttributeError):
            pass
        start = time.monotonic()
        wall = 10 * cap + 60  # a loaded machine stretches the wall clock, not the processor time
        pause = 0.001
        killed = False
        try:
            while True:
                pid, status, usage = os.wait4(child.pid, os.WNOHANG)
                if pid:
                    break
                used = processor_seconds(child.pid)
                if (used is not None and used > cap) or time.monotonic() - start > wall:
                    child.kill()
                    pid, status, usage = os.wait4(child.pid, 0)
                    killed = True
                    break
                time.sleep(pause)
                pause = min(pause * 2, 0.02)
        except BaseException:
            child.kill()
            child.wait()
            raise
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = usage.ru_utime + usage.ru_stime
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    code = child.returncode
    if killed or seconds > cap or code in (-9, -24):
        return Run("over", seconds, limit=cap)
    if code == 2:
        return Run("refused", seconds, message=first_line(stderr))
    # Exit code 1: no solution, as Knuth's programs say (the count is 0).
    if code not in (0, 1):
        return Run("failed", seconds, message=f"exit {code}: {first_line(stderr)}")
    try:
        record = json.loads(stdout.strip().splitlines()[-1])
        count = int(record["solutions"])
        engine = str(record.get("engine", ""))
    except (ValueError, KeyError, IndexError) as error:
        return Run("failed", seconds, message=f"exit {code}, unreadable output ({error}): {stdout[:200]!r}")
    if code == 1 and count != 0:
        return Run("failed", seconds, message=f"exit 1 with {count} solutions: {first_line(stderr)}")
    return Run("ok", seconds, count, engine)


def first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


@dataclass
class Result:
    instance: Instance
    path: Path
    runs: Dict[str, List[Run]] = field(default_factory=dict)
    notes: Dict[str, str] = field(default_factory=dict)
    errors: List[str] = field(default_factory=list)

    def median(self, engine: str) -> Optional[float]:
        runs = self.runs.get(engine, [])
        if not runs or any(r.status != "ok" for r in runs):
            return None
        return statistics.median(r.seconds for r in runs)

    def status(self, engine: str) -> str:
        runs = self.runs.get(engine, [])
        if engine in self.notes:
            return self.notes[engine]
        if any(r.status == "over" for r in runs):
            return "over"
        return "ok" if runs else "-"

    def count(self) -> Optional[int]:
        for runs in self.runs.values():
            for r in runs:
                if r.status == "ok":
                    return r.count
        return None

    def best(self) -> Tuple[Optional[str], Optional[float]]:
        timed = [(self.median(e), e) for e in ENGINE_NAMES if self.median(e) is not None]
        if not timed:
            return None, None
        seconds, engine = min(timed)
        return engine, seconds

    def auto_engine(self) -> str:
        for r in self.runs.get("auto", []):
            if r.engine:
                return r.engine
        return ""

    def ratio(self) -> Optional[float]:
        _, best = self.best()
        auto = self.median("auto")
        if best is None or auto is None or best <= 0:
            return None
        return auto / best


def bench(instance: Instance, path: Path, bin: Path, engines: List[Tuple[str, List[str]]], rounds: int,
          cap: float, relative: float, log) -> Result:
    """Every engine on one instance, alternated: `rounds` rounds, each in
    another order (auto first in the first round, to set the pace). A named
    engine's run stops at `relative` times the fastest run seen so far on
    this instance (at least a second, at most `cap`); auto's at `cap`."""
    result = Result(instance, path)
    alive = [AUTO] + [e for e in engines if e[0] != "auto"]
    fastest = math.inf
    for round_index in range(rounds):
        if not alive:
            break
        turn = round_index % len(alive)
        order = alive[turn:] + alive[:turn]
        for name, flags in order:
            limit = cap if name == "auto" else min(cap, max(1.0, relative * fastest))
            run = run_count(bin, path, flags, limit)
            result.runs.setdefault(name, []).append(run)
            if run.status == "ok":
                fastest = min(fastest, run.seconds)
            elif run.status == "refused":
                result.notes[name] = "refused: " + run.message
                alive = [e for e in alive if e[0] != name]
            elif run.status == "over":
                alive = [e for e in alive if e[0] != name]
            elif run.status == "failed":
                result.errors.append(f"{name}: {run.message}")
                result.notes[name] = "failed: " + run.message
                alive = [e for e in alive if e[0] != name]
        log(".")
    check_counts(result)
    return result


def check_counts(result: Result) -> None:
    counts = {}
    for name, runs in result.runs.items():
        for r in runs:
            if r.status == "ok":
                counts.setdefault(r.count, []).append(name)
    if len(counts) > 1:
        detail = "; ".join(f"{c}: {', '.join(sorted(set(n)))}" for c, n in counts.items())
        result.errors.append(f"COUNTS DISAGREE: {detail}")
    expected = result.instance.expected
    if expected is not None and counts and set(counts) != {expected}:
        result.errors.append(f"COUNT IS NOT THE KNOWN FIGURE {expected}: {sorted(counts)}")


# ---------------------------------------------------------------- printing


def fmt_seconds(result: Result, engine: str) -> str:
    median = result.median(engine)
    if median is not None:
        return f"{median:.3f}"
    status = result.status(engine)
    if status == "over":
        limit = max(r.limit for r in result.runs[engine] if r.status == "over")
        return f">{limit:.2g}"
    if status.startswith("refused"):
        return "no"
    if status.startswith("failed"):
        return "FAIL"
    return "-"


def table(results: List[Result], engines: List[str]) -> str:
    head = ["instance", "count"] + engines + ["best", "auto ran", "auto/best"]
    rows = []
    for r in results:
        best, _ = r.best()
        ratio = r.ratio()
        mark = ""
        if ratio is not None and ratio > LOSS_RATIO and (r.best()[1] or 0) >= FLOOR_SECONDS:
            mark = " !"
        count = r.count()
        rows.append(
            [f"{r.instance.cls}: {r.instance.name}", "?" if count is None else str(count)]
            + [fmt_seconds(r, e) for e in engines]
            + [best or "-", r.auto_engine() or "-", ("-" if ratio is None else f"{ratio:.2f}") + mark]
        )
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h) for i, h in enumerate(head)]
    lines = []
    for row in [head] + rows:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def summary(results: List[Result]) -> Tuple[str, Optional[float], Optional[float]]:
    ratios = [(r.ratio(), r) for r in results if r.ratio() is not None and (r.best()[1] or 0) >= FLOOR_SECONDS]
    if not ratios:
        return "no instance where the best engine takes 20 ms or more", None, None
    worst, worst_result = max(ratios, key=lambda x: x[0])
    median = statistics.median(x for x, _ in ratios)
    losses = sorted((x, r) for x, r in ratios if x > LOSS_RATIO)
    lines = [
        f"auto over best, on the {len(ratios)} instances where the best takes >= 20 ms: "
        f"worst {worst:.2f} ({worst_result.instance.cls}: {worst_result.instance.name}), median {median:.2f}",
        f"instances with auto over {LOSS_RATIO}x the best: {len(losses)}"
        + "".join(f"\n  {x:.2f}  {r.instance.cls}: {r.instance.name} (auto ran {r.auto_engine()}, best {r.best()[0]})"
                  for x, r in reversed(losses)),
    ]
    return "\n".join(lines), worst, median


def notes(results: List[Result]) -> str:
    lines = []
    for r in results:
        for engine, note in sorted(r.notes.items()):
            if note.startswith("refused"):
                lines.append(f"{r.instance.name}: {engine} {note}")
    return "\n".join(lines)


# ---------------------------------------------------------------- callgrind


def callgrind_instructions(bin: Path, problem: Path, flags: Sequence[str], timeout: float) -> Tuple[str, int, Optional[int]]:
    command = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
        str(bin), "solve", str(problem), "--count", "--threads", "1", "--json", *flags,
    ]
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "over", 0, None
    if done.returncode == 2:
        return "refused", 0, None
    if done.returncode != 0:
        return "failed", 0, None
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    try:
        count = int(json.loads(done.stdout.strip().splitlines()[-1])["solutions"])
    except (ValueError, KeyError, IndexError):
        count = None
    return ("ok" if found else "failed"), int(found.group(1)) if found else 0, count


def callgrind_mode(instances: List[Instance], ctx: Context, vs: Path, engines, timeout: float, log) -> int:
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH", file=sys.stderr)
        return 2
    print(f"callgrind instructions, {ctx.bin} over {vs} (a ratio above 1 means --bin executes more)")
    print(f"{'instance':<34} {'engine':<7} {'--bin':>15} {'--vs':>15} {'ratio':>8}")
    worse = 0
    failures = 0
    for instance in instances:
        path = ctx.scratch / (instance.key + ".dlx")
        instance.make(ctx, path)
        for name, flags in engines:
            a_status, a, a_count = callgrind_instructions(ctx.bin, path, flags, timeout)
            b_status, b, b_count = callgrind_instructions(vs, path, flags, timeout)
            label = f"{instance.cls}: {instance.name}"
            if a_status == "refused" and b_status == "refused":
                continue
            if a_status != "ok" or b_status != "ok":
                print(f"{label:<34} {name:<7} {a_status:>15} {b_status:>15}")
                failures += a_status != b_status
                continue
            ratio = a / b
            flag = ""
            if ratio > 1.001:
                flag = "  SLOWER"
                worse += 1
            if a_count != b_count:
                flag += f"  COUNTS DISAGREE {a_count} {b_count}"
                failures += 1
            print(f"{label:<34} {name:<7} {a:>15,} {b:>15,} {ratio:>8.4f}{flag}")
            sys.stdout.flush()
    print(f"{worse} counts execute more instructions with --bin than with --vs")
    return 1 if failures else 0


# ---------------------------------------------------------------- main


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="See the module's docstring and README.md beside it.")
    parser.add_argument("--bin", type=Path, default=REPO / "target" / "release" / "quadrille",
                        help="the quadrille binary [default: target/release/quadrille]")
    parser.add_argument("--knuth", type=Path, help="the folder of Knuth's generators (queendom-dlx, ...)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every engine [default: 3]")
    parser.add_argument("--cap", type=float, default=20.0, help="processor seconds per run [default: 20]")
    parser.add_argument("--relative-cap", type=float, default=10.0,
                        help="stop a named engine's run at this many times the fastest run so far, "
                             "at least 1 s [default: 10]")
    parser.add_argument("--only", help="classes or instances, comma-separated (a name or its prefix)")
    parser.add_argument("--engines", help="contenders, comma-separated [default: all] (auto always runs)")
    parser.add_argument("--list", action="store_true", help="list the classes and instances, and stop")
    parser.add_argument("--json", type=Path, dest="json_out", help="write every run's figures here")
    parser.add_argument("--scratch", type=Path, help="where the instances are written [default: a temporary folder]")
    parser.add_argument("--smoke", action="store_true", help="tiny instances, one round: a check in seconds")
    parser.add_argument("--callgrind", action="store_true", help="instructions of --bin and --vs, engines named")
    parser.add_argument("--vs", type=Path, help="the reference binary of --callgrind")
    parser.add_argument("--timeout", type=float, default=600.0, help="wall seconds per callgrind run [default: 600]")
    args = parser.parse_args(argv)

    all_classes = classes()
    if args.list:
        for c in all_classes:
            knuth = " (Knuth's generators)" if any(i.knuth for i in c.instances) else ""
            print(f"{c.name}: {c.about}{knuth}")
            for i in c.instances:
                extra = [t for t in i.tiers if t != "main"]
                print(f"  {i.name}" + (f"  [{', '.join(extra)}]" if extra else ""))
        return 0

    tier = "smoke" if args.smoke else "cg" if args.callgrind else "main"
    instances = [i for c in all_classes for i in c.instances if tier in i.tiers]
    if args.only:
        wanted = [w.strip() for w in args.only.split(",") if w.strip()]
        instances = [i for i in instances if any(i.cls == w or i.name.startswith(w) for w in wanted)]
    skipped_knuth = []
    if args.knuth is None:
        skipped_knuth = sorted({i.cls for i in instances if i.knuth})
        instances = [i for i in instances if not i.knuth]
    elif not args.knuth.is_dir():
        parser.error(f"--knuth {args.knuth}: not a folder")
    if not args.bin.exists():
        parser.error(f"--bin {args.bin}: no such file (cargo build --release -p quadrille-cli)")
    engines = ENGINES
    if args.engines:
        names = [n.strip() for n in args.engines.split(",")]
        unknown = [n for n in names if n not in ENGINE_NAMES]
        if unknown:
            parser.error(f"unknown engines {unknown}; expected some of {ENGINE_NAMES}")
        engines = [e for e in ENGINES if e[0] in names]

    scratch_holder = None
    if args.scratch:
        args.scratch.mkdir(parents=True, exist_ok=True)
        scratch = args.scratch
    else:
        scratch_holder = tempfile.TemporaryDirectory(prefix="quadrille-bench-")
        scratch = Path(scratch_holder.name)
    ctx = Context(args.bin.resolve(), args.knuth.resolve() if args.knuth else None, scratch)

    def log(text: str) -> None:
        if not args.smoke:
            sys.stderr.write(text)
            sys.stderr.flush()

    if skipped_knuth:
        print(f"note: no --knuth folder: skipped {', '.join(skipped_knuth)}")
    if args.callgrind:
        if args.vs is None:
            parser.error("--callgrind needs --vs OTHER_BINARY")
        return callgrind_mode(instances, ctx, args.vs.resolve(), engines, args.timeout, log)

    rounds = 1 if args.smoke else args.rounds
    cap = min(args.cap, 10.0) if args.smoke else args.cap
    contenders = engines
    results: List[Result] = []
    failed = False
    for instance in instances:
        path = scratch / (instance.key + ".dlx")
        log(f"{instance.cls}: {instance.name} ")
        try:
            instance.make(ctx, path)
        except (OSError, RuntimeError) as error:
            print(f"ERROR: {instance.name}: cannot write the instance: {error}")
            failed = True
            continue
        result = bench(instance, path, ctx.bin, contenders, rounds, cap, args.relative_cap, log)
        best, best_seconds = result.best()
        ratio = result.ratio()
        log(f" {result.count()} solutions; best {best} {best_seconds if best_seconds is None else round(best_seconds, 3)},"
            f" auto {result.auto_engine()} {result.median('auto')}, ratio {ratio if ratio is None else round(ratio, 2)}\n")
        for error in result.errors:
            print(f"ERROR: {instance.cls}: {instance.name}: {error}", file=sys.stderr)
            print(f"ERROR: {instance.cls}: {instance.name}: {error}")
            failed = True
        results.append(result)

    names = [e[0] for e in engines] + ["auto"]
    print(f"# {datetime.date.today()}: {' '.join(['engines.py'] + list(argv if argv is not None else sys.argv[1:]))}")
    print(f"# {rounds} rounds, cap {cap:g} s of processor time (named engines: also {args.relative_cap:g}x the "
          f"fastest run, at least 1 s), one thread; medians in seconds of processor time")
    print(f"# 'no': the engine refuses the problem; '>S': stopped after S seconds (over --cap, or over "
          f"--relative-cap times the fastest run), then dropped; ! auto over {LOSS_RATIO}x the best")
    print(table(results, names))
    text, worst, median = summary(results)
    print()
    print(text)
    refused = notes(results)
    if refused and not args.smoke:
        print()
        print("refusals:")
        print(refused)
    if args.json_out:
        record = {
            "date": str(datetime.date.today()),
            "command": list(sys.argv),
            "bin": str(ctx.bin),
            "machine": platform.platform(),
            "rounds": rounds,
            "cap": cap,
            "worst": worst,
            "median": median,
            "instances": [
                {
                    "class": r.instance.cls,
                    "name": r.instance.name,
                    "count": r.count(),
                    "expected": r.instance.expected,
                    "best": r.best()[0],
                    "auto_engine": r.auto_engine(),
                    "ratio": r.ratio(),
                    "errors": r.errors,
                    "engines": {
                        name: {
                            "median": r.median(name),
                            "status": r.status(name),
                            "seconds": [run.seconds for run in runs],
                        }
                        for name, runs in r.runs.items()
                    },
                }
                for r in results
            ],
        }
        args.json_out.write_text(json.dumps(record, indent=1) + "\n")
    if failed:
        print("ERROR: some counts disagree or some runs failed (see above)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
