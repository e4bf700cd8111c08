"""The rules engine is pure Python: standard library only, never Django (ARCHITECTURE.md)."""

import ast
import pathlib
import sys

import pytest

from rules.jackal import IllegalMove, new_game

ROOT = pathlib.Path(__file__).resolve().parents[2] / "rules"


@pytest.mark.parametrize("path", sorted(ROOT.rglob("*.py")), ids=lambda p: p.name)
def test_engine_imports_only_the_standard_library(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top == "rules" or top in sys.stdlib_module_names, f"{path.name}: {name}"


def test_absent_crew_is_named_in_the_refusal():
    s = new_game("classic", players=3, seed="absent")
    with pytest.raises(IllegalMove, match="no red crew"):
        s.apply("R1 M7-L7")
