"""The cheapest assignment: four workers, four jobs, a cost for each pair
(Knuth's DLX5 method), checked against every permutation."""

from __future__ import annotations

import itertools

import quadrille

cost = [
    [9, 2, 7, 8],
    [6, 4, 3, 7],
    [5, 8, 1, 8],
    [7, 6, 9, 4],
]
workers = [f"w{i}" for i in range(4)]
jobs = [f"j{j}" for j in range(4)]
problem = quadrille.Problem(
    workers + jobs,
    [[workers[i], jobs[j]] for i in range(4) for j in range(4)],
    costs=[cost[i][j] for i in range(4) for j in range(4)],
    payloads=[(workers[i], jobs[j]) for i in range(4) for j in range(4)],
)
best = problem.best(3)
for costed in best:
    print(costed.cost, sorted(costed.solution))
every = sorted(sum(cost[i][p[i]] for i in range(4)) for p in itertools.permutations(range(4)))
assert [c.cost for c in best] == every[:3]
print("checked against all", len(every), "permutations")
