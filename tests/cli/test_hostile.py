"""Every command driven with random and hostile option values (hypothesis).

Whatever the options, a command ends with exit code 0 (done), 2 (a user mistake, told
in one line), 3 (a budget ran out: a partial result) or 130 (interrupted), and never
with a traceback. A small --max-memory is honoured: the child process's peak resident
memory, read from the kernel, stays near it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.helpers import OK_CODES, run, run_process

MIB = 1024**2

DEEP = "[" * 900 + "1" + "]" * 900
SPECS = ["[[1, 2], [3]]", "[", DEEP, "[1, NaN]", '{"chance": [1]}', "[]", "7", "[true]"]
SPECS += ['[{"chance": [[0.5, 1], [0.5, [2, 3]]]}, 4]', '[{"chance": [[0.7, 1], [0.7, 2]]}]']
BOARDS = ["", " ", "0:2 1:1 0:3 1:2", "x:y", "0:2 1:1", "0:9 1:1 0:3 1:2", "0:2,1:1"]
SIZES = ["-1", "0", "1", "2", "3", "101", "1000000000", "x", "nan", "", "2.5"]
DEPTHS = ["-1", "0", "1", "2", "x", "1e3", "", "99999999999999999999"]
NODES = ["0", "-5", "1", "50", "2000", "x", "nan"]
MEMORY = ["1", "0", "-5M", "50M", "2G", "100G", "x", "nan", "1e400", "64K"]
TIMES = ["nan", "inf", "-inf", "-1", "0", "0.05", "x", "1e400"]
RATERS = ["minimax", "alphabeta", "alphabeta-tt", "expectiminimax", "maxn", "auto", "x", ""]


def maybe(flag: str, values: list[str]) -> st.SearchStrategy[list[str]]:
    """Nothing, or ``flag`` with one of ``values``."""
    return st.one_of(st.just([]), st.sampled_from(values).map(lambda v: [flag, v]))


def game_options() -> st.SearchStrategy[list[str]]:
    dice = st.tuples(
        st.just(["dice-of-doom"]),
        maybe("--size", ["2", "3", "-1", "1", "101", "x"]),
        maybe("--board", BOARDS),
        maybe("--rules", ["racket", "lisp", "chance", "x"]),
        maybe("--players", ["1", "3", "9"]),
        maybe("--max-dice", ["1", "3", "10"]),
        maybe("--seed", ["0", "-3", "x"]),
    ).map(lambda parts: [option for part in parts for option in part])
    tree = maybe("--spec", SPECS).map(lambda opts: ["tree", *opts])
    small = st.sampled_from(
        [["tictactoe", "--rows", "2"], ["tictactoe", "--rows", "27"], ["knights", "--size", "2"]]
    )
    return st.one_of(dice, tree, small)


def commands(tmp: Path) -> st.SearchStrategy[list[str]]:
    outs = [str(tmp / "x.svg"), str(tmp / "x.json"), str(tmp / "x.pdf"), "/no/such/dir/x.dot"]
    outs.append(str(tmp))  # a directory
    budgets = st.tuples(maybe("--max-nodes", NODES), maybe("--max-memory", MEMORY))
    count = st.tuples(st.sampled_from([["count"], ["perft"]]), game_options()).map(
        lambda p: [*p[0], *p[1], "--depth", "1"]
    )
    count_bad = st.tuples(game_options(), maybe("--depth", ["-1", "x", ""]))
    analyse = st.tuples(
        game_options(),
        maybe("--depth", DEPTHS),
        maybe("--rater", RATERS),
        maybe("--time", TIMES),
        st.sampled_from([[], ["--solve"], ["--json"]]),
        budgets,
    )
    explore = st.tuples(
        game_options(),
        st.sampled_from(outs).map(lambda out: ["--out", out]),
        maybe("--format", ["png", "json", "dot", "x"]),
        maybe("--depth", ["-1", "0", "2", "x"]),
        maybe("--search-nodes", NODES),
        maybe("--max-memory", MEMORY),
        maybe("--moves", ["0->3", "x", ",,", "pass"]),
    )
    compare = st.tuples(
        st.sampled_from([["tictactoe"], ["tree"], ["dice-of-doom", "--size", "2"]]),
        st.sampled_from(["-1", "0", "2", "x"]).map(lambda d: ["--depth", d]),
        st.sampled_from([[], ["--whole-game"]]),
        maybe("--sizes", ["2,3", "1,2", "x", "2-1", "101"]),
        maybe("--plot", [str(tmp / "p.png"), "/no/such/dir/p.png", str(tmp)]),
        budgets,
    )
    play = st.tuples(
        st.sampled_from([["dice-of-doom", "--size", "2"], ["tictactoe"], ["knights"]]),
        maybe("--time", TIMES),
        maybe("--depth", ["-1", "0", "1", "x"]),
        maybe("--rater", RATERS),
        maybe("--search-width", ["0", "x", "all"]),
        maybe("--human", ["none", "0", "5", "x", "all"]),
        budgets,
    )
    bench = st.sampled_from(
        [
            ["--game-size", "1"],
            ["--quick", "--sizes", "3"],
            ["--sizes", "x"],
            ["--sizes", "3,1"],
            ["--budget", "nan"],
            ["--match-size", "101"],
            ["--quick", "--seeds", "2"],
            ["--depth", "0"],
        ]
    )

    def flat(parts: tuple[object, ...]) -> list[str]:
        out: list[str] = []
        for part in parts:
            if isinstance(part, tuple):
                out.extend(flat(part))
            else:
                assert isinstance(part, list)
                out.extend(part)
        return out

    return st.one_of(
        count,
        count_bad.map(lambda p: ["count", *flat(p)]),
        analyse.map(lambda p: ["analyse", *flat(p)]),
        explore.map(lambda p: ["explore", *flat(p)]),
        compare.map(lambda p: ["compare", *flat(p), "--no-memory"]),
        play.map(lambda p: ["play", *flat(p)]),
        bench.map(lambda p: ["bench", "dice-of-doom", *p]),
    )


def check(args: list[str], code: int, err: str) -> None:
    assert code in OK_CODES, (args, code, err)
    assert "Traceback" not in err, (args, err)
    if code == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, lines)


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_command_ends_cleanly_whatever_the_options(
    tmp_path: Path, data: st.DataObject
) -> None:
    args = data.draw(commands(tmp_path))
    ran = run(*args, input="quit\n")  # a traceback inside fails the test with it
    check(args, ran.code, ran.err)


@pytest.mark.slow
@settings(max_examples=2, deadline=None, derandomize=True)
@given(
    command=st.sampled_from(
        [
            ["analyse", "dice-of-doom", "--size", "8", "--seed", "1", "--depth", "9"],
            ["analyse", "dice-of-doom", "--size", "5", "--rater", "minimax", "--depth", "9"],
            ["compare", "dice-of-doom", "--sizes", "30", "--depth", "2", "--no-memory"],
        ]
    ),
    budget=st.sampled_from([110, 150]),
)
def test_a_small_memory_budget_is_honoured(command: list[str], budget: int) -> None:
    args = [*command, "--max-memory", f"{budget}M"]
    if command[0] == "analyse":
        args += ["--max-nodes", "100000000"]  # the memory budget is the one to run out
    ran = run_process(*args)
    check(args, ran.code, ran.err)
    assert ran.code in (0, 3)
    # the budget is checked every few hundred nodes: allow for what a few hundred
    # 30x30 positions hold on top of it
    assert ran.peak <= (budget + 64) * MIB, (args, ran.peak // MIB)
