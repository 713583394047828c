"""Words the table reads as the book says them.

Rulebook (the Polish book, on bringing and moving pieces, in our words): pieces may go
from the base camp to an own camp, or from one own camp to another, through the camps'
secret passage ("z obozu do obozu"): the action is named for where they go, to a camp,
not a "transfer".
"""

from __future__ import annotations

from companion.core.i18n import LANGUAGES, translate


def test_the_camp_to_camp_move_is_named_as_the_book_does() -> None:
    words = {lang: translate("ui_tikal.action.camp_move", lang) for lang in LANGUAGES}
    assert words["en"] == "To camp"
    assert words["pl"] == "Do obozu"
    assert all("ransf" not in words[lang] for lang in ("en", "fr"))


def test_a_spent_turn_says_action_points_not_score_in_polish() -> None:
    """"No points left" could read as the score: the Polish line names action points."""
    line = translate("ui_tikal.turn.spent", "pl", player="Ola")
    assert "punktów akcji" in line
