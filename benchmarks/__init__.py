"""Benchmarks: the lazy tree against plain Python written for one game, in one process.

Each benchmark returns its figures as data; the CLI (``lazytree bench ...``) prints them.
Speed and memory are reported as ratios to a baseline measured in the same process, so
the numbers mean something on a busy machine.
"""

from benchmarks.collector import CollectorBench, tiny_searches
from benchmarks.tictactoe import BenchRun, TicTacToeBench, bench_tictactoe

__all__ = ["BenchRun", "CollectorBench", "TicTacToeBench", "bench_tictactoe", "tiny_searches"]
