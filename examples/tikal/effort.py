"""Count the table's inputs for the sample games, as the Tikal screens ask them.

``python examples/tikal/effort.py`` replays ``board.json`` (full tracking) and
``lean.json`` (lean tracking) and counts, for every action, the taps the screens need
today: the action's button, then one tap per question the rules really ask (answers
forced by the rules are taken for the table), and the digits of any number entered on
the number pad.  For comparison it also counts the taps the former step pickers needed
for the same pieces (one entry per piece, every question asked, stones as a question).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.core.questions import Complete, Question, Style, advance
from companion.core.upgrade import current
from companion.games.tikal import GAME
from companion.games.tikal.state import LEADER_IN_RESERVE, TikalState
from companion.ui.questions import NUMBER_BUTTONS

HERE = Path(__file__).resolve().parent


def taps_now(state: TikalState, action: Mapping[str, Any], following: str | None) -> int:
    """Taps the screens need for ``action`` (``following``: the next action's type).

    The drawn hex is asked on the play screen itself (no button to open it; a hex the
    stack alone can give takes one confirming tap).  In a lean game the next player's hex
    ends the turn, so that ``end_turn`` costs nothing.  A full game's typed-in score is
    the counting screen: open it, record (corrections would add taps).
    """
    kind = action["type"]
    lean = state.tracking == "lean"
    if kind == "end_turn" and lean and state.scoring is None and following == "draw":
        return 0
    if kind == "score" and not lean:
        return 2
    partial: dict[str, Any] = {"type": kind}
    taps = 0 if kind == "draw" else 1
    while True:
        progress = advance(GAME.ask, state, partial)
        partial = progress.partial
        step = progress.step
        if isinstance(step, Complete):
            return max(taps, 1)
        assert isinstance(step, Question)
        value = _value_for(step, action)
        many = step.style == Style.NUMBER and len(step.answers) > NUMBER_BUTTONS
        taps += len(str(value)) if many else 1
        partial[step.field] = value


def _value_for(step: Question, action: Mapping[str, Any]) -> Any:
    """The answer the recorded action gives to ``step``."""
    if step.field in action:
        return action[step.field]
    if step.field.startswith("temple_"):
        hex_id = int(step.field.removeprefix("temple_"))
        entry = next(e for e in action["temples"] if e["hex"] == hex_id)
        return -1 if entry.get("controller") is None else entry["controller"]
    if step.field == "tile":
        return {key: action[key] for key in ("kind", "value", "masks") if key in action}
    if step.field.startswith("hex"):
        return action["hexes"][int(step.field.removeprefix("hex"))]
    raise KeyError(step.field)


def taps_before(state: TikalState, action: Mapping[str, Any]) -> int:
    """Taps the former step pickers needed for the same pieces (one entry per piece)."""
    kind = action["type"]
    player = state.players[state.active]
    count = int(action.get("count", 1))
    if kind == "draw":
        return 2 + (1 if action["kind"] in ("temple", "treasure") else 0)
    if kind == "bring":
        return count * (2 + (1 if player.leader == LEADER_IN_RESERVE else 0))
    if kind == "move":
        return count * (4 + (1 if player.leader >= 0 else 0))
    if kind in ("uncover", "build_camp", "place_guard"):
        return 2
    if kind == "take_treasure":
        return 3
    if kind == "exchange":
        return 4
    return 1


def measure(name: str) -> dict[str, float]:
    """Inputs per turn for one sample game, now and with the former pickers."""
    record = json.loads((HERE / name).read_text(encoding="utf-8"))
    setup, actions = current(GAME, record["setup"], record["actions"])
    state = GAME.new_state(setup)
    now = before = turns = scoring_turns = scoring_taps = temples_asked = score_taps = 0
    for index, action in enumerate(actions):
        following = actions[index + 1]["type"] if index + 1 < len(actions) else None
        taps = taps_now(state, action, following)
        if state.scoring is not None:
            scoring_taps += taps
            if action["type"] == "score" and state.tracking == "lean":
                temples_asked += len(action["temples"])
                score_taps += taps - 1
        now += taps
        before += taps_before(state, action)
        if action["type"] in ("end_turn", "score"):
            turns += 1
            scoring_turns += state.scoring is not None
        state = GAME.apply(state, action)
    calm = turns - scoring_turns
    return {
        "turns": turns,
        "inputs per turn now": round(now / turns, 1),
        "inputs per turn before": round(before / turns, 1),
        "inputs per turn between scorings": round((now - scoring_taps) / max(1, calm), 1),
        "score inputs per temple, after the score button (lean)": round(
            temples_asked and score_taps / temples_asked, 2),
    }


def main() -> None:
    """Print the figures of both sample games."""
    for name in ("board.json", "lean.json"):
        print(name, json.dumps(measure(name), indent=1))


if __name__ == "__main__":
    main()
