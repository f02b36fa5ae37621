"""A rota with bounds: four people, three shifts; each person works one
shift and each shift needs one or two people (Knuth's multiplicities)."""

from __future__ import annotations

import quadrille

people = ["Ann", "Ben", "Cat", "Dan"]
shifts = ["Mon", "Tue", "Wed"]
rota = quadrille.Problem(
    people + shifts,
    [[person, shift] for person in people for shift in shifts],
    bounds={shift: (1, 2) for shift in shifts},
    payloads=[f"{person}:{shift}" for person in people for shift in shifts],
)
print("rotas:", rota.count())
first = rota.first()
assert first is not None
print("first:", ", ".join(sorted(first)))
print(rota.stats(threads=1))
