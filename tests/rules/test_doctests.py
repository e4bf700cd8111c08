"""The examples in the engine's docstrings are run as tests."""

import doctest
import importlib
import pkgutil

import pytest

import rules.jackal

MODULES = ["rules.jackal"] + [
    f"rules.jackal.{m.name}" for m in pkgutil.iter_modules(rules.jackal.__path__)
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
