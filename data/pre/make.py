#!/usr/bin/env python3
"""Writes the random problems of this folder (random_NN.dlx).

The expected outputs next to them (random_NN.out: the reduced problem;
random_NN.txt: the summary line) were written by Knuth's DLX-PRE, built from
its CWEB source with ctangle and gcc:  dlx-pre < random_NN.dlx > random_NN.out
2> random_NN.txt. The tests compare Quadrille's preprocessing with them.
"""

import random
import sys


def problem(rng: random.Random) -> str:
    n_primary = rng.randint(2, 9)
    n_secondary = rng.choice([0, 0, 1, 2, 3, 4])
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    lines = [" ".join(primary) + (" | " + " ".join(secondary) if secondary else "")]
    for _ in range(rng.randint(3, 26)):
        size = rng.randint(1, min(4, n_primary + n_secondary))
        items = rng.sample(primary + secondary, size)
        if not any(i in primary for i in items) and rng.random() < 0.8:
            items[0] = rng.choice(primary) if items[0] not in primary else items[0]
            items = list(dict.fromkeys(items))
        words = []
        for item in items:
            if item in secondary and rng.random() < 0.5:
                words.append(f"{item}:{rng.choice('ab')}")
            else:
                words.append(item)
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rng = random.Random(2026)
    for k in range(count):
        with open(f"random_{k:02}.dlx", "w") as f:
            f.write(problem(rng))


if __name__ == "__main__":
    main()
