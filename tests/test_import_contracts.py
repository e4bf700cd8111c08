"""The architecture's contracts (.importlinter, issue 42) hold, and each one can fail.

`lint-imports` checks them in CI too; here the suite runs them as a newcomer's `dev.py test`
does, and plants one forbidden import per contract in a copy of the code to show that the
contract notices it (a contract that cannot fail would be a wiki page)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / ".importlinter"
PACKAGES = ["jackal_site", "accounts", "games", "ratings", "reminders", "rules", "alerts", "people"]

# One forbidden import per contract: the file it is planted in, and what it imports.
PLANTED = {
    "views-are-leaves": ("games/services.py", "import games.views.board"),
    "games-layers": ("games/models.py", "import games.presenters.board"),
    "rules-are-pure": ("rules/core/__init__.py", "import django"),
    "rules-families": ("rules/jamaica/__init__.py", "import rules.jackal"),
    # Archipelago drew with Jackal's kit once (five excused imports); now none is excused.
    "site-families": ("games/families/archipelago/board_svg.py", "import games.families.jackal"),
    "island-kit-is-shared": ("games/families/island/svg_kit.py", "import games.families.jackal"),
    "bots-beside-their-rules": ("rules/jackal/bots/rule.py", "import rules.bots"),
    "apps-see-families-through-the-seam": ("ratings/services.py", "import rules.jackal"),
    # The how-to index once imported each family's pages; it asks the registry now.
    "generic-games-code-names-no-family": ("games/views/howto.py", "import games.families.jackal"),
    # A sweep that rendered a board would render it for no viewer in particular.
    "rooms-below-the-presenters": ("games/clock/sweep.py", "import games.presenters.board"),
    "lists-are-read-paths": ("games/lists/my_turn.py", "import games.services"),
    "admin-is-a-leaf": ("games/views/board.py", "import games.admin.game"),
    "alerts-is-a-room": ("games/services.py", "import alerts.delivery"),
    "alerts-use-the-seam": ("alerts/payloads.py", "import games.families.jamaica.ledger"),
}


def lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    command = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(command), "--no-cache", "--config", str(cwd / ".importlinter")],
        cwd=cwd,
        capture_output=True,
        text=True,
    )


def contract_names() -> dict[str, str]:
    parser = configparser.ConfigParser()
    parser.read(CONFIG)
    prefix = "importlinter:contract:"
    return {
        section.removeprefix(prefix): parser[section]["name"]
        for section in parser.sections()
        if section.startswith(prefix)
    }


def test_every_contract_holds():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in contract_names().values():
        assert f"{name} KEPT" in result.stdout


def test_every_contract_has_a_planted_import():
    assert set(PLANTED) == set(contract_names())


@pytest.fixture(scope="module")
def copy_of_the_code(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("code")
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(CONFIG, copy / ".importlinter")
    return copy


@pytest.mark.parametrize("contract", sorted(PLANTED))
def test_a_planted_import_breaks_its_contract(copy_of_the_code, contract):
    relative, line = PLANTED[contract]
    path = copy_of_the_code / relative
    original = path.read_text()
    path.write_text(f"{original}\n{line}  # planted\n")
    try:
        result = lint_imports(copy_of_the_code)
    finally:
        path.write_text(original)
    assert result.returncode != 0
    assert f"{contract_names()[contract]} BROKEN" in result.stdout
