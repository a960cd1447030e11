"""The Dice Wars framework's AIs as agents, loaded at run time from the operator's checkout.

The FIT BUT Dice Wars framework (``ibenes/dicewars``, GPL) is never copied into lazytree:
its folder is named by the operator (:data:`ENVIRONMENT`, set by ``--dicewars PATH``)
and imported from there when an agent first needs it, with the shims its old code needs
(:func:`load_framework`). :class:`FrameworkAgent` plays one seat: it writes the position
as the framework's client board, calls the AI's ``ai_turn`` and turns its command into a
move (a command that is not a valid battle ends the turn, as the framework's driver).

>>> os.environ.get(ENVIRONMENT) is None or Path(os.environ[ENVIRONMENT]).is_dir()
True
"""

from __future__ import annotations

import copy
import importlib
import os
import sys
import threading
import time
import types
import warnings
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, cast

from lazytree.agent import AgentError, Choice, Progress
from lazytree.game import Game
from lazytree.games.dice_of_doom.rules import PASS, Attack

if TYPE_CHECKING:
    from lazytree.games.dice_of_doom.dicewars import DiceWars
    from lazytree.games.dice_of_doom.position import DiceState

__all__ = [
    "AIS",
    "ENVIRONMENT",
    "FrameworkAgent",
    "client_board",
    "framework_path",
    "install_shims",
    "load_framework",
]

ENVIRONMENT: Final = "LAZYTREE_DICEWARS"
"""The environment variable naming the checkout of the Dice Wars framework (the folder
holding its ``dicewars`` package)."""

AIS: Final = ("stei", "ste", "wpm_c", "sdc", "rand")
"""The framework's AIs (``dicewars/ai/dt/NAME.py``) offered as ``dt.NAME``."""

_LOCK = threading.Lock()


def framework_path() -> Path:
    """The checkout :data:`ENVIRONMENT` names; :class:`AgentError` when it is unset or not
    the framework."""
    text = os.environ.get(ENVIRONMENT)
    if not text:
        raise AgentError(
            "the Dice Wars AIs need the framework's checkout: give --dicewars PATH "
            f"(or set {ENVIRONMENT})"
        )
    path = Path(text).resolve()
    if not (path / "dicewars" / "ai" / "dt").is_dir():
        raise AgentError(f"{ENVIRONMENT}={text}: not a checkout of the Dice Wars framework")
    return path


def install_shims() -> None:
    """What the framework's code needs of older libraries (see the module)."""
    numpy: Any = importlib.import_module("numpy")  # (not a dependency: the framework's)
    if not hasattr(numpy, "warnings"):
        numpy.warnings = warnings
    try:
        importlib.import_module("hexutil")
    except ImportError:
        stub = types.ModuleType("hexutil")

        class Hex:
            def __init__(self, x: int, y: int) -> None:
                self.x, self.y = x, y

        stub.Hex = Hex  # type: ignore[attr-defined]
        sys.modules["hexutil"] = stub


def load_framework(ai: str) -> Any:
    """The AI class of ``dicewars/ai/dt/<ai>.py`` from the checkout of
    :func:`framework_path` (its folder put first on ``sys.path`` once)."""
    if ai not in AIS:
        raise AgentError(f"dt.{ai}: not one of the framework's AIs ({', '.join(AIS)})")
    path = framework_path()
    with _LOCK:
        try:
            install_shims()
        except ImportError:
            raise AgentError("the Dice Wars AIs need numpy: pip install numpy") from None
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
        loaded = sys.modules.get("dicewars")
        if loaded is not None and Path(str(loaded.__file__)).resolve().parent.parent != path:
            raise AgentError(f"another Dice Wars framework is loaded already ({loaded.__file__})")
        module = importlib.import_module(f"dicewars.ai.dt.{ai}")
    return module.AI


def client_board(game: DiceWars, state: DiceState) -> Any:
    """``state`` as the framework's client board (``dicewars.client.game.board.Board``)."""
    board_class = importlib.import_module("dicewars.client.game.board").Board
    areas = {
        str(i + 1): {"owner": o + 1, "dice": d}
        for i, (o, d) in enumerate(zip(state.owners, state.dice, strict=True))
    }
    board = {
        str(i + 1): {"neighbours": [j + 1 for j in nbrs], "hexes": []}
        for i, nbrs in enumerate(game.neighbors)
    }
    return board_class(areas, board)


class FrameworkAgent:
    """One of the framework's AIs (``dt.<ai>``) at a seat of a dicewars game (see the
    module). It keeps the position; it cannot be stopped (an AI move is one call)."""

    stoppable = False

    def __init__(self, ai: str, name: str) -> None:
        if ai not in AIS:
            raise AgentError(f"dt.{ai}: not one of the framework's AIs ({', '.join(AIS)})")
        self.ai, self.name = ai, name
        self._make: Any = None
        self._game: DiceWars | None = None
        self._state: Any = None
        self._player: Any = None
        self._moves_this_turn = 0
        self._turns = 0

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        if getattr(game, "rules", None) != "dicewars":
            raise AgentError(f"{self.name} plays the dicewars rules only")
        if self._make is None:
            self._make = load_framework(self.ai)  # AgentError: no framework configured
        self._game, self._state = cast("DiceWars", game), state
        self._player = None
        self._moves_this_turn = 0
        self._turns = 0

    def _ai(self, player: int) -> Any:
        """The framework's AI for ``player``, made at its first move (its constructor
        sees the board then, as the framework's does at the start)."""
        assert self._game is not None
        if self._player is None:
            board = client_board(self._game, self._state)
            order = list(range(1, self._game.num_players + 1))
            self._player = (player, self._make(player + 1, board, order))
        return self._player[1]

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        battle = importlib.import_module("dicewars.client.ai_driver").BattleCommand
        game, state = self._game, self._state
        if game is None:
            raise RuntimeError(f"{self.name}: start() a game first")
        player = state.player
        ai = self._ai(player)
        began = time.process_time()
        command = ai.ai_turn(
            copy.deepcopy(client_board(game, state)), self._moves_this_turn, self._turns, 10.0
        )
        seconds = time.process_time() - began
        move: Any = PASS
        if isinstance(command, battle):
            try:
                attack = Attack(int(command.source_name) - 1, int(command.target_name) - 1)
                game.result(state, attack)
                move = attack
            except (TypeError, ValueError):  # IllegalMoveError is a ValueError
                move = PASS
        return Choice(move, seconds, 0)

    def observe(self, move: Any) -> None:
        game = self._game
        if game is None:
            raise RuntimeError(f"{self.name}: start() a game first")
        state, mine = self._state, self._player
        if mine is not None and game.to_move(state) == state.player == mine[0]:
            if move is PASS:
                self._moves_this_turn = 0
                self._turns += 1
            else:
                self._moves_this_turn += 1
        self._state = game.result(self._state, move)
