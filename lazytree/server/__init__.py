"""``lazytree serve``: play in the browser (Starlette app over the library's sessions)."""

from lazytree.server.app import create_app

__all__ = ["create_app"]
