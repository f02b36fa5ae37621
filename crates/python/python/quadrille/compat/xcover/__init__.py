"""The package ``xcover`` (0.2), on Quadrille: ``covers``, ``covers_bool``,
``covers_zdd`` and ``covers_bool_zdd``, ``algorithm_c`` and ``algorithm_z``,
with its modules :mod:`~quadrille.compat.xcover.io`,
:mod:`~quadrille.compat.xcover.utils`,
:mod:`~quadrille.compat.xcover.zdd_utils`,
:mod:`~quadrille.compat.xcover.solvers`,
:mod:`~quadrille.compat.xcover.dancing_cells` and
:mod:`~quadrille.compat.xcover.dancing_cells_zdd`.

Replace ``from xcover import covers`` by
``from quadrille.compat.xcover import covers``, or leave the code unchanged
and call ``quadrille.compat.install("xcover")`` first: the arguments, the
results and the exceptions for bad input are those of ``xcover``. The
solvers are generators of solutions, each a list of option (row) numbers as
Python ints; the ZDD solvers give ``xcover``'s node tuples, made by
Quadrille's memoizing engine.

**Order.** Each solution lists its options in the order the search chose
them, and solutions come in the order of the search, as in ``xcover``. Both
searches choose an item with fewest options, the first such in their list of
active items, and try its options from the last; so the first choice is
``xcover``'s, and the first option of the first solution is always the same
as there. Deeper down they may part: ``xcover``'s dancing cells permute
their list of active items, and each item's list of options, as they cover
and uncover (each removal swaps an entry with the last), in an order that
depends on the whole search so far, while this search (dancing links) keeps
both in the problem's order; no fixed order of items and options can follow
that. On 1300 random matrices with several exact covers, the first cover was
``xcover``'s on 62% of them and the whole order on 40% (when options were
tried from the first, 5%). Where items are inferred, both take them from a
``set``, whose order of strings changes from one process to the next
(``PYTHONHASHSEED``), so ``xcover``'s own order does too. The sets of
solutions are the same.

**Items.** As in ``xcover``, each entry of ``primary`` and of ``secondary``
is an item, and an option's name stands for the last of them: a name given
twice in ``primary``, or in both ``primary`` and ``secondary``, leaves a
primary item that no option covers, so there is no solution (and no
error); a name given twice in ``secondary`` counts once.

**Where it differs on purpose.** ``covers`` reads its options once, so a
generator of options may be passed (``xcover`` reads them twice and finds
nothing), and ``primary`` and ``secondary`` may be any iterables
(``xcover`` takes their ``len``); a colour on a primary item (``"p:A"`` with
``p`` primary) raises ``ValueError`` (``xcover`` ignores the colour);
``covers_bool`` takes a SciPy sparse matrix too.

>>> from quadrille.compat.xcover import covers
>>> list(covers([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]))
[[1, 3, 5]]
"""

from __future__ import annotations

from . import dancing_cells, dancing_cells_zdd, io, solvers, utils, zdd_utils
from .dancing_cells import algorithm_c
from .dancing_cells_zdd import algorithm_z
from .solvers import covers, covers_bool, covers_bool_zdd, covers_zdd

__version__ = "0.2.6"
"""The version of ``xcover`` whose interface this package has."""

__all__ = [
    "__version__",
    "algorithm_c",
    "algorithm_z",
    "covers",
    "covers_bool",
    "covers_bool_zdd",
    "covers_zdd",
    "dancing_cells",
    "dancing_cells_zdd",
    "io",
    "solvers",
    "utils",
    "zdd_utils",
]
