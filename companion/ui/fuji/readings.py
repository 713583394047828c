"""The rulebooks' readings a Fuji table chooses at set-up, each named by the book that
reads the rule that way, and each language's book as that language's default.

The rulebooks of the project's languages differ on four points (see
``docs/fuji-actions.md``, "Rule readings"); the set-up screen asks each of them on its
*Readings* tab. A language whose book says nothing on a point (the Spanish book has no
skill or equipment cards and no two-player rules; there is no English book) keeps the
rules' own default, which names the book it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.values import Value


class Reading(Value):
    """One way of reading a rule: the set-up value and the books that read it so."""

    value: Any
    """What the set-up holds for this reading."""
    answer: str
    """Catalogue key of the reading in the table's words."""
    books: tuple[str, ...]
    """The languages whose rulebook reads the rule this way."""


class Point(Value):
    """A rule the books read differently: the set-up field, the question, the readings."""

    field: str
    """The set-up field (see ``docs/fuji-actions.md``)."""
    question: str
    """Catalogue key of the question."""
    readings: tuple[Reading, ...]
    """The readings, the rules' own default first."""


POINTS: tuple[Point, ...] = (
    Point("buddy_die_back", "ui_fuji.reading.buddy", (
        Reading("after_rerolls", "ui_fuji.reading.buddy.after_rerolls", ("fr",)),
        Reading("end_of_round", "ui_fuji.reading.buddy.end_of_round", ("pl",)),
    )),
    Point("rope_onto_village", "ui_fuji.reading.rope", (
        Reading(False, "ui_fuji.reading.rope.landscape", ("fr",)),
        Reading(True, "ui_fuji.reading.rope.village", ("pl",)),
    )),
    Point("fresh_cards", "ui_fuji.reading.fresh", (
        Reading("next_round", "ui_fuji.reading.fresh.next_round", ("pl", "es")),
        Reading("after_own_phase", "ui_fuji.reading.fresh.after_own_phase", ("fr",)),
    )),
    Point("score_base", "ui_fuji.reading.score", (
        Reading("per_character", "ui_fuji.reading.score.per_character", ("pl",)),
        Reading("per_player", "ui_fuji.reading.score.per_player", ("fr",)),
    )),
)
"""The four points, in the order the tab asks them."""


def default_reading(point: Point, lang: str) -> Reading:
    """The reading of ``lang``'s own book, else the rules' default (the first)."""
    return next((r for r in point.readings if lang in r.books), point.readings[0])


def current_reading(point: Point, setup: Mapping[str, Any], lang: str) -> Reading:
    """The reading ``setup`` holds for ``point`` (the language's default when unset)."""
    if point.field in setup:
        chosen = setup[point.field]
        found = next((r for r in point.readings if r.value == chosen), None)
        if found is not None:
            return found
    return default_reading(point, lang)


def with_language_defaults(setup: Mapping[str, Any], lang: str,
                           chosen: set[str]) -> dict[str, Any]:
    """``setup`` with each point the table has not chosen read as ``lang``'s book does."""
    edited = dict(setup)
    for point in POINTS:
        if point.field not in chosen:
            edited[point.field] = default_reading(point, lang).value
    return edited
