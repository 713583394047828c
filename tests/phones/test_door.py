"""The phones' one door: off by default and then never imported; switched on and off from
the settings; the hotspot's Wi-Fi code; the seats' links."""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.core.journal import Journal
from companion.phones.door import NETWORK_SETTING, wifi_code
from companion.phones.server import CLOSE_REFUSED
from companion.phones.tokens import TOKEN_BYTES, SeatTokens
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.phones_setting import PHONES_SETTING, SetPhones
from companion.ui.scene import Settings
from tests.phones.seat_host import SeatHost
from tests.phones.tables import LOOPBACK, door, open_fuji, with_phones

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def journal() -> Iterator[Journal]:
    store = Journal(":memory:")
    yield store
    store.close()


def test_when_off_nothing_of_the_phones_is_imported() -> None:
    """The app as the root builds it (sources and outputs attached), a game open, phones
    never switched on: no phones module loaded.  Switched on, the same app starts them."""
    script = textwrap.dedent("""
        import os, sys
        os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
        from companion.app.root import AppOptions, build_app
        from companion.core.journal import Journal
        from companion.core.session import Session
        from companion.games.fuji import GAME
        from companion.ui.phones_setting import SetPhones
        from hardware.events import EventQueue
        journal = Journal(":memory:")
        journal.set_setting("phones.network", {"port": 0, "listen": "127.0.0.1",
                                               "address": "127.0.0.1"})
        app = build_app(AppOptions(inputs="", events=EventQueue()), journal)
        app.open_game(Session.start(journal, "fuji", dict(GAME.example_setup())))
        app.step(max_wait=0.01)

        def loaded():
            return sorted(m for m in sys.modules
                          if m.startswith("companion.phones") or m.startswith("websockets"))

        print(loaded())
        app.perform(SetPhones(True))
        print("companion.phones.door" in loaded())
        app.close()
    """)
    found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           cwd=ROOT, check=True)
    assert found.stdout.strip().splitlines()[-2:] == ["[]", "True"]


def test_the_setting_starts_and_stops_the_server(journal: Journal) -> None:
    journal.set_setting(NETWORK_SETTING, LOOPBACK)
    app = App(journal, Settings(language="en"), (800, 480))
    phones = with_phones(app)
    try:
        assert phones.door is None
        app.perform(SetPhones(True))
        assert journal.get_setting(PHONES_SETTING) is True
        started = door(app)
        assert started.server.port > 0
        open_fuji(app)
        link = started.link_for(0)
        assert link is not None and link.startswith(f"http://127.0.0.1:{started.server.port}/#")
        assert len(link.rsplit("#", 1)[1]) == 2 * TOKEN_BYTES
        app.perform(SetPhones(False))
        assert phones.door is None and journal.get_setting(PHONES_SETTING) is False
    finally:
        app.close()
        clear_cache()
        pygame.quit()


def test_tokens_rotate_and_old_ones_open_nothing() -> None:
    tokens = SeatTokens()
    first = tokens.rotate(3)
    assert len(set(first)) == 3 and all(len(t) == 2 * TOKEN_BYTES for t in first)
    assert [tokens.seat_of(t) for t in first] == [0, 1, 2]
    second = tokens.rotate(3)
    assert not set(first) & set(second)
    assert [tokens.seat_of(t) for t in first] == [None, None, None]
    assert tokens.seat_of(None) is None and tokens.seat_of("x" * 32) is None


def test_the_hotspot_wifi_code() -> None:
    assert wifi_code({"ssid": "Table 4", "password": "a;b"}) == "WIFI:T:WPA;S:Table 4;P:a\\;b;;"
    assert wifi_code({"ssid": "Open"}) == "WIFI:T:nopass;S:Open;;"
    assert wifi_code(None) is None and wifi_code({"password": "x"}) is None


def test_a_new_group_gets_new_codes_even_for_the_same_game() -> None:
    host = SeatHost()
    old = host.tokens.token(0)
    host.join(0, 1)
    host.table.new_group()
    assert host.tokens.seat_of(old) is None
    assert (1, CLOSE_REFUSED) in host.link.closed
    assert host.tokens.token(0) not in (None, old)


def test_a_taken_port_is_told_and_the_table_plays_on(journal: Journal) -> None:
    """Another program holds the port: the app says so, starts without phones, plays."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    try:
        journal.set_setting(PHONES_SETTING, True)
        journal.set_setting(NETWORK_SETTING, {**LOOPBACK, "port": holder.getsockname()[1]})
        app = App(journal, Settings(language="en"), (800, 480))
        try:
            assert with_phones(app).door is None
            assert app.toast is not None and app.toast.message.key == "phones.error.start"
            session = open_fuji(app)
            app.submit_from_seat({"type": "advance"})
            assert session.cursor == 1
        finally:
            app.close()
            clear_cache()
            pygame.quit()
    finally:
        holder.close()
