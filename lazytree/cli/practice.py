"""``lazytree explore practice``: an alpha-beta exercise (a fresh random tree to solve by
hand) as one HTML page, or a printable lab sheet of several."""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Annotated

import typer

from lazytree.cli.common import console, fail, plural, print_json
from lazytree.cli.files import check_output
from lazytree.explorer.html import write_html
from lazytree.explorer.labsheet import MAX_EXERCISES, lab_sheet
from lazytree.explorer.practice import practice_model, practice_tree

SummaryJsonOption = Annotated[
    bool, typer.Option("--json", help="Print the summary as one JSON document.")
]
"""``--json`` of ``explore`` and ``explore practice``."""


def _lab_sheet(
    out: Path, seeds: list[int], depth: int, branching: int, values: str, json_out: bool
) -> None:
    """Write the lab sheet of ``seeds`` (``explore practice --sheet``)."""
    try:
        text = lab_sheet(seeds, depth=depth, branching=branching, values=_value_range(values))
    except ValueError as exc:
        fail(str(exc))
    check_output(out, "--out")
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    if json_out:
        print_json({"out": str(out), "seeds": seeds, "depth": depth, "branching": branching})
    else:
        console.print(
            f"wrote {out}: a lab sheet of {plural(len(seeds), 'exercise')} (seeds "
            f"{seeds[0]} to {seeds[-1]}) and its answer key. Print it from a browser.",
            soft_wrap=True,
        )


def _value_range(text: str) -> tuple[int, int]:
    """``"LO-HI"`` (whole numbers, either may be negative) as ``(LO, HI)``."""
    match = re.fullmatch(r"\s*(-?\d+)\s*-\s*(-?\d+)\s*", text)
    if match is None:
        fail(f"--values {text!r}: expected LO-HI, e.g. 0-9 or -5-5")
    return int(match[1]), int(match[2])


def practice(
    out: Annotated[
        Path, typer.Option("--out", "-o", help="The exercise page to write (HTML, one file).")
    ],
    depth: Annotated[int, typer.Option("--depth", "-d", min=1, max=10, help="Plies.")] = 3,
    branching: Annotated[
        int, typer.Option("--branching", "-b", min=2, max=6, help="Children of each node.")
    ] = 2,
    values: Annotated[
        str, typer.Option("--values", help="Leaf values drawn from LO-HI, both included.")
    ] = "0-9",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed of the tree (the same seed, the same tree: share it). Default: a "
            "fresh one, printed.",
            show_default=False,
        ),
    ] = None,
    sheet: Annotated[
        int | None,
        typer.Option(
            "--sheet",
            min=1,
            max=MAX_EXERCISES,
            help="Write a printable lab sheet of this many exercises instead (the seeds "
            "--seed, --seed + 1, ...), its answer key on pages of its own.",
            show_default=False,
        ),
    ] = None,
    json_out: SummaryJsonOption = False,
) -> None:
    """Write an alpha-beta exercise: a fresh random tree to solve by hand.

    The page (one HTML file that opens offline) asks for the root's value and the leaves
    textbook alpha-beta never evaluates (clicked in the tree), checks the answer, and
    steps through the search to explain it. MAX moves at the root. With --sheet, a lab
    sheet to print instead: the trees drawn top down, and the answer key."""
    chosen = secrets.randbelow(10**6) if seed is None else seed
    if sheet is not None:
        _lab_sheet(out, list(range(chosen, chosen + sheet)), depth, branching, values, json_out)
        return
    try:
        spec = practice_tree(depth, branching, _value_range(values), seed=chosen)
    except ValueError as exc:
        fail(str(exc))
    check_output(out, "--out")
    model = practice_model(spec, title=f"alpha-beta practice (seed {chosen})")
    try:
        write_html(model, out)
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    answer = model.data["practice"]
    if json_out:
        print_json(
            {
                "out": str(out),
                "seed": chosen,
                "depth": depth,
                "branching": branching,
                "values": values,
                "tree": spec,
                "value": answer["value"],
                "pruned": answer["pruned"],
            }
        )
    else:
        console.print(
            f"wrote {out}: an alpha-beta exercise, seed {chosen} ({branching}^{depth} = "
            f"{plural(branching**depth, 'leaf', 'leaves')}, values {values}); the same seed "
            "gives the same tree. Open it in a browser (no server needed).",
            soft_wrap=True,
        )
