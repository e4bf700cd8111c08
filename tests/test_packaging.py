"""What a built wheel holds: pyproject.toml's package list covers every Django app of the repo."""

import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_list_covers_every_installed_app_of_the_repo():
    from django.apps import apps

    find = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    packaged = set(find_packages(str(ROOT), include=find["find"]["include"]))
    # The apps' packages, not INSTALLED_APPS' entries: an entry may name an AppConfig
    # (games.admin.guard.AdminConfig installs Django's admin).
    ours = {
        config.name
        for config in apps.get_app_configs()
        if (ROOT / config.name.split(".")[0] / "__init__.py").exists()
    }
    assert ours, "no app of the repo found in INSTALLED_APPS"
    assert ours <= packaged, f"apps left out of the wheel: {sorted(ours - packaged)}"
