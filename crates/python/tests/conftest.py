"""Shared fixtures: the repository's data folder."""

from __future__ import annotations

import os

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


@pytest.fixture
def data_dir() -> str:
    """The repository's ``data`` folder."""
    return os.path.join(ROOT, "data")
