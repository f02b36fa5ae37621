"""Drop-in replacements for other exact-cover packages, on Quadrille.

- :mod:`quadrille.compat.xcover`: the package ``xcover`` (``covers``,
  ``covers_bool``, the ZDD solvers, and its modules ``io``, ``utils``,
  ``zdd_utils``, ...).
- :mod:`quadrille.compat.exact_cover`: the package ``exact-cover``
  (``get_exact_cover``, ``get_all_solutions``, ``get_solution_count``, and
  its modules ``io``, ``error``, ``helpers``, ...).

Switching is a change of import, or none: :func:`install` makes
``import xcover`` and ``from exact_cover.io import load_problem`` give these
modules, so a ``sitecustomize.py`` or a ``conftest.py`` of one line runs a
whole program or test suite on Quadrille unchanged::

    import quadrille.compat; quadrille.compat.install("xcover", "exact_cover")
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

__all__ = ["PACKAGES", "install"]

PACKAGES = ("xcover", "exact_cover")
"""The packages :func:`install` can stand in for, by import name."""


def install(*names: str) -> None:
    """Makes the packages ``names`` (import names, ``"xcover"`` and
    ``"exact_cover"``; both when none is given) and every module of theirs
    importable under their own names from here on, in this process: each
    name in ``sys.modules`` is bound to the module of
    :mod:`quadrille.compat` that replaces it (``exact-cover``, with a hyphen,
    is taken for ``exact_cover``). Modules that imported the real package
    before keep it. Calling it again does nothing more.

    In a program's first lines, or a test suite's ``conftest.py``::

        import quadrille.compat
        quadrille.compat.install("exact_cover")
        import exact_cover.helpers  # quadrille.compat.exact_cover.helpers

    :raises ValueError: a name that is not one of :data:`PACKAGES`; nothing
        is installed then.
    """
    wanted = [name.replace("-", "_") for name in names] or list(PACKAGES)
    unknown = [name for name in wanted if name not in PACKAGES]
    if unknown:
        raise ValueError(
            f"no drop-in for {', '.join(map(repr, unknown))}: "
            f"quadrille.compat has {', '.join(PACKAGES)}"
        )
    for name in wanted:
        ours = f"{__name__}.{name}"
        package = importlib.import_module(ours)
        modules = {name: package}
        for info in pkgutil.walk_packages(package.__path__, ours + "."):
            module = importlib.import_module(info.name)
            modules[name + info.name[len(ours) :]] = module
        # `import xcover.io` also reads the attribute `io` of the parent,
        # which the packages here have.
        sys.modules.update(modules)
