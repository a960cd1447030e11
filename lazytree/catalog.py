"""Games by short name, found through the entry-point group ``lazytree.games``.

An entry point names a :class:`GameSpec` or a zero-argument callable returning a game. :data:`GAMES`
is lazy (a game's module is imported when its spec is asked for); a broken entry point is recorded
with its reason (:meth:`Catalog.broken`). From a source checkout its own ``pyproject.toml`` is read.
:func:`register` adds a spec directly.

Examples
--------
>>> pos = load_game("dice-of-doom", size=2, board="0:2 1:1 0:3 1:2")
>>> pos.game.size, pos.state.dice
(2, (2, 1, 3, 2))
>>> load_game("dice-of-doom", size=0)
Traceback (most recent call last):
...
lazytree.catalog.OptionError: size must be at least 2, got 0
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, NamedTuple

import lazytree.game as protocols
from lazytree.game import Game

__all__ = [
    "GAMES",
    "GROUP",
    "Catalog",
    "GameOption",
    "GameSpec",
    "OptionError",
    "Position",
    "capabilities",
    "load_game",
    "register",
    "seeded",
]

GROUP = "lazytree.games"
"""The entry-point group games are declared in."""


class OptionError(ValueError):
    """A game option with a bad value (the message is meant for the user)."""


class Position(NamedTuple):
    """A game and a position of it."""

    game: Game[Any, Any]
    state: Any


@dataclass(frozen=True)
class GameOption:
    """One option a game accepts: ``name`` is the Python name (``spare_dice``), the
    command line spells it ``--spare-dice``."""

    name: str
    type: type
    default: Any
    help: str
    minimum: int | None = None
    """The smallest value the rules take (a whole-number option), if they have one."""
    maximum: int | None = None
    """The largest value the rules take, if they have one (the new-game form offers no
    more)."""
    file_bytes: int | None = None
    """A text option the command line also reads from a file, ``@PATH``, of at most this
    many bytes (None: the text only). The library and the server take the text itself:
    a value they are given never names a file."""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class GameSpec:
    """A registered game: its name, a one-line summary, its options and how to set it up."""

    name: str
    summary: str
    options: tuple[GameOption, ...]
    setup: Callable[[Mapping[str, Any]], Position]
    notation: str = field(default="")
    analysis_depth: int | None = 4
    """Search depth ``lazytree analyse`` uses when none is given (None: the whole game)."""

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    @classmethod
    def of_game(cls, game: Game[Any, Any], summary: str = "") -> GameSpec:
        """The spec of a ready-made game: no options, the start is ``initial_state()``.

        >>> from lazytree.games.tree_game import TreeGame
        >>> spec = GameSpec.of_game(TreeGame([1, [2, 3]]))
        >>> spec.name, spec.options, spec.setup({}).state
        ('tree', (), ())
        """
        doc = (type(game).__doc__ or "").strip().splitlines()
        return cls(
            name=game.name,
            summary=summary or (doc[0] if doc else game.name),
            options=(),
            setup=lambda _options: Position(game, game.initial_state()),
            analysis_depth=None,
        )


@dataclass(frozen=True)
class Entry:
    """One declared game: its name, where it comes from and how to get its spec."""

    name: str
    origin: str
    """The distribution providing it, e.g. ``lazytree 0.1.0``, or ``register()``."""
    value: str
    """What the entry point names (``module:object``); empty for :func:`register`."""
    load: Callable[[], object]


def _spec_of(entry: Entry) -> GameSpec:
    """The spec an entry names; ``ValueError`` with a one-line reason when it names none."""
    try:
        obj = entry.load()
    except Exception as exc:  # any failure of a plugin's import is that plugin's
        raise ValueError(f"cannot load {entry.value}: {type(exc).__name__}: {exc}") from None
    if isinstance(obj, GameSpec):
        spec = obj
    elif callable(obj):
        try:
            game = obj()
        except Exception as exc:
            raise ValueError(f"{entry.value}() failed: {type(exc).__name__}: {exc}") from None
        if not isinstance(game, Game):
            raise ValueError(
                f"{entry.value} is neither a GameSpec nor gives a Game "
                f"({entry.value}() returned a {type(game).__name__})"
            )
        spec = GameSpec.of_game(game)
    else:
        raise ValueError(
            f"{entry.value} is a {type(obj).__name__}, neither a GameSpec nor a callable "
            "returning a Game"
        )
    if spec.name != entry.name:
        raise ValueError(
            f"the entry point {entry.name!r} gives a game called {spec.name!r} "
            "(the two names must be the same)"
        )
    return spec


def _source_checkout_entries() -> list[Entry] | None:
    """lazytree's own entry points read from its source checkout's ``pyproject.toml``,
    or None when lazytree is not running from a checkout (an installed wheel)."""
    root = Path(__file__).resolve().parent.parent
    try:
        project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return None
    info = project.get("project", {})
    if info.get("name") != "lazytree":
        return None
    origin = f"lazytree {info.get('version', '?')} (source checkout)"
    declared = info.get("entry-points", {}).get(GROUP, {})
    return [
        Entry(name, origin, value, metadata.EntryPoint(name, value, GROUP).load)
        for name, value in declared.items()
    ]


def _installed_entries() -> list[Entry]:
    """Every entry point of the group, lazytree's own first."""
    own = _source_checkout_entries()
    entries = [] if own is None else own
    others = []
    for ep in metadata.entry_points(group=GROUP):
        dist = ep.dist
        dist_name = dist.metadata["Name"] if dist is not None else ""
        origin = f"{dist_name} {dist.version}" if dist is not None else "unknown distribution"
        entry = Entry(ep.name, origin, ep.value, ep.load)
        if dist_name == "lazytree":
            if own is None:
                entries.append(entry)
        else:
            others.append(entry)
    return entries + others


class Catalog(MutableMapping[str, GameSpec]):
    """The games that load, by name, in declaration order (lazytree's own first); a spec's
    module is imported when it is first asked for, :meth:`names` and :meth:`origin` read
    metadata only, broken entries are listed by :meth:`broken`.
    ``GAMES[name] = spec`` and ``del GAMES[name]`` register and forget a game."""

    def __init__(self, find: Callable[[], list[Entry]] = _installed_entries) -> None:
        self._find = find
        self._entries: dict[str, Entry] | None = None
        self._clashes: dict[str, str] = {}
        self._specs: dict[str, GameSpec] = {}
        self._broken: dict[str, str] = {}

    def _declared(self) -> dict[str, Entry]:
        if self._entries is None:
            entries: dict[str, Entry] = {}
            for entry in self._find():
                first = entries.get(entry.name)
                if first is None:
                    entries[entry.name] = entry
                elif first.origin != entry.origin or first.value != entry.value:
                    self._clashes[f"{entry.name} ({entry.origin})"] = (
                        f"{first.origin} already provides a game called {entry.name!r}"
                    )
            self._entries = entries
        return self._entries

    def names(self) -> list[str]:
        """Every declared name, broken ones included, without importing any game."""
        return list(self._declared())

    def origin(self, name: str) -> str:
        """Where game ``name`` comes from: ``lazytree 0.1.0``, ``connect-four 0.1``, ..."""
        return self._declared()[name].origin

    def spec(self, name: str) -> GameSpec | None:
        """The spec of game ``name`` (imports its module the first time), or None when
        there is no such game or it is broken (see :meth:`reason`)."""
        if name in self._specs:
            return self._specs[name]
        if name in self._broken:
            return None
        entry = self._declared().get(name)
        if entry is None:
            return None
        try:
            spec = _spec_of(entry)
        except ValueError as exc:
            self._broken[name] = " ".join(str(exc).split())
            return None
        self._specs[name] = spec
        return spec

    def reason(self, name: str) -> str | None:
        """Why game ``name`` cannot be loaded (one line), or None."""
        self.spec(name)
        return self._broken.get(name) or self._clashes.get(name)

    def broken(self) -> dict[str, str]:
        """Every declared game that cannot be loaded, with the reason (loads them all)."""
        for name in self.names():
            self.spec(name)
        return {**self._broken, **self._clashes}

    def declare(self, entry: Entry) -> None:
        """Add a game the way an entry point does (its name must be new); it is loaded
        when first used."""
        declared = self._declared()
        if entry.name in declared:
            raise ValueError(f"a game called {entry.name!r} is already registered")
        declared[entry.name] = entry

    def register(self, spec: GameSpec) -> GameSpec:
        """Add ``spec`` under its name (the name must be new)."""
        self.declare(Entry(spec.name, "register()", "", lambda: spec))
        return spec

    def unregister(self, name: str) -> None:
        """Forget game ``name`` (tests that register a game of their own)."""
        self._declared().pop(name, None)
        self._specs.pop(name, None)
        self._broken.pop(name, None)

    def __setitem__(self, name: str, spec: GameSpec) -> None:
        """``GAMES[name] = spec``: :meth:`register` (``name`` must be the spec's)."""
        if name != spec.name:
            raise ValueError(f"the spec of {spec.name!r} registered as {name!r}")
        self.register(spec)

    def __delitem__(self, name: str) -> None:
        """``del GAMES[name]``: :meth:`unregister`."""
        if name not in self._declared():
            raise KeyError(name)
        self.unregister(name)

    def __getitem__(self, name: str) -> GameSpec:
        spec = self.spec(name)
        if spec is None:
            raise KeyError(name)
        return spec

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.spec(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter([name for name in self.names() if self.spec(name) is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)


GAMES = Catalog()
"""Every game that loads, by short name, in declaration order."""


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to :data:`GAMES` (its name must be new)."""
    return GAMES.register(spec)


def load_game(name: str, **options: Any) -> Position:
    """Build game ``name`` and its start position from ``options`` (defaults for the rest)."""
    spec = GAMES.spec(name)
    if spec is None:
        why = GAMES.reason(name)
        if why is not None:
            raise OptionError(f"game {name!r} cannot be loaded: {why}")
        raise OptionError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    values = spec.defaults()
    unknown = set(options) - set(values)
    if unknown:
        known = ", ".join(o.flag for o in spec.options)
        raise OptionError(f"{name} has no option {sorted(unknown)[0]!r} (options: {known})")
    values.update(options)
    try:
        return spec.setup(values)
    except OptionError:
        raise
    except ValueError as exc:  # the rules' own checks speak to the user too
        raise OptionError(str(exc)) from None


def capabilities(game: object) -> list[str]:
    """The optional protocols of :mod:`lazytree.game` that ``game`` implements, by
    class name (``ChanceGame``, ``OrderedGame``, ...): what it offers beyond ``Game``.

    >>> from lazytree.games.tree_game import ChanceTreeGame
    >>> "ChanceGame" in capabilities(ChanceTreeGame([1]))
    True
    """
    found = []
    for name, obj in vars(protocols).items():
        if (
            isinstance(obj, type)
            and obj is not Game
            and getattr(obj, "_is_runtime_protocol", False)
            and obj.__module__ == protocols.__name__
            and isinstance(game, obj)
        ):
            found.append(name)
    return found


def seeded(seed: int | None) -> random.Random:
    """A ``random.Random`` for ``seed`` (fresh entropy when ``seed`` is None)."""
    return random.Random(seed)
