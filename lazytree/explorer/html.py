"""One self-contained HTML page of the explorer: script, style and data inlined.

The page loads nothing from the network and needs no server: it opens offline by
double-click and can be mailed to someone. The front-end files are read from the
package: the code the pages share (``lazytree/static/boards.js``: the board renderer,
which sets the global the explorer reads it from), the explorer's script
(``lazytree/explorer/static/explorer.js``, d3-hierarchy included; both built by esbuild
from the TypeScript sources in ``frontend/``), its style sheet and the boards'
(``boards.css``, which also holds the players' palette).

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.search import minimax
>>> from lazytree.games import load_game
>>> game, state = load_game("tictactoe")
>>> tree = Tree(game, state)
>>> text = page(explorer_model(tree, result=minimax(tree.root, 1)))
>>> text.startswith("<!doctype html>"), "http" in text.split("<script")[0]
(True, False)
"""

from __future__ import annotations

import html
import re
from importlib import resources
from pathlib import Path
from typing import Any

from lazytree.explorer.model import ExplorerModel, explorer_model
from lazytree.search.result import SearchResult
from lazytree.tree import Node, Tree

__all__ = ["asset", "boards_script", "explorer_css", "explorer_script", "page", "write_html"]


def asset(name: str) -> str:
    """The text of a front-end file shipped in ``lazytree/explorer/static`` (e.g.
    ``"explorer.js"``, ``"explorer.css"``)."""
    return resources.files("lazytree.explorer").joinpath("static", name).read_text("utf-8")


def _shared(name: str) -> str:
    """The text of a front-end file shared with the play page (``lazytree/static``)."""
    return resources.files("lazytree").joinpath("static", name).read_text("utf-8")


def boards_script() -> str:
    """The code the pages share (the board renderer): a plain script that sets the
    global ``lazytreeBoards``, which :func:`explorer_script` reads, so it runs first."""
    return _shared("boards.js")


def explorer_script() -> str:
    """The explorer page's script: an immediately invoked function that imports nothing
    and reads the board renderer from :func:`boards_script`'s global, inlined as it is.
    It reads the document from the JSON script ``#explorer-data``, draws it into
    ``#explorer`` and, where that element has a ``data-force-url``, POSTs the page's force
    requests there."""
    return asset("explorer.js")


def explorer_css() -> str:
    """The explorer's style sheets (``explorer.css``, ``steps.css`` for the step-through
    of a traced search) and the boards' (``boards.css``)."""
    return _shared("boards.css") + "\n" + asset("explorer.css") + "\n" + asset("steps.css")


def _inline(code: str) -> str:
    """Script text safe inside a ``<script>`` element (it cannot close it early)."""
    return re.sub(r"</(script)", r"<\\/\1", code, flags=re.IGNORECASE)


def _inline_json(text: str) -> str:
    """JSON text safe inside a ``<script>`` element: every ``<`` (which JSON has only
    inside strings) written as the escape ``\\u003c``."""
    return text.replace("<", "\\u003c")


def page(
    model: ExplorerModel, *, force_url: str | None = None, beside: ExplorerModel | None = None
) -> str:
    """The explorer of ``model`` as one HTML document (a string).

    With ``beside`` (another search of the same tree, both traced) the page shows the
    two side by side, stepping through their searches together.

    A model with a ``practice`` entry (:func:`~lazytree.explorer.practice.practice_model`)
    makes an exercise page: the question above the tree.

    With ``force_url`` the page is live: a click on a move never forced (or "search
    below this position", or "N moves never generated") POSTs the request as JSON to
    that URL, which answers ``{"data": new model, "status": "..."}`` or ``{"error": ...}``
    (see :class:`~lazytree.explorer.live.LiveExplorer`).
    """
    live = "" if force_url is None else f' data-force-url="{html.escape(force_url)}"'
    practice = bool(model.data.get("practice"))
    what = "exercise" if practice else "explored tree"
    title = html.escape(f"{model.data['title']}: {what}")
    panel = '<div id="practice"></div>\n' if practice else ""
    # a practice page asks its question above the tree: the explorer takes the rest
    layout = (
        "body { display: flex; flex-direction: column; height: 100vh; }\n"
        "#explorer { flex: 1; height: auto; min-height: 0; }"
        if practice
        else ""
    )
    second = ""
    if beside is not None:  # two explorers in a row, each half the width
        layout = (
            "body { display: flex; height: 100vh; }\n"
            "#explorer, #explorer-2 { flex: 1; min-width: 0; height: 100vh; }\n"
            "#explorer { border-right: 2px solid #bbb; }\n"
            "#explorer .lt-info, #explorer-2 .lt-info { display: none; }"
        )
        second = (
            '<div id="explorer-2"></div>\n<script type="application/json" id="explorer-data-2">'
            f"{_inline_json(beside.to_json())}</script>\n"
        )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="lazytree explore">
<title>{title}</title>
<style>
html, body {{ margin: 0; height: 100%; }}
#explorer {{ height: 100vh; }}
{layout}
{explorer_css()}
</style>
</head>
<body>
{panel}<div id="explorer"{live}></div>
<script type="application/json" id="explorer-data">{_inline_json(model.to_json())}</script>
{second}<script>
{_inline(boards_script())}
</script>
<script>
{_inline(explorer_script())}
</script>
</body>
</html>
"""


def write_html(
    source: Node[Any, Any] | Tree[Any, Any] | ExplorerModel,
    path: str | Path,
    *,
    result: SearchResult[Any] | None = None,
    **options: Any,
) -> ExplorerModel:
    """Write the explorer page of ``source`` (a tree, a node or a model) to ``path``.

    ``result`` and ``options`` go to :func:`~lazytree.explorer.model.explorer_model`;
    the model written is returned. Nothing in the tree is forced. ``beside=`` another
    model draws it beside this one (see :func:`page`).
    """
    beside: ExplorerModel | None = options.pop("beside", None)
    model = (
        source
        if isinstance(source, ExplorerModel)
        else explorer_model(source, result=result, **options)
    )
    Path(path).write_text(page(model, beside=beside), encoding="utf-8")
    return model
