"""Practice mode: ``lazytree explore practice`` and :mod:`lazytree.explorer.practice`."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from lazytree.explorer.practice import practice_model, practice_tree
from tests.explorer.test_page import page_data
from tests.helpers import run


def textbook_leaves(spec: Any, path: str = "", alpha: float = -math.inf,
                    beta: float = math.inf, maximizing: bool = True,
                    seen: list[str] | None = None) -> tuple[float, list[str]]:  # fmt: skip
    """Textbook alpha-beta over nested lists: the value and the leaves it evaluates."""
    seen = [] if seen is None else seen
    if not isinstance(spec, list):
        seen.append(path)
        return spec, seen
    best = -math.inf if maximizing else math.inf
    for i, child in enumerate(spec):
        v, _ = textbook_leaves(child, f"{path}.{i}".lstrip("."), alpha, beta, not maximizing, seen)
        best = max(best, v) if maximizing else min(best, v)
        alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
        if alpha >= beta:
            break
    return best, seen


def leaves(spec: Any, path: str = "") -> list[str]:
    if not isinstance(spec, list):
        return [path]
    return [p for i, c in enumerate(spec) for p in leaves(c, f"{path}.{i}".lstrip("."))]


@pytest.mark.parametrize("seed", range(12))
def test_the_answer_is_textbook_alpha_beta(seed: int) -> None:
    spec = practice_tree(3, 3, (-5, 9), seed=seed)
    answer = practice_model(spec).data["practice"]
    value, seen = textbook_leaves(spec)
    assert answer["value"] == value and answer["evaluated"] == seen
    assert answer["pruned"] == [p for p in leaves(spec) if p not in seen]


def test_the_same_seed_draws_the_same_tree() -> None:
    assert practice_tree(4, 2, (0, 9), seed=5) == practice_tree(4, 2, (0, 9), seed=5)
    assert practice_tree(4, 2, (0, 9), seed=5) != practice_tree(4, 2, (0, 9), seed=6)
    flat = json.dumps(practice_tree(2, 6, (3, 4), seed=1))
    assert set(flat.replace("[", "").replace("]", "").replace(",", "").split()) <= {"3", "4"}


def test_the_page_shows_leaf_values_only(tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    code, stdout, stderr = run("explore", "practice", "--depth", "3", "--branching", "2",
                               "--values", "0-9", "--seed", "7", "--out", str(out),
                               "--json")  # fmt: skip
    assert code == 0, stderr
    summary = json.loads(stdout)
    assert summary["seed"] == 7 and summary["tree"] == practice_tree(3, 2, (0, 9), seed=7)
    data = page_data(out.read_text())
    assert '<div id="practice">' in out.read_text()
    assert data["summary"]["positions"] == 15 and data["pv"] == [0]
    inner = [v for v, s in zip(data["value"], data["status"], strict=True) if s != "t"]
    assert inner == [None] * 7  # no inner value gives the answer away
    assert data["practice"]["value"] == summary["value"] and data["steps"]["node"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--values", "9-0"], "empty range"),
        (["--values", "zero-nine"], "expected LO-HI"),
        (["--depth", "10", "--branching", "6"], "at most 1,024"),
        (["--branching", "1"], "--branching"),
    ],
)
def test_bad_options_are_one_line_errors(tmp_path: Path, args: list[str], message: str) -> None:
    code, _, stderr = run("explore", "practice", "--out", str(tmp_path / "p.html"), *args)
    assert code == 2 and message in stderr and "Traceback" not in stderr
