"""Plural forms: every language counts in its own way, and every counted message has its forms."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    PLURAL_FORMS,
    catalogue,
    parse_po,
    placeholders,
    plural_count,
    plural_entry,
    plural_index,
    translate,
)
from companion.core.messages import Msg

COUNTING = ("count", "left", "stones", "points", "waves", "masks", "steps", "bars", "food",
            "walls", "laps", "rounds", "gold", "dice", "cards", "found", "energy", "used",
            "hexes", "temples", "boxed", "high", "longest", "most", "total", "score", "buttons",
            "lights", "allowed")
"""Parameters that hold a number of things."""

COUNTED = re.compile(r"\{(" + "|".join(COUNTING) + r")\}\s+"
                     r"(?!(?:of|de|z|sur|in|to|left|max|maks|máx|is|jest|est|no)\b)[^\W\d_]")
"""A count followed by the word it counts (``{count} cards``): needs plural forms."""

HEDGED = re.compile(r"\w\((s|y|es|i)\)|die/dice|vez/veces|pole/pola")
"""Spellings that dodge plurals (``card(s)``, ``kart(y)``, ``vez/veces``)."""


def _c_to_python(expression: str) -> str:
    """A ``Plural-Forms`` C expression as Python (``a ? b : c`` nests to the right)."""
    text = expression.replace("&&", " and ").replace("||", " or ")
    depth, question = 0, -1
    for index, char in enumerate(text):
        depth += char == "("
        depth -= char == ")"
        if char == "?" and depth == 0:
            question = index
            break
    if question < 0:
        inner = text.strip()
        if inner.startswith("(") and inner.endswith(")"):
            return f"({_c_to_python(inner[1:-1])})"
        return inner
    depth = 0
    for index in range(question + 1, len(text)):
        char = text[index]
        depth += char == "("
        depth -= char == ")"
        if char == ":" and depth == 0:
            condition, yes, no = text[:question], text[question + 1:index], text[index + 1:]
            return (f"({_c_to_python(yes)} if {_c_to_python(condition)} "
                    f"else {_c_to_python(no)})")
    raise ValueError(expression)


def _plural_rule(lang: str) -> str:
    return PLURAL_FORMS[lang].split("plural=", 1)[1].rstrip(";")


def _headers(path: Path) -> str:
    return path.read_text(encoding="utf-8").split("\n\n", 1)[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_file_declares_the_languages_plural_forms(lang: str) -> None:
    """Each .po file names its language's Plural-Forms, as gettext files do."""
    for path in sorted((LOCALE_DIR / lang).glob("*.po")):
        assert f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"' in _headers(path), path.name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_declared_rule_is_the_one_applied(lang: str) -> None:
    """The header's formula and the code agree on every number up to 1000."""
    rule = _c_to_python(_plural_rule(lang))
    for n in range(1001):
        assert int(eval(rule, {}, {"n": n})) == plural_index(lang, n), (lang, n)


@given(st.integers(min_value=0, max_value=10**6))
def test_polish_has_three_forms(n: int) -> None:
    """Polish: 1 kamień, 2-4 kamienie (but 12-14 kamieni), otherwise kamieni."""
    expected = 0 if n == 1 else 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2
    assert plural_index("pl", n) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_entry_has_all_its_forms(lang: str) -> None:
    """Same counting parameter as English, one form per category, same placeholders."""
    english = catalogue("en")
    table = catalogue(lang)
    for key, value in english.items():
        entry = plural_entry(value)
        if entry is None:
            assert plural_entry(table.get(key, "")) is None, key
            continue
        counted, forms = entry
        other = plural_entry(table.get(key, ""))
        assert other is not None, key
        assert other[0] == counted, key
        assert len(other[1]) == plural_count(lang), key
        assert all(form.strip() for form in other[1]), key
        wanted = placeholders(forms[0])
        assert counted in wanted, key
        assert all(placeholders(form) == wanted for form in other[1]), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_counted_message_has_its_forms(lang: str) -> None:
    """A count followed by what it counts, or a hedged ``(s)``, is a plural entry."""
    found: set[str] = set()
    for path in sorted((LOCALE_DIR / lang).glob("*.po")):
        for key, value in parse_po(path.read_text(encoding="utf-8")).items():
            if plural_entry(value) is not None:
                continue
            if COUNTED.search(value) or HEDGED.search(value):
                found.add(key)
    assert sorted(found) == []


@pytest.mark.parametrize(("lang", "stones", "text"), [
    ("en", 1, "over 1 stone"), ("en", 2, "over 2 stones"),
    ("pl", 1, "przez 1 kamień"), ("pl", 3, "przez 3 kamienie"), ("pl", 5, "przez 5 kamieni"),
    ("pl", 12, "przez 12 kamieni"), ("pl", 22, "przez 22 kamienie"),
    ("fr", 0, "par 0 pierre"), ("fr", 2, "par 2 pierres"),
    ("es", 1, "por 1 piedra"), ("es", 4, "por 4 piedras"),
])
def test_a_counted_message_takes_the_form_its_number_asks(lang: str, stones: int,
                                                          text: str) -> None:
    """The listed defect: "over 1 stones" and the like."""
    message = Msg("tikal.label.move", {"player": "Ada", "piece": "worker", "from": 1, "to": 2,
                                       "stones": stones})
    assert text in translate(message, lang)


_OTHERS: dict[str, dict[str, str | int]] = {
    "fuji.instruction.dice_count": {"name": "Ada"},
    "fuji.error.too_far": {"name": "Ada"},
    "ui_tikal.draw.stack": {"letter": "B"},
    "caverna.result.win": {"player": "Ada"},
    "tikal.instruction.cube_forward": {"player": "Ada", "space": 40},
    "ui_caverna.rooms.given": {"total": 3},
    "tikal.label.reveal": {"player": "Ada"},
}
"""The parameters, besides the count, of the messages checked below."""


@pytest.mark.parametrize(("key", "counted", "lang", "number", "text"), [
    ("fuji.instruction.dice_count", "count", "en", 1, "Ada rolls 1 die."),
    ("fuji.instruction.dice_count", "count", "en", 2, "Ada rolls 2 dice."),
    ("fuji.instruction.dice_count", "count", "pl", 1, "Ada rzuca 1 kością."),
    ("fuji.instruction.dice_count", "count", "pl", 3, "Ada rzuca 3 kośćmi."),
    ("fuji.instruction.dice_count", "count", "fr", 1, "Ada lance 1 dé."),
    ("fuji.instruction.dice_count", "count", "es", 4, "Ada tira 4 dados."),
    ("fuji.error.too_far", "steps", "en", 1, "(1 step,"),
    ("fuji.error.too_far", "steps", "pl", 3, "(3 kroki,"),
    ("fuji.error.too_far", "steps", "pl", 5, "(5 kroków,"),
    ("fuji.error.too_far", "steps", "es", 1, "(1 paso;"),
    ("ui_tikal.draw.stack", "left", "en", 1, "1 hex left"),
    ("ui_tikal.draw.stack", "left", "pl", 1, "została 1 płytka"),
    ("ui_tikal.draw.stack", "left", "pl", 4, "zostały 4 płytki"),
    ("ui_tikal.draw.stack", "left", "pl", 12, "zostało 12 płytek"),
    ("ui_tikal.draw.stack", "left", "pl", 23, "zostały 23 płytki"),
    ("ui_tikal.draw.stack", "left", "fr", 1, "1 tuile restante"),
    ("ui_tikal.draw.stack", "left", "es", 1, "queda 1 loseta"),
    ("ui_tikal.draw.stack", "left", "es", 0, "quedan 0 losetas"),
    ("caverna.result.win", "points", "en", 1, "Ada wins with 1 point."),
    ("caverna.result.win", "points", "pl", 2, "Wygrywa Ada: 2 punkty."),
    ("caverna.result.win", "points", "pl", 115, "Wygrywa Ada: 115 punktów."),
    ("caverna.result.win", "points", "fr", 0, "Ada gagne avec 0 point."),
    ("caverna.result.win", "points", "fr", 2, "Ada gagne avec 2 points."),
    ("caverna.result.win", "points", "es", 1, "Gana Ada con 1 punto."),
    ("tikal.instruction.cube_forward", "steps", "pl", 1, "o 1 pole do przodu"),
    ("tikal.instruction.cube_forward", "steps", "pl", 2, "o 2 pola do przodu"),
    ("tikal.instruction.cube_forward", "steps", "pl", 21, "o 21 pól do przodu"),
    ("tikal.instruction.cube_forward", "steps", "es", 1, "Ada 1 casilla,"),
    ("ui_caverna.rooms.given", "count", "fr", 1, "Choisi : 1 sur 3"),
    ("ui_caverna.rooms.given", "count", "fr", 2, "Choisis : 2 sur 3"),
    ("ui_caverna.rooms.given", "count", "es", 1, "Elegido: 1 de 3"),
    ("tikal.label.reveal", "hexes", "pl", 1, "odkryto 1 płytkę"),
    ("tikal.label.reveal", "hexes", "pl", 14, "odkryto 14 płytek"),
    ("tikal.label.reveal", "hexes", "fr", 1, "1 tuile révélée"),
])
def test_each_language_counts_in_its_own_words(key: str, counted: str, lang: str, number: int,
                                               text: str) -> None:
    """Messages that were once written with one form now agree with their number."""
    params: dict[str, str | int] = {**_OTHERS[key], counted: number}
    assert text in translate(Msg(key, params), lang)


def test_one_point_is_singular_everywhere() -> None:
    """"1 pts", "quedan 1 losetas", "Odwróć 1 kart(y)" no more."""
    assert translate(Msg("ui_caverna.flat.status", {"points": 1}), "en") == "1 pt"
    assert translate(Msg("ui_caverna.flat.status", {"points": 2}), "en") == "2 pts"
    assert translate(Msg("fuji.instruction.flip_cards", {"count": 1}), "pl") == \
        "Odwróć 1 kartę na stronę lawy."
    assert translate(Msg("fuji.instruction.flip_cards", {"count": 5}), "pl") == \
        "Odwróć 5 kart na stronę lawy."
    assert "queda 1 así" in translate(Msg("ui_caverna.reveal.info",
                                          {"back": "2", "count": 1}), "es")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_counted_parameter_is_translated_in_the_form_of_its_number(lang: str) -> None:
    """``@key#n`` fills a placeholder with ``key`` translated for the number ``n`` (its
    sign kept, never choosing the form)."""
    from companion.core.messages import counted

    for number in (1, 2, 5, 22):
        for shown in (str(number), f"+{number}", f"−{number}"):
            whole = translate(Msg("caverna.ask.result1",
                                  {"g1": counted("caverna.count.stone", shown)}), lang)
            alone = translate(Msg("caverna.count.stone", {"count": number}), lang)
            assert whole == alone.replace(str(number), shown, 1)
