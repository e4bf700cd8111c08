"""The rules engine is pure Python: rules/ never imports Django (ARCHITECTURE.md)."""

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "rules"


def test_no_module_in_rules_imports_django():
    offenders = []
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [
                f"{path}:{node.lineno} imports {n}" for n in names if n.split(".")[0] == "django"
            ]
    assert offenders == []


def test_importing_the_rules_engine_loads_no_django():
    code = (
        "import sys, rules, rules.jackal, rules.bots\n"
        "print(sorted(m for m in sys.modules if m.startswith('django')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=RULES.parent
    )
    assert result.stdout.strip() == "[]"
