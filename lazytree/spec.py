"""Named things with parameters, spelled ``name:key=value:...`` everywhere.

Agents (``mcts:playouts=500``), raters (``alphabeta-tt:width=8``) and anything else a user
picks by name are listed in a :class:`Registry`: each entry is a :class:`Spec` (a name, a
one-line summary, typed :class:`Param` s and a factory). The same text is accepted on the
command line, in URLs, in files and in the library, and is checked in one place:
:meth:`Registry.parse` reads it and :meth:`Registry.make` builds the thing, or either raises
the registry's :class:`SpecError` with a one-line message for the user. A ``bool``
parameter named alone is switched on (``alphabeta:textbook`` is ``alphabeta:textbook=true``).

Examples
--------
>>> shapes = Registry[str]("shape")
>>> _ = shapes.register(Spec("square", "A square", (Param("side", int, 1, "Side."),),
...                          lambda text, side: f"{text} has area {side * side}"))
>>> shapes.parse("square:side=3")
('square', {'side': 3})
>>> shapes.make("square:side=3")
'square:side=3 has area 9'
>>> shapes.make("circle")
Traceback (most recent call last):
...
lazytree.spec.SpecError: unknown shape 'circle' (known: square)
>>> shapes.make("square:side=-1")
Traceback (most recent call last):
...
lazytree.spec.SpecError: square: side must be >= 0, got -1
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")

__all__ = ["Param", "Registry", "Spec", "SpecError", "split_names"]


class SpecError(ValueError):
    """A name that names nothing registered, or a bad parameter (message for the user)."""


@dataclass(frozen=True)
class Param:
    """One parameter: its name, type (``int``, ``float``, ``str`` or ``bool``), default
    (None: unset), a line of help, and for numbers the lowest value allowed (``low``;
    None: any) and the highest a server takes from the network (``high``; None: no
    bound, which a server refuses to take: see :meth:`Registry.check_high`). The text
    ``none`` sets a parameter to None. ``aliases`` are other spellings of its key that
    are accepted too and read as ``name``."""

    name: str
    type: type
    default: Any
    help: str
    low: float | None = 0
    aliases: tuple[str, ...] = ()
    high: float | None = None

    def spelled(self, key: str) -> bool:
        """Whether ``key`` is this parameter's name or one of its aliases."""
        return key == self.name or key in self.aliases


@dataclass(frozen=True)
class Spec(Generic[T]):
    """A registered name: a summary, its parameters, and ``make(text, **values)`` that
    builds the thing (``text`` is the whole spelling, e.g. ``"mcts:playouts=50"``)."""

    name: str
    summary: str
    params: tuple[Param, ...]
    make: Callable[..., T]

    def describe(self) -> str:
        """The summary with the parameters' names, for help texts."""
        names = ", ".join(p.name for p in self.params)
        return f"{self.summary} ({names})" if names else self.summary


_KINDS = {int: "a whole number", float: "a number", bool: "true or false"}
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


def _convert(owner: str, param: Param, text: str, error: type[SpecError]) -> Any:
    if text.lower() == "none":
        return None
    if param.type is bool:
        word = text.lower()
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
    else:
        try:
            return param.type(text)
        except ValueError:
            pass
    kind = _KINDS.get(param.type, param.type.__name__)
    raise error(f"{owner}: {param.name}={text!r} is not {kind}")


class Registry(Generic[T]):
    """Specs of one kind (``"player"``, ``"rater"``, ...) by name, in registration order.

    ``error`` is the exception raised for bad text (a subclass of :class:`SpecError`).
    """

    def __init__(self, kind: str, error: type[SpecError] = SpecError) -> None:
        self.kind = kind
        self.error = error
        self._specs: dict[str, Spec[T]] = {}

    def register(self, spec: Spec[T]) -> Spec[T]:
        """Add ``spec``; ``ValueError`` when its name is taken."""
        if spec.name in self._specs:
            raise ValueError(f"a {self.kind} called {spec.name!r} is already registered")
        self._specs[spec.name] = spec
        return spec

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)

    def __getitem__(self, name: str) -> Spec[T]:
        return self._specs[name]

    def get(self, name: str) -> Spec[T] | None:
        return self._specs.get(name)

    def spec(self, text: str) -> Spec[T]:
        """The entry ``text`` names (parameters ignored); the registry's error otherwise."""
        name = text.strip().split(":", 1)[0]
        spec = self._specs.get(name)
        if spec is None:
            known = ", ".join(self._specs)
            raise self.error(f"unknown {self.kind} {name!r} (known: {known})")
        return spec

    def parse(self, text: str) -> tuple[str, dict[str, Any]]:
        """``"name:key=value:..."`` -> ``(name, {key: value})``, the values converted to
        their parameters' types (only those given); a ``bool`` key alone is ``True``; a
        key spelled by a parameter's alias is given under the parameter's name."""
        spec = self.spec(text)
        by_key = {key: p for p in spec.params for key in (p.name, *p.aliases)}
        values: dict[str, Any] = {}
        for part in text.strip().split(":")[1:]:
            key, sep, value = part.partition("=")
            param = by_key.get(key)
            if not sep and param is not None and param.type is bool:
                values[param.name] = True  # a switch named alone: "alphabeta:textbook"
                continue
            if key and param is None:
                known = ", ".join(p.name for p in spec.params) or "none"
                raise self.error(f"{spec.name} has no parameter {key!r} (parameters: {known})")
            if not sep or param is None:
                raise self.error(f"{text!r}: parameters are written key=value, got {part!r}")
            values[param.name] = _convert(spec.name, param, value, self.error)
        return spec.name, values

    def values(self, text: str) -> dict[str, Any]:
        """Every parameter of the entry ``text`` names: the given ones, else defaults,
        numbers checked against their ``low``."""
        name, given = self.parse(text)
        spec = self._specs[name]
        values = {p.name: p.default for p in spec.params}
        values.update(given)
        for p in spec.params:
            v = values[p.name]
            if p.low is not None and p.type in (int, float) and v is not None and v < p.low:
                raise self.error(f"{name}: {p.name} must be >= {p.low:g}, got {v}")
        return values

    def check_high(self, text: str) -> None:
        """The registry's error when a number ``text`` gives is over its parameter's
        ``high`` (or is not a number at all: NaN), or is given to a number parameter
        that declares no ``high``: what a server takes from the network.

        >>> reg: Registry[int] = Registry("shape")
        >>> side = Param("side", int, 1, "", high=9)
        >>> _ = reg.register(Spec("sq", "", (side,), lambda text, side: side))
        >>> reg.check_high("sq:side=9")
        >>> reg.check_high("sq:side=10")
        Traceback (most recent call last):
        ...
        lazytree.spec.SpecError: sq: side is at most 9 here, got 10
        """
        name, given = self.parse(text)
        params = {p.name: p for p in self._specs[name].params}
        for key, value in given.items():
            p = params[key]
            if p.type not in (int, float) or value is None:
                continue
            if p.high is None:
                raise self.error(f"{name}: {key} cannot be given here")
            if not value <= p.high:  # (NaN too)
                raise self.error(f"{name}: {key} is at most {p.high:g} here, got {value:g}")

    def make(self, text: str, **context: Any) -> T:
        """Build the thing ``text`` spells: ``spec.make(text, **context, **values)``;
        ``context`` passes what the caller knows (e.g. the game) to the factory."""
        values = self.values(text)
        return self._specs[self.spec(text).name].make(text.strip(), **context, **values)

    def describe(self) -> Mapping[str, str]:
        """Each name with its summary and parameters (for help texts)."""
        return {name: spec.describe() for name, spec in self._specs.items()}


def split_names(text: str) -> tuple[str, ...]:
    """The spellings of a comma-separated list (``"human, mcts:time=0.5"``), blanks dropped.

    >>> split_names(" human, mcts:time=0.5,,lol2")
    ('human', 'mcts:time=0.5', 'lol2')
    """
    return tuple(part.strip() for part in text.split(",") if part.strip())
