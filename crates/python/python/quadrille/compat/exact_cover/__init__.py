"""The package ``exact-cover`` (1.5), on Quadrille: ``get_exact_cover``,
``get_all_solutions`` and ``get_solution_count``, numpy in, numpy out, with
its modules :mod:`~quadrille.compat.exact_cover.io`,
:mod:`~quadrille.compat.exact_cover.error`,
:mod:`~quadrille.compat.exact_cover.helpers` and
:mod:`~quadrille.compat.exact_cover.wrapper`.

Replace ``import exact_cover as ec`` by
``import quadrille.compat.exact_cover as ec``, or leave the code unchanged
and call ``quadrille.compat.install("exact_cover")`` first. The matrix's rows
are the options and its columns the items; any array that numpy converts to
booleans is taken (any non-zero entry is a 1, a row of zeros is in no cover),
and so is a SciPy sparse matrix (which ``exact-cover`` refuses). A problem
without solution raises :class:`NoSolution` (a subclass of
:class:`ExactCoverError`), as there. ``get_all_solutions``'s ``max_count``
is read as there: ``None`` for every cover, an integer (``True`` is 1), 0
or less for none (:class:`NoSolution`), ``TypeError`` for anything else;
but an integer past ``2**31 - 1`` is taken as given (``exact-cover`` reads
it modulo ``2**32``, and may crash).

**Order.** The search is ``exact-cover``'s (Knuth's Algorithm X, the first
column with fewest 1s, its rows from the top): ``get_exact_cover`` returns the
same first cover, and each tuple of ``get_all_solutions`` lists its rows in
the order chosen, as there.

>>> import numpy as np
>>> import quadrille.compat.exact_cover as ec
>>> S = np.array([[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]], dtype=bool)
>>> print(ec.get_exact_cover(S))
[0 2 3]
>>> ec.get_solution_count(S)
1
"""

from __future__ import annotations

from . import error, helpers, io, wrapper
from .error import CannotSplitFurther, ExactCoverError, NoSolution
from .wrapper import get_all_solutions, get_exact_cover, get_solution_count

__all__ = [
    "CannotSplitFurther",
    "ExactCoverError",
    "NoSolution",
    "error",
    "get_all_solutions",
    "get_exact_cover",
    "get_solution_count",
    "helpers",
    "io",
    "wrapper",
]
