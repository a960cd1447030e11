"""What a big Dice of Doom board derives from the board a move was made on.

On boards of :data:`BIG_BOARD` territories or more a position keeps the position it
was made from and the territories that changed (:data:`Changes`); the board is kept in
chunks shared with the board before (:data:`Chunks`), and these functions bring the
facts of the position before up to date in O(changes) instead of recomputing them:
the Zobrist hash (:func:`board_hash_after_in`), each player's territories
(:func:`counts_after_in`), the attacks from each territory (:func:`attack_table_after_in`)
and what the heuristic evaluation counts, with the connected groups
(:func:`facts_after_in`). Plain functions on tuples and lists, for the compiled core.

Examples
--------
>>> from lazytree.games.dice_of_doom.board import neighbor_table
>>> nbrs = neighbor_table(3)
>>> owners, dice = (0, 1, 0, 1, 0, 1, 0, 1, 0), (3, 1, 2, 2, 1, 3, 1, 2, 2)
>>> changes = ((0, 0, 1), (1, 0, 2))               # 0 (3 dice) takes 1
>>> after = apply_changes(owners, dice, changes)
>>> after
((0, 0, 0, 1, 0, 1, 0, 1, 0), (1, 2, 2, 2, 1, 3, 1, 2, 2))
>>> o, d = chunked(owners), chunked(dice)
>>> board_hash_after_in(board_hash(owners, dice), o, d, changes) == board_hash(*after)
True
>>> facts = board_facts_in(nbrs, o, d, 2, 3)
>>> facts_after_in(facts, nbrs, o, d, changes, 3).summary() == board_facts(
...     nbrs, *after, 2, 3).summary()
True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, compress
from typing import TYPE_CHECKING, Any, Final

from lazytree.games.dice_of_doom.chunks import (
    FAN,
    FAN_MASK,
    MASK,
    SHIFT,
    TOP,
    Chunks,
    Overlay,
    at,
    chunked,
    flattened,
    updated,
)

if TYPE_CHECKING:  # machine integers in the compiled core (plain ints in the pure one)
    from mypy_extensions import i64

__all__ = [
    "BIG_BOARD",
    "BoardFacts",
    "Changes",
    "apply_changes",
    "apply_changes_in",
    "attack_is_legal_in",
    "attack_table_after_in",
    "attack_table_in",
    "attacks_best_first_in",
    "board_facts",
    "board_facts_in",
    "board_hash",
    "board_hash_after_attack",
    "board_hash_after_in",
    "counts_after_attack",
    "counts_after_in",
    "facts_after_in",
    "has_attack_in",
    "levels",
    "levels_after",
    "pass_changes_in",
    "tabled_attacks_in",
    "top_level",
    "touched",
]

BIG_BOARD: Final = 100
"""Territories from which a board is handled incrementally (10x10 and up). Smaller
boards (the books' 2x2 to 6x6) are copied and rescanned: there that is cheaper, and
they keep exactly the hash of a named tuple."""

Changes = tuple[tuple[int, int, int], ...]
"""What a move changed: ``(territory, owner, dice)`` after the move, in order."""

Chunk = tuple[object, ...]
"""The attacks from one territory (the rules' ``Attack`` objects), in neighbour order."""


def apply_changes(
    owners: tuple[int, ...], dice: tuple[int, ...], changes: Changes
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board after ``changes``."""
    o = list(owners)
    d = list(dice)
    for i, owner, n in changes:
        o[i] = owner
        d[i] = n
    return tuple(o), tuple(d)


def _mix31(x: i64) -> i64:
    """A bijection of 31-bit numbers that scatters their bits (two multiply-xorshift
    rounds); every product stays below 2**62, so the compiled core (machine integers)
    and the pure one compute the same numbers."""
    x = ((x ^ (x >> 15)) * 0x2C1B3C6D) & 0x7FFFFFFF
    x = ((x ^ (x >> 12)) * 0x297A2D39) & 0x7FFFFFFF
    return x ^ (x >> 15)


def _key(i: i64, owner: i64, dice: i64) -> i64:
    """Territory ``i``'s Zobrist key when ``owner`` holds it with ``dice`` dice: 62
    scattered bits (two 31-bit halves) made from the three numbers, no table."""
    x = (i << 8) | (owner << 5) | dice  # owner < 8, dice < 32
    return (_mix31(x) << 31) | _mix31(x ^ 0x5BD1E995)


def board_hash(owners: tuple[int, ...], dice: tuple[int, ...]) -> int:
    """The XOR of every territory's key (from scratch)."""
    h: i64 = 0
    for i in range(len(owners)):
        h ^= _key(i, owners[i], dice[i])
    return h


def board_hash_after_attack(
    h: int, owners: Chunks, dice: Chunks, src: int, dst: int, player: int
) -> int:
    """:func:`board_hash_after_in` of ``player``'s attack ``src -> dst`` on a chunked
    board (the source keeps one die, the target changes owner and gets the source's
    dice but one), without the tuple of changes."""
    out: i64 = h
    d: i64 = at(dice, src)
    out ^= _key(src, at(owners, src), d) ^ _key(src, player, 1)
    out ^= _key(dst, at(owners, dst), at(dice, dst)) ^ _key(dst, player, d - 1)
    return out


def counts_after_attack(
    counts: tuple[int, ...], owners: Chunks, dst: int, player: int
) -> tuple[int, ...]:
    """:func:`counts_after_in` of ``player``'s attack on ``dst`` (a chunked board)."""
    out = list(counts)
    out[at(owners, dst)] -= 1
    out[player] += 1
    return tuple(out)


def levels(dice: Chunks) -> tuple[int, ...]:
    """How many territories of a chunked board hold each number of dice (index 0 to
    31: the Zobrist keys allow fewer than 32 dice).

    >>> levels(chunked((1, 3, 3, 2)))[:5]
    (0, 1, 1, 2, 0)
    """
    out = [0] * 32
    for block in dice:
        for row in block:
            for d in row:
                out[d] += 1
    return tuple(out)


def levels_after(counts: tuple[int, ...], dice: Chunks, changes: Changes) -> tuple[int, ...]:
    """:func:`levels` after ``changes`` from the levels ``counts`` of the chunked dice
    ``dice`` before them."""
    out = list(counts)
    now: dict[int, int] = {}
    for i, _, n in changes:
        before = now.get(i)
        if before is None:
            before = at(dice, i)
        out[before] -= 1
        out[n] += 1
        now[i] = n
    return tuple(out)


def top_level(counts: tuple[int, ...]) -> int:
    """The most dice a territory holds, from :func:`levels`."""
    for d in range(len(counts) - 1, -1, -1):
        if counts[d]:
            return d
    return 0


def touched(neighbors: tuple[tuple[int, ...], ...], changes: Changes) -> list[int]:
    """The changed territories and their neighbours (each once, in a fixed order)."""
    seen: set[int] = set()
    out: list[int] = []
    for i, _, _ in changes:
        if i not in seen:
            seen.add(i)
            out.append(i)
        for j in neighbors[i]:
            if j not in seen:
                seen.add(j)
                out.append(j)
    return out


def apply_changes_in(owners: Chunks, dice: Chunks, changes: Changes) -> tuple[Chunks, Chunks]:
    """:func:`apply_changes` on chunked boards (sharing the unchanged chunks)."""
    cells = [change[0] for change in changes]
    return (
        updated(owners, cells, [change[1] for change in changes]),
        updated(dice, cells, [change[2] for change in changes]),
    )


def board_hash_after_in(h: int, owners: Chunks, dice: Chunks, changes: Changes) -> int:
    """The hash of the board after ``changes`` from the hash ``h`` of the board
    (``owners``, ``dice``) before them (a territory changed twice counts its last)."""
    out: i64 = h
    now: dict[int, tuple[int, int]] = {}  # a territory may change twice: its latest
    for i, owner, n in changes:
        last = now.get(i)
        if last is None:
            out ^= _key(i, at(owners, i), at(dice, i))
        else:
            out ^= _key(i, last[0], last[1])
        out ^= _key(i, owner, n)
        now[i] = (owner, n)
    return out


def counts_after_in(counts: tuple[int, ...], owners: Chunks, changes: Changes) -> tuple[int, ...]:
    """Each player's territories after ``changes`` (``counts`` before them)."""
    out = list(counts)
    now: dict[int, int] = {}
    for i, owner, _ in changes:
        before = now.get(i)
        if before is None:
            before = at(owners, i)
        if before != owner:
            out[before] -= 1
            out[owner] += 1
        now[i] = owner
    return tuple(out)


def attack_is_legal_in(
    owners: Chunks,
    dice: Chunks,
    player: int,
    neighbors: tuple[tuple[int, ...], ...],
    src: object,
    dst: object,
) -> bool:
    """:func:`~.kernel.attack_is_legal` on a chunked board."""
    if not (isinstance(src, int) and isinstance(dst, int)):
        return False
    n = len(neighbors)
    if not (0 <= src < n and 0 <= dst < n):
        return False
    if at(owners, src) != player or at(owners, dst) == player:
        return False
    if at(dice, src) <= at(dice, dst):
        return False
    return dst in neighbors[src]


def pass_changes_in(
    owners: Chunks, dice: Chunks, player: int, spare: int, top: int, reverse: bool
) -> tuple[Changes, int]:
    """The changes of ``player``'s pass (one die from ``spare`` to each of its
    territories below ``top``, in board order, backwards when ``reverse``) and the
    spare dice left, on a chunked board."""
    out: list[tuple[int, int, int]] = []
    nblocks = len(owners)
    for kb in range(nblocks):
        if spare == 0:
            break
        b = nblocks - 1 - kb if reverse else kb
        block_o = owners[b]
        block_d = dice[b]
        nrows = len(block_o)
        for kr in range(nrows):
            if spare == 0:
                break
            r = nrows - 1 - kr if reverse else kr
            row_o = block_o[r]
            row_d = block_d[r]
            base = ((b << FAN) + r) << SHIFT
            m = len(row_o)
            for j in range(m):
                if spare == 0:
                    break
                q = m - 1 - j if reverse else j
                d = row_d[q]
                if row_o[q] == player and d < top:
                    out.append((base + q, player, d + 1))
                    spare -= 1
    return tuple(out), spare


def _chunk_in(
    i: int,
    owners: Chunks,
    dice: Chunks,
    neighbors: tuple[tuple[int, ...], ...],
    made: tuple[Chunk, ...],
) -> Chunk:
    """The attacks from ``i`` (for its owner): enemy neighbours with fewer dice;
    ``made[i][k]`` is the attack on its ``k``-th neighbour (shared when all are)."""
    d = at(dice, i)
    if d < 2:
        return ()
    owner = at(owners, i)
    nbrs = neighbors[i]
    attacks = made[i]
    out: list[object] = []
    for k in range(len(nbrs)):
        j = nbrs[k]
        if at(owners, j) != owner and d > at(dice, j):
            out.append(attacks[k])
    if len(out) == len(nbrs):
        return attacks
    return tuple(out)


def attack_table_in(
    owners: Chunks,
    dice: Chunks,
    neighbors: tuple[tuple[int, ...], ...],
    made: tuple[Chunk, ...],
) -> Chunks:
    """The attacks from every territory, from scratch, in chunks."""
    n = len(neighbors)
    return chunked(tuple([_chunk_in(i, owners, dice, neighbors, made) for i in range(n)]))


def attack_table_after_in(
    table: Chunks,
    owners: Chunks,
    dice: Chunks,
    neighbors: tuple[tuple[int, ...], ...],
    made: tuple[Chunk, ...],
    changes: Changes,
) -> Chunks:
    """The attack table after ``changes`` from the ``table`` before them: only the
    touched territories' entries are made again, the other chunks shared."""
    cells = touched(neighbors, changes)
    values: list[Any] = [_chunk_in(i, owners, dice, neighbors, made) for i in cells]
    return updated(table, cells, values)


def _rows_backwards(chunks: Chunks) -> Iterator[Any]:
    """The chunks of a chunked sequence, last first."""
    return chain.from_iterable(map(reversed, reversed(chunks)))


def _mine(table: Chunks, owners: Chunks, player: int, reverse: bool) -> Iterator[Any]:
    """The table's entries of ``player``'s territories, in board order (backwards when
    ``reverse``), by C iterators (no Python step per territory)."""
    if reverse:
        cells: Iterator[Any] = chain.from_iterable(map(reversed, _rows_backwards(table)))
        whose: Iterator[Any] = chain.from_iterable(map(reversed, _rows_backwards(owners)))
    else:
        cells = chain.from_iterable(chain.from_iterable(table))
        whose = chain.from_iterable(chain.from_iterable(owners))
    return compress(cells, map(player.__eq__, whose))


def tabled_attacks_in(table: Chunks, owners: Chunks, player: int, reverse: bool) -> Iterator[Any]:
    """The move list of ``player`` (its attacks in board order) from a chunked attack
    table, lazily."""
    return chain.from_iterable(_mine(table, owners, player, reverse))


def has_attack_in(table: Chunks, owners: Chunks, player: int) -> bool:
    """Whether ``player`` has an attack in a chunked attack table."""
    return any(_mine(table, owners, player, False))


# -- the attacks ----------------------------------------------------------------------
def attacks_best_first_in(
    table: Chunks, owners: Chunks, dice: Chunks, player: int, reverse: bool, top: int
) -> Iterator[Any]:
    """The attacks of ``player`` (the move list: board order, backwards when
    ``reverse``) ranked by target dice, then source dice, both descending, ties in
    move-list order. ``top`` is the most dice on the board (:func:`levels`): the
    attacks of the best rank it allows are yielded as the pass finds them, the others
    once the pass is over.

    >>> from lazytree.games.dice_of_doom.board import neighbor_table
    >>> nbrs = neighbor_table(3)
    >>> made = tuple(tuple((i, j) for j in n) for i, n in enumerate(nbrs))
    >>> owners, dice = chunked((0, 1, 0, 1, 0, 1, 0, 1, 0)), chunked((2, 1, 3, 2, 1, 3, 1, 2, 3))
    >>> table = attack_table_in(owners, dice, nbrs, made)
    >>> list(tabled_attacks_in(table, owners, 0, False))  # the move list of player 0
    [(0, 1), (2, 1), (8, 7)]
    >>> list(attacks_best_first_in(table, owners, dice, 0, False, 3))  # 3 on 2, 3 on 1, 2 on 1
    [(8, 7), (2, 1), (0, 1)]
    """
    best = (top - 1) * 64 + top
    later: dict[int, list[Any]] = {}
    nblocks = len(owners)
    for kb in range(nblocks):
        b = nblocks - 1 - kb if reverse else kb
        block_o = owners[b]
        block_t = table[b]
        block_d = dice[b]
        nrows = len(block_o)
        for kr in range(nrows):
            r = nrows - 1 - kr if reverse else kr
            row_o = block_o[r]
            row_t = block_t[r]
            row_d = block_d[r]
            m = len(row_o)
            for j in range(m):
                q = m - 1 - j if reverse else j
                if row_o[q] != player:
                    continue
                chunk: tuple[Any, ...] = row_t[q]
                if not chunk:
                    continue
                d = row_d[q]
                for attack in chunk:
                    t: int = attack[1]
                    rank = dice[t >> TOP][(t >> SHIFT) & FAN_MASK][t & MASK] * 64 + d
                    if rank == best:
                        yield attack
                    else:
                        bucket = later.get(rank)
                        if bucket is None:
                            later[rank] = [attack]
                        else:
                            bucket.append(attack)
    for rank in sorted(later, reverse=True):
        yield from later[rank]


# -- the heuristic's counts and the groups --------------------------------------------
class BoardFacts:
    """What the heuristic evaluation counts on one board, for each player.

    ``territories``, ``unsafe`` (territories an enemy neighbour outnumbers), ``held``
    (dice), ``full`` (frontier territories at the most dice), ``below`` (territories
    below the most dice), and the connected groups: ``labels[i]`` names territory
    ``i``'s group (through ``alias``: merged groups point to the one they joined),
    ``sizes[p]`` maps each of player ``p``'s group names to its size.
    """

    __slots__ = (
        "alias",
        "below",
        "full",
        "held",
        "labels",
        "next_label",
        "sizes",
        "territories",
        "unsafe",
    )

    def __init__(
        self,
        territories: list[int],
        unsafe: list[int],
        held: list[int],
        full: list[int],
        below: list[int],
        labels: Any,
        alias: dict[int, int],
        sizes: list[dict[int, int]],
        next_label: int,
    ) -> None:
        self.territories = territories
        self.unsafe = unsafe
        self.held = held
        self.full = full
        self.below = below
        self.labels = labels
        self.alias = alias
        self.sizes = sizes
        self.next_label = next_label

    def largest(self) -> list[int]:
        """Each player's largest group."""
        return [max(s.values()) if s else 0 for s in self.sizes]

    def summary(self) -> tuple[tuple[int, ...], ...]:
        """Each player's (territories, unsafe, held, full, below, largest group)."""
        largest = self.largest()
        return tuple(
            (
                self.territories[p],
                self.unsafe[p],
                self.held[p],
                self.full[p],
                self.below[p],
                largest[p],
            )
            for p in range(len(self.sizes))
        )


def _add_cell(
    i: int,
    owners: Any,
    dice: Any,
    neighbors: tuple[tuple[int, ...], ...],
    max_dice: int,
    unsafe: list[int],
    held: list[int],
    full: list[int],
    below: list[int],
    sign: int,
) -> None:
    """Add (``sign`` 1) or take away (-1) territory ``i``'s part of the counts."""
    owner = owners[i]
    d = dice[i]
    held[owner] += sign * d
    front = False
    outdiced = False
    for j in neighbors[i]:
        if owners[j] != owner:
            front = True
            if dice[j] > d:
                outdiced = True
                break
    if d >= max_dice:
        if front:
            full[owner] += sign
        return
    below[owner] += sign
    if outdiced:
        unsafe[owner] += sign


def board_facts(
    neighbors: tuple[tuple[int, ...], ...],
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    players: int,
    max_dice: int,
) -> BoardFacts:
    """The facts of a board from scratch: one pass for the counts, one flood fill."""
    n = len(owners)
    territories = [0] * players
    unsafe = [0] * players
    held = [0] * players
    full = [0] * players
    below = [0] * players
    for i in range(n):
        territories[owners[i]] += 1
        _add_cell(i, owners, dice, neighbors, max_dice, unsafe, held, full, below, 1)
    labels = [-1] * n
    sizes: list[dict[int, int]] = [{} for _ in range(players)]
    for start in range(n):
        if labels[start] >= 0:
            continue
        owner = owners[start]
        labels[start] = start
        stack = [start]
        size = 0
        while stack:
            i = stack.pop()
            size += 1
            for j in neighbors[i]:
                if labels[j] < 0 and owners[j] == owner:
                    labels[j] = start
                    stack.append(j)
        sizes[owner][start] = size
    return BoardFacts(territories, unsafe, held, full, below, labels, {}, sizes, n)


def _find(alias: dict[int, int], label: int) -> int:
    while label in alias:
        label = alias[label]
    return label


def board_facts_in(
    neighbors: tuple[tuple[int, ...], ...],
    owners: Chunks,
    dice: Chunks,
    players: int,
    max_dice: int,
) -> BoardFacts:
    """:func:`board_facts` of a chunked board, its labels in chunks."""
    facts = board_facts(neighbors, flattened(owners), flattened(dice), players, max_dice)
    facts.labels = chunked(tuple(facts.labels))
    return facts


def facts_after_in(
    facts: BoardFacts,
    neighbors: tuple[tuple[int, ...], ...],
    owners: Chunks,
    dice: Chunks,
    changes: Changes,
    max_dice: int,
) -> BoardFacts:
    """The facts after ``changes`` from the ``facts`` (:func:`board_facts_in`, not
    changed) of the board before them, read through an :class:`Overlay`: the work is
    that of the territories changed and the groups they join (a union) or split (a
    search from each side that stops when the sides meet), not of the board."""
    o = Overlay(owners)
    d = Overlay(dice)
    territories = list(facts.territories)
    unsafe = list(facts.unsafe)
    held = list(facts.held)
    full = list(facts.full)
    below = list(facts.below)
    cells = touched(neighbors, changes)
    for i in cells:
        _add_cell(i, o, d, neighbors, max_dice, unsafe, held, full, below, -1)
    label_chunks: Chunks = facts.labels
    labels = Overlay(label_chunks)
    alias = facts.alias
    sizes = facts.sizes
    next_label = facts.next_label
    copied = False
    for i, owner, n in changes:
        before = o[i]
        d[i] = n
        if before == owner:
            continue
        if not copied:  # the groups change: copy their sizes (the facts before stay)
            alias = dict(alias)
            sizes = [dict(s) for s in sizes]
            copied = True
        territories[before] -= 1
        territories[owner] += 1
        o[i] = owner
        next_label = _leave(i, before, o, neighbors, labels, alias, sizes[before], next_label)
        next_label = _join(i, owner, o, neighbors, labels, alias, sizes[owner], next_label)
    for i in cells:
        _add_cell(i, o, d, neighbors, max_dice, unsafe, held, full, below, 1)
    if copied:
        label_chunks = labels.made()
        if len(alias) > _ALIAS_MAX:  # long alias chains: name every group by its root
            flat = flattened(label_chunks)
            label_chunks = chunked(tuple([_find(alias, label) for label in flat]))
            alias = {}
    return BoardFacts(
        territories, unsafe, held, full, below, label_chunks, alias, sizes, next_label
    )


_ALIAS_MAX: Final = 256
"""Merged groups a chunked board's facts keep as aliases (copied by every capture that
changes the groups) before every territory is named by its group's root again (a pass
over the board)."""


def _leave(
    i: int,
    owner: int,
    o: Any,
    neighbors: tuple[tuple[int, ...], ...],
    labels: Any,
    alias: dict[int, int],
    sizes: dict[int, int],
    next_label: int,
) -> int:
    """Territory ``i`` (already given to its new owner in ``o``) leaves ``owner``'s
    group: shrink it, and when it falls apart, name each piece cut off anew. Returns
    the next unused group name."""
    root = _find(alias, labels[i])
    left = sizes[root] - 1
    if left == 0:
        del sizes[root]
        return next_label
    sizes[root] = left
    # the owner's neighbours of i, in pieces that touch each other around i
    mine = [j for j in neighbors[i] if o[j] == owner]
    pieces: list[list[int]] = []
    for j in mine:
        joined = [p for p in pieces if any(j in neighbors[k] for k in p)]
        merged = [j]
        for p in joined:
            merged.extend(p)
            pieces.remove(p)
        pieces.append(merged)
    if len(pieces) < 2:
        return next_label
    # Several sides: search from each but the last until it meets another side (then
    # they are one piece) or runs out (a piece cut off: it gets a new name).
    side: dict[int, int] = {}
    for k in range(len(pieces)):
        for j in pieces[k]:
            side[j] = k
    group = list(range(len(pieces)))  # which side each side has been found to join

    def which(k: int) -> int:
        while group[k] != k:
            k = group[k]
        return k

    for k in range(len(pieces) - 1):
        me = which(k)
        start = pieces[k][0]
        seen = {start}
        stack = [start]
        met = False
        while stack and not met:
            c = stack.pop()
            for j in neighbors[c]:
                if o[j] != owner or j in seen:
                    continue
                s = side.get(j)
                if s is not None and which(s) != me:
                    group[me] = which(s)
                    met = True
                    break
                seen.add(j)
                stack.append(j)
        if not met:  # cut off: a new group
            name = next_label
            next_label += 1
            for c in seen:
                labels[c] = name
            sizes[name] = len(seen)
            sizes[root] -= len(seen)
    return next_label


def _join(
    i: int,
    owner: int,
    o: Any,
    neighbors: tuple[tuple[int, ...], ...],
    labels: Any,
    alias: dict[int, int],
    sizes: dict[int, int],
    next_label: int,
) -> int:
    """Territory ``i`` joins ``owner``: it merges the groups of ``owner`` around it
    (into the biggest, the others named after it). Returns the next unused name."""
    roots: list[int] = []
    for j in neighbors[i]:
        if o[j] == owner:
            r = _find(alias, labels[j])
            if r not in roots:
                roots.append(r)
    if not roots:
        labels[i] = next_label
        sizes[next_label] = 1
        return next_label + 1
    keep = roots[0]
    for r in roots:
        if sizes[r] > sizes[keep]:
            keep = r
    total = 1
    for r in roots:
        total += sizes[r]
        if r != keep:
            del sizes[r]
            alias[r] = keep
    sizes[keep] = total
    labels[i] = keep
    return next_label
