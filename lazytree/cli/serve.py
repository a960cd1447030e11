"""``lazytree serve``: play in the browser (a local web server)."""

from __future__ import annotations

import socket
import threading
import time
import webbrowser
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from lazytree.cli.common import console, err_console, fail
from lazytree.cli.learn import BookOption, WeightsOption

if TYPE_CHECKING:
    import uvicorn

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def serve(
    host: Annotated[
        str,
        typer.Option("--host", help="Address to listen on (127.0.0.1: this computer only)."),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="Port to listen on (0: any free one).")
    ] = 8000,
    no_open: Annotated[
        bool, typer.Option("--no-open", help="Do not open the page in a web browser.")
    ] = False,
    book: BookOption = None,
    weights: WeightsOption = None,
) -> None:
    """Play Dice of Doom (boards up to 40x40) and the other games in the browser.

    Prints the address of the page and opens it (unless --no-open). Games live in the
    server's memory: save a game (Save button) to keep it over a restart.

    The form seats a human or an agent at each player; a URL names them as lazytree
    play --seats does, e.g. /play?game=dice-of-doom&rules=lisp&seats=human,lol2 or
    seats=lol2,mcts:time=0.5 (the book's AI of the rules: ror, lol2 or lol4).

    --weights FILE: the AI of every game of the file's game rates with its weights.
    --book FILE: the AI of every game of the book's game and options looks positions up
    in it before searching and stores what it searched (a new file belongs to the first
    game with an AI that opens it); the page says when a move came from the book.
    """
    import uvicorn

    from lazytree.server import create_app
    from lazytree.server.learning import LearningError, check_learning

    try:  # before the server starts: a bad or foreign file is one line
        learning = check_learning(book, weights)
    except LearningError as exc:
        fail(str(exc))

    if host not in LOCAL_HOSTS:
        err_console.print(
            f"[bold yellow]warning:[/] listening on {host}: anyone who can reach this "
            "machine on that network can open the page and play.",
            soft_wrap=True,
        )
    sock = _listen(host, port)
    port = sock.getsockname()[1]  # the one chosen with --port 0
    config = uvicorn.Config(create_app(learning=learning), log_level="warning")
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"

    def announce() -> None:
        console.print(f"lazytree serve: open {url} (Ctrl-C stops the server)", soft_wrap=True)
        if not no_open:
            webbrowser.open(url)

    # print (and open) once the server answers, not before
    threading.Thread(target=_when_started, args=(server, announce), daemon=True).start()
    server.run(sockets=[sock])


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port``; a one-line error when that is impossible."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        fail(f"--host {host}: {exc.strerror or exc}")
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc} (try another --port)")
    return sock


def _when_started(server: uvicorn.Server, then: Callable[[], None]) -> None:
    """Call ``then`` once ``server`` listens (give up after 30 s or when it exits)."""
    for _ in range(600):
        if server.started:
            then()
            return
        if server.should_exit:
            return
        time.sleep(0.05)
