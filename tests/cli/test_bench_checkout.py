"""``lazytree bench`` runs from a checkout: its benchmarks/ is never installed, so where
that folder is missing (an installed wheel) the command is not listed, and asking for it
is one clear line and exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run


def commands(help_text: str) -> set[str]:
    """The command names the root help lists (the first word of each indented line)."""
    return {line.split()[0] for line in help_text.splitlines() if line.startswith("  ")}


def test_from_a_checkout_bench_is_listed() -> None:
    code, out, _ = run("--help")
    assert code == 0 and "bench" in commands(out)


def test_without_the_benchmarks_bench_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("lazytree.cli.BENCHMARKS", tmp_path / "benchmarks")
    code, _, err = run("bench", "tictactoe")
    assert code == 2
    assert "runs from a checkout" in err and len(err.strip().splitlines()) == 1
    code, out, _ = run("--help")
    assert code == 0 and "bench" not in commands(out) and "count" in commands(out)
