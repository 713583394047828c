"""The questions asked before an action can be submitted, one at a time.

Tapping *Move* on the play screen asks which piece, from which hex, to which hex
and over how many stones; *Uncover* asks only which temple.  :func:`next_step`
returns the next question for an action type and the answers given so far, or
``None`` once the action is complete; :func:`action_of` then builds the engine's
action.  Options are narrowed to the sensible ones (temples for *Uncover*, hexes
where the player has a piece for *Move*), but the rules still judge every action
and explain a refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.messages import Msg, msg
from companion.games.tikal.constants import (
    HEX_KINDS,
    MAX_MASKS,
    MAX_STONES_PER_MOVE,
    MIN_MASKS,
    TREASURE_KINDS,
)
from companion.games.tikal.state import Hex, TikalState
from companion.ui.tikal.view import (
    entry_points,
    hex_label,
    leader_in_reserve,
    leader_on_board,
    occupied,
    temples,
)

HIGHEST_PRINTED_TEMPLE = 10
"""Largest number printed on a temple hex that the draw picker offers."""

Answers = Mapping[str, Any]
"""The answers given so far, by action field."""


@dataclass(frozen=True)
class StepOption:
    """One answer to a question."""

    label: Msg | str
    """What the button says."""
    value: Any
    """The value stored in the action field."""


@dataclass(frozen=True)
class Step:
    """One question: which field it fills, how it is asked, and its answers."""

    field: str
    """The action field the answer fills."""
    question: Msg
    """What is asked."""
    options: tuple[StepOption, ...]
    """The answers offered."""


def action_of(kind: str, answers: Answers) -> dict[str, Any]:
    """The engine's action for ``kind`` with the given answers."""
    return {"type": kind, **answers}


def next_step(state: TikalState, kind: str, answers: Answers) -> Step | None:
    """The next question for an action of type ``kind``, or ``None`` when complete."""
    for field, ask in QUESTIONS.get(kind, ()):
        if field not in answers:
            step = ask(state, answers)
            if step is not None:
                return step
    return None


def filled(state: TikalState, kind: str, answers: Answers) -> dict[str, Any]:
    """The answers plus every field the questions settle by themselves (skipped steps)."""
    result = dict(answers)
    if kind in ("bring", "camp_move", "move") and "piece" not in result:
        result["piece"] = "worker"
    return result


# ------------------------------------------------------------------ single questions
def _hexes(field: str, question: str, hexes: tuple[Hex, ...]) -> Step:
    """A question answered by choosing one of ``hexes``."""
    return Step(field, Msg(question), tuple(StepOption(hex_label(hx), hx.id) for hx in hexes))


def _piece_for_bring(state: TikalState, answers: Answers) -> Step | None:
    """Worker or leader, asked only while the leader waits in the reserve."""
    if not leader_in_reserve(state.players[state.active]):
        return None
    return _piece_step()


def _piece_on_board(state: TikalState, answers: Answers) -> Step | None:
    """Worker or leader, asked only while the leader stands on a hex."""
    if not leader_on_board(state.players[state.active]):
        return None
    return _piece_step()


def _piece_step() -> Step:
    """The worker-or-leader question."""
    return Step("piece", Msg("ui_tikal.step.piece"), (
        StepOption(Msg("ui_tikal.piece.worker"), "worker"),
        StepOption(Msg("ui_tikal.piece.leader"), "leader"),
    ))


def _bring_to(state: TikalState, answers: Answers) -> Step:
    """Where a piece from the reserve enters: base camp or an own camp."""
    return _hexes("to", "ui_tikal.step.enter_at", entry_points(state, state.active))


def _camp_from(state: TikalState, answers: Answers) -> Step:
    """The camp a piece leaves."""
    return _hexes("from", "ui_tikal.step.from", entry_points(state, state.active))


def _camp_to(state: TikalState, answers: Answers) -> Step:
    """The camp a piece goes to (not the one it leaves)."""
    hexes = tuple(hx for hx in entry_points(state, state.active) if hx.id != answers["from"])
    return _hexes("to", "ui_tikal.step.to", hexes)


def _move_from(state: TikalState, answers: Answers) -> Step:
    """Hexes where the chosen piece stands."""
    piece = str(answers.get("piece", "worker"))
    return _hexes("from", "ui_tikal.step.from", occupied(state, state.active, piece))


def _move_to(state: TikalState, answers: Answers) -> Step:
    """Every other hex a piece may enter (volcanoes left out)."""
    hexes = tuple(hx for hx in state.hexes if hx.id != answers["from"] and hx.kind != "volcano")
    return _hexes("to", "ui_tikal.step.to", hexes)


def _stones(state: TikalState, answers: Answers) -> Step:
    """How many stones the crossing has, 1 to 6."""
    options = tuple(StepOption(msg("ui_tikal.step.stones_option", count=count), count)
                    for count in range(1, MAX_STONES_PER_MOVE + 1))
    return Step("stones", Msg("ui_tikal.step.stones"), options)


def _temple(state: TikalState, answers: Answers) -> Step:
    """Every temple on the board."""
    return _hexes("hex", "ui_tikal.step.temple", temples(state))


def _treasure_hex(state: TikalState, answers: Answers) -> Step:
    """Every treasure hex on the board."""
    hexes = tuple(hx for hx in state.hexes if hx.kind == "treasure")
    return _hexes("hex", "ui_tikal.step.treasure_hex", hexes)


def _camp_ground(state: TikalState, answers: Answers) -> Step:
    """Hexes a camp may stand on: jungles and treasure hexes."""
    hexes = tuple(hx for hx in state.hexes if hx.kind in ("jungle", "treasure"))
    return _hexes("hex", "ui_tikal.step.camp_hex", hexes)


def _kinds(field: str, question: str, held: tuple[int, ...] | None) -> Step:
    """A choice of treasure kind 1-8, with the count held when ``held`` is given."""
    kinds = range(1, TREASURE_KINDS + 1)
    options = tuple(
        StepOption(msg("ui_tikal.treasure.option", kind=kind,
                       count=held[kind - 1] if held is not None else ""), kind)
        if held is not None else StepOption(msg("ui_tikal.treasure.kind", kind=kind), kind)
        for kind in kinds
    )
    return Step(field, Msg(question), options)


def _token_kind(state: TikalState, answers: Answers) -> Step:
    """The kind of the treasure token turned over."""
    return _kinds("kind", "ui_tikal.step.token", None)


def _exchange_with(state: TikalState, answers: Answers) -> Step:
    """The other players."""
    options = tuple(StepOption(p.name, p.seat) for p in state.players if p.seat != state.active)
    return Step("with", Msg("ui_tikal.step.with"), options)


def _give(state: TikalState, answers: Answers) -> Step:
    """The active player's treasure to give."""
    return _kinds("give", "ui_tikal.step.give", state.players[state.active].treasures)


def _take(state: TikalState, answers: Answers) -> Step:
    """The other player's treasure to take."""
    other = state.players[int(answers["with"])]
    step = _kinds("take", "ui_tikal.step.take", other.treasures)
    return Step(step.field, msg("ui_tikal.step.take", player=other.name), step.options)


def _drawn_kind(state: TikalState, answers: Answers) -> Step:
    """Temple, jungle, treasure or volcano, with how many are left."""
    options = tuple(
        StepOption(msg("ui_tikal.draw.kind_left", kind=f"@ui_tikal.kind.{kind}", left=left), kind)
        for kind, left in zip(HEX_KINDS, state.kinds_left, strict=True)
    )
    return Step("kind", Msg("ui_tikal.step.drawn"), options)


def _temple_value(state: TikalState, answers: Answers) -> Step | None:
    """The printed number, asked only for a temple."""
    if answers.get("kind") != "temple":
        return None
    options = tuple(StepOption(str(value), value) for value in range(1, HIGHEST_PRINTED_TEMPLE + 1))
    return Step("value", Msg("ui_tikal.step.value"), options)


def _masks(state: TikalState, answers: Answers) -> Step | None:
    """The printed masks, asked only for a treasure hex."""
    if answers.get("kind") != "treasure":
        return None
    options = tuple(StepOption(msg("ui_tikal.step.masks_option", count=count), count)
                    for count in range(MIN_MASKS, MAX_MASKS + 1))
    return Step("masks", Msg("ui_tikal.step.masks"), options)


Question = Callable[[TikalState, Answers], "Step | None"]
"""Asks one question for a state and the answers so far (``None``: the question is skipped)."""

QUESTIONS: Mapping[str, tuple[tuple[str, Question], ...]] = {
    "draw": (("kind", _drawn_kind), ("value", _temple_value), ("masks", _masks)),
    "bring": (("piece", _piece_for_bring), ("to", _bring_to)),
    "camp_move": (("piece", _piece_on_board), ("from", _camp_from), ("to", _camp_to)),
    "move": (("piece", _piece_on_board), ("from", _move_from), ("to", _move_to),
             ("stones", _stones)),
    "uncover": (("hex", _temple),),
    "take_treasure": (("hex", _treasure_hex), ("kind", _token_kind)),
    "exchange": (("with", _exchange_with), ("give", _give), ("take", _take)),
    "build_camp": (("hex", _camp_ground),),
    "place_guard": (("hex", _temple),),
}
"""For each action type, its fields in the order they are asked."""
