"""``quadrille pack --count`` against a dedicated pentomino solver.

Not a test: run it by hand with an optimised build. The peer is the public
Rust bitboard solver ``sugyan/pentomino`` (its ``optimized-small`` strategy),
built by hand from its source; give the path of its binary to time both
programs, or nothing to time Quadrille alone::

    cargo build --release -p quadrille-cli
    python crates/pack/bench/vs_pentomino.py [--solver PATH] [--rounds N]

Each of the five boards is counted by whole processes, the two programs
alternated round by round; each figure is the least processor time (user and
system, of the process and its threads) over the rounds, so that other work
on a shared machine counts as little as it can. Every run's count is checked
against the known one, so a fast wrong answer cannot pass.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))

# Board: (Quadrille's arguments after `pack`, the peer's board, all packings).
BOARDS: list[tuple[str, list[str], str, int]] = [
    ("6x10", ["--pieces", "pentominoes", "--box", "6x10"], "rect6x10", 9356),
    ("5x12", ["--pieces", "pentominoes", "--box", "5x12"], "rect5x12", 4040),
    ("4x15", ["--pieces", "pentominoes", "--box", "4x15"], "rect4x15", 1472),
    ("3x20", ["--pieces", "pentominoes", "--box", "3x20"], "rect3x20", 8),
    (
        "8x8 without its centre 2x2",
        [os.path.join(ROOT, "data", "pack", "scott_8x8.txt")],
        "rect8x8-2x2",
        520,
    ),
]


def timed(command: list[str]) -> tuple[float, str]:
    """The processor time of one whole process running ``command``, and its
    output (stdout and stderr)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, done.stdout + done.stderr


def main() -> None:
    """Times each board, and prints the ratios when the peer is given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solver", help="the peer's binary (sugyan/pentomino's CLI)")
    parser.add_argument("--rounds", type=int, default=5, help="alternated runs of each")
    parser.add_argument(
        "--quadrille",
        default=os.path.join(ROOT, "target", "release", "quadrille"),
        help="Quadrille's binary",
    )
    args = parser.parse_args()
    print(f"{'board':<28}{'quadrille':>11}{'peer':>9}{'ratio':>8}")
    for name, pack_args, board, known in BOARDS:
        ours = [args.quadrille, "pack", *pack_args, "--count", "--threads", "1", "-q"]
        peer = (
            [args.solver, "-q", "-s", "optimized-small", "-b", board]
            if args.solver
            else None
        )
        best_ours = best_peer = float("inf")
        for _ in range(args.rounds):
            seconds, out = timed(ours)
            assert out.split()[0] == str(known), f"{name}: quadrille said {out!r}"
            best_ours = min(best_ours, seconds)
            if peer is not None:
                seconds, out = timed(peer)
                assert (
                    f"Found {known} solutions" in out
                ), f"{name}: the peer said {out!r}"
                best_peer = min(best_peer, seconds)
        if peer is None:
            print(f"{name:<28}{best_ours:>10.3f}s")
        else:
            # The peer's ratio to Quadrille: above 1, Quadrille is faster.
            ratio = best_peer / best_ours if best_ours > 0 else float("inf")
            print(f"{name:<28}{best_ours:>10.3f}s{best_peer:>8.3f}s{ratio:>8.2f}")
        print(f"  $ {' '.join(ours)}")
        if peer is not None:
            print(f"  $ {' '.join(peer)}")


if __name__ == "__main__":
    main()
