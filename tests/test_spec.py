"""The one ``name:key=value`` parser (lazytree.spec)."""

from __future__ import annotations

from typing import Any

import pytest

from lazytree.spec import Param, Registry, Spec, SpecError, split_names


class ToyError(SpecError):
    pass


def toy_registry() -> Registry[dict[str, Any]]:
    reg = Registry[dict[str, Any]]("toy", ToyError)
    reg.register(
        Spec(
            "box",
            "A box",
            (
                Param("size", int, 2, "Size."),
                Param("ratio", float, None, "Ratio."),
                Param("label", str, "x", "Label."),
                Param("open", bool, False, "Open?"),
                Param("shift", int, 0, "Shift.", low=None),
            ),
            lambda text, **values: {"text": text, **values},
        )
    )
    reg.register(Spec("empty", "Nothing", (), lambda text: {"text": text}))
    return reg


def test_make_fills_defaults_and_converts() -> None:
    made = toy_registry().make(" box:size=5:open=yes:ratio=0.5:shift=-3 ")
    assert made == {
        "text": "box:size=5:open=yes:ratio=0.5:shift=-3",
        "size": 5,
        "ratio": 0.5,
        "label": "x",
        "open": True,
        "shift": -3,
    }


def test_none_unsets_a_parameter() -> None:
    assert toy_registry().values("box:size=none")["size"] is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("crate", "unknown toy 'crate' (known: box, empty)"),
        ("box:size", "'box:size': parameters are written key=value, got 'size'"),
        (
            "box:colour=red",
            "box has no parameter 'colour' (parameters: size, ratio, label, open, shift)",
        ),
        ("empty:x=1", "empty has no parameter 'x' (parameters: none)"),
        ("box:size=two", "box: size='two' is not a whole number"),
        ("box:ratio=half", "box: ratio='half' is not a number"),
        ("box:open=maybe", "box: open='maybe' is not true or false"),
        ("box:size=-1", "box: size must be >= 0, got -1"),
    ],
)
def test_bad_text_is_one_line_of_the_registry_error(text: str, message: str) -> None:
    with pytest.raises(ToyError) as info:
        toy_registry().make(text)
    assert str(info.value) == message


def test_names_are_unique() -> None:
    reg = toy_registry()
    with pytest.raises(ValueError, match="already registered"):
        reg.register(Spec("box", "Again", (), lambda text: {}))
    assert list(reg) == ["box", "empty"] and "box" in reg and len(reg) == 2
    assert reg.describe()["box"] == "A box (size, ratio, label, open, shift)"


def test_split_names() -> None:
    assert split_names("") == ()
    assert split_names("human,lol2 , mcts:time=0.5") == ("human", "lol2", "mcts:time=0.5")
