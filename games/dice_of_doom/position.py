"""A Dice of Doom position, :class:`DiceState`, and the attack move it may hold pending.

A position is a small immutable record compared, hashed and pickled by value like a
named tuple, its hash computed once. On a big board
(:data:`~lazytree.games.dice_of_doom.incremental.BIG_BOARD` territories or more) a
position made by a move (:meth:`DiceState.derived`) holds the position before and the
territories the move changed, makes its own board when first read (then lets the
position before go), and derives its hash, counts, attack table and the heuristic's
facts from the position before's (:mod:`~lazytree.games.dice_of_doom.incremental`), so
a leaf that is only hashed and rated never makes its board. Compiled with the core.

Examples
--------
>>> s = DiceState((0, 1), (2, 1), 0, 10)
>>> s.owners, s.dice, s.player, s.spare, s.first_move, s.pending
((0, 1), (2, 1), 0, 10, True, None)
>>> s == DiceState((0, 1), (2, 1), 0, 10), hash(s) == hash(tuple(s)), s._replace(spare=9).spare
(True, True, 9)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple, final

from lazytree.games.dice_of_doom.chunks import Chunks, at, changed_in, chunked, flattened
from lazytree.games.dice_of_doom.incremental import (
    BIG_BOARD,
    BoardFacts,
    Changes,
    apply_changes,
    apply_changes_in,
    attack_is_legal_in,
    attack_table_after_in,
    attack_table_in,
    board_facts_in,
    board_hash,
    board_hash_after_attack,
    board_hash_after_in,
    counts_after_attack,
    counts_after_in,
    facts_after_in,
    levels,
    levels_after,
    top_level,
)
from lazytree.games.dice_of_doom.kernel import attack_is_legal, attacked_board, book_share

if TYPE_CHECKING:  # machine integers in the compiled core (plain ints in the pure one)
    from mypy_extensions import i64

__all__ = ["Attack", "DiceState", "Kept"]


class Attack(NamedTuple):
    """An attack from territory ``src`` on territory ``dst``."""

    src: int
    dst: int


_FIELDS: Final = (
    "owners",
    "dice",
    "player",
    "spare",
    "first_move",
    "reversed",
    "captured",
    "pending",
)


@final
class DiceState:
    """An immutable Dice of Doom position (see the module).

    ``owners[i]`` and ``dice[i]`` describe territory ``i``; ``spare`` is the shared pool
    of reinforcement dice; ``first_move`` is true at the start of a turn (no attack made
    yet, so no pass allowed); ``reversed`` is the book's board-list order.

    The other rule sets (:mod:`lazytree.games.dice_of_doom.variants`) use two more fields,
    which stay at their defaults under the book's rules: ``captured``, the dice captured
    so far this turn (*Land of Lisp* reinforcements), and ``pending``, an attack whose
    dice are still to be rolled (a chance node).

    A big board hashes its Zobrist hash in place of the two tuples. None of the kept
    facts is compared, hashed or pickled. Never assign a field.
    """

    __slots__ = (
        "_base",
        "_board",
        "_changes",
        "_counts",
        "_dc",
        "_dice",
        "_dst",
        "_hash_value",
        "_kept",
        "_levels",
        "_n",
        "_oc",
        "_owners",
        "_src",
        "captured",
        "first_move",
        "pending",
        "player",
        "reversed",
        "spare",
    )
    _fields: ClassVar[tuple[str, ...]] = _FIELDS

    player: int
    spare: int
    first_move: bool
    reversed: bool
    captured: int
    pending: Attack | None
    _owners: tuple[int, ...] | None  # None until a big board's flat tuples are read
    _dice: tuple[int, ...] | None
    # a big board in chunks (chunks.Chunks), sharing the unchanged chunks with
    # the position before; None until made
    _oc: Chunks | None
    _dc: Chunks | None
    _n: i64  # territories
    _hash_value: i64  # -1 until computed (hash() never returns -1)
    _base: DiceState | None  # the position a lazy one was made from, until it is made
    # how the board differs from the position before's, while _base is set: the attack
    # _src -> _dst (no tuple made for it; -1 when not an attack), or _changes
    _src: i64
    _dst: i64
    _changes: Changes | None
    # the facts every position asked for keeps (a leaf: its hash and counts), unboxed
    # or small, and the rest in a Kept made when first needed
    _board: i64  # the board's Zobrist hash, -1 until computed
    _counts: tuple[int, ...] | None
    _levels: tuple[int, ...] | None  # territories per number of dice (big boards)
    _kept: Kept | None

    def __init__(
        self,
        owners: tuple[int, ...],
        dice: tuple[int, ...],
        player: int,
        spare: int,
        first_move: bool = True,
        reversed: bool = False,
        captured: int = 0,
        pending: Attack | None = None,
    ) -> None:
        self._owners = owners
        self._dice = dice
        self._oc = None
        self._dc = None
        self._n = len(owners)
        self.player = player
        self.spare = spare
        self.first_move = first_move
        self.reversed = reversed
        self.captured = captured
        self.pending = pending
        self._hash_value = -1
        self._base = None
        self._src = -1
        self._dst = -1
        self._changes = None
        self._board = -1
        self._counts = None
        self._levels = None
        self._kept = None

    @property
    def _hash(self) -> int | None:
        """The kept hash, or None before it is first asked for."""
        h = self._hash_value
        return None if h == -1 else h

    @staticmethod
    def _lazy(
        base: DiceState,
        player: int,
        spare: int,
        first_move: bool,
        reversed: bool,
        captured: int,
        pending: Attack | None,
    ) -> DiceState:
        """A big board's position made from ``base`` with its board unset until read
        (the caller says how the board differs: ``_src``/``_dst`` or ``_changes``)."""
        made = DiceState((), (), player, spare, first_move, reversed, captured, pending)
        made._owners = None
        made._dice = None
        made._n = base._n
        made._base = base
        return made

    @staticmethod
    def derived(
        base: DiceState,
        changes: Changes,
        player: int,
        spare: int,
        first_move: bool = True,
        reversed: bool = False,
        captured: int = 0,
        pending: Attack | None = None,
    ) -> DiceState:
        """The position ``base`` with ``changes`` made to its board and these fields: on
        a big board it refers to ``base`` until its board is read (see the module)."""
        if base._n < BIG_BOARD:
            owners, dice = apply_changes(base.owners, base.dice, changes)
            return DiceState(owners, dice, player, spare, first_move, reversed, captured, pending)
        made = DiceState._lazy(base, player, spare, first_move, reversed, captured, pending)
        made._changes = changes
        return made

    def after_attack(
        self,
        attack: tuple[object, object],
        neighbors: tuple[tuple[int, ...], ...],
        captures: bool,
        checked: bool = False,
    ) -> DiceState | None:
        """The position after the player to move's ``attack`` (``(src, dst)``, any
        objects: a move from outside is checked), or None when it is not
        an attack by the book's rule (:func:`~.kernel.attack_is_legal`: an own
        territory on an enemy neighbour with fewer dice) and the caller has not
        ``checked`` it by a rule of its own. The target changes owner and gets the
        attacker's dice but one, the source keeps one; with ``captures`` the target's
        dice are added to ``captured``. (The rules' hot path: one call.)"""
        player = self.player
        src, dst = attack
        if self._n >= BIG_BOARD:
            oc, dc = self._chunks()
            if not (checked or attack_is_legal_in(oc, dc, player, neighbors, src, dst)):
                return None
            assert isinstance(src, int) and isinstance(dst, int)
            captured = self.captured + at(dc, dst) if captures else self.captured
            made = DiceState._lazy(
                self, player, self.spare, False, self.reversed, captured, self.pending
            )
            made._src = src
            made._dst = dst
            return made
        owners, dice = self.owners, self.dice
        if not (checked or attack_is_legal(owners, dice, player, neighbors, src, dst)):
            return None
        assert isinstance(src, int) and isinstance(dst, int)
        captured = self.captured + dice[dst] if captures else self.captured
        new_owners, new_dice = attacked_board(owners, dice, player, src, dst)
        return DiceState(
            new_owners,
            new_dice,
            player,
            self.spare,
            False,
            self.reversed,
            captured,
            self.pending,
        )

    # -- the board, made when first read ------------------------------------------------
    @property
    def owners(self) -> tuple[int, ...]:
        """Each territory's owner."""
        owners = self._owners
        return self._made_board()[0] if owners is None else owners

    @property
    def dice(self) -> tuple[int, ...]:
        """Each territory's dice."""
        dice = self._dice
        return self._made_board()[1] if dice is None else dice

    def _made_board(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The flat tuples of a big board, made from its chunks now (and kept: the
        rules' own hot paths read the chunks, :meth:`chunks`)."""
        oc, dc = self._chunks()
        owners, dice = flattened(oc), flattened(dc)
        self._owners, self._dice = owners, dice
        return owners, dice

    def chunks(self) -> tuple[Chunks, Chunks]:
        """The board as chunked owners and dice
        (:data:`~lazytree.games.dice_of_doom.chunks.Chunks`): on a big board made
        by a move, sharing every chunk the move did not change with the position
        before."""
        return self._chunks()

    def changed_cells(self, before: DiceState) -> list[int]:
        """The territories (ascending) whose owner or dice differ between ``before`` and
        this position (boards of one size). A big board compares the chunks the two
        share by identity (:func:`~.chunks.changed_in`) and makes neither board its
        own: a leaf the search only rated stays lazy."""
        if self._n < BIG_BOARD:
            owners_a, dice_a = before.owners, before.dice
            owners_b, dice_b = self.owners, self.dice
            return [
                i
                for i in range(len(owners_b))
                if owners_a[i] != owners_b[i] or dice_a[i] != dice_b[i]
            ]
        oa, da = before._board_chunks()
        ob, db = self._board_chunks()
        owners = changed_in(oa, ob)
        dice = changed_in(da, db)
        if not dice:
            return owners
        return sorted(set(owners) | set(dice))

    def cells_at(self, cells: list[int]) -> tuple[list[int], list[int]]:
        """The owners and dice of these territories, without making a big board this
        position's own."""
        if self._n < BIG_BOARD:
            owners, dice = self.owners, self.dice
            return [owners[i] for i in cells], [dice[i] for i in cells]
        oc, dc = self._board_chunks()
        return [at(oc, i) for i in cells], [at(dc, i) for i in cells]

    def _board_chunks(self) -> tuple[Chunks, Chunks]:
        """The board in chunks, without making it this position's own when it was not
        made yet (a position compared by the sharing table is often a leaf: made from
        the position before's chunks, not kept, and none of its facts derived)."""
        oc, dc = self._oc, self._dc
        if oc is not None and dc is not None:
            return oc, dc
        base = self._base
        if base is None:
            return self._chunks()
        bo, bd = base._chunks()
        return apply_changes_in(bo, bd, self._changes_made(base))

    def _chunks(self) -> tuple[Chunks, Chunks]:
        oc, dc = self._oc, self._dc
        if oc is None or dc is None:
            with _MATERIALISING:  # (another thread may be making them: see _materialise)
                if self._base is not None:
                    self._materialise_now()
                elif self._oc is None or self._dc is None:
                    owners, dice = self._owners, self._dice
                    assert owners is not None and dice is not None
                    self._oc, self._dc = chunked(owners), chunked(dice)
                oc, dc = self._oc, self._dc
            assert oc is not None and dc is not None
        return oc, dc

    def _materialise(self) -> None:
        """Make the board from the position before, derive what that position knew,
        and let it go. Under :data:`_MATERIALISING`: a position is shared between
        threads (a server's AI searching from the game's position while a request draws
        it), and two threads making one board at once corrupted it (a segfault in CI)."""
        with _MATERIALISING:
            if self._base is not None:
                self._materialise_now()

    def _changes_made(self, base: DiceState) -> Changes:
        """What the move that made this position from ``base`` changed (kept after the
        board is made, so a thread that read ``_base`` before can still use them)."""
        changes = self._changes
        if changes is not None:
            return changes
        src, dst, player = self._src, self._dst, self.player
        return ((src, player, 1), (dst, player, at(base._chunks()[1], src) - 1))

    def _materialise_now(self) -> None:
        base = self._base
        assert base is not None
        changes = self._changes_made(base)
        before_o, before_d = base._chunks()
        owners, dice = apply_changes_in(before_o, before_d, changes)
        if self._board == -1 and base._board != -1:
            self._board = board_hash_after_in(base._board, before_o, before_d, changes)
        if self._counts is None and base._counts is not None:
            self._counts = counts_after_in(base._counts, before_o, changes)
        if self._levels is None and base._levels is not None:
            self._levels = levels_after(base._levels, before_d, changes)
        known = base._kept
        if known is not None:
            kept = self._kept_facts()
            table = known.table
            if kept.table is None and table is not None:
                nbrs, made, attacks = table
                after = attack_table_after_in(attacks, owners, dice, nbrs, made, changes)
                kept.table = (nbrs, made, after)
            facts = known.facts
            if kept.facts is None and facts is not None:
                nbrs, top, before = facts
                kept.facts = (
                    nbrs,
                    top,
                    facts_after_in(before, nbrs, before_o, before_d, changes, top),
                )
        self._oc, self._dc = owners, dice
        self._base = None

    # -- a record compared and hashed by value -----------------------------------------
    def _values(self) -> tuple[Any, ...]:
        return (
            self.owners,
            self.dice,
            self.player,
            self.spare,
            self.first_move,
            self.reversed,
            self.captured,
            self.pending,
        )

    def __hash__(self) -> int:
        h = self._hash_value
        if h == -1:
            if self._n < BIG_BOARD:
                h = hash(self._values())
            else:
                h = hash(
                    (
                        self.board_hash(),
                        self.player,
                        self.spare,
                        self.first_move,
                        self.reversed,
                        self.captured,
                        self.pending,
                    )
                )
            self._hash_value = h
        return h

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, DiceState):
            return False  # (not NotImplemented: the compiled method returns a bool)
        mine, theirs = self._hash_value, other._hash_value
        if mine != -1 and theirs != -1 and mine != theirs:
            return False
        if self._n >= BIG_BOARD:  # the fields, then the boards' hashes, then the chunks
            if not (
                self.player == other.player
                and self.spare == other.spare
                and self.first_move == other.first_move
                and self.reversed == other.reversed
                and self.captured == other.captured
                and self.pending == other.pending
                and self._n == other._n
                and self.board_hash() == other.board_hash()
            ):
                return False
            return self._board_chunks() == other._board_chunks()
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values())

    def __len__(self) -> int:
        return len(_FIELDS)

    def __getitem__(self, index: Any) -> Any:
        return self._values()[index]

    def _replace(self, **changes: Any) -> DiceState:
        values = dict(zip(_FIELDS, self._values(), strict=True))
        unknown = set(changes) - set(values)
        if unknown:
            raise ValueError(f"got unexpected field names: {sorted(unknown)!r}")
        values.update(changes)
        return DiceState(**values)

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(_FIELDS, self._values(), strict=True))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (DiceState, self._values())

    def __repr__(self) -> str:
        inner = ", ".join(
            f"{name}={value!r}" for name, value in zip(_FIELDS, self._values(), strict=True)
        )
        return f"DiceState({inner})"

    # -- the facts a big board derives from the position before -------------------------
    def _kept_facts(self) -> Kept:
        kept = self._kept
        if kept is None:
            kept = self._kept = Kept()
        return kept

    def board_hash(self) -> int:
        """The Zobrist hash of the board
        (:func:`~lazytree.games.dice_of_doom.incremental.board_hash`), kept."""
        h = self._board
        if h == -1:
            base = self._base
            if base is None:
                oc = self._oc
                if oc is not None and self._owners is None:
                    h = board_hash(flattened(oc), flattened(self._chunks()[1]))
                else:
                    h = board_hash(self.owners, self.dice)
            elif self._src >= 0:
                bo, bd = base._chunks()
                h = board_hash_after_attack(
                    base.board_hash(), bo, bd, self._src, self._dst, self.player
                )
            else:
                changes = self._changes_made(base)
                bo, bd = base._chunks()
                h = board_hash_after_in(base.board_hash(), bo, bd, changes)
            self._board = h
        return h

    def counts(self, players: int) -> tuple[int, ...]:
        """Each player's territories (kept; derived from the position before)."""
        counts = self._counts
        if counts is None or len(counts) != players:
            base = self._base
            if base is None:
                oc = self._oc
                # (a board kept in chunks is counted without keeping its flat tuple)
                owners = flattened(oc) if oc is not None and self._owners is None else self.owners
                counts = tuple([owners.count(p) for p in range(players)])
            elif self._src >= 0:
                bo = base._chunks()[0]
                counts = counts_after_attack(base.counts(players), bo, self._dst, self.player)
            else:
                bo = base._chunks()[0]
                counts = counts_after_in(base.counts(players), bo, self._changes_made(base))
            self._counts = counts
        return counts

    def top_dice(self) -> int:
        """The most dice a territory holds (from the territories per number of dice,
        kept; derived from the position before's)."""
        counts = self._levels
        if counts is None:
            base = self._base
            if base is not None:
                changes = self._changes_made(base)
                counts = levels_after(base._dice_levels(), base._chunks()[1], changes)
            else:
                counts = levels(self._chunks()[1])
            self._levels = counts
        return top_level(counts)

    def _dice_levels(self) -> tuple[int, ...]:
        self.top_dice()
        counts = self._levels
        assert counts is not None
        return counts

    def book_share(self, players: int, player: int) -> float:
        """The book's rating of ``player`` (:func:`~.kernel.book_share` of
        :meth:`counts`); a leaf made by an attack is rated from the counts of the
        position before, making no counts of its own."""
        base = self._base
        if self._counts is None and base is not None and self._src >= 0:
            loser = at(base._chunks()[0], self._dst)
            return book_share(base.counts(players), player, self.player, loser)
        return book_share(self.counts(players), player)

    def attack_table(
        self, neighbors: tuple[tuple[int, ...], ...], made: tuple[tuple[Any, ...], ...]
    ) -> Chunks:
        """The attacks from each territory
        (:func:`~lazytree.games.dice_of_doom.incremental.attack_table_in`) in chunks
        (:data:`~lazytree.games.dice_of_doom.chunks.Chunks`), kept."""
        oc, dc = self._chunks()  # derives the table when the position before has one
        kept = self._kept_facts()
        table = kept.table
        if table is not None and table[0] is neighbors:
            return table[2]
        attacks = attack_table_in(oc, dc, neighbors, made)
        kept.table = (neighbors, made, attacks)
        return attacks

    def facts(
        self, neighbors: tuple[tuple[int, ...], ...], players: int, max_dice: int
    ) -> BoardFacts:
        """What the heuristic counts
        (:class:`~lazytree.games.dice_of_doom.incremental.BoardFacts`), kept."""
        base = self._base
        if base is not None and base._kept is not None and base._kept.facts is not None:
            self._materialise()
        kept = self._kept_facts()
        facts = kept.facts
        if facts is not None and facts[0] is neighbors and facts[1] == max_dice:
            return facts[2]
        oc, dc = self._chunks()
        made = board_facts_in(neighbors, oc, dc, players, max_dice)
        kept.facts = (neighbors, max_dice, made)
        return made

    def summary(
        self, neighbors: tuple[tuple[int, ...], ...], players: int, max_dice: int
    ) -> tuple[tuple[int, ...], ...]:
        """Each player's (territories, unsafe, dice, full frontier, below the most dice,
        largest group): from the position before's facts when this board was never read
        (a leaf), without making its board."""
        kept = self._kept_facts()
        summary = kept.summary
        if summary is not None and summary[0] is neighbors and summary[1] == max_dice:
            return summary[2]
        base = self._base
        if base is not None:
            known = base.facts(neighbors, players, max_dice)
            changes = self._changes_made(base)
            bo, bd = base._chunks()
            facts = facts_after_in(known, neighbors, bo, bd, changes, max_dice)
        else:
            facts = self.facts(neighbors, players, max_dice)
        made = facts.summary()
        kept.summary = (neighbors, max_dice, made)
        return made


_MATERIALISING = threading.RLock()
"""Held while a derived position makes its board (re-entrant: making it may make the
board of the position before first)."""


@final
class Kept:
    """What a position keeps besides its fields, its board hash and its counts (never
    compared, hashed or pickled): its attack table and the heuristic's facts and summary
    (each with the neighbour table it was made for). A leaf that is only hashed and
    rated by the book's rule makes none."""

    __slots__ = ("facts", "summary", "table")

    def __init__(self) -> None:
        self.table: tuple[Any, Any, tuple[Any, ...]] | None = None
        self.facts: tuple[Any, int, BoardFacts] | None = None
        self.summary: tuple[Any, int, tuple[tuple[int, ...], ...]] | None = None
