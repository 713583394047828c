"""The tile grid and the Tiles tab match the table: sections on every page, candidates
exactly the tiles still face down, face-up tiles shown face up."""

from __future__ import annotations

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.games.caverna.game import GAME
from companion.games.caverna.queries import TILE_BACKS, known_face_up, open_candidates
from companion.ui.app import App
from companion.ui.caverna.demo import replay
from companion.ui.caverna.play import tile_pages
from companion.ui.caverna.view import tile_chips
from tests.ui.caverna.helpers import state_of
from tests.ui.taps import open_game


def test_solo_tiles_all_turned_up_are_named_not_offered_as_new(app: App,
                                                               journal: Journal) -> None:
    """Solo, round 6: the three back-3 tiles of the solo game (Breach is out) all lie
    face up; the app knows which they are, so none is offered as "a new tile"."""
    session = replay("solo", 61, journal)
    state = state_of(session)
    assert {"expansion", "drift_mining", "expedition"} <= set(known_face_up(state))
    assert open_candidates(state) == ()
    open_game(app, session)
    texts = [translate(getattr(w, "text", ""), "en") for w in app.scene.widgets]
    assert not any(text.startswith("Or a new tile") for text in texts)
    offered = {w.key.split(":")[-1] for w in app.scene.widgets
               if w.key.startswith("caverna:tile:")}
    assert {"expansion", "drift_mining", "expedition"} <= offered


def test_candidates_are_exactly_the_tiles_still_face_down(journal: Journal) -> None:
    """Two players, round 4: the back-2 tile turned up in round 2 is the last back-2 tile
    (Undermining), so it is face up; the new back-3 tile may be any back-3 tile not yet
    named, and each of those is face down or the new one."""
    state = GAME.apply(state_of(replay("two-players", 54, journal)), {"type": "reveal"})
    assert known_face_up(state) == ("undermining",)
    assert set(open_candidates(state)) == {
        tile for tile in state.hidden_tiles if TILE_BACKS[tile] == 3}


def test_the_tiles_tab_shows_a_turned_up_tile_face_up(journal: Journal) -> None:
    """A tile turned up and not named yet lies face up on the table: the Tiles tab must
    not call it face down."""
    state = GAME.apply(state_of(replay("two-players", 54, journal)), {"type": "reveal"})
    chips = tile_chips(state)
    assert sum(chip.status == "new" for chip in chips) == 1
    assert [chip.tile for chip in chips if chip.status == "free" and
            chip.tile == "undermining"] == ["undermining"]
    hidden_backs = sorted(chip.back for chip in chips if chip.status == "hidden")
    face_down = len(state.hidden_tiles) - len(state.unnamed_tiles)
    assert len(hidden_backs) == face_down


def test_a_section_going_on_to_the_next_page_repeats_its_heading() -> None:
    face_up, new = Msg("face_up"), Msg("new")
    sections = [(face_up, tuple("abcdefg")), (new, tuple("xyz"))]
    pages = tile_pages(sections, 3, 10, 50, 130)
    assert len(pages) > 1
    for page in pages:
        assert page and page[0][1]
    assert [tile for page in pages for _, tiles in page for tile in tiles] == list("abcdefgxyz")
    assert sum(heading == face_up for page in pages for heading, _ in page) >= 2
