"""The site's layers (issue 18): the code that changes and serves games speaks to the rules'
protocol only, and the modules of games/ import each other without a circle.

Read from the source. Imports inside functions count too: deferring an import hides a circle
from Python, not from the reader (notify -> tasks -> services -> notify was one)."""

from __future__ import annotations

import ast
from pathlib import Path

import games

GAMES = Path(games.__file__).parent
# Each family's own package reads its rules (Jackal's: presenter, board, words, record format;
# Jamaica's, issue 15).
JACKAL_BOUND = {"families/jackal", "families/jamaica"}


def modules() -> dict[str, Path]:
    found = {}
    for path in GAMES.rglob("*.py"):
        relative = path.relative_to(GAMES).as_posix()
        if relative.startswith(("migrations/", "management/")):
            continue
        name = "games." + relative.removesuffix(".py").replace("/", ".")
        found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path) -> set[str]:
    """The modules `name` imports, at its top or inside its functions."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def test_the_site_outside_the_jackal_family_talks_to_the_rules_protocol_only():
    offenders = {}
    for name, path in modules().items():
        relative = path.relative_to(GAMES).as_posix()
        if any(relative.startswith(bound) for bound in JACKAL_BOUND):
            continue
        rules = {m for m in imports(name, path) if m.startswith("rules.")}
        # The protocol, and the bots' one entry for any game of it with the thinking time it
        # is given (games.tasks).
        entry = ("rules.core", "rules.bots.play", "rules.bots.THINKING_SECONDS")
        allowed = {m for m in rules if m.startswith(entry)}
        allowed |= {m for m in rules if m == "rules.bots" and relative == "tasks.py"}
        # A family's own package speaks its rules' language (families/x: rules.x).
        family = relative.split("/")[1] if relative.startswith("families/") else None
        allowed |= {m for m in rules if family and m.startswith(f"rules.{family}")}
        if rules - allowed:
            offenders[relative] = sorted(rules - allowed)
    assert offenders == {}


def test_the_modules_of_games_import_each_other_without_a_circle():
    known = modules()
    graph = {
        name: {m for m in imports(name, path) if m in known and m != name}
        for name, path in known.items()
    }
    # A package's own modules importing it (games.families.jackal.family imports
    # games.families) is not a circle unless the package imports them back at its top.
    circles = [group for group in strongly_connected(graph) if len(group) > 1]
    assert circles == []


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components: each circle of imports is one of them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups
