"""The wheel's package list: every package folder, with games/ installed as lazytree.games."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_folders() -> set[str]:
    """Every package of the checkout by its installed name (games/ is lazytree.games),
    and every folder of data files (``static/``), which Python imports as a package too."""
    names = set()
    for top, name in ((ROOT / "lazytree", "lazytree"), (ROOT / "games", "lazytree.games")):
        found = [p.parent for p in top.rglob("__init__.py")] + list(top.rglob("static"))
        for folder in found:
            parts = folder.relative_to(top).parts
            if "games" in parts and top.name == "lazytree":  # the link to games/
                continue
            names.add(".".join((name, *parts)))
    return names


def test_the_package_list_names_every_package_folder() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert set(setuptools["packages"]) == package_folders()
    assert setuptools["package-dir"] == {"lazytree.games": "games"}
