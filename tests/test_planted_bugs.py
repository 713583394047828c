"""One test for each single-line bug a review planted and no test caught (issue 32).

Each test below fails when its bug is planted back; ``bench/mutation.py`` plants them
(and a few more) and runs the relevant tests to print the score.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji import GAME as FUJI
from companion.games.fuji import eruption, scoring
from companion.games.fuji.equipment import with_player
from companion.games.fuji.state import TerrainKind
from hardware.protocol import Rejected, checksum, split_checksum
from tests.games.tikal.support import setup as tikal_setup
from tests.registering import registered
from tests.ui.tally_game import GAME as TALLY

tally_registered = registered(TALLY)


def test_a_tinkerers_turned_card_is_not_scored_as_unused() -> None:
    """Rulebook (end of game): one point per equipment card still unused in hand. A
    Tinkerer uses each card twice; after the first use it is turned, so it is no longer
    unused and scores nothing."""
    state = FUJI.new_state(FUJI.example_setup())
    base = with_player(state, 0, equipment=(), equipment_turned=())
    cards = ("map", "lighter")
    unused = with_player(state, 0, equipment=cards, equipment_turned=())
    one_turned = with_player(state, 0, equipment=cards, equipment_turned=("map",))
    assert scoring.score(unused) == scoring.score(base) + 2
    assert scoring.score(one_turned) == scoring.score(base) + 1


def test_a_card_flipped_to_lava_loses_its_equipment_token() -> None:
    """Rulebook (eruption): a card turned to its lava side loses whatever token lies on
    it; the equipment token there is gone."""
    board = FUJI.new_state(FUJI.example_setup()).board
    position = next(p for p in board.positions()
                    if (cell := board.cell(p)) is not None and not cell.lava
                    and cell.kind is not TerrainKind.VILLAGE)
    cell = board.cell(position)
    assert cell is not None
    board = board.replace(position, replace(cell, equipment_token=True, eruption_token=1))
    flipped = eruption.flip(board, (position,)).cell(position)
    assert flipped is not None and flipped.lava
    assert (flipped.equipment_token, flipped.eruption_token) == (False, 0)


@pytest.mark.usefixtures("tally_registered")
def test_after_a_power_cut_the_game_played_last_comes_back_and_the_list_is_newest_first(
        tmp_path: Path) -> None:
    """Two unfinished games: the one the table touched last is resumed after a restart,
    whichever was started first, and the saved-games list starts with it."""
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    older = Session.start(journal, TALLY.name, {"seats": 2, "target": 99})
    newer = Session.start(journal, TALLY.name, {"seats": 2, "target": 99})
    newer.submit({"type": "add", "amount": 1})
    journal.close()  # the power cut: nothing but the file is left
    reopened = Journal(path)
    resumed = Session.resume_latest(reopened)
    assert resumed is not None and resumed.game_id == newer.game_id
    assert [game.id for game in reopened.list_games("active")] == [newer.game_id, older.game_id]
    Session.resume(reopened, older.game_id).submit({"type": "add", "amount": 2})
    again = Session.resume_latest(reopened)
    assert again is not None and again.game_id == older.game_id
    assert [game.id for game in reopened.list_games("active")] == [older.game_id, newer.game_id]
    reopened.close()


def test_the_bid_button_is_lit_when_the_whole_score_is_exactly_the_lowest_raise(
        tmp_path: Path) -> None:
    """Rulebook (auction variant): a bid may be as high as the bidder's score, never
    more. With 20 points against a high bid of 19, bidding all 20 is allowed."""
    from companion.ui.app import App
    from companion.ui.scene import Settings
    from companion.ui.widgets import Button
    from tests.ui.taps import open_game, widget

    journal = Journal(tmp_path / "journal.sqlite3")
    session = Session.start(journal, "tikal", tikal_setup(4, "auction"))
    reveal: dict[str, Any] = {"type": "reveal", "hexes": [
        {"kind": "jungle"}, {"kind": "temple", "value": 2}, {"kind": "treasure", "masks": 3},
        {"kind": "jungle"}]}
    for action in (reveal, {"type": "bid", "amount": 2}, {"type": "bid", "amount": 19},
                   {"type": "pass"}, {"type": "pass"}):
        session.submit(action)
    state = session.state
    assert state.auction.current == 0 and state.players[0].score == state.auction.high_bid + 1
    app = App(journal, Settings(language="en"), (800, 480))
    try:
        open_game(app, session)
        bid = widget(app, "tikal:bid")
        assert isinstance(bid, Button) and bid.enabled
    finally:
        app.close()
        pygame.quit()
        journal.close()


def test_a_star_inside_a_box_line_is_refused_as_a_bad_checksum() -> None:
    """Box protocol: ``*`` starts the checksum, so a line with a star inside its body has
    a broken checksum part — even when the last two digits match what came before."""
    body = b"P se*at1"
    line = body + b"*" + f"{checksum(body):02X}".encode("ascii")
    assert split_checksum(line) == Rejected("checksum")
    assert split_checksum(b"P seat1*" + f"{checksum(b'P seat1'):02X}".encode()) == b"P seat1"
