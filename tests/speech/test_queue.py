"""The speaking queue with the real espeak-ng writing WAV files: order, no overlap, cut-off,
and silence where the engine is missing."""

from __future__ import annotations

import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.speech.engine import Voice, find_engine
from companion.speech.queue import Speaker

ENGINE = find_engine()
"""espeak-ng is one of the system tools the tests need (``.ci/run`` installs it)."""

LONG_LINE = " ".join(["The red pawn walks three cards to the north and the lava follows."] * 300)
"""A line that takes seconds to write (about 45 minutes of speech), so a test can cut it."""

WAIT = 60.0
"""Generous bound for a busy machine: the engine writes a short line in well under 1 s."""


def finished(path: Path) -> bool:
    """Whether espeak-ng wrote ``path`` to the end: it puts the true length in the header
    only when done, so a file it was killed writing holds less than its header says (or
    was never made, when it was killed before it began)."""
    if not path.exists():
        return False
    with wave.open(str(path)) as sound:
        promised = sound.getnframes() * sound.getsampwidth() * sound.getnchannels()
    return bool(path.stat().st_size - 44 == promised)


def loudest(path: Path) -> int:
    """The largest sample magnitude in a 16-bit WAV file."""
    with wave.open(str(path)) as sound:
        data = sound.readframes(sound.getnframes())
    samples = memoryview(data).cast("h")
    return max((abs(sample) for sample in samples), default=0)


def until(condition: Callable[[], bool], timeout: float = WAIT) -> None:
    """Wait (polling) until ``condition()`` holds; fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.fixture
def speaker(tmp_path: Path) -> Iterator[Speaker]:
    speaking = Speaker(ENGINE, record_to=tmp_path)
    yield speaking
    speaking.stop()


def test_lines_are_spoken_in_order_one_at_a_time(speaker: Speaker, tmp_path: Path) -> None:
    lines = ["Ala moves her pawn.", "Bruno loses three stamina.", "Flip two cards to lava."]
    speaker.say(lines, Voice(language="en"))
    assert speaker.idle(WAIT)
    assert speaker.spoken == [("en", line) for line in lines]
    files = sorted(tmp_path.glob("*.wav"))
    assert [file.name for file in files] == ["0001-en.wav", "0002-en.wav", "0003-en.wav"]
    assert all(finished(file) and loudest(file) > 1000 for file in files)
    for (_, ended), (started, _) in zip(speaker.spans, speaker.spans[1:], strict=False):
        assert ended <= started, "two lines overlapped"


def test_the_next_step_cuts_the_line_short_and_drops_what_waited(
        speaker: Speaker, tmp_path: Path) -> None:
    speaker.say([LONG_LINE, "This line never comes."], Voice(language="en"))
    until(lambda: speaker.speaking)
    speaker.say(["Next step."], Voice(language="pl"))
    assert speaker.idle(WAIT)
    assert speaker.cut == 1
    assert speaker.spoken == [("en", LONG_LINE), ("pl", "Next step.")]
    assert finished(tmp_path / "0002-pl.wav")
    assert not finished(tmp_path / "0001-en.wav"), "the long line was written out in full"


def test_silence_stops_the_line_and_says_nothing_more(speaker: Speaker) -> None:
    speaker.say([LONG_LINE, "Never."], Voice())
    until(lambda: speaker.speaking)
    speaker.silence()
    assert speaker.idle(WAIT)
    assert speaker.cut == 1
    assert [text for _, text in speaker.spoken] == [LONG_LINE]


def test_no_engine_on_the_path_means_silence(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_engine() is None
    silent = Speaker(find_engine(), record_to=tmp_path)
    silent.say(["Ala moves her pawn."], Voice())
    assert silent.idle(1.0)
    assert not silent.available
    assert silent.spoken == []
    assert list(tmp_path.iterdir()) == []
    silent.stop()


def test_an_engine_that_vanished_after_the_start_is_only_logged(tmp_path: Path) -> None:
    gone = Speaker(str(tmp_path / "espeak-ng"), record_to=tmp_path)
    gone.say(["One.", "Two."], Voice())
    assert gone.idle(WAIT)
    assert gone.started == 2  # both were tried, neither could start
    assert gone.spoken == []
    assert list(tmp_path.glob("*.wav")) == []
    gone.stop()


def test_a_day_of_lines_keeps_only_the_newest_in_memory(monkeypatch: pytest.MonkeyPatch,
                                                        speaker: Speaker,
                                                        tmp_path: Path) -> None:
    monkeypatch.setattr("companion.speech.queue.KEPT", 2)
    speaker.say(["One.", "Two.", "Three.", "Four."], Voice())
    assert speaker.idle(WAIT)
    assert speaker.spoken == [("en", "Three."), ("en", "Four.")]
    assert len(speaker.spans) == 2
    assert speaker.started == 4
    assert len(list(tmp_path.glob("*.wav"))) == 4
