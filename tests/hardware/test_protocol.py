"""The button-box line protocol: framing, strict parsing and a parser that never raises."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.events import BUTTON_IDS, EVENT_KINDS
from hardware.protocol import (
    LIGHT_MODES,
    LIGHTS,
    MAX_LINE,
    BoxError,
    ButtonMessage,
    Command,
    Hello,
    LineParser,
    Pong,
    Rejected,
    box_line,
    checksum,
    frame,
    hold,
    led,
    parse_box_line,
    parse_command_line,
    ping,
    version_query,
)
from tests.fuzzing import fuzz

BOX_MESSAGES = st.one_of(
    st.builds(Hello, st.just("tcbox"), st.integers(0, 9999)),
    st.builds(ButtonMessage, st.sampled_from(BUTTON_IDS), st.sampled_from(EVENT_KINDS)),
    st.just(Pong()),
    st.builds(BoxError, st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=20)),
)


def test_frame_appends_xor_checksum_and_newline() -> None:
    body = b"P seat1"
    expected = 0
    for byte in body:
        expected ^= byte
    assert frame("P seat1") == body + b"*" + f"{expected:02X}".encode() + b"\n"
    assert checksum(b"") == 0
    assert checksum(b"AA") == 0


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b"HELLO tcbox 1", Hello("tcbox", 1)),
        (b"P advance", ButtonMessage("advance", "press")),
        (b"R seat4", ButtonMessage("seat4", "release")),
        (b"L undo", ButtonMessage("undo", "long_press")),
        (b"PONG", Pong()),
        (b"ERR checksum", BoxError("checksum")),
    ],
)
def test_each_box_message_parses(line: bytes, expected: object) -> None:
    assert parse_box_line(frame(line.decode()).rstrip(b"\n")) == expected


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"P seat1", "no-checksum"),
        (b"P seat1*00", "checksum"),
        (b"P seat1*4", "syntax"),
        (b"P seat1*zz", "syntax"),
        (b"P seat1*42*42", "checksum"),
        (b"P seat\xe91*42", "not-ascii"),
        (b"P\tseat1*42", "not-ascii"),
    ],
)
def test_damaged_lines_are_rejected_with_a_reason(line: bytes, reason: str) -> None:
    assert parse_box_line(line) == Rejected(reason)


@pytest.mark.parametrize(
    "body",
    ["P seat5", "P  seat1", "X seat1", "P", "HELLO tcbox", "HELLO tcbox one", "PONG now",
     "ERR Bad", "p seat1", "P seat1 ", "HELLO tcbox 12345"],
)
def test_wrong_grammar_is_rejected(body: str) -> None:
    assert isinstance(parse_box_line(frame(body).rstrip(b"\n")), Rejected)


def test_checksum_can_be_optional_for_hand_typed_lines() -> None:
    assert parse_box_line(b"P seat2", require_checksum=False) == ButtonMessage("seat2", "press")
    assert parse_box_line(b"P seat2*00", require_checksum=False) == Rejected("checksum")


@given(BOX_MESSAGES)
def test_every_box_message_survives_a_round_trip(message: object) -> None:
    parser = LineParser()
    assert parser.feed(box_line(message)) == [message]  # type: ignore[arg-type]
    assert parser.rejected == 0


@given(st.lists(BOX_MESSAGES, max_size=20), st.data())
def test_messages_split_at_any_points_arrive_whole_and_in_order(
    messages: list[object], data: st.DataObject
) -> None:
    stream = b"".join(box_line(message) for message in messages)  # type: ignore[arg-type]
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    bounds = zip([0, *cuts], [*cuts, len(stream)], strict=True)
    pieces = [stream[start:end] for start, end in bounds]
    parser = LineParser()
    received = [message for piece in pieces for message in parser.feed(piece)]
    assert received == messages
    assert parser.accepted == len(messages)


def test_overlong_line_is_dropped_once_and_the_next_line_still_parses() -> None:
    parser = LineParser()
    flood = b"P" * (MAX_LINE * 5)
    messages = parser.feed(flood[:100]) + parser.feed(flood[100:] + b"\n" + frame("P undo"))
    assert messages == [ButtonMessage("undo", "press")]
    assert parser.rejected == 1
    assert parser.reasons["overlong"] == 1


def test_line_exactly_at_the_limit_is_accepted_and_one_longer_is_not() -> None:
    code = "a" * (MAX_LINE - len("ERR ") - 3)
    parser = LineParser()
    assert parser.feed(frame(f"ERR {code}")) == [BoxError(code)]
    assert parser.feed(frame(f"ERR {code}a")) == []
    assert parser.reasons["overlong"] == 1


def test_garbage_between_lines_is_counted_and_valid_lines_survive() -> None:
    parser = LineParser()
    stream = b"\x00\xff\xfe junk\n" + frame("P seat3") + b"noise*ZZ\r\n" + frame("R seat3")
    messages = parser.feed(stream)
    assert messages == [ButtonMessage("seat3", "press"), ButtonMessage("seat3", "release")]
    assert parser.rejected == 2


def test_carriage_returns_and_blank_lines_are_tolerated() -> None:
    parser = LineParser()
    line = frame("PONG").replace(b"\n", b"\r\n")
    assert parser.feed(b"\n\r\n" + line) == [Pong()]
    assert parser.rejected == 0


def test_reset_forgets_a_half_line() -> None:
    parser = LineParser()
    parser.feed(b"P se")
    parser.reset()
    assert parser.feed(frame("P seat1")) == [ButtonMessage("seat1", "press")]


@fuzz()
@given(st.lists(st.binary(max_size=200), max_size=20))
def test_random_bytes_never_raise_and_every_line_is_counted(chunks: list[bytes]) -> None:
    parser = LineParser()
    for chunk in chunks:
        for message in parser.feed(chunk):
            assert isinstance(message, Hello | ButtonMessage | Pong | BoxError)
    newlines = sum(chunk.count(b"\n") for chunk in chunks)
    assert parser.accepted + parser.rejected <= newlines
    assert sum(parser.reasons.values()) == parser.rejected


@given(st.binary(max_size=300), BOX_MESSAGES)
def test_a_valid_line_after_garbage_and_a_newline_is_always_understood(
    garbage: bytes, message: object
) -> None:
    parser = LineParser()
    parser.feed(garbage)
    assert parser.feed(b"\n" + box_line(message))[-1:] == [message]  # type: ignore[arg-type]


def test_app_commands_are_framed_and_understood_by_the_box_side_parser() -> None:
    commands = [version_query(), ping(), hold(1500)]
    commands += [led(light, mode) for light in LIGHTS for mode in LIGHT_MODES]
    for command in commands:
        assert parse_command_line(command.encode().rstrip(b"\n")) == command


@pytest.mark.parametrize(
    "body", ["LED seat5 on", "LED seat1 dim", "HOLD 50", "HOLD 20000", "HOLD x", "PING PONG"]
)
def test_box_side_parser_refuses_bad_commands(body: str) -> None:
    assert isinstance(parse_command_line(frame(body).rstrip(b"\n")), Rejected)


def test_command_builders_refuse_bad_arguments() -> None:
    with pytest.raises(ValueError):
        led("seat9", "on")
    with pytest.raises(ValueError):
        led("seat1", "pulse")
    with pytest.raises(ValueError):
        hold(99)
    assert Command("PING").encode() == frame("PING")
