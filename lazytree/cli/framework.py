"""``--dicewars PATH``: the operator's checkout of the Dice Wars framework, whose AIs
(``dt.stei``, ``dt.wpm_c``, ...) then play under ``--rules dicewars`` in ``arena``,
``play`` and ``serve``. Only the command line names the folder; a page or a saved file
names an agent, never a path."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from lazytree.cli.common import fail

__all__ = ["DicewarsOption", "use_dicewars"]

DicewarsOption = Annotated[
    Path | None,
    typer.Option(
        "--dicewars",
        metavar="PATH",
        help="Checkout of the Dice Wars framework (ibenes/dicewars): its AIs dt.stei, "
        "dt.wpm_c, ... play under --rules dicewars (default: $LAZYTREE_DICEWARS).",
    ),
]


def use_dicewars(path: Path | None) -> None:
    """Make the framework at ``path`` the one its agents load (in this process and the
    worker processes it starts); fail in one line when it is not the framework."""
    if path is None:
        return
    from lazytree.games.dice_of_doom.framework import ENVIRONMENT

    if not (path / "dicewars" / "ai" / "dt").is_dir():
        fail(f"--dicewars {path}: not a checkout of the Dice Wars framework (no dicewars/ai/dt)")
    os.environ[ENVIRONMENT] = str(path.resolve())
