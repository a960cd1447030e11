"""One self-contained HTML page of the explorer: script, style and data inlined.

The page loads nothing from the network and needs no server: it opens offline by
double-click and can be mailed to someone. The front-end files are read from the
package: d3-hierarchy's UMD build (vendored with its licence), the explorer's ES module
and its style sheet (``lazytree/explorer/static``), and the board renderer it shares with
the play page (``lazytree/static/boards.js`` and ``boards.css``).

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
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from lazytree.explorer.model import ExplorerModel, explorer_model
from lazytree.search.result import SearchResult
from lazytree.tree import Node, Tree

__all__ = ["asset", "explorer_css", "explorer_script", "page", "write_html"]


def asset(name: str) -> str:
    """The text of a front-end file shipped in ``lazytree/explorer/static`` (e.g.
    ``"explorer.js"``, ``"vendor/d3-hierarchy.min.js"``)."""
    return resources.files("lazytree.explorer").joinpath("static", name).read_text("utf-8")


def _shared(name: str) -> str:
    """The text of a front-end file shared with the play page (``lazytree/static``)."""
    return resources.files("lazytree").joinpath("static", name).read_text("utf-8")


def explorer_script() -> str:
    """The explorer's ES module with the board renderer it imports (``boards.js``) put
    in front of it: one module, for a page that loads nothing (the ``import`` line is
    dropped, the names it imports are the ones ``boards.js`` declares)."""
    code = re.sub(
        r'^import \{[^}]*\} from "\./boards\.js";\n', "", asset("explorer.js"), flags=re.M
    )
    return _shared("boards.js") + "\n" + code


def explorer_css() -> str:
    """The explorer's style sheet and the boards' (``boards.css``)."""
    return _shared("boards.css") + "\n" + asset("explorer.css")


def _inline(code: str) -> str:
    """Script text safe inside a ``<script>`` element (it cannot close it early)."""
    return re.sub(r"</(script)", r"<\\/\1", code, flags=re.IGNORECASE)


def _inline_json(text: str) -> str:
    """JSON text safe inside a ``<script>`` element: every ``<`` (which JSON has only
    inside strings) written as the escape ``\\u003c``."""
    return text.replace("<", "\\u003c")


LIVE_GLUE = """
const explorer = mount(element, data, {
  onForce: async (request) => {
    const answer = await fetch(%(url)s, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    const reply = await answer.json();
    if (reply.data) explorer.update(reply.data);
    else element.classList.remove("lt-busy");
    element.querySelector("[data-matches]").textContent = reply.status ?? reply.error ?? "";
  },
});
"""


def page(model: ExplorerModel, *, force_url: str | None = None) -> str:
    """The explorer of ``model`` as one HTML document (a string).

    With ``force_url`` the page is live: a click on a move never forced (or "search
    below this position", or "N moves never generated") POSTs the request as JSON to
    that URL, which answers ``{"data": new model, "status": "..."}`` or ``{"error": ...}``
    (see :class:`~lazytree.explorer.live.LiveExplorer`).
    """
    if force_url is None:
        start = "const explorer = mount(element, data);"
    else:
        start = LIVE_GLUE % {"url": json.dumps(force_url)}
    title = html.escape(f"{model.data['title']}: explored tree")
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
{explorer_css()}
</style>
</head>
<body>
<div id="explorer"></div>
<script>
{_inline(asset("vendor/d3-hierarchy.min.js"))}
</script>
<script type="application/json" id="explorer-data">{_inline_json(model.to_json())}</script>
<script type="module">
{_inline(explorer_script())}
const data = JSON.parse(document.getElementById("explorer-data").textContent);
const element = document.getElementById("explorer");
{start}
globalThis.lazytreeExplorer = explorer;
explorer.readyAt = performance.now();
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
    the model written is returned. Nothing in the tree is forced.
    """
    model = (
        source
        if isinstance(source, ExplorerModel)
        else explorer_model(source, result=result, **options)
    )
    Path(path).write_text(page(model), encoding="utf-8")
    return model
