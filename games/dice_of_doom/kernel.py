"""The hot loops of the Dice of Doom rules, as free functions over a board's two tuples
(compiled with the core): the moves, the position after an attack or a pass, the book's
rating. ``owners[i]`` and ``dice[i]`` are territory ``i``'s owner and dice,
``neighbors[i]`` its neighbours, and ``made[i][k]`` the move object of the attack from
``i`` on ``neighbors[i][k]`` (made once by the rules, so listing moves makes no object).

Examples
--------
>>> owners, dice = (0, 1, 0, 1), (2, 1, 3, 2)
>>> neighbors = ((1, 2, 3), (0, 3), (0, 3), (0, 1, 2))
>>> made = tuple(tuple((i, j) for j in nbrs) for i, nbrs in enumerate(neighbors))
>>> attacks(owners, dice, 0, neighbors, made, False)
[(0, 1), (2, 3)]
>>> attacks(owners, dice, 0, neighbors, made, True)
[(2, 3), (0, 1)]
>>> after_attack(owners, dice, 0, neighbors, 2, 3)
((0, 1, 0, 0), (2, 1, 1, 2))
>>> after_attack(owners, dice, 0, neighbors, 0, 3) is None   # 2 dice against 2
True
>>> book_value(owners, 2, 0), book_value((0, 0, 0, 1), 2, 1), book_value((0, 0, 1), 2, 0)
(0.5, 0.0, 1.0)
>>> book_value((0, 1, 2, 2, 1), 3, 1), book_value((0, 1, 2, 2, 1), 3, 0)
(0.5, 0.0)
>>> after_pass(owners, dice, 0, 1, 3, False), after_pass(owners, dice, 0, 5, 3, True)
(((3, 1, 3, 2), 0), ((3, 1, 3, 2), 4))
>>> next_player((0, 2, 2), 0, 3), next_player((0, 2, 2), 2, 3), next_player((0,), 0, 2)
(2, 0, 1)
"""

from __future__ import annotations

from typing import TypeVar

__all__ = [
    "after_attack",
    "after_pass",
    "attack_is_legal",
    "attacked_board",
    "attacks",
    "book_share",
    "book_value",
    "can_attack",
    "next_player",
]

M = TypeVar("M")


def attacks(
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    player: int,
    neighbors: tuple[tuple[int, ...], ...],
    made: tuple[tuple[M, ...], ...],
    reverse: bool,
) -> list[M]:
    """The attacks of ``player`` (more dice than the target), as ``made``'s objects, in
    board order (``reverse``: from the last territory to the first), each territory's
    targets in the order of its neighbours."""
    out: list[M] = []
    n = len(owners)
    for k in range(n):
        src = n - 1 - k if reverse else k
        if owners[src] != player:
            continue
        d = dice[src]
        if d < 2:
            continue
        nbrs = neighbors[src]
        objects = made[src]
        for j in range(len(nbrs)):
            dst = nbrs[j]
            if owners[dst] != player and d > dice[dst]:
                out.append(objects[j])
    return out


def can_attack(
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    player: int,
    neighbors: tuple[tuple[int, ...], ...],
) -> bool:
    """Whether ``player`` has an attack (more dice than the target)."""
    for src in range(len(owners)):
        if owners[src] != player:
            continue
        d = dice[src]
        if d < 2:
            continue
        for dst in neighbors[src]:
            if owners[dst] != player and d > dice[dst]:
                return True
    return False


def attack_is_legal(
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    player: int,
    neighbors: tuple[tuple[int, ...], ...],
    src: object,
    dst: object,
) -> bool:
    """Whether ``src -> dst`` is an attack of ``player``: territories (ints) of the
    board, ``src`` its own, ``dst`` an enemy neighbour with fewer dice."""
    if not (isinstance(src, int) and isinstance(dst, int)):
        return False
    n = len(owners)
    if not (0 <= src < n and 0 <= dst < n):
        return False
    if owners[src] != player or owners[dst] == player:
        return False
    if dice[src] <= dice[dst]:
        return False
    return dst in neighbors[src]


def after_attack(
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    player: int,
    neighbors: tuple[tuple[int, ...], ...],
    src: object,
    dst: object,
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The board (owners, dice) after ``player``'s attack ``src -> dst``: the target
    changes owner and gets the attacker's dice but one, the source keeps one. None when
    it is not an attack of ``player`` (:func:`attack_is_legal`)."""
    if not attack_is_legal(owners, dice, player, neighbors, src, dst):
        return None
    assert isinstance(src, int) and isinstance(dst, int)
    return attacked_board(owners, dice, player, src, dst)


def attacked_board(
    owners: tuple[int, ...], dice: tuple[int, ...], player: int, src: int, dst: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board (owners, dice) after ``player``'s attack ``src -> dst``, not checked
    (:func:`after_attack` checks it first)."""
    new_owners = list(owners)
    new_dice = list(dice)
    new_owners[dst] = player
    new_dice[dst] = new_dice[src] - 1
    new_dice[src] = 1
    return tuple(new_owners), tuple(new_dice)


def book_share(counts: tuple[int, ...], player: int, gain: int = -1, loss: int = -1) -> float:
    """The book's rating of ``player`` from each player's territories: ``1/k`` when it
    is one of the ``k`` players with the most, else 0. With ``gain`` and ``loss``: of
    the counts after one territory went from player ``loss`` to player ``gain`` (an
    attack), without making them."""
    n = len(counts)
    best = -1
    mine = 0
    for p in range(n):
        c = counts[p] + (p == gain) - (p == loss)
        if c > best:
            best = c
        if p == player:
            mine = c
    if mine != best:
        return 0.0
    tied = 0
    for p in range(n):
        if counts[p] + (p == gain) - (p == loss) == best:
            tied += 1
    return 1.0 / tied


def book_value(owners: tuple[int, ...], players: int, player: int) -> float:
    """The book's rating of ``player`` (:func:`book_share`) from the owners of a board
    of ``players`` players (with two, a count of one player's territories)."""
    if players == 2:
        mine = 0
        for o in owners:
            if o == player:
                mine += 1
        theirs = len(owners) - mine
        if mine > theirs:
            return 1.0
        return 0.5 if mine == theirs else 0.0
    counts = [0] * players
    for o in owners:
        counts[o] += 1
    return book_share(tuple(counts), player)


def after_pass(
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    player: int,
    spare: int,
    top: int,
    reverse: bool,
) -> tuple[tuple[int, ...], int]:
    """The dice after ``player`` passes, and the spare dice left: one die from the pool
    ``spare`` to each of its territories below ``top`` dice, in board order (``reverse``:
    from the last territory to the first), until the pool is empty."""
    more = list(dice)
    n = len(owners)
    for k in range(n):
        if spare == 0:
            break
        i = n - 1 - k if reverse else k
        if owners[i] == player and more[i] < top:
            more[i] += 1
            spare -= 1
    return tuple(more), spare


def next_player(owners: tuple[int, ...], player: int, players: int) -> int:
    """The next player after ``player`` (of ``players``) who owns a territory, or the
    next one when no other does."""
    for step in range(1, players):
        candidate = (player + step) % players
        if candidate in owners:
            return candidate
    return (player + 1) % players
