"""``lazytree serve``: play in the browser (a local web server)."""

from __future__ import annotations

import socket
import threading
import time
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from lazytree.cli.common import console, err_console, fail
from lazytree.cli.framework import DicewarsOption, use_dicewars
from lazytree.cli.learn import PositionBookOption, WeightsOption

if TYPE_CHECKING:
    import uvicorn

    from lazytree.server.limits import Quotas, RateLimit
    from lazytree.server.workers import Executor

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


HostOption = Annotated[
    str,
    typer.Option("--host", help="Address to listen on (127.0.0.1: this computer only)."),
]

PortOption = Annotated[
    int, typer.Option("--port", min=0, max=65535, help="Port to listen on (0: any free one).")
]

NoOpenOption = Annotated[
    bool, typer.Option("--no-open", help="Do not open the page in a web browser.")
]

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="FILE",
        help="The games database (SQLite): default games.sqlite in your data "
        "directory; :memory: keeps nothing.",
    ),
]

PublicUrlOption = Annotated[
    list[str] | None,
    typer.Option(
        "--public-url",
        metavar="URL",
        help="The address people open (e.g. https://games.example.org behind a TLS "
        "proxy): its host is answered and its pages may change games. Repeatable.",
    ),
]

MaxGamesOption = Annotated[
    int,
    typer.Option(
        "--max-games",
        min=1,
        max=100_000,
        help="Games held in memory at once (a game only watched does not count).",
    ),
]

NewGamesOption = Annotated[
    str,
    typer.Option(
        "--new-games",
        metavar="BURST/SECONDS",
        help="New games per address: BURST at once, then one every SECONDS.",
    ),
]

NewGamesTotalOption = Annotated[
    str,
    typer.Option(
        "--new-games-total",
        metavar="BURST/SECONDS",
        help="New games for everyone together: BURST at once, then one every SECONDS.",
    ),
]

WatchersOption = Annotated[
    int,
    typer.Option("--watchers", min=1, help="Watchers' pages open on one game."),
]

PagesPerAddressOption = Annotated[
    int,
    typer.Option(
        "--pages-per-address",
        min=1,
        help="Watchers' pages one address may keep open (seats' pages never count).",
    ),
]

GamesPerAddressOption = Annotated[
    int,
    typer.Option(
        "--games-per-address",
        min=1,
        help="Games one address may hold open with seats' or hosts' pages.",
    ),
]

ConnectionsPerAddressOption = Annotated[
    int,
    typer.Option(
        "--connections-per-address",
        min=1,
        help="Connections (HTTP and WebSocket) one address may have open at once.",
    ),
]

IdleDaysOption = Annotated[
    float,
    typer.Option(
        "--idle-days",
        min=0.001,
        help="An unfinished game untouched this long leaves the lobby (archived).",
    ),
]

ForgetDaysOption = Annotated[
    float,
    typer.Option(
        "--forget-days",
        min=0.001,
        help="An unfinished game untouched this long is deleted (one without a move after a day).",
    ),
]

KeepFinishedOption = Annotated[
    int,
    typer.Option("--keep-finished", min=0, help="Finished games kept (the oldest go)."),
]

WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        min=1,
        max=256,
        help="Worker processes the AI's and the explorer's searches run in (default: "
        "one per core less one; one more is kept for AIs of a short clock).",
    ),
]

DaskOption = Annotated[
    str | None,
    typer.Option(
        "--dask",
        metavar="ADDRESS",
        help="Run the searches on the Dask cluster of this scheduler address "
        "(e.g. tcp://10.0.0.5:8786) instead of worker processes here.",
    ),
]


def serve(
    host: HostOption = "127.0.0.1",
    port: PortOption = 8000,
    no_open: NoOpenOption = False,
    db: DbOption = None,
    position_book: PositionBookOption = None,
    weights: WeightsOption = None,
    public_url: PublicUrlOption = None,
    max_games: MaxGamesOption = 64,
    new_games: NewGamesOption = "20/5",
    new_games_total: NewGamesTotalOption = "200/0.5",
    watchers: WatchersOption = 64,
    pages_per_address: PagesPerAddressOption = 64,
    games_per_address: GamesPerAddressOption = 8,
    connections_per_address: ConnectionsPerAddressOption = 256,
    idle_days: IdleDaysOption = 7.0,
    forget_days: ForgetDaysOption = 30.0,
    keep_finished: KeepFinishedOption = 10_000,
    workers: WorkersOption = None,
    dask: DaskOption = None,
    dicewars: DicewarsOption = None,
) -> None:
    """Play Dice of Doom (boards up to 100x100) and the other games in the browser.

    Prints the address of the page and opens it (unless --no-open). Every game and move is kept
    in a SQLite file (--db): a server started again on the same file goes on with every game and
    link. A new game has a link per human seat and a watch link; the lobby (/lobby) lists the
    games. A URL seats agents as play --seats does, e.g.
    /play?game=dice-of-doom&rules=lisp&seats=human,lol2.

    The server answers only its own names (loopback, --host, --public-url) and refuses changes
    from other sites; for strangers, run it behind a TLS proxy with --public-url, and the caps
    bound what they can hold. Every AI move and explorer search runs in --workers worker
    processes or on a Dask cluster (--dask), never in the web process. More:
    docs/how-to/play-together.md.

    --weights FILE: the AI of every game of the file's game rates with its weights.
    --position-book FILE: the AI of every game of the book's game and options looks
    positions up in it and stores what it searched; the page says when a move came from it.
    """
    use_dicewars(dicewars)
    # the server (Starlette, uvicorn) is imported when it runs: `serve --help` stays quick
    from lazytree.server.limits import Quotas

    quotas = Quotas(
        create_per_address=_rate("--new-games", new_games),
        create_total=_rate("--new-games-total", new_games_total),
        watchers_per_game=watchers,
        sockets_per_address=pages_per_address,
        games_per_address=games_per_address,
        connections_per_address=connections_per_address,
        idle_days=idle_days,
        forget_days=forget_days,
        keep_finished=keep_finished,
    )
    _run(
        host,
        port,
        db,
        public_url or [],
        quotas,
        max_games,
        workers,
        dask,
        position_book=position_book,
        weights=weights,
        open_page=not no_open,
    )


def _run(
    host: str,
    port: int,
    db: str | None,
    public_urls: list[str],
    quotas: Quotas,
    max_games: int,
    workers: int | None,
    dask: str | None,
    *,
    position_book: Path | None,
    weights: Path | None,
    open_page: bool,
) -> None:
    """Check what the server is given (one line and exit 2 for a mistake), start it on
    ``host:port`` and announce its address once it answers."""
    import uvicorn

    from lazytree.server import create_app
    from lazytree.server.app import server_config
    from lazytree.server.guard import allowed_hosts
    from lazytree.server.learning import LearningError, check_learning
    from lazytree.server.runner import Sessions
    from lazytree.server.store import GameStore, StoreError
    from lazytree.server.workers import lift_data_ceiling

    try:
        # on every interface (0.0.0.0): the machine's address, which others open
        hosts = allowed_hosts([host, _reachable(host)], public_urls)
    except ValueError as exc:
        fail(f"--public-url {exc}")
    try:  # before the server starts: a bad or foreign file is one line
        learning = check_learning(position_book, weights)
    except LearningError as exc:
        fail(str(exc))
    path = db if db is not None else str(default_db())
    try:
        store = GameStore(path, make_folder=db is None, writer=True)
    except StoreError as exc:
        fail(str(exc))

    if host not in LOCAL_HOSTS:
        err_console.print(
            f"[bold yellow]warning:[/] listening on {host}: anyone who can reach this "
            "machine on that network can open the page, create games and play.",
            soft_wrap=True,
        )
    lift_data_ceiling()  # a thread per thinking AI; the searches run under their own limit
    executor = _executor(workers, dask)
    sock = _listen(host, port)
    port = sock.getsockname()[1]  # the one chosen with --port 0
    app = create_app(
        Sessions(limit=max_games, store=store, executor=executor),
        learning=learning,
        hosts=hosts,
        quotas=quotas,
        public_urls=public_urls,
    )
    config = server_config(app)
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"

    def announce() -> None:
        console.print(f"lazytree serve: open {url} (Ctrl-C stops the server)", soft_wrap=True)
        kept = "nowhere (--db :memory:)" if path == ":memory:" else path
        console.print(f"games kept in {kept}; the lobby is {url}lobby", soft_wrap=True)
        if host not in LOCAL_HOSTS:
            console.print(
                f"others reach it at http://{_reachable(host)}:{port}/ (anyone who can "
                "reach that address can create games)",
                soft_wrap=True,
            )
        if open_page:
            webbrowser.open(url)

    # print (and open) once the server answers, not before
    threading.Thread(target=_when_started, args=(server, announce), daemon=True).start()
    try:
        server.run(sockets=[sock])
    finally:
        executor.close()
        if dask is not None:
            executor.client.close()  # type: ignore[attr-defined]


def _executor(workers: int | None, dask: str | None) -> Executor:
    """Where the searches run: ``workers`` processes here, or the Dask cluster of the
    scheduler at ``dask`` (one line and exit 2 when it cannot be reached)."""
    from lazytree.server.workers import DaskWorkers, ProcessWorkers  # (when it runs)

    if dask is None:
        return ProcessWorkers(workers)
    if workers is not None:
        fail("give --workers or --dask, not both (a Dask cluster has its own workers)")
    try:
        from distributed import Client
    except ImportError:
        fail("--dask needs the distributed package: pip install 'lazytree[dask]'")
    try:
        client = Client(dask, timeout=5)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        fail(f"--dask {dask}: cannot reach the Dask scheduler ({reason})")
    return DaskWorkers(client)


def _rate(flag: str, text: str) -> RateLimit:
    """``BURST/SECONDS`` as a rate limit (one line and exit 2 when malformed)."""
    from lazytree.server.limits import RateLimit  # (when it runs)

    burst, _, seconds = text.partition("/")
    try:
        return RateLimit(burst=int(burst), per_second=1.0 / float(seconds))
    except (ValueError, ZeroDivisionError, OverflowError):
        fail(f"{flag} {text!r}: expected BURST/SECONDS, e.g. 20/5 (20 at once, then one every 5 s)")


def default_db() -> Path:
    """The games database of ``lazytree serve`` without ``--db``: ``games.sqlite`` in the
    user's data directory (``platformdirs``; on Linux ``~/.local/share/lazytree``)."""
    import platformdirs

    return platformdirs.user_data_path("lazytree") / "games.sqlite"


def _reachable(host: str) -> str:
    """An address other machines may reach ``host`` at: the machine's own address on
    its network for a wildcard (0.0.0.0, ::), ``host`` itself otherwise."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    try:  # the address of the route out (a UDP connect sends nothing)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return socket.gethostname()


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
