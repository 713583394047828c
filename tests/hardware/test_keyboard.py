"""Keys as table buttons: the map, key repeat, long presses by polling."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hardware.config import DEFAULT_KEYS
from hardware.events import BUTTON_IDS
from hardware.keyboard import (
    ARCADE_ENCODER_KEYS,
    KeyboardButtons,
    button_for_key,
    normalise_key_name,
)


def test_default_map_covers_every_button() -> None:
    assert set(DEFAULT_KEYS.values()) == set(BUTTON_IDS)
    assert set(ARCADE_ENCODER_KEYS.values()) == set(BUTTON_IDS)


def test_key_names_are_matched_loosely() -> None:
    assert normalise_key_name("  Left   Ctrl ") == "left ctrl"
    assert button_for_key("SPACE") == "advance"
    assert button_for_key("Left Ctrl", ARCADE_ENCODER_KEYS) == "seat1"
    assert button_for_key("f12") is None


def test_tap_gives_press_and_release_with_the_key_times() -> None:
    keys = KeyboardButtons()
    down = keys.key_down("1", 10.0)
    assert down is not None and (down.button, down.kind, down.time, down.source) == (
        "seat1", "press", 10.0, "keyboard",
    )
    assert keys.pressed == {"seat1"}
    up = keys.key_up("1", 10.2)
    assert up is not None and (up.kind, up.time) == ("release", 10.2)
    assert keys.poll(20.0) == []


def test_key_repeat_while_held_is_ignored() -> None:
    keys = KeyboardButtons()
    assert keys.key_down("space", 0.0) is not None
    assert keys.key_down("space", 0.05) is None
    assert keys.key_down("return", 0.1) is None  # another key for the same button


def test_long_press_is_reported_once_per_hold() -> None:
    keys = KeyboardButtons(hold_time=1.0)
    keys.key_down("2", 5.0)
    assert keys.poll(5.9) == []
    (held,) = keys.poll(6.0)
    assert (held.button, held.kind) == ("seat2", "long_press")
    assert keys.poll(9.0) == []
    keys.key_up("2", 9.5)
    keys.key_down("2", 10.0)
    assert [e.kind for e in keys.poll(11.5)] == ["long_press"]


def test_unmapped_keys_and_stray_releases_give_nothing() -> None:
    keys = KeyboardButtons()
    assert keys.key_down("z", 0.0) is None
    assert keys.key_up("3", 0.0) is None


def test_release_all_after_focus_loss() -> None:
    keys = KeyboardButtons()
    keys.key_down("1", 0.0)
    keys.key_down("backspace", 0.0)
    released = keys.release_all(1.0)
    assert {(e.button, e.kind) for e in released} == {("seat1", "release"), ("undo", "release")}
    assert keys.pressed == frozenset()


@given(st.lists(st.tuples(st.sampled_from(["down", "up", "poll"]), st.sampled_from(
    ["1", "2", "space", "return", "u", "x"])), max_size=60))
def test_every_button_alternates_press_and_release(steps: list[tuple[str, str]]) -> None:
    keys = KeyboardButtons(hold_time=0.5)
    history: dict[str, list[str]] = {}
    for number, (step, key) in enumerate(steps):
        now = number * 0.3
        if step == "down":
            produced = [keys.key_down(key, now)]
        elif step == "up":
            produced = [keys.key_up(key, now)]
        else:
            produced = list(keys.poll(now))
        for event in produced:
            if event is not None:
                history.setdefault(event.button, []).append(event.kind)
    for button, kinds in history.items():
        edges = [kind for kind in kinds if kind != "long_press"]
        assert edges[::2] == ["press"] * len(edges[::2]), button
        assert edges[1::2] == ["release"] * len(edges[1::2]), button
        assert kinds.count("long_press") <= kinds.count("press")
    assert keys.pressed == {b for b, kinds in history.items() if kinds[-1] != "release"}


def test_deferred_seat_key_reports_a_tap_on_key_up_and_a_hold_only_as_long_press() -> None:
    keys = KeyboardButtons(hold_time=1.0, deferred=frozenset({"seat1"}))
    assert keys.key_down("1", 0.0) is None
    assert keys.pressed == {"seat1"}
    tap = keys.key_up("1", 0.2)
    assert tap is not None and (tap.button, tap.kind, tap.time) == ("seat1", "press", 0.2)
    assert keys.key_down("1", 1.0) is None
    assert [e.kind for e in keys.poll(2.5)] == ["long_press"]
    up = keys.key_up("1", 3.0)
    assert up is not None and up.kind == "release"
    advance = keys.key_down("space", 4.0)
    assert advance is not None and advance.kind == "press"
