"""Tuning: the fit recovers known weights, weights files round-trip, bad files are one error."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lazytree.cli import app
from lazytree.cli.tune import show_round
from lazytree.games import load_game
from lazytree.games.checkers import Checkers
from lazytree.games.dice_of_doom import RULE_SETS, LispDiceOfDoom, make_dice_of_doom
from lazytree.games.dice_of_doom.evaluation import HeuristicWeights
from lazytree.tune import (
    Sample,
    SelfPlayTask,
    TuneSpec,
    coefficients_to_weights,
    feature_names,
    features,
    fit_weights,
    play_for_samples,
    sigmoid,
    weights_to_coefficients,
)
from lazytree.weights import (
    WeightsError,
    evaluation_id,
    get_weights,
    load_weights,
    save_weights,
    scale_weight,
    with_weights,
)

runner = CliRunner()


def synthetic(game: object, truth: dict[str, float], n: int, seed: int) -> list[Sample]:
    """Positions with random features whose results follow the evaluation of ``truth``."""
    rng = random.Random(seed)
    b = weights_to_coefficients(game, truth)
    out = []
    for _ in range(n):
        x = tuple(rng.uniform(-0.4, 0.4) for _ in b)
        p = sigmoid(sum(c * v for c, v in zip(b, x, strict=True)))
        out.append(Sample(x, 1.0 if rng.random() < p else 0.0))
    return out


def test_the_fit_recovers_known_dice_weights() -> None:
    game = LispDiceOfDoom(size=4, eval="heuristic")
    truth = {"safe": 2.0, "threatened": 0.6, "die": 0.9, "group": 0.2, "squash": 2.0}
    truth |= {"full_front": 1.2, "tempo": 2.5, "reinforcements": -0.5}
    fitted = fit_weights(game, synthetic(game, truth, 8000, 1), lam=0.0)
    for name, value in truth.items():
        assert fitted[name] == pytest.approx(value, abs=0.2), name
    assert fitted["safe"] == 2.0  # the scale weight is held


def test_the_fit_recovers_known_checkers_weights() -> None:
    game = Checkers()
    truth = {**get_weights(game), "king": 250.0, "advancement": 20.0, "centre": 0.0}
    b_true = weights_to_coefficients(game, truth)
    assert len(b_true) == len(get_weights(game))
    rng = random.Random(2)
    data = []
    for _ in range(8000):
        x = tuple(rng.uniform(-3, 3) for _ in b_true)
        p = sigmoid(sum(c * v for c, v in zip(b_true, x, strict=True)))
        data.append(Sample(x, 1.0 if rng.random() < p else 0.0))
    fitted = fit_weights(game, data, lam=0.0)
    assert fitted["man"] == 100.0
    assert fitted["king"] == pytest.approx(250.0, rel=0.15)
    assert fitted["advancement"] == pytest.approx(20.0, abs=8.0)


def test_regularisation_pulls_toward_the_current_weights() -> None:
    game = LispDiceOfDoom(size=4, eval="heuristic")
    truth = {"safe": 2.0, "threatened": 0.2, "die": 1.5, "group": 0.0, "squash": 3.0}
    truth |= {"full_front": 1.0, "tempo": 1.0, "reinforcements": 1.0}
    data = synthetic(game, truth, 400, 3)
    free = fit_weights(game, data, lam=0.0)
    held = fit_weights(game, data, lam=10.0)
    current = get_weights(game)
    for name in ("threatened", "die"):
        assert abs(held[name] - current[name]) < abs(free[name] - current[name])


def test_coefficients_round_trip_and_a_losing_scale_keeps_the_squash() -> None:
    game = LispDiceOfDoom(size=3)
    w = get_weights(game)
    assert coefficients_to_weights(game, weights_to_coefficients(game, w)) == pytest.approx(w)
    b = [-1.0] + [1.0] * (len(HeuristicWeights.FEATURES) - 1)
    fitted = coefficients_to_weights(game, b)
    assert fitted["squash"] == w["squash"] and fitted["safe"] < 0
    assert weights_to_coefficients(game, fitted) == pytest.approx(b)  # the same evaluation
    checkers = Checkers()
    scale = scale_weight(checkers)
    with pytest.raises(ValueError, match=scale):
        coefficients_to_weights(
            checkers, [-1.0 if n == scale else 1.0 for n in feature_names(checkers)]
        )


def test_features_are_the_evaluations_and_side_relative() -> None:
    game = LispDiceOfDoom(size=3, eval="heuristic")
    state = game.initial_state(random.Random(4))
    mine, theirs = features(game, state, 0), features(game, state, 1)
    assert mine == pytest.approx([-v for v in theirs])
    # the evaluation is the logistic curve of the coefficients over these features
    b = weights_to_coefficients(game, get_weights(game))
    z = sum(c * v for c, v in zip(b, mine, strict=True))
    assert game.evaluate(state, 0) == pytest.approx(0.5 + 0.49 * (2 * sigmoid(z) - 1), abs=1e-9)


def test_the_pool_is_the_current_weights_unless_others_are_asked_for() -> None:
    spec = TuneSpec("dice-of-doom", {"rules": "lisp", "size": 3}, games=6, nodes=60, depth=2)
    assert {task.seats for task in spec.tasks()} == {(spec.agent(None), spec.agent(None))}
    wider = replace(spec, pool=("a.json",), others=("ror:depth=2",))
    assert wider.opponents() == [
        spec.agent(None),
        spec.agent("a.json"),
        "ror:depth=2",
    ]
    seats = [task.seats for task in wider.tasks()]
    assert seats[1] == (spec.agent(None), spec.agent("a.json"))
    assert seats[4] == (spec.agent("a.json"), spec.agent(None))  # the next round swaps


def test_self_play_records_samples_with_results() -> None:
    spec = TuneSpec(
        "dice-of-doom",
        {"rules": "lisp", "size": 3},
        games=2,
        nodes=60,
        depth=2,
        others=("ror:depth=2",),
    )
    task = spec.tasks()[1]
    assert isinstance(task, SelfPlayTask) and "ror" in " ".join(task.seats)
    samples = play_for_samples(task)
    assert samples and all(s.y in (0.0, 0.5, 1.0) for s in samples)
    assert {len(s.x) for s in samples} == {len(HeuristicWeights.FEATURES)}
    assert play_for_samples(task) == samples  # seeded


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_self_play_samples_every_rule_set(rules: str) -> None:
    spec = TuneSpec("dice-of-doom", {"rules": rules, "size": 4}, games=1, nodes=40, depth=2)
    samples = play_for_samples(spec.tasks()[0])
    assert samples and {s.y for s in samples} <= {0.0, 0.5, 1.0}
    assert {len(s.x) for s in samples} == {len(HeuristicWeights.FEATURES)}
    game = load_game("dice-of-doom", rules=rules, size=4).game
    fitted = fit_weights(game, samples, lam=1e-2)
    assert set(fitted) == set(get_weights(game)) and fitted["squash"] > 0


def test_weights_json_round_trip(tmp_path: Path) -> None:
    for game in (make_dice_of_doom("chance", size=3), Checkers()):
        w = {k: v * 1.5 for k, v in get_weights(game).items()}
        path = tmp_path / f"{game.name}.json"
        doc = save_weights(path, game, w, match={"pairs": 3})
        assert json.loads(path.read_text())["match"] == {"pairs": 3}
        assert load_weights(path, game) == pytest.approx(w)
        assert doc["evaluation_version"] == evaluation_id(with_weights(game, w))[1]
        assert evaluation_id(with_weights(game, w)) != evaluation_id(game)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "malformed JSON"),
        ('{"format": "something-else"}', "not a lazytree weights file"),
        (
            '{"format": "lazytree-weights", "version": 1, "game": "checkers", '
            '"evaluation": "samuel", "weights": {}}',
            "weights for checkers, not dice-of-doom",
        ),
        (
            '{"format": "lazytree-weights", "version": 1, "game": "dice-of-doom", '
            '"evaluation": "heuristic", "weights": {"bogus": 1}}',
            "unknown weights bogus",
        ),
        (
            '{"format": "lazytree-weights", "version": 1, "game": "dice-of-doom", '
            '"evaluation": "heuristic", "weights": {"squash": -1}}',
            "squash must be > 0",
        ),
    ],
)
def test_a_bad_weights_file_is_one_error(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "w.json"
    path.write_text(content)
    with pytest.raises(WeightsError, match=message):
        load_weights(path, LispDiceOfDoom(size=3))
    for command in (
        ["analyse", "dice-of-doom", "--size", "2", "--weights", str(path)],
        ["play", "dice-of-doom", "--size", "2", "--human", "none", "--weights", str(path)],
        [
            "arena",
            "dice-of-doom",
            "--size",
            "2",
            "--players",
            "default,ror",
            "--weights",
            str(path),
        ],
        ["tune", "dice-of-doom", "--size", "2", "--weights", str(path)],
    ):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, command
        assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
        assert "Traceback" not in result.stderr


def test_checkers_reads_a_weights_file_through_its_option(tmp_path: Path) -> None:
    game = Checkers()
    path = tmp_path / "c.json"
    save_weights(path, game, {**get_weights(game), "king": 222.0})
    result = runner.invoke(app, ["analyse", "checkers", "--weights", str(path), "--depth", "1"])
    assert result.exit_code == 0, result.stderr
    dice = tmp_path / "d.json"
    save_weights(dice, LispDiceOfDoom(size=3), get_weights(LispDiceOfDoom(size=3)))
    bad = runner.invoke(app, ["analyse", "checkers", "--weights", str(dice)])
    assert bad.exit_code == 2 and "weights for dice-of-doom, not checkers" in bad.stderr


def test_tune_end_to_end_writes_only_accepted_weights(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    args = ["tune", "dice-of-doom", "--rules", "lisp", "--size", "3", "--games", "6"]
    args += ["--nodes", "40", "--depth", "2", "--pairs", "3", "--out", str(out), "--json"]
    args += ["--lambda", "1e-2"]  # a few hundred positions: hold the fit near the current weights
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    (round_,) = report["rounds"]
    assert round_["positions"] > 0 and round_["fitted"]["safe"] == 2.0
    assert round_["match"]["pairs"] <= 3
    rejected = tmp_path / "w.rejected.json"
    if round_["accepted"]:
        assert load_weights(out, LispDiceOfDoom(size=3)) == pytest.approx(round_["fitted"])
        assert json.loads(out.read_text())["match"]["sprt"]["result"] == "H1"
    else:
        assert not out.exists() and rejected.exists()
        assert json.loads(rejected.read_text())["match"]["sprt"]["result"] != "H1"


def test_checkers_self_play_scores_are_shares_of_the_win() -> None:
    spec = TuneSpec("checkers", {"width": 6, "height": 6}, games=1, nodes=30, depth=1)
    samples = play_for_samples(spec.tasks()[0])
    assert samples and {s.y for s in samples} <= {0.0, 0.5, 1.0}
    assert {len(s.x) for s in samples} == {len(get_weights(Checkers()))}


@pytest.mark.parametrize(
    ("game", "opponents", "message"),
    [
        (["dice-of-doom", "--size", "2"], "nosuch", "unknown agent"),
        (["checkers"], "lol2", "lol2 plays Dice of Doom only"),
        (["dice-of-doom", "--size", "2"], "ror:depth=-1", "depth"),
    ],
)
def test_tune_refuses_an_opponent_that_cannot_play(
    game: list[str], opponents: str, message: str
) -> None:
    result = runner.invoke(app, ["tune", *game, "--opponents", opponents])
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def _round(accepted: bool, result: str) -> dict[str, object]:
    weights = {"safe": 2.0, "reinforcements": 1.0}
    player = {"score": 0.55, "score_ci": [0.45, 0.65], "elo": 35.0}
    sprt = {"elo0": 0.0, "elo1": 20.0, "llr": 0.7, "result": result}
    match = {"pairs": 20, "players": [player], "sprt": sprt}
    return {"round": 1, "positions": 1234, "before": weights, "fitted": weights,
            "accepted": accepted, "match": match}  # fmt: skip


@pytest.mark.parametrize(
    ("accepted", "result", "verdict"),
    [
        (True, "H1", "accepted"),
        (False, "H0", "rejected: the SPRT says they are no better"),
        (False, "continue", "rejected: the SPRT did not decide in 20 pairs"),
    ],
)
def test_a_round_is_shown_aligned_with_its_verdict(
    accepted: bool, result: str, verdict: str, capsys: pytest.CaptureFixture[str]
) -> None:
    show_round(_round(accepted, result))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "round 1: 1,234 positions"
    assert lines[1].index("->") == lines[2].index("->")  # the names take one width
    assert lines[-1].strip().startswith(verdict)
