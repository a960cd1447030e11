"""Build the static site (``make site``): the play page against the AI, all of it running
in the browser, Python included, from the site's own files.

    python frontend/site.py [OUT]        (default: build/site)

What goes in ``OUT``:

``explore.html``     the explorer: its query (``?game=...&depth=...&rater=...``, as
                     ``lazytree serve``'s ``/explore``) searched by the worker, which
                     then forces what the page asks for (live forcing); ``steps=1``
                     steps through a traced search (the play page links the lecture
                     tree's and a 3x3 board's)
``explorer.js``, ``explorer.css``, ``steps.css``, ``explore.css``: its bundle and styles
``boards.js``        the code the play page and the explorer share (the board renderer),
                     loaded by both before their own bundle
``practice.html``    an alpha-beta exercise on a small random tree (seed 11), checked in
                     the page, with the search's steps to explain the answer
``favicon.ico``      a square of player 0's red (a PNG)
``index.html``       the new-game form (the server's play page, its form sent to
                     ``play.html`` with GET)
``play.html``        the game: the same page and bundle as ``lazytree serve``'s, whose
                     game service is the worker (``data-service="worker"``); "explore
                     its last search" opens the worker's explorer page of it in a new
                     window (a blob of the site's origin: the play page's policy lists
                     the explorer's inline script and style by their hashes)
``worker.js``        the Web Worker (``frontend/src/play/worker.ts``, bundled in
                     ``lazytree/server/static``): Pyodide, then the game or the
                     explored tree (``lazytree/server/local.py``); a warm start
                     restores Python from the memory snapshot the first one kept in
                     the browser's Cache API
``app.js``, ``style.css``, ``boards.css``: the play page's bundle and styles
``pyodide/``         Pyodide's runtime, from the npm package ``pyodide`` (node_modules):
                     the WebAssembly interpreter and the standard library
``wheels/``          lazytree's pure Python wheel (built here with ``LAZYTREE_PURE=1``,
                     with the bytecode of Pyodide's Python added: ``frontend/pyc.mjs``)
                     and ``index.json``, the list the worker unpacks
``lab/``             the notebooks in JupyterLite, on the same Pyodide and wheel, with
                     the kernel's wheels beside lazytree's (``frontend/lab.py``)

The page asks the network for nothing beyond the site (a Content-Security-Policy of
``'self'`` says so to the browser). The summary printed at the end gives the site's size,
as stored and as gzip sends it, the notebooks' part apart.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
STATIC = ROOT / "lazytree" / "server" / "static"
LIB = ROOT / "lazytree" / "static"

RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
    "README.md",
)
"""The files of the npm package ``pyodide`` the worker loads (and its ``package.json``,
which names its licence, MPL-2.0)."""

CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{scripts}; "
    "style-src 'self'{styles}; img-src 'self' data:; "
    "worker-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'"
)
"""The pages' Content-Security-Policy: nothing from anywhere but the site (the play
page's also allows the inline script and style of the explorer's page by their hashes:
:func:`explorer_sources`)."""

EXPLORE_LINKS = {
    "the lecture tree, step by step": "game=tree&depth=3&rater=alphabeta:textbook&steps=1",
    "an AI's search, step by step": (
        "game=dice-of-doom&size=3&seed=8&depth=4&rater=alphabeta&steps=1"
    ),
}
"""The explorer's pages the site's pages link (``explore.html?QUERY``)."""

LAB_LINK = "lab/tree/index.html"
"""The notebooks' list in JupyterLite (``frontend/lab.py``), which the site's pages link."""

EXPLORE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<title>lazytree: explore a search</title>
<link rel="icon" href="favicon.ico">
<link rel="stylesheet" href="boards.css">
<link rel="stylesheet" href="explorer.css">
<link rel="stylesheet" href="steps.css">
<link rel="stylesheet" href="explore.css">
</head>
<body>
<div id="explorer" data-service="worker" data-worker="worker.js" aria-live="polite">loading…</div>
<script src="boards.js"></script>
<script src="explorer.js"></script>
</body>
</html>
"""
"""The site's explorer page: the worker searches its query (``data-service``)."""

EXPLORE_CSS = (
    "html, body { margin: 0; height: 100%; }\n#explorer { height: 100vh; }\n"
    "#explorer:not(.lt-explorer) { box-sizing: border-box; padding: 1em; "
    "font: 16px system-ui, sans-serif; }\n"
)
"""The explorer page's own rules (those of ``lazytree explore --format html``'s page, and
the status line shown while Python loads)."""


def explorer_sources() -> tuple[str, str]:
    """The CSP sources of the inline script and style of an explorer page
    (:func:`lazytree.explorer.html.page`, the same in every page of an AI's search):
    ``'sha256-...'`` of each, for ``script-src`` and ``style-src``."""
    from lazytree.explorer.html import page
    from lazytree.explorer.model import explorer_model
    from lazytree.games import load_game
    from lazytree.tree import Tree

    game, state = load_game("tictactoe")
    text = page(explorer_model(Tree(game, state)))

    def digests(tag: str) -> str:
        bodies = re.findall(rf"<{tag}>(.*?)</{tag}>", text, re.S)  # (no attributes: inline code)
        return "".join(
            f" 'sha256-{base64.b64encode(hashlib.sha256(b.encode()).digest()).decode()}'"
            for b in bodies
        )

    return digests("script"), digests("style")


def page(
    template: str, *, session: str, games: str, csp: str, prefetch: tuple[str, ...] = ()
) -> str:
    """The play page for the site: the server's page, with the site's relative
    addresses, the worker as its game service, and no server-only parts (the lobby,
    saving and loading files through the server). The files named in ``prefetch`` are
    fetched into the browser's cache while the page is read (the form page: the game's
    page then starts from the cache)."""
    edits = {
        '<link rel="stylesheet" href="/lib/boards.css">': (
            f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
            '<link rel="icon" href="favicon.ico">\n'
            + "".join(f'<link rel="prefetch" href="{html.escape(f)}">\n' for f in prefetch)
            + '<link rel="stylesheet" href="boards.css">'
        ),
        '<link rel="stylesheet" href="/static/style.css">': (
            '<link rel="stylesheet" href="style.css">'
        ),
        '<script defer src="/lib/boards.js"></script>': '<script defer src="boards.js"></script>',
        '<script type="module" src="/static/app.js"></script>': (
            '<script type="module" src="app.js"></script>'
        ),
        'data-session="__SESSION__"': (
            f'data-session="{html.escape(session)}" data-service="worker" data-worker="worker.js"'
        ),
        '<a href="/" class="brand">lazytree</a> <a href="/lobby" data-action="lobby">lobby</a>': (
            '<a href="index.html" class="brand">lazytree</a> '
            + "".join(
                f'<a href="{html.escape("explore.html?" + query)}">{html.escape(label)}</a> '
                for label, query in EXPLORE_LINKS.items()
            )
            + '<a href="practice.html">practise alpha-beta</a> '
            + f'<a href="{LAB_LINK}">the notebooks</a>'
        ),
        '<form id="newgame-form" action="/play" method="post">': (
            '<form id="newgame-form" action="play.html" method="get">'
        ),
        '<p class="hint"><label>Or open a saved game:': (
            '<p class="hint" hidden><label>Or open a saved game:'
        ),
        '<a id="save" data-action="save" href="#" download>Save</a>': (
            '<a id="save" data-action="save" href="#" download hidden>Save</a>'
        ),
        '<label class="file">Load': '<label class="file" hidden>Load',
        '<a href="/">New game</a>': '<a href="index.html">New game</a>',
    }
    text = template
    for old, new in edits.items():
        if text.count(old) != 1:
            raise SystemExit(f"site: the play page has changed: {old!r} is not in it once")
        text = text.replace(old, new)
    return text.replace("__SEAT__", "").replace("__ERROR__", "").replace("__GAMES__", games)


def build_wheel(out: Path) -> Path:
    """lazytree's pure Python wheel, built into ``out``."""
    env = {**os.environ, "LAZYTREE_PURE": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT)],
            check=True,
            env=env,
            cwd=ROOT,
        )
        (wheel,) = Path(tmp).glob("lazytree-*.whl")
        if not wheel.name.endswith("-py3-none-any.whl"):
            raise SystemExit(f"site: {wheel.name} is not a pure Python wheel")
        out.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheel, out / wheel.name))


def add_bytecode(wheel: Path) -> int:
    """Add to ``wheel`` the bytecode Pyodide's Python compiles its modules to
    (``frontend/pyc.mjs``, in Node), listed in its RECORD; the number of files added.
    The browser then never compiles lazytree's modules (15 s of a loaded machine's
    load, against 2 s from bytecode)."""
    with tempfile.TemporaryDirectory() as tmp:
        unpacked = Path(tmp)
        with zipfile.ZipFile(wheel) as source:
            names = source.namelist()
            source.extractall(unpacked)
        subprocess.run(["node", str(ROOT / "frontend" / "pyc.mjs"), str(unpacked)], check=True)
        added = sorted(
            p.relative_to(unpacked).as_posix()
            for p in unpacked.rglob("*.pyc")
            if p.relative_to(unpacked).as_posix() not in names
        )
        (record,) = [n for n in names if n.endswith(".dist-info/RECORD")]
        lines = (unpacked / record).read_text(encoding="utf-8").splitlines()
        entries = []
        for name in added:
            data = (unpacked / name).read_bytes()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            entries.append(f"{name},sha256={digest.decode()},{len(data)}")
        own = next(i for i, line in enumerate(lines) if line.startswith(f"{record},"))
        lines[own:own] = entries  # (the RECORD's own line stays last)
        (unpacked / record).write_text("\n".join(lines) + "\n", encoding="utf-8")
        with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
            for name in [n for n in names if n != record] + added + [record]:
                out.write(unpacked / name, name)
    return len(added)


PRACTICE = ("--depth", "3", "--branching", "3", "--values", "0-9", "--seed", "11")
"""The exercise ``practice.html`` sets (the same tree for every visitor)."""


def practice_page(path: Path) -> None:
    """An alpha-beta exercise (``lazytree explore practice``: one offline page that asks
    for the root's value and the leaves alpha-beta never evaluates, checks the answer
    and steps through the search to explain it)."""
    command = [sys.executable, "-m", "lazytree", "explore", "practice", *PRACTICE]
    subprocess.run([*command, "--out", str(path)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)


def lab_builder() -> ModuleType:
    """``frontend/lab.py`` (the notebooks in JupyterLite) as a module."""
    spec = importlib.util.spec_from_file_location("lab_builder", ROOT / "frontend" / "lab.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def games_json() -> str:
    """The new-game form's games (the server's ``game_forms``), escaped for the page."""
    from lazytree.server.views import game_forms

    return html.escape(json.dumps(game_forms()))


def build(out: Path) -> list[Path]:
    """Build the site into ``out`` (emptied first); its files."""
    if not PYODIDE.is_dir():
        raise SystemExit("site: node_modules/pyodide is missing: run `npm ci` (make site does)")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    explorer = ROOT / "lazytree" / "explorer" / "static"
    for source in (
        STATIC / "app.js",
        STATIC / "style.css",
        STATIC / "worker.js",
        explorer / "explorer.js",
        explorer / "explorer.css",
        explorer / "steps.css",
    ):
        shutil.copy2(source, out / source.name)
    for name in ("boards.css", "boards.js"):
        shutil.copy2(LIB / name, out / name)
    (out / "pyodide").mkdir()
    for name in RUNTIME:
        shutil.copy2(PYODIDE / name, out / "pyodide" / name)
    wheel = build_wheel(out / "wheels")
    add_bytecode(wheel)
    (out / "wheels" / "index.json").write_text(json.dumps([wheel.name]), encoding="utf-8")
    template = (STATIC / "play.html").read_text(encoding="utf-8")
    games = games_json()
    worker = ("worker.js", "wheels/index.json", f"wheels/{wheel.name}")
    runtime = tuple(f"pyodide/{name}" for name in RUNTIME if name.startswith(("pyodide", "python")))
    scripts, styles = explorer_sources()
    csp = CSP.format(scripts=scripts, styles=styles)
    form = page(template, session="", games=games, csp=csp, prefetch=worker + runtime)
    (out / "index.html").write_text(form, encoding="utf-8")
    (out / "play.html").write_text(page(template, session="local", games=games, csp=csp), "utf-8")
    explore = EXPLORE_PAGE.format(csp=CSP.format(scripts="", styles=""))
    (out / "explore.html").write_text(explore, encoding="utf-8")
    (out / "explore.css").write_text(EXPLORE_CSS, encoding="utf-8")
    practice_page(out / "practice.html")
    (out / "favicon.ico").write_bytes(favicon())
    lab_builder().build_lab(out, wheel, PYODIDE / "pyodide-lock.json")
    return sorted(p for p in out.rglob("*") if p.is_file())


def favicon(size: int = 16) -> bytes:
    """A PNG of one colour (player 0's, from the palette: ``player_colours``), the site's
    ``favicon.ico``: the explorer's page names no icon, and a browser then asks for that
    file."""
    from lazytree.boards import player_colours

    colour = player_colours()[0][1]
    rgb = bytes.fromhex(colour[1:])

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    rows = b"".join(b"\x00" + rgb * size for _ in range(size))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def in_lab(out: Path, path: Path) -> bool:
    """Whether ``path`` (in the site ``out``) serves the notebooks only: JupyterLite
    (``lab/``) and its kernel's wheels and lock file (lazytree's wheel and Pyodide serve
    both parts, and are counted with the play site)."""
    if path.is_relative_to(out / "lab"):
        return True
    return path.parent == out / "wheels" and not path.name.startswith(("lazytree-", "index."))


def gzipped_size(path: Path) -> int:
    """The bytes ``path`` takes gzip-compressed (as a static host sends it)."""
    return len(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "build" / "site"
    print(f"site: building the static site into {out}", flush=True)
    files = build(out)
    stored = sum(p.stat().st_size for p in files)
    sent = sum(gzipped_size(p) for p in files)
    lab = [p for p in files if in_lab(out, p)]
    lab_sent = sum(gzipped_size(p) for p in lab)
    mib = 1024**2
    print(
        f"site: {len(files)} files, {stored / mib:.1f} MiB ({sent / mib:.1f} MiB gzipped): "
        f"the notebooks' {len(lab)} files {lab_sent / mib:.1f} MiB gzipped, the rest "
        f"(play, explorer, teaching) {(sent - lab_sent) / mib:.1f} MiB gzipped; "
        f"serve the folder with any static server, e.g. "
        f"python3 -m http.server -d {out} 8080, then open http://127.0.0.1:8080/"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
