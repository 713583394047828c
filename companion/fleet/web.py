"""The fleet page: a small web server on the café's LAN (standard library only, no CDN).

``/`` serves the page (static files shipped in this package); ``/api/...`` answers only
with the staff cookie that ``/api/login`` hands out for the staff password.  The page
asks ``/api/tables`` every second, so an event shows within two.
"""

from __future__ import annotations

import hmac
import json
import mimetypes
import secrets
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlparse

from companion.core.i18n import LANGUAGES, catalogue
from companion.core.registry import game_names
from companion.fleet.cafestats import cafe_statistics, plays_csv
from companion.fleet.store import FleetStore
from companion.fleet.tiles import Thresholds, tile

COOKIE = "tc_fleet"
"""The staff session cookie."""
STATIC = ("index.html", "fleet.js", "fleet.css")
"""The page's files, shipped in ``companion/fleet/static``."""


class FleetSite:
    """What the handler needs: the store, the password, the staff sessions, the answers."""

    def __init__(self, store: FleetStore, password: str, limits: Thresholds,
                 answer_call: Callable[[str], bool],
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.password = password
        self.limits = limits
        self.answer_call = answer_call
        self.clock = clock
        self.sessions: set[str] = set()
        self._lock = threading.Lock()

    def login(self, password: str) -> str | None:
        """A new session token for the right password (``None`` otherwise)."""
        if not hmac.compare_digest(password.encode(), self.password.encode()):
            return None
        token = secrets.token_urlsafe(24)
        with self._lock:
            self.sessions.add(token)
        return token

    def allowed(self, token: str | None) -> bool:
        """Whether ``token`` is a live staff session."""
        with self._lock:
            return token is not None and token in self.sessions

    def tables(self) -> list[dict[str, Any]]:
        """Every table's tile."""
        now = self.clock()
        return [tile(table, now, self.limits) for table in self.store.tables()]


def strings(lang: str) -> dict[str, str]:
    """The page's texts in ``lang``: the ``fleet.`` catalogue and the games' titles."""
    entries = catalogue(lang if lang in LANGUAGES else "en")
    titles = {f"{name}.title" for name in game_names()}
    return {key: value for key, value in entries.items()
            if key.startswith("fleet.") or key in titles}


def make_handler(site: FleetSite) -> type[BaseHTTPRequestHandler]:
    """The request handler class bound to ``site``."""

    class Handler(BaseHTTPRequestHandler):
        server_version = "TableCompanionFleet"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def do_GET(self) -> None:
            url = urlparse(self.path)
            name = url.path.lstrip("/") or "index.html"
            if name in STATIC:
                self._static(name)
            elif url.path == "/api/strings":
                lang = parse_qs(url.query).get("lang", ["en"])[0]
                self._json(strings(lang))
            elif not self._staff():
                self._json({"error": "login"}, HTTPStatus.UNAUTHORIZED)
            elif url.path == "/api/tables":
                self._json({"now": site.clock(), "tables": site.tables()})
            elif url.path == "/api/stats":
                self._json(cafe_statistics(site.store.plays()))
            elif url.path == "/api/plays.csv":
                self._send(plays_csv(site.store.plays()).encode(), "text/csv; charset=utf-8",
                           {"Content-Disposition": 'attachment; filename="plays.csv"'})
            else:
                self._json({"error": "not found"}, HTTPStatus.NOT_FOUND)

        def do_POST(self) -> None:
            body = self._body()
            path = urlparse(self.path).path
            if path == "/api/login":
                token = site.login(str(body.get("password", "")))
                if token is None:
                    self._json({"error": "password"}, HTTPStatus.FORBIDDEN)
                    return
                cookie = f"{COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/"
                self._json({"ok": True}, headers={"Set-Cookie": cookie})
            elif not self._staff():
                self._json({"error": "login"}, HTTPStatus.UNAUTHORIZED)
            elif path == "/api/answer":
                self._json({"ok": site.answer_call(str(body.get("call", "")))})
            elif path == "/api/faults-seen":
                site.store.acknowledge_faults(str(body.get("venue", "")),
                                              str(body.get("table", "")), site.clock())
                self._json({"ok": True})
            else:
                self._json({"error": "not found"}, HTTPStatus.NOT_FOUND)

        def _staff(self) -> bool:
            cookie = SimpleCookie(self.headers.get("Cookie", ""))
            morsel = cookie.get(COOKIE)
            return site.allowed(None if morsel is None else morsel.value)

        def _body(self) -> dict[str, Any]:
            length = min(int(self.headers.get("Content-Length") or 0), 10_000)
            try:
                value = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                return {}
            return value if isinstance(value, dict) else {}

        def _static(self, name: str) -> None:
            data = resources.files("companion.fleet").joinpath("static", name).read_bytes()
            kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
            self._send(data, f"{kind}; charset=utf-8")

        def _json(self, value: Any, status: HTTPStatus = HTTPStatus.OK,
                  headers: dict[str, str] | None = None) -> None:
            self._send(json.dumps(value).encode(), "application/json", headers, status)

        def _send(self, data: bytes, kind: str, headers: dict[str, str] | None = None,
                  status: HTTPStatus = HTTPStatus.OK) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)

    return Handler


def serve(site: FleetSite, host: str, port: int) -> ThreadingHTTPServer:
    """Start the page on its own thread; returns the server (``shutdown()`` to stop)."""
    server = ThreadingHTTPServer((host, port), make_handler(site))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="fleet-page", daemon=True).start()
    return server
