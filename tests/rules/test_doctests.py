"""The examples in the engine's and the protocol's docstrings are run as tests."""

import doctest
import importlib
import pkgutil

import pytest

import rules.archipelago
import rules.core
import rules.jackal

MODULES = [
    f"{package.__name__}.{m.name}"
    for package in (rules.core, rules.jackal, rules.archipelago)
    for m in pkgutil.iter_modules(package.__path__)
] + ["rules.core", "rules.jackal", "rules.archipelago"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
