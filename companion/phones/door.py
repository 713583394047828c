"""The one door between the app and the phones: start, take an event, follow the game, stop.

The composition root's switch (:mod:`companion.app.phones`) makes a :class:`PhoneDoor`
when the staff switched "Phones at the table" on.  The server's events come back to the
switch, an input source of the app's loop, which hands each to :meth:`PhoneDoor.take` on
the loop's thread; after every step of the game it calls :meth:`PhoneDoor.game_changed`.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from typing import Any, Protocol

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal, StorageError
from companion.core.messages import Msg
from companion.core.session import Session
from companion.phones.server import PhoneEvent, PhoneServer
from companion.phones.table import PhoneTable
from companion.phones.tokens import SeatTokens

NETWORK_SETTING = "phones.network"
"""Journal setting: ``{"port": 8765, "address": "192.168.4.1", "listen": "0.0.0.0",
"wifi": {"ssid": "...", "password": "..."}}`` (every part optional)."""
DEFAULT_PORT = 8765
"""The port phones connect to unless the setting names another."""
PAGE_STRINGS = ("phones.page.connecting", "phones.page.connected", "phones.page.offline",
                "phones.page.scan", "phones.page.sealed", "phones.page.language",
                "phones.page.wait", "phones.page.refused_title")
"""The page's own texts (shown before or without the server's)."""


class Host(Protocol):
    """What the door needs of the app."""

    @property
    def journal(self) -> Journal:
        """The journal (the phones' network setting)."""
        ...

    @property
    def session(self) -> Session | None:
        """The open game."""
        ...

    def submit_from_seat(self, action: dict[str, Any]) -> None:
        """Submit as a tap would."""
        ...

    def notify(self, message: Msg, error: bool) -> None:
        """A notice on the shared screen."""
        ...

    def show_screen(self, name: str) -> None:
        """Open a screen over the current one."""
        ...


def lan_address() -> str:
    """The address other machines reach this one at (no packet is sent), else loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


def network_settings(journal: Journal) -> dict[str, Any]:
    """The phones' network settings (empty when none or unreadable)."""
    try:
        stored = journal.get_setting(NETWORK_SETTING, {})
    except (StorageError, ValueError):
        return {}
    return stored if isinstance(stored, dict) else {}


def page_strings() -> bytes:
    """The page's own texts in every language, as JSON."""
    table = {lang: {key.rsplit(".", 1)[1]: translate(key, lang) for key in PAGE_STRINGS}
             for lang in LANGUAGES}
    return json.dumps(table, ensure_ascii=False).encode("utf-8")


def wifi_code(wifi: object) -> str | None:
    """The Wi-Fi join text for a QR code (``WIFI:T:WPA;S:...;P:...;;``), if configured."""
    if not isinstance(wifi, dict) or not isinstance(wifi.get("ssid"), str):
        return None

    def escaped(text: str) -> str:
        return "".join("\\" + ch if ch in '\\;,:"' else ch for ch in text)

    password = wifi.get("password")
    if isinstance(password, str) and password:
        return f"WIFI:T:WPA;S:{escaped(wifi['ssid'])};P:{escaped(password)};;"
    return f"WIFI:T:nopass;S:{escaped(wifi['ssid'])};;"


class PhoneDoor:
    """The started phones: server thread, seat table, tokens."""

    def __init__(self, host: Host, post: Callable[[PhoneEvent], None], lang: Callable[[], str],
                 port: int | None = None, listen: str | None = None,
                 address: str | None = None) -> None:
        settings = network_settings(host.journal)
        self.host = host
        """The app."""
        self.tokens = SeatTokens()
        """The seats' tokens."""
        self.server = PhoneServer(
            self.tokens, post, listen or str(settings.get("listen", "0.0.0.0")),
            port if port is not None else int(settings.get("port", DEFAULT_PORT)),
            address or str(settings.get("address") or lan_address()), page_strings())
        """The LAN server."""
        self.table = PhoneTable(host, self.server, self.tokens, lang)
        """The seats on the app's loop."""
        self.wifi = wifi_code(settings.get("wifi"))
        """The Pi's own hotspot as a Wi-Fi join code (``None``: phones use the room's Wi-Fi)."""
        self._shown_for: int = -1

    def start(self) -> None:
        """Open the port, register the join screen, follow the open game."""
        from companion.phones.join import register

        register(self)
        self.server.start()
        self.game_changed()

    def stop(self) -> None:
        """Close every phone's socket and the port."""
        self.server.stop()

    def take(self, item: object) -> bool:
        """Handle ``item`` if it is a phone's event (True), else leave it (False)."""
        if not isinstance(item, PhoneEvent):
            return False
        self.table.take(item)
        return True

    def game_changed(self, push: bool = True) -> None:
        """After every step: follow the game; new tokens show the join screen.  With
        ``push`` False the seats' views are sent later (``self.table.push_all()``)."""
        self.table.game_changed(push)
        generation = self.tokens.generation
        if self.host.session is not None and self.table.phone is not None and (
                generation != self._shown_for):
            self._shown_for = generation
            from companion.phones.join import JOIN_SCREEN

            self.host.show_screen(JOIN_SCREEN)

    def link_for(self, seat: int) -> str | None:
        """The join link of ``seat`` (``None``: no such seat now)."""
        token = self.tokens.token(seat)
        return None if token is None else self.server.url_for(token)

