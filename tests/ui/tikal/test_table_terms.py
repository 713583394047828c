"""The Tikal screens in the table's terms: a lean turn's header, temples tapped where they
lie on the counting screen, the full scoring written like the lean one, and the table's
own hexes per letter."""

from __future__ import annotations

import pygame
import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.games.tikal.constants import DEFAULT_STAGE_SIZES, FORMER_STAGE_SIZES, STAGES
from companion.ui.app import App
from companion.ui.questions import PlaceTarget
from companion.ui.scene import LayeredScene
from companion.ui.tikal.play import header_text
from companion.ui.tikal.scoring import TikalScoringScene, score_action
from companion.ui.tikal.setup import TikalSetupScene
from companion.ui.tikal.stages import StagesDialog
from tests.ui.taps import registered
from tests.ui.tikal.helpers import (
    has_widget,
    open_game,
    replayed,
    start,
    state_of,
    tap_widget,
)


def test_a_lean_turn_header_counts_no_action_points(journal: Journal) -> None:
    """Lean tracking counts no points, so the header says what the table does instead."""
    session = start(journal, {"variant": "basic", "tracking": "lean", "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]}, box=True)
    session.submit({"type": "draw", "kind": "jungle"})
    state = state_of(session)
    for lang in LANGUAGES:
        for here in (True, False):
            text = translate(header_text(state, here), lang)
            assert "10" not in text and "Ada" in text, (lang, text)
    assert header_text(state, True).key == "ui_tikal.turn.lean_next"


def test_the_lean_play_screen_shows_the_lean_header(app: App, journal: Journal) -> None:
    session = start(journal, {"variant": "basic", "tracking": "lean", "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]}, box=True)
    session.submit({"type": "draw", "kind": "jungle"})
    open_game(app, session)
    keys = {getattr(getattr(w, "text", None), "key", None) for w in app.scene.widgets}
    assert "ui_tikal.turn.lean_next" in keys
    assert "ui_tikal.turn.points" not in keys


def test_a_tap_on_each_temple_of_the_counting_map_chooses_that_temple(
        app: App, journal: Journal) -> None:
    """Small temples on the counting map have touch targets that overlap: a tap at a
    temple's centre must choose that temple, not a neighbour drawn later."""
    session = replayed(journal, "board", 142)
    open_game(app, session)
    tap_widget(app, "tikal:tab:round")
    tap_widget(app, "tikal:count")
    dialog = app.dialog
    assert isinstance(dialog, TikalScoringScene)
    keys = [w.key for w in dialog.widgets if w.key.startswith("score:temple:")]
    assert len(keys) > 5
    for key in keys:
        chip = next(w for w in dialog.widgets if w.key == key)  # the map shrinks once chosen
        centre = chip.rect.center
        app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
        app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1))
        app.draw()
        assert dialog.selected == int(chip.key.rsplit(":", 1)[1]), chip.key


def test_a_counted_scoring_names_only_the_unguarded_temples(journal: Journal) -> None:
    """A guarded temple always scores for its guard ("the guard keeps the temple"), so the
    counting screen writes the score as the lean questions do: unguarded temples only."""
    session = replayed(journal, "board", 142)
    state = state_of(session)
    guarded = [hx.id for hx in state.hexes if hx.kind == "temple" and hx.guard is not None]
    assert guarded
    open_temple = next(hx for hx in state.hexes if hx.kind == "temple" and hx.guard is None)
    action = score_action(state, {open_temple.id: ("controller", None)})
    named = [entry["hex"] for entry in action["temples"]]
    assert not set(named) & set(guarded)
    assert named == [hx.id for hx in state.hexes if hx.kind == "temple" and hx.guard is None]


def test_the_table_sets_its_own_hexes_per_letter(app: App, journal: Journal) -> None:
    """The set-up keeps the published split unless the table's box differs; the editor
    gives any split of up to 36 hexes, and the game starts with it."""
    scene = TikalSetupScene()
    app.stack[-1] = scene
    app.draw()
    tap_widget(app, "setup:stages")
    assert isinstance(app.dialog, StagesDialog)
    for letter in STAGES:
        while app.dialog.stages[letter] != FORMER_STAGE_SIZES[letter]:
            step = "minus" if app.dialog.stages[letter] > FORMER_STAGE_SIZES[letter] else "plus"
            tap_widget(app, f"stages:{step}:{letter}")
    tap_widget(app, "stages:done")
    assert scene.setup["stages"] == dict(FORMER_STAGE_SIZES)
    tap_widget(app, "setup:stages")
    tap_widget(app, "stages:box")
    tap_widget(app, "stages:done")
    assert "stages" not in scene.setup


@pytest.mark.parametrize("letter", STAGES)
def test_the_stack_never_holds_more_than_the_box(letter: str) -> None:
    dialog = StagesDialog(None, lambda stages: None)
    dialog.change(letter, 1)
    assert dialog.stages == dict(DEFAULT_STAGE_SIZES)
    dialog.change(letter, -DEFAULT_STAGE_SIZES[letter] - 1)
    assert dialog.stages[letter] == DEFAULT_STAGE_SIZES[letter]


def test_the_counting_screen_opens_from_the_round_tab(app: App, journal: Journal) -> None:
    session = replayed(journal, "board", 142)
    open_game(app, session)
    tap_widget(app, "tikal:tab:round")
    assert has_widget(app, "tikal:count")


@pytest.mark.parametrize("flat", [False, True])
def test_a_bid_over_the_bidders_score_is_not_offered(journal: Journal, flat: bool) -> None:
    """The book: each bid must be higher than the one before, and the winner moves their
    score cube back by as many points as they bid (so no bid can pass one's score).  Once
    the highest bid reaches the bidder's score, *Bid* and the amount buttons are greyed;
    *Pass* stays."""
    from companion.core.record import load_record
    from companion.ui.scene import Settings
    from companion.ui.tikal.demo import EXAMPLES

    record = load_record(EXAMPLES / "auction.json")
    session = replayed(journal, "auction", 110)
    state = state_of(session)
    assert record.actions[110] == {"type": "pass"}
    auction = state.auction
    assert auction is not None and auction.high_bid + 1 > state.players[auction.current].score
    app = App(journal, Settings(language="en", table_layout="flat" if flat else "upright"),
              (800, 480))
    open_game(app, session)
    bid = [w for w in app.scene.widgets if w.key == "tikal:bid"]
    bid += [w for panel in app.scene.widgets for w in getattr(panel, "content", ())
            if w.key == "tikal:bid"]
    assert bid and all(not w.enabled for w in bid)  # type: ignore[attr-defined]
    pygame.quit()


def test_the_volcano_is_laid_by_a_tap_on_the_map_and_drawn_there(
        app: App, journal: Journal) -> None:
    """After its scoring round the volcano is asked for on the map and drawn where it lies,
    no longer in a row under the board."""
    from companion.games.tikal.queries import free_spots, unlaid_volcano
    from companion.ui.questions import answer_key
    from companion.ui.tikal.hexmap import HexMapLayout

    session = replayed(journal, "board", 41)
    open_game(app, session)
    state = state_of(session)
    volcano = unlaid_volcano(state)
    assert volcano is not None
    spot = list(free_spots(state)[0])
    tap_widget(app, f"place:at:{answer_key(spot)}")
    assert session.actions()[-1] == {"type": "lay_volcano", "at": spot}
    after = state_of(session)
    assert after.hexes[volcano.id].at == tuple(spot)
    layout = HexMapLayout(pygame.Rect(0, 0, 400, 300), after)
    assert volcano.id not in {hx.id for hx in layout.unplaced}
    assert not has_widget(app, f"place:at:{answer_key(list(free_spots(after)[0]))}")


def test_a_lean_hex_is_placed_by_a_tap_on_its_field_then_named(
        app: App, journal: Journal) -> None:
    """Lean tracking: a tap on the empty field, then the hex's name, lays it there and ends
    the turn; naming it alone still works (the hex then waits beside the map)."""
    from companion.games.tikal.queries import free_spots
    from companion.ui.questions import answer_key

    session = start(journal, {"variant": "basic", "tracking": "lean", "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]}, box=True)
    session.submit({"type": "draw", "kind": "jungle", "at": [-1, 0]})
    open_game(app, session)
    spot = free_spots(state_of(session))[0]
    tap_widget(app, f"tikal:spot:{spot[0]},{spot[1]}")
    tap_widget(app, f"answer:tile:{answer_key({'kind': 'temple', 'value': 1})}")
    assert session.actions()[-2:] == [
        {"type": "end_turn"}, {"type": "draw", "kind": "temple", "value": 1,
                               "at": [spot[0], spot[1]]}]
    assert state_of(session).hexes[-1].at == spot


def test_a_lean_level_is_one_tap_on_the_temple(app: App, journal: Journal) -> None:
    """Lean tracking: a temple whose next level the rules accept is tapped on the map."""
    session = start(journal, {"variant": "basic", "tracking": "lean", "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]}, box=True)
    session.submit({"type": "draw", "kind": "jungle", "at": [-1, 0]})
    open_game(app, session)
    temple = next(hx for hx in state_of(session).hexes if hx.kind == "temple")
    before = temple.value
    tap_widget(app, f"tikal:level:{temple.id}")
    assert session.actions()[-1] == {"type": "uncover", "hex": temple.id}
    assert state_of(session).hexes[temple.id].value > before


def test_four_players_score_a_temple_without_turning_pages(journal: Journal) -> None:
    """Once a lean scoring has begun, the temples' questions take the whole turn column, so
    four seats and *Nobody* stay on one page with *Back* (no answer hidden behind a page
    button, none overlapping another)."""
    from companion.ui.questions import answer_key
    from companion.ui.scene import Settings
    from tests.ui.tikal.helpers import lean_scoring

    session = lean_scoring(journal, seed=3)
    open_temples = [hx for hx in session.state.hexes if hx.kind == "temple" and hx.guard is None]
    assert len(open_temples) >= 2
    for lang in ("en", "pl", "fr", "es"):
        app = App(journal, Settings(language=lang), (800, 480))
        open_game(app, session)
        scene = app.scene
        question = scene.score_inline.question(session.state)  # type: ignore[attr-defined]
        assert question is not None and len(question.answers) == 5
        tap_widget(app, f"answer:{question.field}:{answer_key(-1)}")
        app.draw()
        shown = [w for w in app.scene.widgets if w.key.startswith(("answer:", "answers:"))]
        keys = [w.key for w in shown]
        assert not any(key.startswith("answers:") for key in keys), keys
        assert len(shown) == 5
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(shown)
                       for b in shown[i + 1:])
        tap_widget(app, "question:back")


def test_a_touch_between_two_fields_of_the_place_question_goes_to_the_nearer() -> None:
    """The fields offered for a drawn hex are small on a full map, so their grown touch
    targets overlap: a touch nearer one field's centre must place the hex there, not on a
    neighbour drawn later."""

    scene, ctx = registered("tikal.place", (800, 480), "en")
    scene.draw(pygame.Surface(ctx.size), ctx)
    assert isinstance(scene, LayeredScene)
    dialog = scene.dialog
    targets = [w for w in dialog.widgets if isinstance(w, PlaceTarget)]
    crowded = [(a, b) for a in targets for b in targets
               if a is not b and a.touch_targets()[0].colliderect(b.touch_targets()[0])]
    assert crowded
    for own, other in crowded:
        (x, y), (ox, oy) = own.rect.center, other.rect.center
        touch = (x + (ox - x) * 2 // 5, y + (oy - y) * 2 // 5)
        assert dialog.widget_at(touch) is own, (own.key, other.key)
