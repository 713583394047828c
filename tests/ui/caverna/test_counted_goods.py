"""Every counted good reads right in all four languages: "+2 kamienie", "5 kamieni",
"3 pierres", "2 piedras" — on option buttons, costs, results, limit warnings, notices and
history lines."""

from __future__ import annotations

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.messages import Msg, counted, msg
from companion.games.caverna.labels import label
from companion.games.caverna.tiles import Option
from companion.ui.caverna.view import cost_message, option_label
from tests.games.caverna.helpers import duo

STONE = {
    "en": {1: "1 stone", 2: "2 stone", 5: "5 stone"},
    "pl": {1: "1 kamień", 2: "2 kamienie", 5: "5 kamieni"},
    "fr": {1: "1 pierre", 2: "2 pierres", 5: "5 pierres"},
    "es": {1: "1 piedra", 2: "2 piedras", 5: "5 piedras"},
}
"""The stone counted, per language and number."""

EMMER = {
    "en": {1: "1 emmer", 2: "2 emmer", 5: "5 emmer"},
    "pl": {1: "1 płaskurka", 2: "2 płaskurki", 5: "5 płaskurek"},
    "fr": {1: "1 amidonnier", 2: "2 amidonniers", 5: "5 amidonniers"},
    "es": {1: "1 escanda", 2: "2 escandas", 5: "5 escandas"},
}
"""The emmer counted, per language and number."""

GOLD = {
    "en": {1: "1 gold", 2: "2 gold", 5: "5 gold"},
    "pl": {1: "1 złoto", 2: "2 złota", 5: "5 złota"},
    "fr": {1: "1 or", 2: "2 or", 5: "5 or"},
    "es": {1: "1 oro", 2: "2 oro", 5: "5 oro"},
}
"""The gold counted, per language and number."""

COUNTS = (1, 2, 5)


def _plain(text: str) -> str:
    """``text`` with the no-break spaces that keep a number with its good as spaces."""
    return text.replace("\u00a0", " ")


def _texts(count: int, lang: str) -> dict[str, str]:
    """Every place a counted stone is shown, rendered for ``count`` (no-break spaces
    read as spaces)."""
    state = duo()
    trade = option_label(state, Option("trade", good="stone", amount=count))
    return {place: _plain(text) for place, text in {
        "gain": translate(option_label(state, Option("gain", good="stone", amount=count)), lang),
        "cost": translate(cost_message({"stone": count}), lang),
        "result": translate(Msg("caverna.ask.result1", {"n1": f"+{count}",
                                                          "g1": counted("caverna.count.stone",
                                                                        f"+{count}")}), lang),
        "lost": translate(msg("ui_caverna.option.lost", count=count,
                              amount=counted("caverna.count.stone", count)), lang),
        "notice": translate(msg("caverna.notice.lost_to_limit", player="Ada",
                                good="@caverna.good.stone", count=count,
                                amount=counted("caverna.count.stone", count)), lang),
        "trade": translate(trade, lang),
    }.items()}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_a_counted_stone_takes_the_form_its_number_asks(lang: str, count: int) -> None:
    texts = _texts(count, lang)
    for place in ("gain", "cost", "result", "lost", "notice"):
        assert STONE[lang][count] in texts[place], (place, texts[place])
    assert GOLD[lang][count] in texts["trade"], texts["trade"]
    assert STONE[lang][5] in texts["trade"], texts["trade"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_the_history_line_of_a_conversion_counts_its_good(lang: str, count: int) -> None:
    state = duo()
    line = _plain(translate(label(state, {"type": "convert", "player": 0, "good": "emmer",
                                   "count": count}), lang))
    assert EMMER[lang][count] in line, line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_signed_count_picks_the_form_of_its_number(lang: str) -> None:
    """Results say "+2" and "−1": the sign never changes the form."""
    text = _plain(translate(Msg("caverna.ask.result1",
                                {"g1": counted("caverna.count.stone", "−1")}), lang))
    assert text == STONE[lang][1].replace("1", "−1")
    text = _plain(translate(Msg("caverna.ask.result1",
                                {"g1": counted("caverna.count.stone", "+5")}), lang))
    assert text == STONE[lang][5].replace("5", "+5")
