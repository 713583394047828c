"""The speaking queue: one worker thread speaks lines in order, one at a time.

The UI thread only hands lines over (:meth:`Speaker.say` returns at once).  The worker
starts one espeak-ng process per line and waits for it, so lines never overlap.  A new
step replaces what is still waiting and ends the line being spoken (its process is
killed): the table hears the newest step, not a backlog.
"""

from __future__ import annotations

import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from companion.core.logs import logger
from companion.speech.engine import Voice, command

_log = logger(__name__)
_T = TypeVar("_T")

KEPT = 500
"""Most lines (and spans) remembered for diagnostics and tests."""


class Speaker:
    """Speaks lines through espeak-ng on its own thread (silent when ``engine`` is ``None``).

    With ``record_to`` set, each line is written to a numbered WAV file in that folder
    (``0001-pl.wav`` …) instead of being played: the bench and the tests listen that way.
    """

    def __init__(self, engine: str | None, record_to: Path | None = None) -> None:
        self.engine = engine
        """espeak-ng's path, or ``None`` where it is missing (nothing is spoken)."""
        self.record_to = record_to
        """Folder for WAV files instead of the sound card (``None``: speak aloud)."""
        self.spoken: list[tuple[str, str]] = []
        """The lines started (the last :data:`KEPT`), as (language, text), oldest first."""
        self.started = 0
        """How many lines were started (numbers the recorded files)."""
        self.cut = 0
        """How many lines were cut short by a newer step."""
        self.spans: list[tuple[float, float]] = []
        """When each line's process started and ended (monotonic seconds), oldest first."""
        self._waiting: deque[tuple[int, str, Voice]] = deque()
        self._generation = 0
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._process: subprocess.Popen[bytes] | None = None
        self._running = True
        self._busy = False
        self._thread: threading.Thread | None = None

    @property
    def available(self) -> bool:
        """Whether lines can be heard at all."""
        return self.engine is not None

    def say(self, lines: Sequence[str], voice: Voice) -> None:
        """Speak ``lines`` in order, after cutting short whatever is still spoken or waiting.

        Returns at once; safe from any thread.  An empty ``lines`` only silences.
        """
        if self.engine is None:
            return
        with self._lock:
            self._generation += 1
            self._waiting.clear()
            self._cut_current()
            self._waiting.extend((self._generation, line, voice)
                                 for line in lines if line.strip())
            if self._waiting:
                self._start_worker()
            self._wake.notify()

    def silence(self) -> None:
        """Stop speaking now and forget what waits."""
        self.say((), Voice())

    @property
    def speaking(self) -> bool:
        """Whether a line's process is running now."""
        with self._lock:
            return self._process is not None and self._process.poll() is None

    def idle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` s until nothing is spoken or waiting; whether it is so."""
        with self._lock:
            return self._wake.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def stop(self) -> None:
        """Silence and end the worker thread."""
        with self._lock:
            self._running = False
            self._generation += 1
            self._waiting.clear()
            self._cut_current()
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)

    # ------------------------------------------------------------- the worker
    def _start_worker(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
            self._thread.start()

    def _cut_current(self) -> None:
        """Kill the line being spoken (the lock is held)."""
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self.cut += 1

    def _next(self) -> tuple[int, str, Voice] | None:
        with self._lock:
            self._busy = False
            self._wake.notify_all()
            self._wake.wait_for(lambda: bool(self._waiting) or not self._running)
            if not self._running:
                return None
            self._busy = True
            return self._waiting.popleft()

    def _work(self) -> None:
        while (item := self._next()) is not None:
            self._speak(*item)

    def _speak(self, generation: int, text: str, voice: Voice) -> None:
        """Start the line's process (outside the lock: the UI thread never waits for a
        spawn), unless a newer step came meanwhile; wait for it to end or be cut."""
        assert self.engine is not None
        with self._lock:
            if generation != self._generation or not self._running:
                return  # a newer step came between taking the line and starting it
            self.started += 1
            wav = None if self.record_to is None else \
                self.record_to / f"{self.started:04d}-{voice.language}.wav"
        try:
            process = subprocess.Popen(command(self.engine, text, voice, wav),
                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        except OSError as error:
            _log.warning("speech: %s could not start: %s", self.engine, error)
            return
        with self._lock:
            self._keep(self.spoken, (voice.language, text))
            self._process = process
            started = time.monotonic()
            if generation != self._generation or not self._running:
                self._cut_current()  # the step came while the process was starting
        process.wait()
        with self._lock:
            self._process = None
            self._keep(self.spans, (started, time.monotonic()))

    @staticmethod
    def _keep(kept: list[_T], item: _T) -> None:
        """Add ``item``, dropping the oldest past :data:`KEPT` (a kiosk speaks all day)."""
        kept.append(item)
        if len(kept) > KEPT:
            del kept[0]
