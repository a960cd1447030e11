"""The lab sheet (``lazytree explore practice --sheet``): its answers against the
practice page's and a hand trace, and the command's errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lazytree.explorer.labsheet import MAX_EXERCISES, exercise, lab_sheet
from lazytree.explorer.practice import practice_model, practice_tree
from tests.helpers import run


def test_seed_42_by_hand() -> None:
    """Leaves 1 0 | 4 3 | 3 2 | 1 8 (MAX, MIN, MAX): D = 1, so B's beta is 1 and E's
    first leaf 4 cuts its second; C gets F's 3 and G can only raise it: the root 3, by C;
    leaf 4 never evaluated."""
    ex = exercise(42, 3, 2, (0, 9))
    assert ex.spec == [[[1, 0], [4, 3]], [[3, 2], [1, 8]]]
    assert (ex.value, ex.best, ex.never) == (3, "C", (4,))
    assert ex.evaluated == (1, 2, 3, 5, 6, 7, 8)


@pytest.mark.parametrize("seed", range(10))
def test_the_answers_are_the_practice_pages(seed: int) -> None:
    ex = exercise(seed, 3, 3, (-5, 5))
    answer = practice_model(practice_tree(3, 3, (-5, 5), seed=seed)).data["practice"]
    assert ex.value == answer["value"]
    assert len(ex.never) == len(answer["pruned"])
    assert len(ex.evaluated) == len(answer["evaluated"])


def test_the_sheet_and_its_key() -> None:
    text = lab_sheet([1, 2], depth=2, branching=3, values=(0, 9))
    assert text.count('class="exercise"') == 2 and "<script" not in text
    key = text[text.index("Answer key") :]
    for k, seed in enumerate([1, 2], 1):
        ex = exercise(seed, 2, 3, (0, 9))
        row = f"<td>{k}</td><td>{seed}</td><td>{ex.value:g}</td><td>{ex.best}</td>"
        assert row in key
    assert len(re.findall(r"<polygon", text)) == 2 * (1 + 3)  # the inner nodes: triangles
    with pytest.raises(ValueError, match="1 to 40 exercises"):
        lab_sheet(list(range(MAX_EXERCISES + 1)), depth=2, branching=2, values=(0, 9))


def test_the_command(tmp_path: Path) -> None:
    out = tmp_path / "lab.html"
    code, stdout, stderr = run("explore", "practice", "--sheet", "3", "--seed", "42",
                               "--out", str(out))  # fmt: skip
    assert code == 0, stderr
    assert "seeds 42 to 44" in stdout and out.read_text().count("Exercise ") == 3
    code, _, stderr = run("explore", "practice", "--sheet", "0", "--out", str(out))
    assert code == 2 and "Traceback" not in stderr
    code, _, stderr = run("explore", "practice", "--sheet", "2", "--values", "9-1",
                          "--out", str(out))  # fmt: skip
    assert code == 2 and "empty range" in stderr and "Traceback" not in stderr
