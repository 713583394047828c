"""The LAN server: one port, the page over HTTP and the answers over a WebSocket.

It runs in a thread of its own with its own asyncio loop, so the table's loop never
waits on a phone.  It knows tokens, not games: a phone that names a seat's current token
is passed on to the app as :class:`PhoneEvent` items on the app's input queue, the same
queue the buttons fill; the app answers through :meth:`PhoneServer.send`.

Refused here, before anything reaches the table: a page or socket request from another
Origin, a message over :data:`~.wire.MAX_MESSAGE` bytes (the socket closes), a wrong or
old token, malformed messages (five and the socket closes), and floods (more than
:data:`BURST` messages at once, then :data:`RATE` a second; past :data:`FLOOD_CLOSE`
dropped messages the socket closes).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Literal

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from companion.core.i18n import translate
from companion.phones.tokens import SeatTokens
from companion.phones.wire import MAX_MESSAGE, BadMessageError, Hello, Incoming, dumps, parse

EventKind = Literal["join", "message", "left"]
"""What a phone did: sat down, sent a message, went away."""

HELLO_SECONDS = 10.0
"""How long a new socket may take to say which seat it is."""
BURST = 12
"""Messages a phone may send at once."""
RATE = 6.0
"""Messages a second a phone may send beyond the burst."""
FLOOD_CLOSE = 60
"""Dropped messages after which a flooding phone's socket is closed."""
BAD_CLOSE = 5
"""Malformed messages after which a socket is closed."""
MAX_SOCKETS = 24
"""Open sockets at most (a table has four seats; the rest is reconnects and spares)."""
STATIC_FILES = {"/": ("index.html", "text/html; charset=utf-8"),
                "/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
                "/phone.css": ("phone.css", "text/css; charset=utf-8")}
"""The page's files, by path."""
SOCKET_PATH = "/ws"
"""Where the page opens its socket."""
CLOSE_REFUSED = 4001
"""Close code: the token opens no seat (old game, new group, or never)."""
CLOSE_REPLACED = 4002
"""Close code: a newer phone took the seat."""
CLOSE_ABUSE = 1008
"""Close code: policy violation (flood, malformed messages)."""


@dataclass(frozen=True)
class PhoneEvent:
    """Something a phone did, for the app's loop."""

    kind: EventKind
    """Joined, sent a message, or left."""
    seat: int
    """The seat its token opened."""
    conn: int
    """The socket's number (a seat may have had several)."""
    message: Incoming | None = None
    """What it sent (``join``: its hello)."""
    time: float = field(default_factory=time.monotonic)
    """When the server read it, on the ``time.monotonic`` clock."""


class _Bucket:
    """A token bucket: :data:`BURST` at once, then :data:`RATE` a second."""

    def __init__(self) -> None:
        self.tokens = float(BURST)
        self.last = time.monotonic()
        self.dropped = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(BURST), self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1.0:
            self.dropped += 1
            return False
        self.tokens -= 1.0
        return True


def static_files() -> dict[str, tuple[bytes, str]]:
    """The page's files, read once from the package."""
    folder = resources.files("companion.phones") / "static"
    return {path: ((folder / name).read_bytes(), kind)
            for path, (name, kind) in STATIC_FILES.items()}


class PhoneServer:
    """The server thread: start, send to a socket, close a socket, stop."""

    def __init__(self, tokens: SeatTokens, post: Callable[[PhoneEvent], None],
                 host: str = "0.0.0.0", port: int = 0, advertised: str = "127.0.0.1",
                 strings: bytes = b"{}") -> None:
        self.tokens = tokens
        """The seats' tokens (rotated by the app)."""
        self.post = post
        """Hands an event to the app's input queue (thread-safe)."""
        self.host = host
        """The address listened on."""
        self.port = port
        """The port (0 until started when asked for any free one)."""
        self.advertised = advertised
        """The address phones are given (the Pi's LAN address)."""
        self.files = {**static_files(), "/strings.json": (strings, "application/json")}
        """What the HTTP side serves."""
        self.refused = 0
        """Requests and messages refused (bad Origin, token, message, flood)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._sockets: dict[int, ServerConnection] = {}
        self._ids = itertools.count(1)
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    # ------------------------------------------------------------ app side
    def start(self, timeout: float = 10.0) -> None:
        """Start the thread and wait until the port is open (raise ``OSError`` if not)."""
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phones server did not start")
        if self._error is not None:
            raise OSError(f"the phones server could not start: {self._error}")

    def stop(self) -> None:
        """Close every socket and the port, end the thread."""
        loop = self._loop
        if loop is None or self._thread is None:
            return
        loop.call_soon_threadsafe(self._shutdown)
        self._thread.join(5.0)
        self._thread = None

    def send(self, conn: int, text: str) -> None:
        """Send ``text`` to socket ``conn`` (dropped if it is gone); safe from any thread."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self._send_now, conn, text)

    def close_socket(self, conn: int, code: int, reason: str) -> None:
        """Close socket ``conn`` after sending what is queued; safe from any thread."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self._close_now, conn, code, reason)

    def url_for(self, token: str) -> str:
        """The link a seat's QR code holds: the LAN address, the port, the token."""
        return f"http://{self.advertised}:{self.port}/#{token}"

    def origins(self) -> frozenset[str]:
        """The Origins the page may have: the address phones were given (and loopback)."""
        hosts = {self.advertised, "127.0.0.1", "localhost"}
        return frozenset(f"http://{host}:{self.port}" for host in hosts)

    # ------------------------------------------------------------ thread side
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._open())
        except OSError as error:
            self._error = error
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _open(self) -> None:
        self._server = await serve(self._handle, self.host, self.port,
                                   process_request=self._http, max_size=MAX_MESSAGE,
                                   max_queue=4, ping_interval=20, ping_timeout=20,
                                   server_header=None)
        self.port = self._server.sockets[0].getsockname()[1] if self.port == 0 else self.port

    def _shutdown(self) -> None:
        server = self._server
        loop = self._loop
        assert loop is not None
        if server is None:
            loop.stop()
            return
        server.close()

        async def closed() -> None:
            await server.wait_closed()
            loop.stop()

        loop.create_task(closed())

    def _send_now(self, conn: int, text: str) -> None:
        socket = self._sockets.get(conn)
        if socket is not None and self._loop is not None:
            self._loop.create_task(self._send_quietly(socket, text))

    @staticmethod
    async def _send_quietly(socket: ServerConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(text)

    def _close_now(self, conn: int, code: int, reason: str) -> None:
        socket = self._sockets.get(conn)
        if socket is not None and self._loop is not None:
            self._loop.create_task(socket.close(code, reason))

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Serve the page's files; let through only same-Origin socket requests."""
        path = request.path.split("?", 1)[0]
        if path == SOCKET_PATH:
            if request.headers.get("Origin") not in self.origins():
                self.refused += 1
                return connection.respond(403, "Origin refused\n")
            if len(self._sockets) >= MAX_SOCKETS:
                self.refused += 1
                return connection.respond(503, "Too many phones\n")
            return None
        found = self.files.get(path)
        if found is None:
            return connection.respond(404, "Not found\n")
        body, kind = found
        headers = Headers([
            ("Content-Type", kind), ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
            ("Content-Security-Policy",
             "default-src 'self'; connect-src 'self' ws:; frame-ancestors 'none'"),
        ])
        return Response(200, "OK", headers, body)

    async def _handle(self, socket: ServerConnection) -> None:
        conn = next(self._ids)
        self._sockets[conn] = socket
        try:
            seat = await self._greet(socket)
            if seat is None:
                return
            self.post(PhoneEvent("join", seat, conn))
            try:
                await self._listen(socket, seat, conn)
            finally:
                self.post(PhoneEvent("left", seat, conn))
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            self._sockets.pop(conn, None)

    async def _greet(self, socket: ServerConnection) -> int | None:
        """The seat the first message's token opens; else refuse and close (``None``)."""
        raw = await asyncio.wait_for(socket.recv(), HELLO_SECONDS)
        try:
            hello = parse(raw)
        except BadMessageError:
            hello = None
        seat = self.tokens.seat_of(hello.token) if isinstance(hello, Hello) else None
        if seat is None:
            self.refused += 1
            lang = hello.lang if isinstance(hello, Hello) else "en"
            await socket.send(dumps({"t": "refused",
                                     "text": translate("phones.refused.token", lang)}))
            await socket.close(CLOSE_REFUSED, "token")
            return None
        return seat

    async def _listen(self, socket: ServerConnection, seat: int, conn: int) -> None:
        bucket = _Bucket()
        bad = 0
        async for raw in socket:
            if not bucket.take():
                self.refused += 1
                if bucket.dropped > FLOOD_CLOSE:
                    await socket.close(CLOSE_ABUSE, "flood")
                    return
                continue
            try:
                message = parse(raw)
                if isinstance(message, Hello):
                    raise BadMessageError("already seated")
            except BadMessageError as error:
                self.refused += 1
                bad += 1
                await socket.send(dumps({"t": "bad", "why": str(error)}))
                if bad >= BAD_CLOSE:
                    await socket.close(CLOSE_ABUSE, "malformed")
                    return
                continue
            self.post(PhoneEvent("message", seat, conn, message))
