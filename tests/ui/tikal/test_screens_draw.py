"""Every Tikal screen and dialog draws in all four languages at 800x480 and 1280x800.

No text may overflow its widget and every touch target must be at least 48 px.
"""

from __future__ import annotations

import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.messages import msg
from companion.core.questions import Question
from companion.games.tikal import GAME
from companion.games.tikal.questions import type_refusal
from companion.ui.keyboard import NameDialog
from companion.ui.scene import Scene
from companion.ui.theme import TEXT_SCALES
from companion.ui.tikal.demo import SITUATIONS
from companion.ui.tikal.dialogs import preview_dialog
from companion.ui.tikal.panels import tabs_for
from companion.ui.tikal.play import TikalPlayScene
from companion.ui.tikal.scoring import TikalScoringScene
from companion.ui.tikal.screens import SCREENS
from companion.ui.tikal.setup import TikalSetupScene, add_player, rename
from tests.ui.taps import registered
from tests.ui.tikal.helpers import (
    LONG_NAMES,
    SIZES,
    context,
    draw_problems,
    replayed,
    start,
    state_of,
)

pytestmark = pytest.mark.usefixtures("display")

PHASE_POINTS: dict[str, tuple[str, int | None]] = {
    **{name: SITUATIONS[name] for name in ("draw", "actions", "reveal", "auction", "choose")},
    "volcano": ("basic", 146),
    "final": ("basic", 248),
    "finished": SITUATIONS["gameover"],
    "auction_actions": ("auction", 53),
    "auction_volcano": ("auction", 141),
}
"""Steps of the example records at which the play screen shows each phase (the demo
situations where they show one)."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_screen_fits_in_the_actions(journal: Journal, lang: str,
                                         size: tuple[int, int]) -> None:
    session = replayed(journal, "basic", 137)
    overflowing, small = draw_problems(TikalPlayScene(), context(size, lang, session))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
def test_registered_screen_fits_with_the_largest_text(journal: Journal, screen: str,
                                                      lang: str) -> None:
    session = replayed(journal, "basic", 137) if screen == "play" else None
    scene, ctx = registered(f"tikal.{screen}", (800, 480), lang, session, max(TEXT_SCALES))
    assert draw_problems(scene, ctx) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("point", sorted(PHASE_POINTS))
def test_play_screen_fits_every_phase_and_tab(journal: Journal, point: str, lang: str,
                                              size: tuple[int, int]) -> None:
    record, steps = PHASE_POINTS[point]
    session = replayed(journal, record, steps)
    for tab in tabs_for(state_of(session)):
        scene = TikalPlayScene(tab=tab)
        overflowing, small = draw_problems(scene, context(size, lang, session))
        assert (tab, overflowing, small) == (tab, [], [])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", ["basic", "auction"])
def test_four_long_names_fit(journal: Journal, lang: str, variant: str) -> None:
    session = start(journal, {"variant": variant, "players": LONG_NAMES})
    if variant == "basic":
        session.submit({"type": "draw", "kind": "temple", "value": 3})
    else:
        session.submit({"type": "reveal", "hexes": [
            {"kind": "temple", "value": 3}, {"kind": "treasure", "masks": 4},
            {"kind": "jungle"}, {"kind": "temple", "value": 7}]})
        session.submit({"type": "bid", "amount": 4})
    for tab in tabs_for(state_of(session)):
        overflowing, small = draw_problems(TikalPlayScene(tab=tab),
                                           context((800, 480), lang, session))
        assert (tab, overflowing, small) == (tab, [], [])


def _step_dialogs(journal: Journal) -> list[tuple[str, Scene]]:
    """Every question of every action, at a point of the basic example with many hexes."""
    session = replayed(journal, "basic", 137)
    state = state_of(session)
    dialogs: list[tuple[str, Scene]] = []
    for kind in ("bring", "camp_move", "move", "uncover", "take_treasure", "exchange",
                 "build_camp", "place_guard"):
        if type_refusal(state, kind) is not None:
            continue
        answers: dict[str, object] = {"type": kind}
        while isinstance(step := GAME.ask(state, answers), Question):
            dialogs.append((f"{kind}:{step.field}", preview_dialog(session, answers)))
            legal = step.legal_answers()
            if not legal:
                break
            answers[step.field] = legal[-1].value
    draw = replayed(journal, "basic", 139)
    answers = {"type": "draw"}
    while isinstance(step := GAME.ask(state_of(draw), answers), Question):
        dialogs.append((f"draw:{step.field}", preview_dialog(draw, answers)))
        answers[step.field] = step.legal_answers()[0].value
    return dialogs


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_question_fits(journal: Journal, lang: str, size: tuple[int, int]) -> None:
    dialogs = _step_dialogs(journal)
    assert len(dialogs) >= 12
    for name, dialog in dialogs:
        overflowing, small = draw_problems(dialog, context(size, lang, None))
        assert (name, overflowing, small) == (name, [], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_reveal_and_name_dialogs_fit(journal: Journal, lang: str, size: tuple[int, int]) -> None:
    session = replayed(journal, "auction", 34)
    reveal = preview_dialog(session, {"type": "reveal", "hex0": {"kind": "treasure",
                                                                 "masks": 4}})
    name = NameDialog(msg("ui_tikal.setup.name_of", number=4), "Żaneta", lambda typed: None)
    for dialog in (reveal, name):
        overflowing, small = draw_problems(dialog, context(size, lang, session))
        assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_counting_screen_fits_for_every_temple(journal: Journal, lang: str,
                                               size: tuple[int, int]) -> None:
    session = replayed(journal, "basic", 245)
    assert state_of(session).instructions
    scene = TikalScoringScene()
    overflowing, small = draw_problems(scene, context(size, lang, session))
    assert (overflowing, small) == ([], [])
    for hx in state_of(session).hexes:
        if hx.kind == "temple":
            scene.selected = hx.id
            overflowing, small = draw_problems(scene, context(size, lang, session))
            assert (hx.id, overflowing, small) == (hx.id, [], [])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counting_screen_after_the_round(journal: Journal, lang: str) -> None:
    session = replayed(journal, "basic", 154)
    overflowing, small = draw_problems(TikalScoringScene(), context((800, 480), lang, session))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_setup_with_four_long_names_fits(lang: str, size: tuple[int, int]) -> None:
    scene = TikalSetupScene()
    scene.setup = add_player(scene.setup)
    for seat, entry in enumerate(LONG_NAMES):
        scene.setup = rename(scene.setup, seat, entry["name"])
    overflowing, small = draw_problems(scene, context(size, lang))
    assert (overflowing, small) == ([], [])
