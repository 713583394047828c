"""Table buttons in ordinary turns and the history labels of actions."""

from __future__ import annotations

import pytest

from companion.core.i18n import translate
from companion.games.tikal import GAME

from .support import END, bring, jungle, move, play, start


def test_advance_ends_the_current_turn() -> None:
    state = play(start(3), jungle())
    assert GAME.waiting_for(state) == frozenset({0})
    state = GAME.apply(state, GAME.advance_action(state))
    assert state.phase == "draw" and GAME.waiting_for(state) == frozenset({1})


def test_seat_buttons_do_nothing_outside_an_auction() -> None:
    state = play(start(3), jungle())
    assert all(GAME.seat_action(state, seat, press) is None
               for seat in range(3) for press in (False, True))


def test_nobody_is_waited_for_after_the_end() -> None:
    stages = {"A": 1, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0, "G": 0}
    state = play(start(2, stages=stages), jungle(), END, END, END)
    assert GAME.is_finished(state) and GAME.waiting_for(state) == frozenset()


def test_labels_name_the_player_and_translate_pieces() -> None:
    """A move names its hexes as the table sees them (the printed jungle, not an id)."""
    state = play(start(2), jungle(), bring(piece="leader"))
    label = GAME.action_label(state, move(0, 3, stones=2, piece="leader"))
    assert translate(label, "en") == "Ada: 1 × leader, base camp → jungle, over 2 stones"
    assert "dowódca" in translate(label, "pl")


def test_lean_and_temple_labels_show_what_the_table_sees() -> None:
    """A lean treasure names no hex (it never had one: the label used to show a bare
    ``{hex}``), a level and a guard name the temple by its number (and, as the start's
    two temples show the same number, by where it lies)."""
    from companion.core.i18n import LANGUAGES

    state = GAME.new_state({"variant": "basic", "tracking": "lean", "players": [
        {"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]})
    state = GAME.apply(state, {"type": "draw", "kind": "jungle"})
    temple = next(hx for hx in state.hexes if hx.kind == "temple")
    number = temple.value
    for action, english in (
            ({"type": "take_treasure", "kind": 4}, "Ada takes a treasure of a kind nobody held"),
            ({"type": "uncover", "hex": temple.id}, f"Ada uncovers a level of temple {number},"),
            ({"type": "place_guard", "hex": temple.id}, f"Ada guards temple {number},")):
        label = GAME.action_label(state, action)
        assert translate(label, "en").startswith(english)
        for lang in LANGUAGES:
            assert "{" not in translate(label, lang)


def test_labels_stored_by_older_journals_still_read() -> None:
    """Journals keep each step's label: those written before name the hex by number."""
    from companion.core.messages import msg

    old = msg("tikal.label.uncover", player="Ada", hex=5)
    assert translate(old, "en") == "Ada uncovers a level of the temple on hex 5"


def test_exchange_labels_name_the_other_player() -> None:
    state = play(start(2), jungle())
    label = GAME.action_label(state, {"type": "exchange", "with": 1, "give": 2, "take": 5})
    assert "Bo" in translate(label, "fr")


def test_draw_labels_translate_the_hex_kind() -> None:
    label = GAME.action_label(start(2), {"type": "draw", "kind": "volcano"})
    assert translate(label, "es") == "Ada roba un volcán"


def test_draw_labels_say_the_number_masks_and_field_the_table_sees() -> None:
    temple = GAME.action_label(start(2), {"type": "draw", "kind": "temple", "value": 4,
                                          "at": [1, -2]})
    assert translate(temple, "en") == "Ada drew temple 4: 2 fields north-east of the base camp"
    treasure = GAME.action_label(start(2), {"type": "draw", "kind": "treasure", "masks": 3,
                                            "at": [0, 1]})
    assert translate(treasure, "pl") == \
        "Ada dobiera płytkę skarbu z 3 maskami: 1 pole na południe od obozu startowego"
    unplaced = GAME.action_label(start(2), {"type": "draw", "kind": "temple", "value": 7})
    assert translate(unplaced, "fr") == "Ada pioche le temple 7"


@pytest.mark.parametrize("lang", ["en", "pl", "fr", "es"])
def test_history_names_a_temple_by_the_number_on_it(lang: str) -> None:
    """A move's history line says which temple the pieces reached ("base camp → temple
    4"), as the table reads it on the board; "→ temple" alone matched several hexes."""
    from pathlib import Path

    from companion.core.record import load_record

    examples = Path(__file__).resolve().parents[3] / "examples" / "tikal"
    record = load_record(examples / "basic.json")
    state = GAME.new_state(record.setup)
    for action in record.actions:
        target = action.get("to")
        if action.get("type") == "move" and state.hexes[target].kind == "temple":
            number = state.hexes[target].value
            line = translate(GAME.action_label(state, action), lang)
            assert f"{number}" in line.split("→")[1]
            return
        state = GAME.apply(state, action)
    raise AssertionError("no move to a temple in the sample game")
