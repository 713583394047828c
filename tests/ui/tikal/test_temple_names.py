"""Temples named as the table reads them on the board: by the number on top, and by where
they lie when another temple shows the same number — never by the order the hexes were
laid, which nobody at the table can see."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.games.tikal import GAME
from companion.games.tikal.state import Hex, TikalState
from companion.games.tikal.where import direction_from_base, steps_from_base
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.scene import Settings
from companion.ui.widgets import ListView
from tests.clock import FakeClock
from tests.ui.tikal.helpers import open_game, replayed, state_of, tap_widget, widget


@pytest.fixture
def apps(journal: Journal) -> Iterator[dict[str, App]]:
    """The app in each language, on one journal."""
    made = {lang: App(journal, Settings(language=lang), (800, 480), clock=FakeClock())
            for lang in LANGUAGES}
    yield made
    clear_cache()
    pygame.quit()


def _twins(state: TikalState) -> list[Hex]:
    """Temples whose number another temple shows too."""
    temples = [hx for hx in state.hexes if hx.kind == "temple"]
    return [hx for hx in temples
            if any(o.value == hx.value and o.id != hx.id for o in temples)]


def _direction(hx: Hex, lang: str) -> str:
    """The words of the direction ``hx`` lies in, seen from the base camp."""
    assert hx.at is not None
    return translate(f"tikal.where.{direction_from_base(hx.at)}", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_temples_tab_names_twins_by_where_they_lie(apps: dict[str, App],
                                                       journal: Journal, lang: str) -> None:
    """The tab lists each temple by its number; two temples that show the same number
    are told apart by their distance and direction from the base camp."""
    app = apps[lang]
    session = replayed(journal, "basic", 137)
    state = state_of(session)
    twins = _twins(state)
    assert len(twins) >= 2 and all(hx.at is not None for hx in twins)
    open_game(app, session)
    tap_widget(app, "tikal:tab:temples")
    listed = widget(app, "tikal:temples")
    assert isinstance(listed, ListView)
    temples = [hx for hx in state.hexes if hx.kind == "temple"]
    texts = [translate(item.text, lang) if isinstance(item.text, Msg) else item.text
             for item in listed.items]
    assert len(texts) == len(temples)
    for hx, text in zip(temples, texts, strict=True):
        assert str(hx.value) in text, (lang, text)
        assert "{" not in text, (lang, text)
        if hx in twins:
            assert hx.at is not None
            assert _direction(hx, lang) in text, (lang, text)
            assert str(steps_from_base(hx.at)) in text, (lang, text)
        else:
            plain = translate(Msg("ui_tikal.temple.name", {"value": hx.value}), lang)
            assert text.startswith(plain), (lang, text)
    twin_texts = [text for hx, text in zip(temples, texts, strict=True) if hx in twins]
    assert len(set(twin_texts)) == len(twin_texts)


@pytest.mark.parametrize("kind", ["uncover", "place_guard"])
def test_history_names_a_twin_temple_by_where_it_lies(journal: Journal, kind: str) -> None:
    """A history line about a temple whose number another temple shows too says where it
    lies; one about a temple with a number of its own names the number alone."""
    state = state_of(replayed(journal, "basic", 137))
    twin = _twins(state)[0]
    assert twin.at is not None
    label = GAME.action_label(state, {"type": kind, "hex": twin.id})
    assert label.key == f"tikal.seen.{kind}_at"
    for lang in LANGUAGES:
        text = translate(label, lang)
        assert _direction(twin, lang) in text and "{" not in text, (lang, text)
        assert str(twin.value) in text, (lang, text)
    single = next(hx for hx in state.hexes if hx.kind == "temple" and hx not in _twins(state))
    assert GAME.action_label(state, {"type": kind, "hex": single.id}).key == f"tikal.seen.{kind}"
