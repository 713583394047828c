"""The tap filter: a long press never also counts as a short one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hardware.events import BUTTON_IDS, ButtonEvent
from hardware.gestures import TapFilter


def run(filter_: TapFilter, raw: list[tuple[str, str]]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for number, (button, kind) in enumerate(raw):
        event = ButtonEvent(button, kind, float(number), "gpio")  # type: ignore[arg-type]
        out.extend((e.button, e.kind) for e in filter_.feed(event))
    return out


def test_short_seat_press_is_reported_at_release() -> None:
    filter_ = TapFilter()
    assert run(filter_, [("seat1", "press")]) == []
    assert run(filter_, [("seat1", "release")]) == [("seat1", "press"), ("seat1", "release")]


def test_held_seat_button_gives_only_the_long_press() -> None:
    raw = [("seat2", "press"), ("seat2", "long_press"), ("seat2", "release")]
    assert run(TapFilter(), raw) == [("seat2", "long_press"), ("seat2", "release")]


def test_release_time_is_kept_on_the_delayed_press() -> None:
    filter_ = TapFilter()
    filter_.feed(ButtonEvent("seat3", "press", 1.0, "serial"))
    press, release = filter_.feed(ButtonEvent("seat3", "release", 1.2, "serial"))
    assert (press.kind, press.time, press.source) == ("press", 1.2, "serial")
    assert release.kind == "release"


def test_advance_and_undo_pass_straight_through() -> None:
    raw = [("advance", "press"), ("advance", "long_press"), ("advance", "release"),
           ("undo", "press")]
    assert run(TapFilter(), raw) == raw


def test_stray_release_or_long_press_without_a_press_is_dropped() -> None:
    assert run(TapFilter(), [("seat4", "release"), ("seat4", "long_press")]) == []


@given(st.lists(st.tuples(st.sampled_from(BUTTON_IDS),
                          st.sampled_from(["press", "release", "long_press"])), max_size=80))
def test_a_seat_press_and_long_press_never_come_from_the_same_push(
    raw: list[tuple[str, str]],
) -> None:
    out = run(TapFilter(), raw)
    for seat in ("seat1", "seat2", "seat3", "seat4"):
        kinds = [kind for button, kind in out if button == seat]
        pushes: list[list[str]] = [[]]
        for kind in kinds:
            pushes[-1].append(kind)
            if kind == "release":
                pushes.append([])
        for push in pushes:
            assert push.count("press") + push.count("long_press") <= 1


def test_tap_sink_filters_buttons_and_passes_status_events() -> None:
    from hardware.events import EventQueue, StatusEvent
    from hardware.gestures import TapSink

    queue = EventQueue()
    sink = TapSink(queue)
    status = StatusEvent("gpio", "hardware.gpio.ready")
    sink.put(ButtonEvent("seat1", "press", 1.0, "gpio"))
    sink.put(status)
    sink.put(ButtonEvent("seat1", "release", 1.1, "gpio"))
    sink.put(ButtonEvent("advance", "press", 1.2, "gpio"))
    drained = queue.drain()
    assert drained[0] == status
    assert [(e.button, e.kind) for e in drained[1:] if isinstance(e, ButtonEvent)] == [
        ("seat1", "press"), ("seat1", "release"), ("advance", "press"),
    ]
