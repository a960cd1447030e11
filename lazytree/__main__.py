"""The ``lazytree`` command's entry (``python -m lazytree`` and the console script).

The command itself is :mod:`lazytree.cli` (typer and rich, the ``cli`` extra); where
that extra, or the one a command needs, is not installed, this says which to install in
one line and exits with status 2, instead of a traceback.
"""

from __future__ import annotations

import sys

from lazytree.extras import missing_extra


def main() -> None:
    """Run the ``lazytree`` command, or say in one line which extra it is missing."""
    try:
        from lazytree.cli import main as command

        command()
    except ModuleNotFoundError as error:
        message = missing_extra(error)
        if message is None:
            raise
        sys.stderr.write(f"lazytree: {message}\n")
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
