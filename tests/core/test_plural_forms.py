"""The plural rule is computed from each language's ``Plural-Forms`` header, not hand-written."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES, PLURAL_FORMS, plural_count, plural_index
from companion.core.plurals import PluralFormsError, compile_plural

SLOVENIAN = ("nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2"
             " : 3);")
"""A header no language of the app uses: a new language needs only its header."""


@given(st.integers(min_value=0, max_value=10**7))
def test_a_header_never_seen_gives_its_rule(n: int) -> None:
    """Four forms by the last two digits: 1, 2, 3-4, the rest."""
    forms, rule = compile_plural(SLOVENIAN)
    expected = {1: 0, 2: 1, 3: 2, 4: 2}.get(n % 100, 3)
    assert forms == 4
    assert rule(n) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_counts_as_its_header_says(lang: str) -> None:
    """The app's rule and a fresh compile of the header agree, and nplurals is the count."""
    forms, rule = compile_plural(PLURAL_FORMS[lang])
    assert plural_count(lang) == forms
    assert [plural_index(lang, n) for n in range(0, 1000)] == [rule(n) for n in range(0, 1000)]


def test_polish_numbers_take_their_forms() -> None:
    """1 karta, 2-4 karty (but 12-14 kart), 5 kart, 22 karty."""
    assert [plural_index("pl", n) for n in (1, 2, 4, 5, 12, 14, 22, 25, 102)] == [
        0, 1, 1, 2, 2, 2, 1, 2, 1]


def test_french_counts_zero_as_one() -> None:
    """0 and 1 take the singular in French."""
    assert [plural_index("fr", n) for n in (0, 1, 2)] == [0, 0, 1]


@pytest.mark.parametrize("header", ["plural=(n != 1);", "nplurals=2; plural=(n != );",
                                    "nplurals=2; plural=(n ^ 1);", "nplurals=2; plural=n)"])
def test_a_broken_header_is_refused_clearly(header: str) -> None:
    with pytest.raises(PluralFormsError):
        compile_plural(header)


def test_an_index_past_the_forms_is_held_to_the_last_form() -> None:
    forms, rule = compile_plural("nplurals=2; plural=n;")
    assert (forms, rule(0), rule(1), rule(7)) == (2, 0, 1, 1)
