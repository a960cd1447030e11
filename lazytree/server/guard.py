"""Cross-site guards of ``lazytree serve``: the Host allowlist (:func:`allowed_hosts`), state
changes from this site only (:class:`SiteGuard`) and the security headers of every response
(:data:`HEADERS`). Why: ``docs/explanation/security.md``.

>>> allowed_hosts(["0.0.0.0"], ["https://games.example.org/"])[-1]
'games.example.org'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "CSP",
    "HEADERS",
    "LOOPBACK",
    "SiteGuard",
    "allowed_hosts",
    "content_policy",
    "origin_allowed",
    "public_host",
    "split_origin",
]

LOOPBACK: Final = ("127.0.0.1", "localhost", "[::1]")
"""The names of this computer, allowed by default (any port)."""

WILDCARDS: Final = ("0.0.0.0", "::", "")
"""Listening addresses that name every interface, not a host a browser asks for."""


def content_policy(scripts: Iterable[str] = (), *, inline_styles: bool = False) -> str:
    """The server's one Content Security Policy: everything from the server itself,
    nothing framed, no plugins; ``scripts`` adds the hashes (``'sha256-...'``) of the
    inline scripts a page may run, ``inline_styles`` allows its inline styles (the
    explorer's pages, :func:`lazytree.server.explore.page_policy`).

    >>> content_policy(["'sha256-x'"]).split("; ")[1]
    "script-src 'self' 'sha256-x'"
    """
    script = " ".join(["'self'", *scripts])
    style = "'self' 'unsafe-inline'" if inline_styles else "'self'"
    return (
        f"default-src 'self'; script-src {script}; style-src {style}; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )


CSP: Final = content_policy()
"""The Content Security Policy of every page (scripts from the server's files only)."""

HEADERS: Final = (
    ("content-security-policy", CSP),
    ("referrer-policy", "no-referrer"),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
)
"""Headers added to every response (a response's own value wins)."""

SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing (the app keeps it so)."""


def _host_name(host: str) -> str:
    """``host`` as a ``Host`` header names it: lower case, an IPv6 address in brackets."""
    h = host.strip().lower()
    if ":" in h and not h.startswith("["):
        h = f"[{h}]"
    return h


def public_host(url: str) -> str:
    """The host of ``--public-url`` (``https://games.example.org`` gives
    ``games.example.org``); ``ValueError`` for a URL without one.

    >>> public_host("http://[::1]:8000/")
    '[::1]'
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r}: expected a URL such as https://games.example.org")
    return _host_name(parts.hostname)


def allowed_hosts(listen: Iterable[str] = (), public_urls: Iterable[str] = ()) -> list[str]:
    """The hosts the server answers: :data:`LOOPBACK`, the ``--host`` addresses (a wildcard adds
    nothing) and the public URLs' hosts."""
    hosts = list(LOOPBACK)
    for host in listen:
        if host.strip() not in WILDCARDS:
            hosts.append(_host_name(host))
    hosts.extend(public_host(url) for url in public_urls)
    return list(dict.fromkeys(hosts))


DEFAULT_PORTS: Final = {"http": 80, "https": 443}


def split_origin(origin: str) -> tuple[str, str, int] | None:
    """An origin (or URL) as scheme, host (as :func:`allowed_hosts` spells it) and port
    (the scheme's default when none is written); None when it is not an ``http`` or
    ``https`` origin.

    >>> split_origin("HTTP://LocalHost"), split_origin("https://[::1]:8443/x")
    (('http', 'localhost', 80), ('https', '[::1]', 8443))
    >>> split_origin("null"), split_origin("http://a:99999")
    (None, None)
    """
    try:
        parts = urlsplit(origin.strip())
        name, port = parts.hostname, parts.port
    except ValueError:  # a malformed port
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not name:
        return None
    return scheme, _host_name(name), DEFAULT_PORTS[scheme] if port is None else port


def origin_allowed(
    origin: str,
    hosts: Sequence[str],
    own: tuple[str, int] | None = None,
    origins: Iterable[tuple[str, str, int]] = (),
) -> bool:
    """Whether a request's ``Origin`` is the server's own: a host of ``hosts`` with the scheme
    and port the request came in on (``own``; None: any), or exactly one of ``origins``.

    >>> origin_allowed("http://127.0.0.1:8000", ["127.0.0.1"], ("http", 8000))
    True
    >>> origin_allowed("http://127.0.0.1:8001", ["127.0.0.1"], ("http", 8000))
    False
    >>> origin_allowed("https://evil.example", ["127.0.0.1"]), origin_allowed("null", [])
    (False, False)
    """
    parts = split_origin(origin)
    if parts is None:
        return False
    if parts in set(origins):
        return True
    scheme, name, port = parts
    return name in hosts and (own is None or own == (scheme, port))


class SiteGuard:
    """ASGI middleware: refuses state changes from other sites and adds :data:`HEADERS`
    to every response (see the module docstring)."""

    def __init__(
        self, app: ASGIApp, hosts: Sequence[str] = LOOPBACK, public_urls: Iterable[str] = ()
    ) -> None:
        self.app = app
        self.hosts = [h.lower() for h in hosts]
        self.origins = {o for o in map(split_origin, public_urls) if o is not None}

    @staticmethod
    def own(scope: Scope) -> tuple[str, int] | None:
        """The scheme and port a request came in on (``ws`` as ``http``), None when the
        server does not say (a Unix socket)."""
        server = scope.get("server")
        if not server or server[1] is None:
            return None
        scheme = str({"ws": "http", "wss": "https"}.get(scope["scheme"], scope["scheme"]))
        return scheme, int(server[1])

    def refusal(self, scope: Scope) -> str | None:
        """Why this request may not change anything, or None."""
        if scope["type"] == "http" and scope["method"] in SAFE_METHODS:
            return None
        headers = Headers(scope=scope)
        site = headers.get("sec-fetch-site", "").lower()
        if site in ("cross-site", "same-site"):
            return f"refused: a request from another site ({site}) may not change anything"
        origin = headers.get("origin")
        if origin == "null" and site == "same-origin":
            return None  # a form of this site's page: no-referrer makes its Origin null
        if origin is not None and not origin_allowed(
            origin, self.hosts, self.own(scope), self.origins
        ):
            return "refused: a request from another site (its Origin) may not change anything"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = self.refusal(scope)
        if refused is not None:
            if scope["type"] == "websocket":  # closing before accepting: a 403 handshake
                await send({"type": "websocket.close", "code": 1008, "reason": refused[:120]})
                return
            body = json.dumps({"error": refused}).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        *((k.encode(), v.encode()) for k, v in HEADERS),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in HEADERS:
                    if key not in headers:
                        headers[key] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
