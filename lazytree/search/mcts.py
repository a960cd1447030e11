"""Monte Carlo tree search (UCT) on the lazy tree: each iteration pulls at most one new
move (the untried siblings stay ungenerated), plays a random playout of ``cutoff`` moves
rated by the game's evaluation, and adds the values to the path's edges. Statistics are
kept per edge, shared by shared positions and kept below the moves played (tree reuse);
a chance node follows the outcome furthest below its exact probability. The answer is
the most visited root move(s) and line; visited nodes carry their mean value (key
``"mcts"``). More: docs/explanation/raters.md.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> from lazytree.tree import Tree
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> result = mcts(tree.root, playouts=300, rng=random.Random(1))
>>> result.best_moves, result.rater
((0,), 'mcts')
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Literal

from lazytree.game import CHANCE, Game
from lazytree.search.limit import Limit, SearchStopped, StopReason
from lazytree.search.result import MCTSRun, SearchResult
from lazytree.tree import Bound, Node, Rating, TreeContext

__all__ = ["MCTS", "mcts"]

PRUNE_MIN = 4096
"""MCTS's statistics table forgets unreachable nodes once it has doubled since the last
time, and never below this many entries."""


class _Stats:
    """The statistics of one node: per generated edge, visits and value sums."""

    __slots__ = ("complete", "visits", "wins")

    def __init__(self) -> None:
        self.visits: list[int] = []
        self.wins: list[float] = []
        self.complete = False


@dataclass(frozen=True)
class _Step:
    node: Node[Any, Any]
    stats: _Stats
    index: int


class MCTS:
    """A UCT searcher that keeps its statistics between searches (tree reuse).

    Parameters
    ----------
    c:
        The exploration constant of UCT (values lie in ``[0, 1]`` for Dice of Doom).
    cutoff:
        Random moves of a playout before the evaluation rates its position.
    rng:
        The source of every random choice.
    """

    def __init__(self, c: float = 1.4, cutoff: int = 8, rng: random.Random | None = None):
        if not (isinstance(c, int | float) and math.isfinite(c) and c >= 0):
            raise ValueError(f"c must be a number >= 0, got {c!r}")
        if isinstance(cutoff, bool) or not isinstance(cutoff, int) or cutoff < 0:
            raise ValueError(f"cutoff must be a whole number >= 0, got {cutoff!r}")
        self.c = float(c)
        self.cutoff = cutoff
        self.rng = rng if rng is not None else random.Random(0)
        self._table: dict[Node[Any, Any], _Stats] = {}
        self._prune_at = PRUNE_MIN

    def _prune(self, node: Node[Any, Any]) -> None:
        """Forget the statistics of nodes not reachable from ``node`` (the node searched:
        after a move, the tree's new root); nodes are not weakly referenceable, so the
        table holds them and drops them here, once it has doubled since the last time."""
        if len(self._table) < self._prune_at:
            return
        table = self._table
        kept: dict[Node[Any, Any], _Stats] = {}
        stack = [node]
        seen = set()
        while stack:
            n = stack.pop()
            if id(n) in seen:
                continue
            seen.add(id(n))
            if n in table:
                kept[n] = table[n]
            stack.extend(c for e in n.generated_edges if (c := e.peek()) is not None)
        self._table = kept
        self._prune_at = max(PRUNE_MIN, 2 * len(kept))

    def stats_of(self, node: Node[Any, Any]) -> _Stats:
        stats = self._table.get(node)
        if stats is None:
            stats = self._table[node] = _Stats()
        return stats

    def edge_visits(self, node: Node[Any, Any]) -> dict[Hashable, int]:
        """Visits of each edge of ``node`` tried so far, by move."""
        stats = self._table.get(node)
        if stats is None:
            return {}
        edges = node.generated_edges
        return {edges[i].move: n for i, n in enumerate(stats.visits)}

    # -- one iteration ---------------------------------------------------------------
    def _values(self, game: Game[Any, Any], state: Any, tree: TreeContext[Any, Any]) -> list[float]:
        return [tree.leaf_value(state, p) for p in range(game.num_players)]

    def _playout(self, node: Node[Any, Any]) -> list[float]:
        tree = node.context
        game = tree.game
        state = node.state
        rng = self.rng
        for _ in range(self.cutoff):
            moves = list(game.legal_moves(state))
            if not moves:
                break
            if game.to_move(state) == CHANCE:
                weights = [game.outcome_probability(state, m) for m in moves]  # type: ignore[attr-defined]
                move = rng.choices(moves, weights)[0]
            else:
                move = moves[rng.randrange(len(moves))]
            state = game.result(state, move)
        return self._values(game, state, tree)

    def _select(self, node: Node[Any, Any], stats: _Stats) -> int | None:
        """The index of the edge to follow from ``node``, pulling one new move when one
        is left untried; None when the node has no move."""
        edges = node.children
        tried = len(stats.visits)
        if node.player == CHANCE:
            while not stats.complete:  # outcomes are few: generate them all
                try:
                    edges[len(stats.visits)]
                except IndexError:
                    stats.complete = True
                    break
                stats.visits.append(0)
                stats.wins.append(0.0)
            if not stats.visits:
                return None
            cached = node.generated_edges
            return min(
                range(len(stats.visits)),
                key=lambda i: (stats.visits[i] + 1) / (cached[i].probability or 1e-300),
            )
        if not stats.complete:
            try:
                edges[tried]
            except IndexError:
                stats.complete = True
            else:
                stats.visits.append(0)
                stats.wins.append(0.0)
                return tried
        if not stats.visits:
            return None
        total = math.log(sum(stats.visits) or 1)
        c = self.c
        best, best_score = 0, -math.inf
        for i, n in enumerate(stats.visits):
            if n == 0:
                return i
            score = stats.wins[i] / n + c * math.sqrt(total / n)
            if score > best_score:
                best, best_score = i, score
        return best

    def iterate(self, root: Node[Any, Any]) -> None:
        """One iteration: select and expand one new edge, play out, back up."""
        path: list[_Step] = []
        node = root
        seen = {id(node)}
        while True:
            stats = self.stats_of(node)
            before = len(stats.visits)
            index = self._select(node, stats)
            if index is None:  # the end of the game
                values = self._values(node.context.game, node.state, node.context)
                break
            path.append(_Step(node, stats, index))
            child = node.children[index].child
            if len(stats.visits) > before or stats.visits[index] == 0 or id(child) in seen:
                values = self._playout(child)
                self.stats_of(child)
                break
            seen.add(id(child))
            node = child
        for step in path:
            stats, i = step.stats, step.index
            stats.visits[i] += 1
            mover = step.node.player
            if mover != CHANCE:
                stats.wins[i] += values[mover]
                n = sum(stats.visits)
                step.node.rating = Rating(sum(stats.wins) / n, mover, 0, Bound.EXACT, "mcts")

    # -- a search --------------------------------------------------------------------
    def search(
        self,
        node: Node[Any, Any],
        limit: Limit | None = None,
        *,
        playouts: int | None = None,
    ) -> SearchResult[Any]:
        """Iterate from ``node`` until ``limit`` or ``playouts`` iterations; the result
        is from the point of view of the player to move at ``node``."""
        if playouts is not None and (isinstance(playouts, bool) or playouts < 1):
            raise ValueError(f"playouts must be a whole number >= 1, got {playouts!r}")
        if node.player == CHANCE:
            raise ValueError("mcts rates a player's node, not a chance node")
        limit = limit if limit is not None else Limit()
        if limit.unbounded and playouts is None:
            raise ValueError("mcts needs a limit (time, nodes, stop) or a number of playouts")
        self._prune(node)
        tree = node.context
        before = tree.stats.snapshot()
        budget = limit.budget(tree)
        done = 0
        reason: Literal["playouts"] | StopReason = "playouts"
        while playouts is None or done < playouts:
            try:
                budget.check()
            except SearchStopped as stop:
                reason = stop.reason
                break
            self.iterate(node)
            done += 1
            if self._table[node].complete and not self._table[node].visits:
                break
        return self._result(node, before, done, reason, budget.elapsed)

    def _most_visited(self, node: Node[Any, Any]) -> tuple[int, ...]:
        stats = self._table.get(node)
        if stats is None or not stats.visits:
            return ()
        top = max(stats.visits)
        return tuple(i for i, n in enumerate(stats.visits) if n == top)

    def _result(
        self,
        node: Node[Any, Any],
        before: Any,
        done: int,
        reason: Literal["playouts"] | StopReason,
        seconds: float,
    ) -> SearchResult[Any]:
        tree = node.context
        player = node.player
        stats = self._table.get(node)
        edges = node.generated_edges
        best = self._most_visited(node)
        move_values: list[tuple[Any, float]] = []
        if stats is not None:
            for i, n in enumerate(stats.visits):
                if n:
                    move_values.append((edges[i].move, stats.wins[i] / n))
        value = stats.wins[best[0]] / stats.visits[best[0]] if stats and best else 0.0
        if not best and node.is_terminal():
            value = tree.leaf_value(node.state, player)
        pv: list[Any] = []
        walk: Node[Any, Any] | None = node
        seen: set[int] = set()
        while walk is not None and id(walk) not in seen:
            seen.add(id(walk))
            top = self._most_visited(walk)
            if not top:
                break
            edge = walk.generated_edges[top[0]]
            pv.append(edge.move)
            walk = edge.peek()
        return SearchResult(
            value=value,
            player=player,
            best_moves=tuple(edges[i].move for i in best),
            pv=tuple(pv),
            depth=len(pv) or None,
            rater="mcts",
            stats=tree.stats.snapshot() - before,
            move_values=tuple(move_values),
            mcts=MCTSRun(done, reason, seconds, tuple(self.edge_visits(node).items())),
        )


def mcts(
    node: Node[Any, Any],
    limit: Limit | None = None,
    *,
    playouts: int | None = None,
    c: float = 1.4,
    cutoff: int = 8,
    rng: random.Random | None = None,
) -> SearchResult[Any]:
    """One UCT search from ``node`` with fresh statistics (see :class:`MCTS`)."""
    return MCTS(c, cutoff, rng).search(node, limit, playouts=playouts)
