"""The effort bench plays a game that asks through its questions with no game driver."""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from companion.core.record import GameRecord
from companion.ui.widgets import Widget
from tests.registering import registered
from tests.ui.market_game import GAME as MARKET

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import effort  # type: ignore[import-not-found]


class MarketDriver:
    """Nothing game-specific: the shared questions say what each answer gives."""

    game = "market"
    unit_name = "turn"

    def unit(self, state: Any) -> Hashable:
        """One turn per step."""
        return int(state.steps)

    def setup_taps(self, bench: effort.Bench, record: GameRecord) -> Iterator[str]:
        """The market starts from its example set-up: nothing to enter."""
        return iter(())

    def pick(self, bench: effort.Bench, action: Mapping[str, Any]) -> effort.Spot | None:
        """Never needed."""
        return None

    def positions(self, widget: Widget, action: Mapping[str, Any]
                  ) -> list[tuple[int, int]] | None:
        """No maps."""
        return None

    def order(self, widget: Widget, action: Mapping[str, Any]) -> int:
        """Labels naming what the action names first."""
        return int(effort.default_order(widget, action))


market_registered = registered(MARKET)
pytestmark = pytest.mark.usefixtures("display")


def test_every_input_is_counted_and_the_journal_equals_the_record() -> None:
    """Buy (item, count), give the turn (a seat), a stall (a place), pass: one tap per
    real question, none for the start, nothing refused or forced."""
    record = GameRecord("market", dict(MARKET.example_setup()), [
        {"type": "buy", "item": "fish", "count": 3},
        {"type": "gift", "seat": 2},
        {"type": "stall", "place": "b1"},
        {"type": "pass"},
    ])
    bench = effort.Bench(MarketDriver())
    bench.start(record)
    for action in record.actions:
        bench.play(action)
    effort.check_replay(bench, record)
    counts = bench.counts
    assert counts.setup_inputs == 1, "one tap on the home screen's game"
    assert dict(counts.units) == {0: 3, 1: 2, 2: 2, 3: 1}
    assert counts.forced_questions == 0
    assert counts.refusable_offers == 0


def test_a_careless_question_is_caught_by_the_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer offered as legal that the rules refuse is counted as a refusable offer."""
    from companion.core.questions import Answer, Question

    honest = MARKET.ask

    def careless(state: Any, partial: Any) -> Any:
        step = honest(state, partial)
        if isinstance(step, Question) and step.field == "seat":
            return Question(step.field, step.prompt,
                            tuple(Answer(a.value, a.label, None, seat=a.seat)
                                  for a in step.answers), step.style, step.seat)
        return step

    monkeypatch.setattr(MARKET, "ask", careless, raising=False)
    record = GameRecord("market", dict(MARKET.example_setup()), [{"type": "gift", "seat": 1}])
    bench = effort.Bench(MarketDriver())
    bench.start(record)
    bench.play(record.actions[0])
    assert bench.counts.refusable_offers == 1, bench.counts.notes
