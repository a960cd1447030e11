"""Other libraries' searches solving tic-tac-toe, each run as its users run it.

Anchors for :mod:`benchmarks.tictactoe`, timed in the same process as its plain-Python
baseline, when the library is installed (``pip install 'lazytree[anchors]'``):

* ``OpenSpiel alpha-beta (Python over C++ states)``: ``open_spiel.python.algorithms.
  minimax.alpha_beta_search`` on ``pyspiel.load_game("tic_tac_toe")``, to the end of
  the game: OpenSpiel's Python alpha-beta, its states and moves in C++;
* ``OpenSpiel alpha-beta (C++)``: ``pyspiel.alpha_beta_search``, where the installed
  OpenSpiel binds it (the PyPI wheels of OpenSpiel 2 compile the C++ search but do not
  bind it: then the row is missing with that note);
* ``easyAI Negamax``: ``Negamax(9)`` (alpha-beta pruning, depth 9: the whole game) on
  easyAI's own ``TicTacToe`` (its ``unmake_move`` included), called as an
  ``AI_Player`` calls it.

Their values are on their own scales (OpenSpiel: +-1; easyAI: +-100 for a lost game,
negated at each ply); a run reports 0.0 when the search found the draw, so the
benchmark's "every run agrees" check holds them to the game's value. None counts the
nodes it visits (a row's ``nodes`` is 0).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

__all__ = ["ANCHOR_NAMES", "anchor_runs", "anchors_missing"]

OPENSPIEL_PY = "OpenSpiel alpha-beta (Python over C++ states)"
OPENSPIEL_CPP = "OpenSpiel alpha-beta (C++)"
EASYAI = "easyAI Negamax"
ANCHOR_NAMES = (OPENSPIEL_CPP, OPENSPIEL_PY, EASYAI)

Run = Callable[[], tuple[float, int, int | None]]


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _draw(value: float) -> float:
    """The game's value on the benchmark's scale: 0.0 for a draw, else the sign."""
    return 0.0 if value == 0 else (1.0 if value > 0 else -1.0)


def _openspiel_python() -> Run:
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = pyspiel.load_game("tic_tac_toe")

    def run() -> tuple[float, int, int | None]:
        value, _move = alpha_beta_search(game, maximum_depth=9, maximizing_player_id=0)
        return _draw(value), 0, None

    return run


def _openspiel_cpp() -> Run:
    import pyspiel

    game = pyspiel.load_game("tic_tac_toe")
    search = pyspiel.alpha_beta_search

    def run() -> tuple[float, int, int | None]:
        value, _move = search(game, game.new_initial_state(), None, 9, 0)
        return _draw(value), 0, None

    return run


def _easyai() -> Run:
    from easyAI import AI_Player, Negamax
    from easyAI.games.TicTacToe import TicTacToe

    def run() -> tuple[float, int, int | None]:
        ai = Negamax(9)
        game = TicTacToe([AI_Player(ai), AI_Player(ai)])
        ai(game)  # as AI_Player.ask_move calls it: the move, the value left in ai.alpha
        return _draw(ai.alpha), 0, None

    return run


def _plan() -> list[tuple[str, Callable[[], Run] | None, str]]:
    """Every anchor: its name, how to make its run (None: not available) and why not."""
    spiel = _installed("pyspiel") and _installed("open_spiel")
    cpp = False
    if spiel:
        import pyspiel

        cpp = hasattr(pyspiel, "alpha_beta_search")
    return [
        (
            OPENSPIEL_CPP,
            _openspiel_cpp if cpp else None,
            "this OpenSpiel does not bind its C++ alpha-beta (pyspiel.alpha_beta_search)"
            if spiel
            else "OpenSpiel is not installed (pip install 'lazytree[anchors]')",
        ),
        (
            OPENSPIEL_PY,
            _openspiel_python if spiel else None,
            "OpenSpiel is not installed (pip install 'lazytree[anchors]')",
        ),
        (
            EASYAI,
            _easyai if _installed("easyAI") else None,
            "easyAI is not installed (pip install 'lazytree[anchors]')",
        ),
    ]


def anchor_runs(progress: Callable[[str], None] | None = None) -> dict[str, Run]:
    """The installed anchors' runs by name, each ``() -> (value, 0, None)``."""
    if progress is not None:
        progress("loading the other libraries")
    return {name: make() for name, make, _why in _plan() if make is not None}


def anchors_missing() -> tuple[str, ...]:
    """One line for each anchor that cannot run here, saying why."""
    return tuple(f"{name}: {why}" for name, make, why in _plan() if make is None)
