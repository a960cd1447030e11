"""``lazytree tune GAME``: evaluation weights from self-play, accepted by an SPRT."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

from lazytree.agents import AgentError
from lazytree.arena.match import MatchResult, MatchSpec
from lazytree.arena.stats import SPRT
from lazytree.cli.arena import PairsOption, SprtOption, game_command, parse_sprt
from lazytree.cli.common import (
    EXIT_INTERRUPTED,
    PrintJsonOption,
    console,
    err_console,
    fail,
    game_commands,
    print_json,
    progress_bar,
)
from lazytree.cli.files import check_output, write_or_keep
from lazytree.cli.jobs import JobsOption, cap_jobs
from lazytree.cli.learn import WeightsOption
from lazytree.games import GameSpec, OptionError, load_game
from lazytree.spec import split_names
from lazytree.tune import TuneSpec, accept, collect, current_game, fit_weights
from lazytree.weights import (
    WeightsError,
    apply_weights_file,
    get_weights,
    save_weights,
    tunable,
)

__all__ = ["MAX_GAMES", "MAX_PAIRS", "MAX_ROUNDS", "tune", "tune_app"]

MAX_GAMES = 10_000
"""The most self-play games of one round (their positions are all held for the fit)."""
MAX_PAIRS = 100_000
"""The most pairs of an accepting match (an SPRT usually decides far sooner)."""
MAX_ROUNDS = 1_000
"""The most rounds of one run."""


tune_app = typer.Typer(
    name="tune",
    help="Tune evaluation weights from self-play (Texel-style logistic fit, SPRT acceptance).",
    no_args_is_help=True,
    # every game: one without a tunable evaluation says so in one line, exit 2
    cls=game_commands(lambda spec: game_command(spec, tune)),
)


def tune(
    setup: tuple[GameSpec, dict[str, Any]],
    *,
    games: Annotated[int, typer.Option("--games", help="Self-play games per round.")] = 40,
    jobs: JobsOption = 1,
    out: Annotated[
        Path, typer.Option("--out", help="Where the accepted weights are written (JSON).")
    ] = Path("weights.json"),
    weights: WeightsOption = None,
    rounds: Annotated[int, typer.Option("--rounds", help="Play, fit and test rounds.")] = 1,
    nodes: Annotated[int, typer.Option("--nodes", help="The AI's new nodes per move.")] = 200,
    depth: Annotated[int, typer.Option("--depth", help="The AI's deepest search.")] = 3,
    pairs: PairsOption = 100,
    sprt: SprtOption = "0,20",
    lam: Annotated[
        float,
        typer.Option(
            "--lambda",
            help="Pull of the fit toward the current weights (raise it for few games).",
        ),
    ] = 1e-6,
    epsilon: Annotated[
        float, typer.Option("--epsilon", help="Chance of a random move in the first plies.")
    ] = 0.1,
    opponents: Annotated[
        str,
        typer.Option(
            "--opponents",
            help="More self-play opponents besides the current and earlier accepted weights: "
            "agent names, comma-separated (e.g. ror:depth=2; much weaker agents spoil the fit).",
        ),
    ] = "",
    json_out: PrintJsonOption = False,
) -> None:
    """Play, fit the weights, and keep them only if they beat the current ones."""
    spec, options = setup
    seed = options.pop("seed", None) or 0
    options = {k: v for k, v in options.items() if v is not None}
    current = str(weights) if weights is not None else None
    first = TuneSpec(
        spec.name, options, games, nodes, depth, seed, current, epsilon=epsilon, lam=lam
    )
    counts = dict(games=games, jobs=jobs, rounds=rounds, nodes=nodes, depth=depth, pairs=pairs)
    test, others = _checked(first, counts, sprt, out, opponents)
    jobs, capped = cap_jobs(jobs)
    if capped is not None:
        err_console.print(capped, soft_wrap=True)
    accepted_files: list[str] = []
    report: dict[str, Any] = {"game": spec.name, "options": options, "rounds": []}
    workdir = Path(tempfile.mkdtemp(prefix="lazytree-tune-"))
    done = 0  # rounds finished
    try:
        for round_no in range(rounds):
            plan = replace(
                first,
                seed=seed + round_no * 100_000,
                weights=current,
                pool=tuple(accepted_files[:-1]),
                others=others,
            )
            entry, base = _round(plan, round_no, pairs, test, jobs, workdir)
            report["rounds"].append(entry)
            keep = partial(save_weights, game=base, weights=entry["fitted"], match=entry["match"])
            if entry["accepted"]:
                write_or_keep(out, "--out", keep)
                kept = workdir / f"accepted-{round_no}.json"
                keep(kept)
                accepted_files.append(str(kept))
                current = str(kept)
            else:
                write_or_keep(out.with_name(out.stem + ".rejected.json"), "--out", keep)
            if not json_out:
                show_round(entry)
            done += 1
    except KeyboardInterrupt:
        saved = f"the accepted weights are in {out}" if accepted_files else "no weights accepted"
        fail(
            f"interrupted in round {done + 1} of {rounds} ({done} finished): {saved}",
            code=EXIT_INTERRUPTED,
        )
    report["weights"] = get_weights(current_game(plan)) if current else None
    report["out"] = str(out) if accepted_files else None
    if json_out:
        print_json(report)
    elif accepted_files:
        console.print(f"accepted weights written to {out}")
    else:
        console.print(
            f"no weights accepted (the fitted ones are in {out.stem}.rejected.json); "
            "the current weights stay"
        )


def _checked(
    first: TuneSpec, counts: dict[str, int], sprt: str | None, out: Path, opponents: str
) -> tuple[SPRT, tuple[str, ...]]:
    """The options checked before any game (one line and exit 2 for a mistake), the
    current weights applied: the SPRT of the accepting match and the other opponents."""
    try:
        for name, value in counts.items():  # (the options' names without their --)
            if value < 1:
                raise ValueError(f"--{name} must be at least 1, got {value}")
            high = {"games": MAX_GAMES, "rounds": MAX_ROUNDS, "pairs": MAX_PAIRS}.get(name)
            if high is not None and value > high:
                raise ValueError(f"--{name} {value:,}: at most {high:,} in one run")
        if not 0 <= first.epsilon <= 1:
            raise ValueError(f"--epsilon must be from 0 to 1, got {first.epsilon}")
        if first.lam < 0:
            raise ValueError(f"--lambda must be >= 0, got {first.lam}")
        test: SPRT = parse_sprt(sprt or "0,20")
        game = load_game(first.game, **first.options).game
        tunable(game)  # a game without a tunable evaluation: one line
        if ":" in str(out):
            raise ValueError(f"--out {out}: a path with ':' cannot go into an agent name")
        check_output(out, "--out")  # before the games: a late failure would lose them
        if first.weights is not None:
            apply_weights_file(game, first.weights)
        me = first.agent(first.weights)
        others = split_names(opponents)
        if others:  # each must be able to play this game: one line if not
            MatchSpec(first.game, first.options, (me, *others)).check()
    except (WeightsError, OptionError, AgentError, ValueError) as exc:
        fail(str(exc))
    return test, others


def _round(
    plan: TuneSpec, round_no: int, pairs: int, test: SPRT, jobs: int, workdir: Path
) -> tuple[dict[str, Any], Any]:
    """One round, under progress bars: the self-play games, the fit and the accepting
    match of the fitted weights (saved in ``workdir``); what it found and the game."""
    with progress_bar(
        TextColumn(f"round {round_no + 1}: self-play"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[samples]} positions"),
        TimeElapsedColumn(),
    ) as bar:
        games_task = bar.add_task("games", total=plan.games, samples=0)

        def on_game(n: int) -> None:
            bar.update(games_task, advance=1, samples=n)

        samples = collect(plan, jobs=jobs, on_game=on_game)
    base = current_game(plan)
    try:
        fitted = fit_weights(base, samples, lam=plan.lam)
    except ValueError as exc:
        fail(f"the fit failed: {exc} (more --games, or a larger --lambda)", code=1)
    candidate = workdir / f"candidate-{round_no}.json"
    save_weights(candidate, base, fitted)
    with progress_bar(
        TextColumn("accepting match"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[score]}"),
        TimeElapsedColumn(),
    ) as bar:
        pairs_task = bar.add_task("pairs", total=pairs, score="")

        def on_pair(r: MatchResult, _pair: Any) -> None:
            bar.update(pairs_task, advance=1, score=f"new {r.agents()[0].score:.3f}")

        match = accept(
            plan,
            str(candidate),
            pairs=pairs,
            sprt=test,
            jobs=jobs,
            seed=plan.seed + 10_000,
            on_pair=on_pair,
        )
    entry = {
        "round": round_no + 1,
        "positions": len(samples),
        "before": get_weights(base),
        "fitted": fitted,
        "accepted": match.sprt_result == "H1",
        "match": match.summary(),
    }
    return entry, base


def show_round(entry: dict[str, Any]) -> None:
    """One round as a few lines: the weights before and after, the match, the verdict."""
    console.print(f"[bold]round {entry['round']}[/]: {entry['positions']:,} positions")
    width = max(map(len, entry["fitted"]))
    for name, value in entry["fitted"].items():
        console.print(f"  {name:{width}} {entry['before'][name]:9.4f} -> {value:9.4f}")
    m = entry["match"]
    new = (m["agents"] if "agents" in m else m["players"])[0]  # (older files: "players")
    lo, hi = new["score_ci"]
    sprt = m["sprt"]
    console.print(
        f"  match: {m['pairs']} pairs, new weights score {new['score']:.3f} "
        f"({lo:.3f} to {hi:.3f}), Elo {new['elo']:+.0f}; SPRT [{sprt['elo0']:g}, "
        f"{sprt['elo1']:g}] LLR {sprt['llr']:.2f}: {sprt['result']}"
    )
    if entry["accepted"]:
        console.print("  [green]accepted[/]")
    elif sprt["result"] == "H0":
        console.print("  [yellow]rejected[/]: the SPRT says they are no better")
    else:
        console.print(
            f"  [yellow]rejected[/]: the SPRT did not decide in {m['pairs']} pairs "
            "(more --pairs to play it out)"
        )
