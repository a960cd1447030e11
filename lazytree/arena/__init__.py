"""The arena: paired matches between named agents, with scores, Elo and an SPRT.

* :mod:`lazytree.arena.stats`: score intervals over game pairs, Elo, Bradley-Terry,
  the pentanomial SPRT;
* :mod:`lazytree.arena.play`: one game and one pair of games (plain data in, records
  out, so they run in worker processes or on a Dask cluster);
* :mod:`lazytree.arena.match`: a whole match (:func:`run_match`).

The agents are named as in :mod:`lazytree.agents` (``ror``, ``default:time=0.5``, ...).
"""

from lazytree.arena.match import AgentSummary, MatchResult, MatchSpec, run_match
from lazytree.arena.play import GameRecord, GameStopped, PairTask, play_game, play_pair
from lazytree.arena.stats import SPRT, bradley_terry, elo_from_score, score_interval

__all__ = [
    "SPRT",
    "AgentSummary",
    "GameRecord",
    "GameStopped",
    "MatchResult",
    "MatchSpec",
    "PairTask",
    "bradley_terry",
    "elo_from_score",
    "play_game",
    "play_pair",
    "run_match",
    "score_interval",
]
