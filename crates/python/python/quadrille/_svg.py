"""SVG pictures that a notebook shows."""

from __future__ import annotations


class Svg(str):
    """An SVG picture: a string, which Jupyter draws (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The picture, for Jupyter."""
        return str(self)
