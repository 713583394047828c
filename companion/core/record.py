"""Game records: a set-up and its actions in one JSON file, replayable anywhere.

The format is described in ``docs/replay-format.md``.  ``companion replay FILE``
reads a record and plays it through the rules headless; ``companion export GAME_ID``
writes any journal game as a record.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.game import Game, Setup
from companion.core.journal import Journal
from companion.core.messages import IllegalActionError, RecordError
from companion.core.registry import find_game
from companion.core.session import Session, plain_action
from companion.core.upgrade import current

RECORD_FORMAT = "table-companion-record"
"""Value of the ``format`` field that marks a file as a game record."""
RECORD_VERSION = 2
"""The newest record version this app reads and the one it writes.

Version 2 set-ups may carry their game's data version (``core/upgrade.py``); a version 1
record is read as data version 1 of its game and upgraded on replay."""


@dataclass(frozen=True)
class GameRecord:
    """A game's set-up and actions, with optional expectations about its end."""

    game: str
    """Registry name of the rules engine."""
    setup: dict[str, Any]
    """The set-up, as the rules engine takes it."""
    actions: list[dict[str, Any]]
    """Every action, oldest first."""
    expect: dict[str, Any] = field(default_factory=dict)
    """Fields the final ``state_to_json`` must contain with these values (may be empty)."""
    title: str = ""
    """A free description."""

    def to_json(self) -> dict[str, Any]:
        """The record as the JSON document written to disk."""
        document: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "title": self.title,
            "setup": self.setup,
            "actions": self.actions,
        }
        if self.expect:
            document["expect"] = self.expect
        return document


def parse_record(document: Any) -> GameRecord:
    """Check a decoded JSON document and turn it into a :class:`GameRecord`."""
    if not isinstance(document, Mapping) or document.get("format") != RECORD_FORMAT:
        raise RecordError("core.error.record_unreadable", detail="not a table-companion record")
    version = document.get("version")
    if not isinstance(version, int) or version < 1:
        raise RecordError("core.error.record_unreadable", detail="missing version")
    if version > RECORD_VERSION:
        raise RecordError(
            "core.error.record_too_new", version=version, supported=RECORD_VERSION
        )
    game, setup, actions = document.get("game"), document.get("setup"), document.get("actions")
    if not isinstance(game, str) or not isinstance(setup, Mapping):
        raise RecordError("core.error.record_unreadable", detail="game or setup missing")
    if not isinstance(actions, list) or not all(isinstance(a, Mapping) for a in actions):
        raise RecordError("core.error.record_unreadable", detail="actions must be a list")
    expect = document.get("expect") or {}
    if not isinstance(expect, Mapping):
        raise RecordError("core.error.record_unreadable", detail="expect must be an object")
    return GameRecord(
        game,
        dict(setup),
        [dict(action) for action in actions],
        dict(expect),
        str(document.get("title", "")),
    )


def load_record(path: str | Path) -> GameRecord:
    """Read a record file; :class:`RecordError` with a clear reason if it cannot be used."""
    from companion.core.limits import MAX_RECORD_BYTES, JsonLimitError, load_json

    try:
        size = Path(path).stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError("faults.record.too_size", found=size, limit=MAX_RECORD_BYTES)
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError("core.error.record_unreadable", detail=str(error)) from error
    except UnicodeDecodeError as error:
        raise RecordError("core.error.record_unreadable", detail="not UTF-8 text") from error
    try:
        document = load_json(text, MAX_RECORD_BYTES)
    except JsonLimitError as error:
        raise RecordError(f"faults.record.too_{error.what}", found=error.found,
                          limit=error.limit) from error
    except ValueError as error:
        raise RecordError("core.error.record_unreadable", detail=str(error)) from error
    return parse_record(document)


def save_record(record: GameRecord, path: str | Path, replace: bool = True) -> None:
    """Write a record as indented UTF-8 JSON, private to its owner (``0600``).

    ``replace=False`` refuses an existing file (:class:`FileExistsError`).
    """
    from companion.core.files import write_private

    text = json.dumps(record.to_json(), ensure_ascii=False, indent=1)
    write_private(path, text + "\n", replace=replace)


@dataclass(frozen=True)
class Replay:
    """The outcome of playing a record through the rules."""

    game: Game[Any]
    """The rules engine used."""
    state: Any
    """The state after the last action."""
    mismatches: list[str]
    """Expectations of the record that the final state does not meet (empty: all met)."""


def replay(record: GameRecord) -> Replay:
    """Play every action of ``record``; :class:`RecordError` names the first refused step."""
    try:
        game = find_game(record.game)
        setup, actions = current(game, record.setup, record.actions)
        state = game.new_state(setup)
    except IllegalActionError as error:
        raise RecordError("core.error.record_step", error.message, step=0) from error
    for step, action in enumerate(actions, start=1):
        try:
            state = game.apply(state, plain_action(action))
        except IllegalActionError as error:
            raise RecordError("core.error.record_step", error.message, step=step) from error
    return Replay(game, state, expectation_mismatches(game, state, record.expect))


def expectation_mismatches(game: Game[Any], state: Any, expect: Mapping[str, Any]) -> list[str]:
    """Compare ``expect`` with the top-level fields of ``game.state_to_json(state)``."""
    described = game.state_to_json(state)
    problems = []
    for key, wanted in expect.items():
        found = described.get(key, "<missing>")
        if found != wanted:
            problems.append(f"{key}: expected {wanted!r}, found {found!r}")
    return problems


def session_from_record(
    journal: Journal, record: GameRecord, steps: int | None = None
) -> Session:
    """Start ``record``'s game in ``journal`` and play its first ``steps`` actions (all: None)."""
    try:
        setup, actions = current(find_game(record.game), record.setup, record.actions)
    except IllegalActionError as error:
        raise RecordError("core.error.record_step", error.message, step=0) from error
    session = Session.start(journal, record.game, setup, record.title)
    for action in actions[:steps]:
        session.submit(action)
    return session


def record_from_journal(journal: Journal, game_id: int) -> GameRecord:
    """Export the steps in effect of a journal game as a record."""
    saved = journal.load(game_id)
    actions = [dict(action) for action in saved.actions[: saved.cursor]]
    return GameRecord(saved.summary.game, saved.setup, actions, {}, saved.summary.title)


def replay_journal_game(journal: Journal, game_id: int, game: Game[Any]) -> tuple[Setup, Any]:
    """The (upgraded) set-up and the state after the steps in effect of a journal game.

    Raises ``IllegalActionError``, ``ValueError``, ``KeyError`` or ``TypeError`` when the
    saved game does not replay through ``game``.
    """
    record = record_from_journal(journal, game_id)
    setup, actions = current(game, record.setup, record.actions)
    state = game.new_state(setup)
    for action in actions:
        state = game.apply(state, plain_action(action))
    return setup, state
