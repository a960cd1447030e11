"""What a big Dice of Doom board derives from the board a move was made on.

A move changes a few territories (an attack two, a pass the few it reinforces), but
a board of 10,000 territories costs milliseconds to copy, hash, list the moves of or
rate from scratch. On boards of :data:`BIG_BOARD` territories or more the rules keep,
for each position, the position it was made from and the territories that changed
(:data:`Changes`), and these functions bring the facts of the position before up to
date instead of recomputing them:

* :func:`board_hash` / :func:`board_hash_after`: a hash of the board that is the XOR
  of one key per territory (Zobrist hashing), so a move updates it in O(changes);
* :func:`counts_after`: each player's territories;
* :func:`attack_table` / :func:`attack_table_after`: the attacks from each territory
  (the move list is these chunks in board order, for the player to move); a move
  rebuilds only the chunks of the changed territories and their neighbours;
* :func:`board_facts` / :func:`facts_after`: what the heuristic evaluation counts
  (threatened territories, dice, full frontier territories, territories below the
  maximum) and the connected groups of each player, kept as component labels with
  their sizes: a capture merges the capturer's groups around the territory (a union,
  no flood fill) and may split the loser's group, found by a search from each side
  of the territory that stops when the sides meet.

Every function is a plain function on tuples and lists (no game object), written for
the compiled core (mypyc).

Examples
--------
>>> from lazytree.games.dice_of_doom.board import neighbor_table
>>> nbrs = neighbor_table(3)
>>> owners, dice = (0, 1, 0, 1, 0, 1, 0, 1, 0), (3, 1, 2, 2, 1, 3, 1, 2, 2)
>>> changes = ((0, 0, 1), (1, 0, 2))               # 0 (3 dice) takes 1
>>> after = apply_changes(owners, dice, changes)
>>> after
((0, 0, 0, 1, 0, 1, 0, 1, 0), (1, 2, 2, 2, 1, 3, 1, 2, 2))
>>> board_hash_after(board_hash(owners, dice), owners, dice, changes) == board_hash(*after)
True
>>> facts = board_facts(nbrs, owners, dice, 2, 3)
>>> facts_after(facts, nbrs, owners, dice, changes, 3).summary() == board_facts(
...     nbrs, *after, 2, 3).summary()
True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, compress
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # machine integers in the compiled core (plain ints in the pure one)
    from mypy_extensions import i64

__all__ = [
    "BIG_BOARD",
    "CHUNK",
    "BoardFacts",
    "Changes",
    "Chunks",
    "Overlay",
    "apply_changes",
    "apply_changes_in",
    "at",
    "attack_is_legal_in",
    "attack_table",
    "attack_table_after",
    "attack_table_after_in",
    "attack_table_in",
    "attacks_best_first",
    "attacks_best_first_in",
    "board_facts",
    "board_facts_in",
    "board_hash",
    "board_hash_after",
    "board_hash_after_attack",
    "board_hash_after_in",
    "changed_in",
    "chunked",
    "counts_after",
    "counts_after_attack",
    "counts_after_in",
    "facts_after",
    "facts_after_in",
    "flattened",
    "has_attack_in",
    "levels",
    "levels_after",
    "pass_changes_in",
    "tabled_attacks_in",
    "top_level",
    "touched",
    "updated",
]

BIG_BOARD: Final = 100
"""Territories from which a board is handled incrementally (10x10 and up). Smaller
boards (the books' 2x2 to 6x6) are copied and rescanned: there that is cheaper, and
they keep exactly the hash of a named tuple."""

Changes = tuple[tuple[int, int, int], ...]
"""What a move changed: ``(territory, owner, dice)`` after the move, in order."""

Chunk = tuple[object, ...]
"""The attacks from one territory (the rules' ``Attack`` objects), in neighbour order."""

SHIFT: Final = 5
CHUNK: Final = 1 << SHIFT
"""Territories per chunk (the innermost tuples) of a chunked board (:func:`chunked`)."""
MASK: Final = CHUNK - 1
FAN: Final = 5
"""Chunks per block (``1 << FAN``): the middle level of a chunked board."""
FAN_MASK: Final = (1 << FAN) - 1
TOP: Final = SHIFT + FAN
"""Item ``i`` lies in block ``i >> TOP``."""

Chunks = tuple[tuple[tuple[Any, ...], ...], ...]
"""A sequence kept in three levels: blocks of ``1 << FAN`` chunks of :data:`CHUNK`
entries, item ``i`` being ``chunks[i >> TOP][(i >> SHIFT) & FAN_MASK][i & MASK]``
(:func:`at`). A position made by a move shares every chunk and block its move did not
change with the position before (:func:`updated`), so making it copies the outer tuple
(``n / 1024`` entries), the block and the chunk of each item changed, not the board: on
100x100, a few hundred bytes, where one level of chunks copied a 157-entry tuple."""


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


def _earlier(changes: Changes, k: int) -> int:
    """The index of the latest change before change ``k`` to the same territory, or -1
    (a move changes a territory once; the scan is for a list that does not)."""
    i = changes[k][0]
    for e in range(k - 1, -1, -1):
        if changes[e][0] == i:
            return e
    return -1


def board_hash_after(
    h: int, owners: tuple[int, ...], dice: tuple[int, ...], changes: Changes
) -> int:
    """:func:`board_hash` of the board after ``changes``, from the hash ``h`` of the
    board (``owners``, ``dice``) before them."""
    out: i64 = h
    if len(changes) > _SCAN_MAX:
        return _board_hash_after_many(out, owners, dice, changes)
    for k in range(len(changes)):
        i, owner, n = changes[k]
        e = _earlier(changes, k)
        if e < 0:
            out ^= _key(i, owners[i], dice[i])
        else:
            out ^= _key(i, changes[e][1], changes[e][2])
        out ^= _key(i, owner, n)
    return out


_SCAN_MAX: Final = 8
"""Up to this many changes, the value of a territory before a change is found by a scan
of the earlier changes; longer lists (a big pass) keep the latest values in a dict."""


def _board_hash_after_many(
    h: i64, owners: tuple[int, ...], dice: tuple[int, ...], changes: Changes
) -> int:
    now: dict[int, tuple[int, int]] = {}  # a territory may change twice: its latest
    for i, owner, n in changes:
        last = now.get(i)
        if last is None:
            h ^= _key(i, owners[i], dice[i])
        else:
            h ^= _key(i, last[0], last[1])
        h ^= _key(i, owner, n)
        now[i] = (owner, n)
    return h


def counts_after(
    counts: tuple[int, ...], owners: tuple[int, ...], changes: Changes
) -> tuple[int, ...]:
    """Each player's territories after ``changes`` (``counts`` before them)."""
    out = list(counts)
    if len(changes) > _SCAN_MAX:
        now: dict[int, int] = {}
        for i, owner, _ in changes:
            before = now.get(i, owners[i])
            if before != owner:
                out[before] -= 1
                out[owner] += 1
            now[i] = owner
        return tuple(out)
    for k in range(len(changes)):
        i, owner, _ = changes[k]
        e = _earlier(changes, k)
        before = owners[i] if e < 0 else changes[e][1]
        if before != owner:
            out[before] -= 1
            out[owner] += 1
    return tuple(out)


def board_hash_after_attack(
    h: int, owners: Chunks, dice: Chunks, src: int, dst: int, player: int
) -> int:
    """:func:`board_hash_after` of ``player``'s attack ``src -> dst`` on a chunked
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
    """:func:`counts_after` of ``player``'s attack on ``dst`` (a chunked board)."""
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


# -- boards in chunks, shared with the board before ----------------------------------
def chunked(values: tuple[Any, ...]) -> Chunks:
    """``values`` in chunks of :data:`CHUNK` and blocks of ``1 << FAN`` chunks (the last
    ones may be shorter).

    >>> c = chunked(tuple(range(2100)))
    >>> [len(block) for block in c], [len(row) for row in c[-1]], at(c, 2090)
    ([32, 32, 2], [32, 20], 2090)
    >>> flattened(c) == tuple(range(2100))
    True
    """
    rows = [values[k : k + CHUNK] for k in range(0, len(values), CHUNK)]
    span = 1 << FAN
    return tuple([tuple(rows[k : k + span]) for k in range(0, len(rows), span)])


def flattened(chunks: Chunks) -> tuple[Any, ...]:
    """The flat tuple of a chunked sequence."""
    return tuple(chain.from_iterable(chain.from_iterable(chunks)))


def at(chunks: Chunks, i: int) -> Any:
    """Item ``i`` of a chunked sequence."""
    return chunks[i >> TOP][(i >> SHIFT) & FAN_MASK][i & MASK]


def changed_in(a: Chunks, b: Chunks) -> list[int]:
    """The items (ascending) where two chunked sequences of one length differ: a block or
    chunk the two share is skipped unread, so two positions a move apart compare in
    ``n / 1024`` steps and a few chunks, not ``n``.

    >>> c = chunked(tuple(range(3000)))
    >>> changed_in(c, updated(c, [2500, 7], [-1, -2])), changed_in(c, chunked(tuple(range(3000))))
    ([7, 2500], [])
    """
    out: list[int] = []
    for i in range(len(a)):
        block_a = a[i]
        block_b = b[i]
        if block_a is block_b:
            continue
        for j in range(len(block_a)):
            row_a = block_a[j]
            row_b = block_b[j]
            if row_a is row_b or row_a == row_b:
                continue
            first = (i << TOP) | (j << SHIFT)
            for k in range(len(row_a)):
                if row_a[k] != row_b[k]:
                    out.append(first + k)
    return out


def updated(chunks: Chunks, cells: list[int], values: list[Any]) -> Chunks:
    """``chunks`` with item ``cells[k]`` set to ``values[k]`` (later ones win): a new
    outer tuple and new blocks and chunks where an item changed, sharing every other
    block and chunk; ``chunks`` itself when no item changes.

    >>> c = chunked(tuple(range(3000)))
    >>> d = updated(c, [5, 70, 5, 2500], [-1, -2, -3, -4])
    >>> at(d, 5), at(d, 70), at(d, 2500), d[1] is c[1], d[0][1] is c[0][1]
    (-3, -2, -4, True, True)
    >>> updated(c, [3], [3]) is c
    True
    """
    rows: dict[int, list[Any]] = {}
    for k in range(len(cells)):
        i = cells[k]
        c = i >> SHIFT
        row = rows.get(c)
        if row is None:
            old: tuple[Any, ...] = chunks[c >> FAN][c & FAN_MASK]
            if old[i & MASK] == values[k]:
                continue
            row = list(old)
            rows[c] = row
        row[i & MASK] = values[k]
    if not rows:
        return chunks
    blocks: dict[int, list[tuple[Any, ...]]] = {}
    for c, row in rows.items():
        b = c >> FAN
        block = blocks.get(b)
        if block is None:
            block = list(chunks[b])
            blocks[b] = block
        block[c & FAN_MASK] = tuple(row)
    out = list(chunks)
    for b, block in blocks.items():
        out[b] = tuple(block)
    return tuple(out)


def apply_changes_in(owners: Chunks, dice: Chunks, changes: Changes) -> tuple[Chunks, Chunks]:
    """:func:`apply_changes` on chunked boards (sharing the unchanged chunks)."""
    cells = [change[0] for change in changes]
    return (
        updated(owners, cells, [change[1] for change in changes]),
        updated(dice, cells, [change[2] for change in changes]),
    )


def board_hash_after_in(h: int, owners: Chunks, dice: Chunks, changes: Changes) -> int:
    """:func:`board_hash_after` of a chunked board."""
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
    """:func:`counts_after` of a chunked board."""
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
    """:func:`_chunk` on a chunked board."""
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
    """:func:`attack_table` of a chunked board, in chunks."""
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
    """:func:`attack_table_after` in chunks: the chunks of the touched territories are
    copied, the others shared with ``table``."""
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
def _chunk(
    i: int,
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    neighbors: tuple[tuple[int, ...], ...],
    made: tuple[Chunk, ...],
) -> Chunk:
    """The attacks from ``i`` (for its owner): enemy neighbours with fewer dice."""
    d = dice[i]
    if d < 2:
        return ()
    owner = owners[i]
    nbrs = neighbors[i]
    attacks = made[i]
    out: list[object] = []
    for k in range(len(nbrs)):
        j = nbrs[k]
        if owners[j] != owner and d > dice[j]:
            out.append(attacks[k])
    if len(out) == len(nbrs):
        return attacks  # every neighbour: the shared tuple
    return tuple(out)


def attack_table(
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    neighbors: tuple[tuple[int, ...], ...],
    made: tuple[Chunk, ...],
) -> tuple[Chunk, ...]:
    """The attacks from every territory, from scratch. ``made[i][k]`` is the attack
    from ``i`` on its ``k``-th neighbour (made once per board, shared)."""
    return tuple([_chunk(i, owners, dice, neighbors, made) for i in range(len(owners))])


def attack_table_after(
    table: tuple[Chunk, ...],
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    neighbors: tuple[tuple[int, ...], ...],
    made: tuple[Chunk, ...],
    changes: Changes,
) -> tuple[Chunk, ...]:
    """:func:`attack_table` of the board ``owners``, ``dice`` (after ``changes``) from
    the ``table`` of the board before them: only the chunks of the changed territories
    and their neighbours are made again."""
    out = list(table)
    for i in touched(neighbors, changes):
        out[i] = _chunk(i, owners, dice, neighbors, made)
    return tuple(out)


def attacks_best_first(
    table: tuple[Chunk, ...],
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    player: int,
    reverse: bool,
) -> Iterator[Any]:
    """The attacks of ``player`` from ``table`` (territory order, backwards when
    ``reverse``: the move list) ranked as the move-ordering hint ranks them: by target
    dice, then source dice, both descending; ties in move-list order.

    Lazily: the attacks of the best rank the board allows (the most dice on the board
    against one less) are yielded as the pass over the table finds them, so a search
    that wants the best few stops the pass early; every other attack waits in a bucket
    per rank, yielded once the pass is over.

    >>> from lazytree.games.dice_of_doom.board import neighbor_table
    >>> nbrs = neighbor_table(3)
    >>> made = tuple(tuple((i, j) for j in n) for i, n in enumerate(nbrs))
    >>> owners, dice = (0, 1, 0, 1, 0, 1, 0, 1, 0), (2, 1, 3, 2, 1, 3, 1, 2, 3)
    >>> table = attack_table(owners, dice, nbrs, made)
    >>> [a for chunk in table[::2] for a in chunk]          # the move list (player 0)
    [(0, 1), (2, 1), (8, 7)]
    >>> list(attacks_best_first(table, owners, dice, 0, False))  # 3 on 2, 3 on 1, 2 on 1
    [(8, 7), (2, 1), (0, 1)]
    """
    top = max(dice)
    best = (top - 1) * 64 + top  # no attack ranks higher (it needs more dice than its target)
    later: dict[int, list[Any]] = {}
    n = len(owners)
    for k in range(n):
        i = n - 1 - k if reverse else k
        if owners[i] != player:
            continue
        chunk: tuple[Any, ...] = table[i]
        if not chunk:
            continue
        d = dice[i]
        for attack in chunk:
            rank = dice[attack[1]] * 64 + d
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


def attacks_best_first_in(
    table: Chunks, owners: Chunks, dice: Chunks, player: int, reverse: bool, top: int
) -> Iterator[Any]:
    """:func:`attacks_best_first` of a chunked board and table (the same moves in the
    same order), given the most dice on the board, ``top`` (:func:`levels`)."""
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


def facts_after(
    facts: BoardFacts,
    neighbors: tuple[tuple[int, ...], ...],
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    changes: Changes,
    max_dice: int,
) -> BoardFacts:
    """The facts after ``changes`` from the ``facts`` of the board ``owners``, ``dice``
    before them (which are not changed)."""
    o = list(owners)
    d = list(dice)
    territories = list(facts.territories)
    unsafe = list(facts.unsafe)
    held = list(facts.held)
    full = list(facts.full)
    below = list(facts.below)
    cells = touched(neighbors, changes)
    for i in cells:
        _add_cell(i, o, d, neighbors, max_dice, unsafe, held, full, below, -1)
    labels = facts.labels
    alias = facts.alias
    sizes = facts.sizes
    next_label = facts.next_label
    copied = False
    for i, owner, n in changes:
        before = o[i]
        d[i] = n
        if before == owner:
            continue
        if not copied:  # the groups change: copy them (the facts before stay as they were)
            labels = list(labels)
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
    if copied and len(alias) > len(o) // 4:  # long alias chains: name every group by its root
        labels = [_find(alias, label) for label in labels]
        alias = {}
    return BoardFacts(territories, unsafe, held, full, below, labels, alias, sizes, next_label)


class Overlay:
    """A chunked sequence (:data:`Chunks`) with items set over it, for the few cells a
    move changes: reads see the items set, :meth:`made` is the new chunked sequence
    (sharing the chunks no item was set in)."""

    __slots__ = ("changed", "chunks")

    def __init__(self, chunks: Chunks) -> None:
        self.chunks = chunks
        self.changed: dict[int, Any] = {}

    def __getitem__(self, i: int) -> Any:
        changed = self.changed
        if i in changed:
            return changed[i]
        return self.chunks[i >> TOP][(i >> SHIFT) & FAN_MASK][i & MASK]

    def __setitem__(self, i: int, value: Any) -> None:
        self.changed[i] = value

    def made(self) -> Chunks:
        changed = self.changed
        return updated(self.chunks, list(changed), list(changed.values()))


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
    """:func:`facts_after` of a chunked board, from facts whose labels are chunked
    (:func:`board_facts_in`): the board before is read through an :class:`Overlay`,
    the labels set in the chunks they fall in, so the work is that of the territories
    changed and the groups they join or split, not of the board."""
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
