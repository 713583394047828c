"""The plays chart names each game by its short name, so long titles fit beside the bars."""

from __future__ import annotations

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.messages import Msg
from companion.core.registry import all_games
from companion.ui.kiosk.stats_screen import game_title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_with_a_short_name_is_charted_by_it(lang: str) -> None:
    """Caverna's Polish title runs to 33 letters; its chart row says "Caverna"."""
    label = game_title("caverna")
    assert isinstance(label, Msg)
    assert translate(label, lang) == "Caverna"


def test_a_game_without_a_short_name_keeps_its_title() -> None:
    """Games whose title is already short are charted by their title."""
    for game in all_games().values():
        if not game.info.short_title_key:
            assert game_title(game.name) == Msg(game.title_key)
    assert game_title("not-installed") == "not-installed"
