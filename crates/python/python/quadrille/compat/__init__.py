"""Drop-in replacements for other exact-cover packages: switching is a change
of import.

- :mod:`quadrille.compat.xcover`: ``covers`` and ``covers_bool`` of ``xcover``.
- :mod:`quadrille.compat.exact_cover`: ``get_exact_cover``,
  ``get_all_solutions`` and ``get_solution_count`` of ``exact-cover``.
"""
