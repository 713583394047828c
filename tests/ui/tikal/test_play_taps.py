"""Taps on the Tikal screens go through the app to the session, or are refused with a reason."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.queries import free_spots
from companion.games.tikal.scoring import treasure_points
from companion.games.tikal.state import Hex, TikalState
from companion.ui.app import App
from companion.ui.intents import ShowDialog
from companion.ui.questions import QuestionDialog, answer_key, answer_targets
from companion.ui.scene import Settings
from companion.ui.tikal.play import TikalPlayScene
from companion.ui.tikal.scoring import TikalScoringScene
from tests.ui.taps import has_widget, open_game, tap, tap_widget, widget
from tests.ui.tikal.helpers import replayed, start, state_of


def _drawn(journal: Journal) -> Session:
    session = start(journal)
    session.submit({"type": "draw", "kind": "jungle"})
    return session


def _option(app: App, field: str, value: Any) -> None:
    """Tap the answer ``value`` of the open question (a button or a place on the map)."""
    dialog = app.dialog
    assert isinstance(dialog, QuestionDialog)
    session = app.session
    assert session is not None
    question = dialog.dialogue.question(state_of(session))
    assert question is not None and question.field == field, question
    for prefix in ("answer", "place"):
        key = f"{prefix}:{field}:{answer_key(value)}"
        if has_widget(app, key):
            tap_widget(app, key)
            return
    raise AssertionError(f"no answer {value!r} to {field}")


def test_the_open_game_uses_the_tikal_play_screen(app: App, journal: Journal) -> None:
    open_game(app, start(journal))
    assert isinstance(app.scene, TikalPlayScene)


def test_a_saved_game_resumes_on_the_tikal_screen(journal: Journal) -> None:
    session = _drawn(journal)
    session.submit({"type": "bring", "piece": "worker", "to": 0})
    resumed = App(journal, Settings(language="pl"), (800, 480))
    assert isinstance(resumed.scene, TikalPlayScene)
    assert resumed.session is not None
    assert state_of(resumed.session).turn.spent == 1


def _keys(app: App) -> list[str]:
    """Keys of every widget drawn last (dialog and screen)."""
    scenes = [app.dialog, app.scene] if app.dialog is not None else [app.scene]
    return [w.key for scene in scenes if scene is not None for w in scene.widgets]


def test_the_drawn_hex_is_entered_on_the_play_screen(app: App, journal: Journal) -> None:
    """One tap names the tile, one tap on the map says where it was laid."""
    session = start(journal, box=True)
    open_game(app, session)
    assert app.dialog is None
    tap_widget(app, f"answer:tile:{answer_key({'kind': 'temple', 'value': 2})}")
    assert app.dialog is None
    scene = app.scene
    assert isinstance(scene, TikalPlayScene) and scene.tab == "map"
    tap_widget(app, f"place:at:{answer_key([-1, 0])}")
    state = state_of(session)
    assert (state.hexes[-1].kind, state.hexes[-1].value) == ("temple", 2)
    assert state.hexes[-1].at == (-1, 0)
    assert state.phase == "actions"
    assert has_widget(app, "tikal:act:move")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_draw_in_the_history_says_what_the_table_sees(journal: Journal, lang: str) -> None:
    """The history names the drawn temple with its number and the field it went on,
    counted from the printed base camp (the field north-west of it here)."""
    app = App(journal, Settings(language=lang), (800, 480))
    session = start(journal, box=True)
    open_game(app, session)
    tap_widget(app, f"answer:tile:{answer_key({'kind': 'temple', 'value': 2})}")
    tap_widget(app, f"place:at:{answer_key([-1, 0])}")
    shown = translate(session.history()[-1].label, lang)
    words = {"en": "north-west", "pl": "północny zachód", "fr": "nord-ouest",
             "es": "noroeste"}
    assert " 2" in shown and " 1 " in shown and words[lang] in shown, shown
    assert "{" not in shown


def test_a_lean_turn_ends_when_the_next_hex_is_entered(app: App, journal: Journal) -> None:
    """Lean tracking: entering the next player's hex ends this turn in the same tap."""
    session = start(journal, {"variant": "basic", "tracking": "lean", "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]}, box=True)
    session.submit({"type": "draw", "kind": "jungle"})
    open_game(app, session)
    tap_widget(app, f"answer:tile:{answer_key({'kind': 'temple', 'value': 1})}")
    state = state_of(session)
    assert session.actions()[-2:] == [{"type": "end_turn"},
                                      {"type": "draw", "kind": "temple", "value": 1}]
    assert state.active == 1 and state.phase == "actions"


def test_bringing_a_worker_spends_a_point(app: App, journal: Journal) -> None:
    session = _drawn(journal)
    open_game(app, session)
    before = state_of(session).players[0].reserve
    tap_widget(app, "tikal:act:bring")
    _option(app, "pieces", {"piece": "worker", "count": 3})
    state = state_of(session)
    assert state.players[0].reserve == before - 3
    assert state.workers[0][0] == 3
    assert state.turn.spent == 3
    assert session.history()[-1].label.key == "tikal.seen.bring"


def _moving_leader(app: App, journal: Journal) -> Session:
    """The leader brought in at hex 0, *Move* tapped and hex 4 answered for where to."""
    session = _drawn(journal)
    session.submit({"type": "bring", "piece": "leader", "to": 0})
    open_game(app, session)
    tap_widget(app, "tikal:act:move")
    _option(app, "to", 4)
    return session


def test_move_goes_through_every_question(app: App, journal: Journal) -> None:
    session = _moving_leader(app, journal)
    _option(app, "stones", 3)
    assert session.actions()[-1] == {"type": "move", "piece": "leader", "from": 0, "to": 4,
                                     "stones": 3}
    assert state_of(session).turn.spent == 4


def test_back_forgets_the_last_answer(app: App, journal: Journal) -> None:
    session = _moving_leader(app, journal)
    tap_widget(app, "question:back")
    dialog = app.dialog
    assert isinstance(dialog, QuestionDialog) and dialog.dialogue.partial == {"type": "move"}
    tap_widget(app, "question:cancel")
    assert app.dialog is None
    assert session.cursor == 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_action_shows_the_translated_reason(journal: Journal, lang: str) -> None:
    session = _drawn(journal)
    app = App(journal, Settings(language=lang), (800, 480))
    open_game(app, session)
    before, steps = session.state, session.cursor
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(before, {"type": "uncover", "hex": 1})
    tap_widget(app, "tikal:act:uncover")
    assert app.dialog is None
    assert session.state == before
    assert session.cursor == steps
    assert app.toast is not None and app.toast.error
    assert app.toast.message == refused.value.message
    shown = translate(app.toast.message, lang)
    assert shown != app.toast.message.key and "{" not in shown


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_an_action_that_cannot_be_completed_is_greyed_with_its_reason(
        journal: Journal, layout: str) -> None:
    """A greyed action still looks like a button: its frame is drawn around a muted fill
    (it is no plain label), and a tap on it tells why in a notice, nothing else."""
    app = App(journal, Settings(language="en", table_layout=layout), (800, 480))
    session = _drawn(journal)
    open_game(app, session)
    palette = app.context().theme.palette
    for key in ("tikal:act:camp_move", "tikal:act:exchange", "tikal:act:place_guard"):
        button = widget(app, key)
        rect, edge = button.rect, app.context().theme.border_width
        frame = {tuple(app.surface.get_at((rect.x + dx, rect.centery)))[:3]
                 for dx in range(edge + 1)}
        assert tuple(palette.border) in frame, key
        inside = tuple(app.surface.get_at((rect.x + edge + 3, rect.y + edge + 3)))[:3]
        assert inside == tuple(palette.background), key
        before, steps = session.state, session.cursor
        app.toast = None
        tap_widget(app, key)
        assert app.dialog is None and session.state == before and session.cursor == steps
        assert app.toast is not None and app.toast.error
        assert translate(app.toast.message, "en") != app.toast.message.key


def test_end_turn_then_undo_through_the_bar(app: App, journal: Journal) -> None:
    session = _drawn(journal)
    session.submit({"type": "bring", "piece": "worker", "to": 0})
    open_game(app, session)
    tap_widget(app, "tikal:end_turn")
    assert state_of(session).phase == "draw" and state_of(session).active == 1
    assert any(key.startswith("answer:tile:") for key in _keys(app))
    assert not has_widget(app, "tikal:act:move")
    tap_widget(app, "bar:Undo")
    state = state_of(session)
    assert (state.phase, state.active, state.turn.spent) == ("actions", 0, 1)
    assert has_widget(app, "tikal:act:move")
    assert not any(key.startswith("answer:tile:") for key in _keys(app))
    tap_widget(app, "bar:Redo")
    assert state_of(session).active == 1


def test_tabs_switch_the_books(app: App, journal: Journal) -> None:
    open_game(app, replayed(journal, "basic", 137))
    assert has_widget(app, "tikal:map") and not has_widget(app, "tikal:temples")
    tap_widget(app, "tikal:tab:treasures")
    scene = app.scene
    assert isinstance(scene, TikalPlayScene) and scene.tab == "treasures"
    assert not has_widget(app, "tikal:temples")
    tap_widget(app, "tikal:tab:temples")
    assert has_widget(app, "tikal:temples")


def test_bidding_with_plus_and_passing(app: App, journal: Journal) -> None:
    session = replayed(journal, "auction", 50)
    open_game(app, session)
    state = state_of(session)
    assert state.auction is not None
    bidder, high = state.auction.current, state.auction.high_bid
    tap_widget(app, "tikal:bid:plus3")
    tap_widget(app, "tikal:bid:minus")
    tap_widget(app, "tikal:bid")
    after = state_of(session)
    assert after.auction is not None
    assert (after.auction.high_bid, after.auction.high_bidder) == (high + 3, bidder)
    tap_widget(app, "tikal:pass")
    assert session.actions()[-1] == {"type": "pass"}
    assert session.history()[-1].label.key == "tikal.label.pass"


def test_bidding_more_than_the_score_is_not_offered(app: App, journal: Journal) -> None:
    session = replayed(journal, "auction", 50)
    open_game(app, session)
    state = state_of(session)
    assert state.auction is not None
    score = state.players[state.auction.current].score
    for _ in range(score // 3 + 3):
        tap_widget(app, "tikal:bid:plus3")
    tap_widget(app, "tikal:bid")
    assert session.actions()[-1] == {"type": "bid", "amount": score}


def test_choosing_a_revealed_hex_places_it(app: App, journal: Journal) -> None:
    session = replayed(journal, "auction", 52)
    open_game(app, session)
    state = state_of(session)
    wanted = state.revealed[1]
    tap_widget(app, "tikal:choose:1")
    if wanted.kind != "volcano":
        _option(app, "at", list(free_spots(state)[0]))
    after = state_of(session)
    assert len(after.revealed) == len(state.revealed) - 1
    assert after.hexes[-1].kind == wanted.kind or wanted.kind == "volcano"
    assert after.phase == "actions" and after.active == state.active
    label = session.history()[-1].label
    assert label.key == ("tikal.seen.choose" if wanted.kind == "volcano"
                         else "tikal.seen.choose_at")
    shown = translate(label, "en")
    assert "base camp" in shown or wanted.kind == "volcano", shown
    if wanted.kind == "temple":
        assert f"temple {wanted.value}" in shown, shown


def test_revealed_hexes_are_entered_one_after_another(app: App, journal: Journal) -> None:
    session = replayed(journal, "auction", 34)
    open_game(app, session)
    tap_widget(app, "tikal:reveal")
    assert isinstance(app.dialog, QuestionDialog)
    for slot, tile in enumerate(({"kind": "temple", "value": 5}, {"kind": "jungle"},
                                 {"kind": "treasure", "masks": 3},
                                 {"kind": "temple", "value": 2})):
        _option(app, f"hex{slot}", tile)
    state = state_of(session)
    assert state.phase == "auction"
    assert [(t.kind, t.value, t.masks) for t in state.revealed] == [
        ("temple", 5, 0), ("jungle", 0, 0), ("treasure", 0, 3), ("temple", 2, 0)]


def _counting_with_a_temple_to_give(app: App, session: Session) -> tuple[TikalState, Hex]:
    """Open the counting screen of ``session`` and find an unguarded temple that the player
    counting does not hold; the state at the start and that temple."""
    open_game(app, session)
    state = state_of(session)
    tap_widget(app, "tikal:count")
    given = next(h for h in state.hexes if h.kind == "temple" and h.guard is None
                 and GAME.state_to_json(state)["hexes"][h.id]["controller"] != state.active)
    return state, given


def test_counting_a_temple_at_the_table_changes_the_score(app: App, journal: Journal) -> None:
    session = replayed(journal, "basic", 248)
    state, given = _counting_with_a_temple_to_give(app, session)
    seat = state.active
    assert isinstance(app.dialog, TikalScoringScene)
    tap_widget(app, f"score:temple:{given.id}")
    tap_widget(app, f"score:give:{seat}")
    tracked = GAME.state_to_json(state)["scoring"]["preview"]
    expected = sum(tracked["temples"]) + given.value + treasure_points(
        state.players[seat].treasures)
    assert widget(app, "score:record").text.params == {"points": expected}  # type: ignore[attr-defined]
    tap_widget(app, "score:record")
    after = state_of(session)
    assert after.players[seat].score - state.players[seat].score == expected
    assert session.history()[-1].label.key == "tikal.label.score"
    assert after.active != seat
    assert app.dialog is None, "the next player plays their turn before any score is shown"


def test_the_ended_scoring_keeps_the_last_cube_move_in_view(app: App, journal: Journal) -> None:
    """After the last score of a round the counting screen still says how to move the cube."""
    session = replayed(journal, "basic", 248)
    while state_of(session).scoring is not None:
        session.submit({"type": "end_turn"})
    state = state_of(session)
    cube = next(note for note in state.instructions if note.key.startswith(
        "tikal.instruction.cube"))
    open_game(app, session)
    app.perform(ShowDialog(TikalScoringScene()))
    app.draw()
    texts = [str(getattr(w, "text", "")) for w in app.dialog.widgets]  # type: ignore[union-attr]
    assert any(translate(cube, "en") in text for text in texts)


def test_scoring_without_corrections_ends_the_turn(app: App, journal: Journal) -> None:
    session = replayed(journal, "basic", 248)
    open_game(app, session)
    tap_widget(app, "tikal:count")
    tap_widget(app, "score:record")
    assert session.actions()[-1] == {"type": "end_turn"}


def test_the_finished_game_names_the_winner(app: App, journal: Journal) -> None:
    session = replayed(journal, "basic", None)
    open_game(app, session)
    assert session.finished
    assert not has_widget(app, "tikal:act:move")
    texts = [getattr(w, "text", None) for w in app.scene.widgets]
    keys = [getattr(t, "key", "") for t in texts]
    assert "ui_tikal.over.winner" in keys
    winner = next(t for t in texts if getattr(t, "key", "") == "ui_tikal.over.winner")
    best = max(state_of(session).players, key=lambda p: p.score)
    assert winner.params == {"players": best.name}  # type: ignore[union-attr]



def test_a_temple_is_counted_by_tapping_it_on_the_map(app: App, journal: Journal) -> None:
    """A board with every hex placed: the counting screen shows the map, temples tapped there."""
    session = replayed(journal, "board", 187)
    state, given = _counting_with_a_temple_to_give(app, session)
    seat = state.active
    assert has_widget(app, "tikal:map")
    tap_widget(app, f"score:temple:{given.id}")
    tap_widget(app, f"score:give:{seat}")
    tap_widget(app, "score:record")
    entry = state_of(session).history[-1]
    assert entry.seat == seat and given.value in entry.temples
    assert {"hex": given.id, "controller": seat} in session.actions()[-1]["temples"]


def test_a_hand_counted_stack_shows_every_tile_on_one_page(app: App, journal: Journal) -> None:
    """Any tile may come from a stack the table counts itself: all fifteen are offered at
    once (no pages), so even the volcano is one tap."""
    session = start(journal)
    open_game(app, session)
    tiles = [key for key in _keys(app) if key.startswith("answer:tile:")]
    assert len(tiles) == 15
    assert not has_widget(app, "answers:next")
    tap_widget(app, f"answer:tile:{answer_key({'kind': 'volcano'})}")
    assert session.actions()[-1] == {"type": "draw", "kind": "volcano"}


def _answer_until_done(app: App, wanted: dict[str, Any]) -> None:
    """Answer each question the open dialog asks with ``wanted``'s value until it closes."""
    session = app.session
    assert session is not None
    while isinstance(app.dialog, QuestionDialog):
        question = app.dialog.dialogue.question(state_of(session))
        assert question is not None
        if has_widget(app, "pad:ok"):  # a number typed on the pad
            for digit in str(wanted[question.field]):
                tap_widget(app, f"pad:{digit}")
            tap_widget(app, "pad:ok")
            continue
        value = answer_key(wanted[question.field])
        keys = {f"answer:{question.field}:{value}", f"place:{question.field}:{value}"}
        found = [rect for target, rect in answer_targets(app.dialog.widgets)
                 if target.key in keys]  # a flat table's answers face the seat asked
        assert found, (question.field, value)
        tap(app, found[0].center)


def _own_hexes(state: TikalState) -> set[int]:
    """Hexes holding the active player's workers or leader."""
    seat = state.active
    return {hx.id for hx in state.hexes
            if state.workers[hx.id][seat] or state.players[seat].leader == hx.id}


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_a_tap_on_a_hex_with_own_pieces_starts_the_same_move_as_the_button(
        journal: Journal, layout: str) -> None:
    """A tap on the map where the player's pieces stand is *Move* with that hex as the
    start: the same questions follow and the same action is recorded, one tap fewer."""
    app = App(journal, Settings(language="en", table_layout=layout), (800, 480))
    session = replayed(journal, "basic", 60)
    open_game(app, session)
    state = state_of(session)
    sources = _own_hexes(state)
    assert len(sources) > 1  # the button then asks where from
    source = min(sources)
    target = next(hx.id for hx in state.hexes if hx.id != source and hx.kind != "volcano")
    wanted = {"from": source, "to": target, "pieces": {"piece": "worker", "count": 1},
              "stones": 1, "route": {"stones": 1, "piece": "worker", "count": 1}}
    steps = session.cursor
    tap_widget(app, "tikal:act:move")
    _answer_until_done(app, wanted)
    by_button = session.actions()[-1]
    assert session.cursor == steps + 1 and by_button["from"] == source
    tap_widget(app, "bar:Undo")
    assert session.cursor == steps
    tap_widget(app, f"tikal:move:{source}")
    assert isinstance(app.dialog, QuestionDialog)
    assert app.dialog.dialogue.partial == {"type": "move", "from": source}
    _answer_until_done(app, wanted)
    assert session.actions()[-1] == by_button
    assert session.cursor == steps + 1


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_a_tap_on_a_hex_without_own_pieces_starts_no_move(journal: Journal, layout: str) -> None:
    """Only the hexes holding the player's pieces start a move; a tap on any other hex of
    the map opens nothing and records nothing."""
    app = App(journal, Settings(language="en", table_layout=layout), (800, 480))
    session = replayed(journal, "basic", 60)
    open_game(app, session)
    scene = app.scene
    assert isinstance(scene, TikalPlayScene) and scene.map_layout is not None
    state = state_of(session)
    own = _own_hexes(state)
    shown = {w.key for w in scene.widgets if w.key.startswith("tikal:move:")}
    assert shown == {f"tikal:move:{h}" for h in own}
    texts = [getattr(w, "text", None) for w in scene.widgets]
    assert "ui_tikal.turn.tap_to_move" in [getattr(t, "key", "") for t in texts]
    others = [hx for hx in state.hexes if hx.id not in own and hx.at is not None]
    assert others
    for hx in others:
        tap(app, scene.map_layout.centre(hx))
        assert app.dialog is None, hx.id
        assert session.cursor == 60 and session.state == state


def test_a_lean_game_s_map_starts_no_move(journal: Journal) -> None:
    """Lean tracking keeps no pieces: its map's taps raise temples, never start a move."""
    session = replayed(journal, "basic", 60)
    scene = TikalPlayScene()
    state = state_of(session)
    assert scene.move_sources(state)
    lean = replace(state, tracking="lean")
    assert scene.move_sources(lean) == ()
