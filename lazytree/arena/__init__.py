"""The arena: paired matches between named agents (:mod:`lazytree.agents`), with scores, Elo and an
SPRT: :mod:`~lazytree.arena.stats`, one game and pair (:mod:`~lazytree.arena.play`), a match
(:mod:`~lazytree.arena.match`), a table of 3 to 8 (:mod:`~lazytree.arena.table`)."""

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
