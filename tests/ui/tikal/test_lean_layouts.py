"""A lean Tikal game in both table layouts, driven by taps: the next hex and its field,
one-tap levels, the volcano's field, who holds each temple at a scoring, and the turned
*End turn* button of a lean scoring."""

from __future__ import annotations

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.queries import free_spots, unlaid_volcano
from companion.games.tikal.questions import tile_options
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.questions import answer_key
from companion.ui.scene import Settings
from companion.ui.theme import MIN_TOUCH
from companion.ui.tikal.hexmap import HexMap
from tests.ui.taps import draw_problems, has_widget, open_game, tap, tap_widget, widget
from tests.ui.tikal.helpers import lean_scoring, replayed, start, state_of

LAYOUTS = ("upright", "flat")
"""The two ways the screen lies on the table."""

FORCED_JUNGLE = 61
"""Steps of ``lean-placed`` after which the stack can give only a jungle next."""

LEAN_SCORING = 119
"""Steps of ``lean-placed`` after which the final scoring asks who holds each temple."""

NOTE_AND_ONE_HEX = 9
"""Steps of ``lean-placed`` after which a new treasure hex's tokens are to be laid and the
stack can give only one hex next."""

VOLCANO_BACK = 24
"""Steps of ``lean-placed`` after which the first volcano waits for its field."""


def _app(journal: Journal, session: Session, layout: str, lang: str = "en") -> App:
    app = App(journal, Settings(language=lang, table_layout=layout), (800, 480))
    open_game(app, session)
    return app


def _no_pages(app: App) -> None:
    keys = [w.key for w in app.scene.widgets]
    assert not any(key.startswith("answers:") for key in keys), keys


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_field_tap_enters_the_only_hex_the_stack_can_give(journal: Journal,
                                                           layout: str) -> None:
    """When the letter on top holds only one kind of hex, the field it was laid on is all
    the table says: one tap ends the turn and lays that hex there."""
    session = replayed(journal, "lean-placed", FORCED_JUNGLE)
    state = state_of(session)
    after_turn = GAME.apply(state, {"type": "end_turn"})
    assert tile_options(after_turn) == [{"kind": "jungle"}]
    app = _app(journal, session, layout)
    spot = free_spots(after_turn)[0]
    tap_widget(app, f"tikal:spot:{spot[0]},{spot[1]}")
    assert session.actions()[-2:] == [
        {"type": "end_turn"}, {"type": "draw", "kind": "jungle", "at": [spot[0], spot[1]]}]
    assert state_of(session).hexes[-1].at == spot


def test_a_volcano_drawn_with_a_field_noted_is_set_aside_without_it() -> None:
    """A volcano is set aside when drawn, so a field noted before naming it is not kept."""
    from companion.core.questions import Complete

    state = GAME.new_state({"variant": "basic", "tracking": "lean", "stages": {
        "A": 2, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0, "G": 0}, "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]})
    spot = list(free_spots(state)[0])
    step = GAME.ask(state, {"type": "draw", "at": spot, "tile": {"kind": "volcano"}})
    assert isinstance(step, Complete)
    assert step.action == {"type": "draw", "kind": "volcano"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_flat_lean_hex_is_placed_then_named_without_pages(journal: Journal,
                                                           lang: str) -> None:
    """Flat table: the empty fields are targets on the map in the middle and the stack's
    hexes are answered beside it, all on one page, each a finger wide."""
    session = start(journal, {"variant": "basic", "tracking": "lean", "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"},
        {"name": "Cy", "colour": "yellow"}]}, box=True)
    app = _app(journal, session, "flat", lang)
    options = tile_options(state_of(session))
    assert len(options) >= 3
    _no_pages(app)
    for option in options:
        assert widget(app, f"answer:tile:{answer_key(option)}").rect.height >= MIN_TOUCH
    spot = free_spots(state_of(session))[0]
    tap_widget(app, f"tikal:spot:{spot[0]},{spot[1]}")
    temple = next(o for o in options if o["kind"] == "temple")
    tap_widget(app, f"answer:tile:{answer_key(temple)}")
    assert session.actions()[-1] == {**temple, "type": "draw", "at": [spot[0], spot[1]]}
    problems = draw_problems(app.scene, app.context())
    assert problems == ([], []), problems


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_lean_level_is_one_tap_on_the_temple_in_both_layouts(journal: Journal,
                                                               layout: str) -> None:
    """A temple whose next level the rules accept is one tap on the map."""
    session = replayed(journal, "lean-placed", FORCED_JUNGLE)
    app = _app(journal, session, layout)
    state = state_of(session)
    temple = next(hx for hx in state.hexes
                  if hx.kind == "temple" and has_widget(app, f"tikal:level:{hx.id}"))
    tap_widget(app, f"tikal:level:{temple.id}")
    assert session.actions()[-1] == {"type": "uncover", "hex": temple.id}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_volcano_is_laid_on_its_field_in_both_layouts(journal: Journal,
                                                          layout: str) -> None:
    """After its scoring round the volcano's field is a tap on the map."""
    session = replayed(journal, "lean-placed", VOLCANO_BACK)
    state = state_of(session)
    assert unlaid_volcano(state) is not None
    app = _app(journal, session, layout)
    spot = list(free_spots(state)[0])
    tap_widget(app, f"place:at:{answer_key(spot)}")
    assert session.actions()[-1] == {"type": "lay_volcano", "at": spot}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lean_scoring_is_one_seat_colour_per_temple_in_both_layouts(
        journal: Journal, layout: str, lang: str) -> None:
    """Who holds each open temple: one tap per temple, that temple ringed on the map, the
    seats and *Nobody* on one page."""
    session = replayed(journal, "lean-placed", LEAN_SCORING)
    state = state_of(session)
    open_temples = [hx for hx in state.hexes if hx.kind == "temple" and hx.guard is None]
    app = _app(journal, session, layout, lang)
    before = session.cursor
    taps = 0
    while session.cursor == before:
        scene = app.scene
        question = scene.score_inline.question(state)  # type: ignore[attr-defined]
        assert question is not None
        _no_pages(app)
        ringed = next(w for w in scene.widgets if isinstance(w, HexMap)).highlight
        assert question.field == f"temple_{ringed}"
        for seat in (0, 1, 2, -1):
            assert has_widget(app, f"answer:{question.field}:{answer_key(seat)}")
        tap_widget(app, f"answer:{question.field}:{answer_key(-1)}")
        taps += 1
    assert taps == len(open_temples)
    assert session.actions()[-1]["type"] == "score"


def test_the_turned_end_turn_of_a_lean_scoring_says_why_it_waits(journal: Journal) -> None:
    """Flat table: a lean scoring turn ends with the last temple's holder, so the player's
    own *End turn* is greyed and a tap only tells why."""
    session = replayed(journal, "lean-placed", LEAN_SCORING)
    state = state_of(session)
    app = _app(journal, session, "flat")
    panel = widget(app, f"tikal:seat:{state.active}")
    assert isinstance(panel, TurnedPanel)
    control = next(w for w in panel.content if w.key == "tikal:end_turn")
    before = session.cursor
    tap(app, to_screen_rect(control.rect, panel.rect, panel.angle).center)
    assert session.cursor == before
    assert app.toast is not None and app.toast.error


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_only_hex_stays_a_finger_tall_under_the_table_notes(journal: Journal,
                                                                layout: str, lang: str) -> None:
    """With a note for the table on screen (the new treasure hex's tokens), the one hex the
    stack can give next is still a whole button, and the screen fits."""
    session = replayed(journal, "lean-placed", NOTE_AND_ONE_HEX)
    state = state_of(session)
    assert state.instructions and state.instructions[0].key == "tikal.instruction.lay_tokens"
    app = _app(journal, session, layout, lang)
    assert app.scene.only_tile(state) is not None  # type: ignore[attr-defined]
    assert widget(app, "tikal:draw:only").rect.height >= MIN_TOUCH
    problems = draw_problems(app.scene, app.context())
    assert problems == ([], []), problems


def test_a_fully_tracked_volcano_is_laid_on_the_flat_map(journal: Journal) -> None:
    """A flat table asks a fully tracked game's volcano for its field on the map in the
    middle as well (before, its volcanoes stayed beside the board)."""
    session = replayed(journal, "board", 41)
    state = state_of(session)
    volcano = unlaid_volcano(state)
    assert volcano is not None
    app = _app(journal, session, "flat")
    spot = list(free_spots(state)[0])
    assert widget(app, f"place:at:{answer_key(spot)}").touch_targets()[0].height >= MIN_TOUCH
    problems = draw_problems(app.scene, app.context())
    assert problems == ([], []), problems
    tap_widget(app, f"place:at:{answer_key(spot)}")
    assert session.actions()[-1] == {"type": "lay_volcano", "at": spot}
    assert state_of(session).hexes[volcano.id].at == tuple(spot)


@pytest.mark.parametrize(("layout", "steps"), [("upright", (1, 2, 3)), ("flat", (1, 3))])
def test_the_bid_row_shows_as_many_steps_as_fit(journal: Journal, layout: str,
                                                steps: tuple[int, ...]) -> None:
    """Bids on +1, +2 and +3 where the row has room (upright at 800x480: all three), each a
    finger wide; the amount opens a number pad for any other bid."""
    from companion.ui.tikal.demo import SITUATIONS

    session = replayed(journal, "auction", SITUATIONS["auction"][1])
    app = _app(journal, session, layout)
    shown = tuple(step for step in (1, 2, 3) if has_widget(app, f"tikal:bid:plus{step}"))
    assert shown == steps
    for key in ("tikal:bid:minus", "tikal:bid:pad", *(f"tikal:bid:plus{s}" for s in steps)):
        rect = widget(app, key).rect
        assert rect.width >= MIN_TOUCH and rect.height >= MIN_TOUCH
    auction = state_of(session).auction
    assert auction is not None
    tap_widget(app, "tikal:bid:plus3")
    if layout == "flat":  # the bidder's own panel holds Bid
        panel = widget(app, f"tikal:seat:{auction.current}")
        assert isinstance(panel, TurnedPanel)
        control = next(w for w in panel.content if w.key == "tikal:bid")
        tap(app, to_screen_rect(control.rect, panel.rect, panel.angle).center)
    else:
        tap_widget(app, "tikal:bid")
    assert session.actions()[-1] == {"type": "bid", "amount": auction.high_bid + 4}


def test_any_bid_is_one_answer_after_the_amount(journal: Journal) -> None:
    """The amount opens the bids the bidder can make: one button each while they are few,
    else a number pad (digits and OK); never one tap per point."""
    from companion.ui.tikal.demo import SITUATIONS

    session = replayed(journal, "auction", SITUATIONS["auction"][1])
    auction = state_of(session).auction
    assert auction is not None
    wanted = auction.high_bid + 7
    assert wanted <= state_of(session).players[auction.current].score
    app = _app(journal, session, "upright")
    tap_widget(app, "tikal:bid:pad")
    if has_widget(app, "pad:ok"):
        for digit in str(wanted):
            tap_widget(app, f"pad:{digit}")
        tap_widget(app, "pad:ok")
    else:
        tap_widget(app, f"answer:amount:{wanted}")
    assert session.actions()[-1] == {"type": "bid", "amount": wanted}


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_four_players_score_every_temple_on_one_page_flat(journal: Journal,
                                                          size: tuple[int, int]) -> None:
    """Flat table, four long names: each temple's four seats and *Nobody* stay on one
    page, before and after the first answer (when *Back* joins them), in every language."""
    session = lean_scoring(journal, seed=5)
    for lang in LANGUAGES:
        app = App(journal, Settings(language=lang, table_layout="flat"), size)
        open_game(app, session)
        for _ in range(2):
            question = app.scene.score_inline.question(session.state)  # type: ignore[attr-defined]
            assert question is not None and len(question.answers) == 5
            _no_pages(app)
            shown = [w for w in app.scene.widgets if w.key.startswith("answer:")]
            assert len(shown) == 5
            assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(shown)
                           for b in shown[i + 1:])
            assert draw_problems(app.scene, app.context()) == ([], [])
            if sum(1 for hx in session.state.hexes
                   if hx.kind == "temple" and hx.guard is None) < 2:
                break
            tap_widget(app, f"answer:{question.field}:{answer_key(-1)}")


TWIN_WORDS = {"en": ("north", "south-east"), "pl": ("na północ ", "na południowy wschód"),
              "fr": ("au nord ", "au sud-est"), "es": ("al norte", "al sureste")}
"""How each language says where the two printed temples lie from the base camp."""


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_temples_of_one_number_are_asked_by_where_they_lie(
        journal: Journal, layout: str, lang: str) -> None:
    """Both printed temples show 1: the question names the ringed one by its field, one
    field north or south-east of the base camp, not only by the number both show."""
    session = start(journal, {"variant": "basic", "tracking": "lean", "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]})
    session.submit({"type": "draw", "kind": "volcano"})
    app = _app(journal, session, layout, lang)
    asked: list[str] = []
    for words in TWIN_WORDS[lang]:
        scene = app.scene
        ringed = next(w for w in scene.widgets if isinstance(w, HexMap)).highlight
        prompt = widget(app, "question:prompt")
        shown = translate(prompt.text, lang)  # type: ignore[attr-defined]
        assert words in shown and "1" in shown and "{" not in shown, shown
        assert state_of(session).hexes[ringed].value == 1
        asked.append(shown)
        tap_widget(app, f"answer:temple_{ringed}:{answer_key(0)}")
        problems = draw_problems(app.scene, app.context())
        assert problems == ([], []), problems
    assert asked[0] != asked[1]


OPTIONAL_WORDS = {"en": "Optional", "pl": "Opcjonalnie", "fr": "Au choix",
                  "es": "Opcional"}
"""The word that tells the table the volcano's field may be left out."""


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_volcanos_field_is_asked_as_optional_beside_the_next_hex(
        journal: Journal, layout: str, lang: str) -> None:
    """Right after a volcano round the map asks for the volcano's field while the turn's
    own question asks for the next hex: the map's question says it may be left out, and
    naming the next hex at once is taken (the volcano then stays beside the board)."""
    session = replayed(journal, "lean-placed", VOLCANO_BACK)
    app = _app(journal, session, layout, lang)
    prompts = [translate(w.text, lang) for w in app.scene.widgets  # type: ignore[attr-defined]
               if isinstance(getattr(w, "text", None), Msg)
               and w.text.key == "tikal.ask.volcano_spot"]  # type: ignore[attr-defined]
    assert prompts and prompts[0].startswith(OPTIONAL_WORDS[lang]), prompts
    assert draw_problems(app.scene, app.context()) == ([], [])
    tile = next(o for o in tile_options(state_of(session)) if o["kind"] == "jungle")
    tap_widget(app, f"answer:tile:{answer_key(tile)}")
    assert session.actions()[-2:] == [{"type": "end_turn"}, {"type": "draw", "kind": "jungle"}]
    assert unlaid_volcano(state_of(session)) is None


def test_back_on_the_screen_itself_is_framed(journal: Journal) -> None:
    """A question asked on the play screen (a lean scoring's temples) has no dialog panel
    behind it: its *Back* is drawn with a frame, not as bare text on the background."""
    app = App(journal, Settings(language="en"), (800, 480))
    session = replayed(journal, "lean", 20)
    open_game(app, session)
    first = next(w for w in app.scene.widgets if w.key.startswith("answer:temple_"))
    tap(app, first.rect.center)
    app.dirty = True
    app.draw()
    back = widget(app, "question:back").rect
    background = tuple(app.context().theme.palette.background)
    edge = tuple(app.surface.get_at((back.left + 1, back.centery)))[:3]
    assert edge != background
