"""Message catalogues: every language covers every key with the same placeholders."""

from __future__ import annotations

import pytest

from companion.core.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    catalogue,
    describe,
    domains,
    language_from_environment,
    parse_po,
    placeholders,
    translate,
)
from companion.core.messages import Msg


def test_every_domain_exists_in_every_language() -> None:
    for lang in LANGUAGES:
        present = sorted(path.stem for path in (LOCALE_DIR / lang).glob("*.po"))
        assert present == domains(), lang


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_catalogue_covers_every_english_key(lang: str) -> None:
    english = catalogue("en")
    other = catalogue(lang)
    missing = sorted(key for key in english if not other.get(key))
    extra = sorted(key for key in other if key not in english)
    assert missing == [], f"{lang} lacks {missing[:20]}"
    assert extra == [], f"{lang} has keys English lacks: {extra[:20]}"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_placeholders_match_english(lang: str) -> None:
    english = catalogue("en")
    other = catalogue(lang)
    wrong = [
        key
        for key, text in english.items()
        if key in other and placeholders(other[key]) != placeholders(text)
    ]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("domain", domains())
def test_each_domain_file_has_the_english_keys_and_placeholders(domain: str, lang: str) -> None:
    """Compared file by file: a key moved to another domain in one language is caught."""
    english = _domain_file("en", domain)
    other = _domain_file(lang, domain)
    assert sorted(other) == sorted(english)
    wrong = [key for key, text in english.items()
             if placeholders(other[key]) != placeholders(text) or not other[key].strip()]
    assert wrong == []


def _domain_file(lang: str, domain: str) -> dict[str, str]:
    path = LOCALE_DIR / lang / f"{domain}.po"
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def test_every_english_text_is_non_empty() -> None:
    assert all(text.strip() for text in catalogue("en").values())


def test_translate_fills_placeholders_and_translates_key_parameters() -> None:
    text = translate(Msg("core.error.record_step", {"step": 4, "reason": "x"}), "fr")
    assert "4" in text and text.startswith("L’étape")
    nested = describe(
        Msg("core.error.record_step", {"step": 2}), "pl", Msg("core.error.nothing_to_undo")
    )
    assert nested == "Krok 2 zapisu został odrzucony: Nie ma czego cofnąć."


def test_unknown_key_falls_back_to_the_key() -> None:
    assert translate("no.such.key", "es") == "no.such.key"


def test_parse_po_handles_continuations_and_escapes() -> None:
    text = 'msgid ""\nmsgstr "header"\n\nmsgid "a.b"\nmsgstr ""\n"one \\"two\\" "\n"three\\n"\n'
    assert parse_po(text) == {"a.b": 'one "two" three\n'}


def test_language_from_environment() -> None:
    assert language_from_environment({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert language_from_environment({"LANGUAGE": "de:fr"}) == "fr"
    assert language_from_environment({"LANG": "C"}) == "en"
