"""The players' palette (``lazytree/static/boards.css``, the one place it is written: the
pages, the terminal and the pictures all read it) stays distinguishable for people with a
colour-vision deficiency.

Each colour is seen as a protanope, a deuteranope and a tritanope sees it (Machado,
Oliveira and Fernandes 2009, severity 1.0: a matrix on linear sRGB), then every pair of
the eight players is compared with CIEDE2000. The smallest difference, under normal
vision and under each simulation, must stay above :data:`MIN_DELTA_E`; and the number
drawn on a territory (white) must keep a contrast of :data:`MIN_LABEL_CONTRAST` with
every player's colour.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOARDS_CSS = ROOT / "lazytree" / "static" / "boards.css"

PLAYERS = 8

MIN_DELTA_E = 9.5
"""The smallest CIEDE2000 difference allowed between two players' colours, under normal
vision and each simulated deficiency. 2.3 is a just noticeable difference; around 10
two flat areas read as two different colours at a glance; every cell also
carries a second cue (a letter or a pattern), so colour is never the only one."""

MIN_LABEL_CONTRAST = 3.0
"""WCAG's contrast for large text and graphics, between white (the dice on a
territory) and each player's colour."""

Matrix = tuple[tuple[float, float, float], ...]

DEFICIENCIES: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. (2009), table of severity 1.0 (dichromacy), on linear sRGB."""

RGB = tuple[float, float, float]


def palette(css: str, scope: str = ":root") -> list[str]:
    """The players' colours ``--player-0`` ... ``--player-7`` as written in the first rule
    for ``scope`` that sets them (``#rrggbb``)."""
    for block in re.finditer(r"([^{}]*)\{([^{}]*)\}", css):
        if block.group(1).strip().split("\n")[-1].strip() != scope:
            continue
        found = dict(re.findall(r"--player-(\d)\s*:\s*(#[0-9a-fA-F]{6})\s*;", block.group(2)))
        if len(found) == PLAYERS:
            return [found[str(p)] for p in range(PLAYERS)]
    raise AssertionError(f"boards.css sets no --player-0..7 in a rule for {scope}")


def linear(hex_colour: str) -> RGB:
    """A ``#rrggbb`` colour as linear sRGB in [0, 1]."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return (r, g, b)


def simulate(rgb: RGB, matrix: Matrix) -> RGB:
    """``rgb`` (linear) as a dichromat sees it, clipped to the gamut."""
    seen = (sum(m * c for m, c in zip(row, rgb, strict=True)) for row in matrix)
    r, g, b = (min(1.0, max(0.0, c)) for c in seen)
    return (r, g, b)


def lab(rgb: RGB) -> RGB:
    """Linear sRGB as CIELAB (D65)."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def ciede2000(lab1: RGB, lab2: RGB) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * cp_bar
    sh = 1 + 0.015 * cp_bar * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def contrast(rgb1: RGB, rgb2: RGB) -> float:
    """WCAG's contrast ratio of two linear sRGB colours."""

    def luminance(c: RGB) -> float:
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    hi, lo = sorted((luminance(rgb1), luminance(rgb2)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def closest_pairs(colours: list[str]) -> dict[str, tuple[float, int, int]]:
    """For normal vision and each deficiency: the smallest CIEDE2000 difference between two
    players' colours, and which two."""
    seen: dict[str, list[RGB]] = {"normal": [linear(c) for c in colours]}
    for name, matrix in DEFICIENCIES.items():
        seen[name] = [simulate(rgb, matrix) for rgb in seen["normal"]]
    closest = {}
    for name, rgbs in seen.items():
        labs = [lab(c) for c in rgbs]
        pairs = itertools.combinations(range(len(labs)), 2)
        closest[name] = min((ciede2000(labs[i], labs[j]), i, j) for i, j in pairs)
    return closest


def test_the_colour_difference_is_the_published_one() -> None:
    # Sharma, Wu and Dalal (2005), test data pairs 1 and 17
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_the_simulations_keep_grey_and_merge_red_with_green() -> None:
    for matrix in DEFICIENCIES.values():
        for grey in ("#000000", "#808080", "#ffffff"):
            assert ciede2000(lab(linear(grey)), lab(simulate(linear(grey), matrix))) < 1.5
    red, green = lab(linear("#cc3333")), lab(linear("#669900"))
    assert ciede2000(red, green) > 40
    deutan = DEFICIENCIES["deuteranopia"]
    seen = [lab(simulate(linear(c), deutan)) for c in ("#cc3333", "#669900")]
    assert ciede2000(*seen) < 15


@pytest.mark.parametrize("scope", [":root"])
def test_every_two_players_differ_under_every_deficiency(scope: str) -> None:
    colours = palette(BOARDS_CSS.read_text(encoding="utf-8"), scope)
    assert len(set(colours)) == PLAYERS
    for vision, (difference, i, j) in closest_pairs(colours).items():
        assert difference >= MIN_DELTA_E, (
            f"{vision}: players {i} ({colours[i]}) and {j} ({colours[j]}) differ by only "
            f"{difference:.1f} (CIEDE2000)"
        )


def test_the_dice_stay_readable_on_every_player() -> None:
    white = linear("#ffffff")
    for p, colour in enumerate(palette(BOARDS_CSS.read_text(encoding="utf-8"))):
        ratio = contrast(white, linear(colour))
        assert ratio >= MIN_LABEL_CONTRAST, f"player {p} ({colour}): white on it {ratio:.2f}:1"


def test_the_pictures_use_the_pages_colours() -> None:
    """The exported pictures (Graphviz) colour each player as the pages do: MAX and MIN
    look the same in the explorer and in an SVG or PNG of the same tree."""
    from lazytree.export.draw import PLAYER_COLOURS

    css = BOARDS_CSS.read_text(encoding="utf-8")
    for p, (fill, border) in enumerate(PLAYER_COLOURS):
        assert f"--player-{p}: {border};" in css
        assert f"--player-{p}-light: {fill};" in css
    assert len(PLAYER_COLOURS) == PLAYERS


def test_the_palette_is_written_once() -> None:
    """The players' colours are written in ``boards.css`` alone: the pictures (above),
    the terminal's board and the static site's icon read them (``player_colours``), the
    pages' canvas reads its custom properties; no other source writes one, so the
    browser, the terminal and Graphviz cannot disagree."""
    from lazytree.boards import player_colours
    from lazytree.cli.board import PLAYER_STYLES

    css = BOARDS_CSS.read_text(encoding="utf-8")
    colours = palette(css)
    assert [colour for _, colour in player_colours()] == colours
    assert tuple(f"bold {colour}" for colour in colours) == PLAYER_STYLES
    look = ROOT / "frontend" / "src" / "board" / "look.ts"
    assert "`--player-${p}`" in look.read_text(encoding="utf-8")
    written = {c.lower() for c in re.findall(r"--player-\d(?:-light)?:\s*(#[0-9a-fA-F]{6})", css)}
    assert len(written) == 2 * PLAYERS
    suffixes = {".py", ".ts", ".mjs", ".js", ".css", ".html"}
    for folder in ("lazytree", "games", "frontend", "examples"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in suffixes or path == BOARDS_CSS or "node_modules" in path.parts:
                continue
            text = path.read_text(encoding="utf-8").lower()
            found = sorted(c for c in written if c in text)
            assert not found, f"{path.relative_to(ROOT)} writes the palette's {found}"
