"""Bad files at start: the app still starts, keeps the damaged file aside, and says why."""

from __future__ import annotations

import threading
from pathlib import Path

import pygame

from companion.app import AppOptions, run
from companion.core.journal import Journal


def quit_soon(seconds: float = 0.5) -> threading.Timer:
    timer = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    timer.start()
    return timer


def test_app_starts_on_a_corrupt_database_and_keeps_it_aside(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    garbage = b"SQLite format 3\x00" + b"\xde\xad\xbe\xef" * 500
    database.write_bytes(garbage)
    timer = quit_soon()
    run(AppOptions(database=database, inputs="keyboard", config=tmp_path / "none.toml"))
    timer.join()
    kept = [path for path in tmp_path.iterdir() if ".damaged-" in path.name]
    assert len(kept) == 1 and kept[0].read_bytes() == garbage
    fresh = Journal(database)
    assert fresh.recovered_from is None and fresh.integrity_ok()


def test_app_starts_with_an_unreadable_config(tmp_path: Path) -> None:
    config = tmp_path / "hardware.toml"
    config.write_bytes(b"[gpio\n\xff\xfe not toml")
    timer = quit_soon()
    run(AppOptions(database=tmp_path / "games.sqlite3", config=config))
    timer.join()
    assert config.read_bytes() == b"[gpio\n\xff\xfe not toml"
