"""Spoken instructions: how long from a step to the first sound the table hears?

Plays every registered game from its example set-up through the real app (``App`` on
the dummy video driver, actions submitted as a screen submits them) with speech on and
the real espeak-ng writing each line to a WAV file (``espeak-ng -w``).  For every step
that gives the table a line it measures:

- ``ui_ms``: the UI thread's time for the step (the rules, the journal, the outputs):
  the speech output only hands the lines over, so this is not spent on speech;
- ``first_sound_ms``: from the step (just before the action is submitted) to the first
  non-silent sample of the step's first line in its WAV file, read as espeak-ng writes
  it (polled every millisecond).  That sample is what a sound card would play first.

Target: ``first_sound_ms`` ≤ 300 ms.  Prints the median, the 90th percentile and the
largest, per language, as a table and (``--json``) as JSON.

With ``--round GAME --keep DIR`` it also plays GAME's first round in each language
(waiting for each step's lines, as a table does), keeps one WAV per line in
``DIR/<lang>/`` and prints each file's line and ``sox FILE -n stat`` length and peak.

Usage::

    python bench/speech.py                  # en, pl, fr, es; about 30 s
    python bench/speech.py --steps 10 --languages pl
    python bench/speech.py --round fuji --keep /tmp/round
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from companion.core.journal import Journal
from companion.core.registry import find_game, game_names
from companion.core.session import Session
from companion.speech.engine import find_engine
from companion.speech.output import SpeechOutput, added_lines
from companion.speech.queue import Speaker
from companion.speech.settings import SpeechSettings, save_speech_settings
from companion.ui.app import App, save_settings
from companion.ui.intents import Submit
from companion.ui.scene import Settings

LOUD = 300
"""A sample louder than this (of 32,767) is sound, not the silence before it."""
HEADER = 44
"""Bytes of the WAV header espeak-ng writes before the samples."""
GIVE_UP = 5.0
"""Seconds to wait for a first sound before the step counts as silent."""


def first_loud_at(path: Path, deadline: float) -> float | None:
    """The monotonic time at which ``path`` first holds a loud sample (``None``: never)."""
    offset = HEADER
    while time.perf_counter() < deadline:
        try:
            with path.open("rb") as sound:
                sound.seek(offset)
                data = sound.read()
        except FileNotFoundError:
            data = b""
        usable = len(data) - len(data) % 2
        if usable:
            if any(abs(sample) > LOUD for sample in memoryview(data[:usable]).cast("h")):
                return time.perf_counter()
            offset += usable
        time.sleep(0.001)
    return None


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def speaking_app(language: str, folder: Path) -> tuple[Journal, Speaker, App]:
    """A fresh journal and app in ``language`` with speech on, each line to a WAV in
    ``folder``."""
    journal = Journal(":memory:")
    save_settings(journal, Settings(language=language))
    save_speech_settings(journal, SpeechSettings(on=True))
    speaker = Speaker(find_engine(), record_to=folder)
    app = App(journal, Settings(language=language), (800, 480),
              outputs=[SpeechOutput(speaker)])
    return journal, speaker, app


def measure(language: str, steps: int, folder: Path) -> dict[str, Any]:
    """Step through every game in ``language``; the figures of the steps that spoke."""
    journal, speaker, app = speaking_app(language, folder)
    ui_ms: list[float] = []
    sound_ms: list[float] = []
    silent = 0
    try:
        for name in game_names():
            game = find_game(name)
            app.open_game(Session.start(journal, name, game.example_setup()))
            session = app.session
            assert session is not None
            for _ in range(steps):
                actions = game.legal_actions(session.state)
                if not actions or session.finished:
                    break
                before = session.state
                wav = folder / f"{speaker.started + 1:04d}-{language}.wav"
                started = time.perf_counter()
                app.perform(Submit(actions[0]))
                handed = time.perf_counter()
                if not added_lines(before, session.state):
                    continue
                heard = first_loud_at(wav, handed + GIVE_UP)
                ui_ms.append((handed - started) * 1000)
                if heard is None:
                    silent += 1
                else:
                    sound_ms.append((heard - started) * 1000)
                speaker.idle(60)
    finally:
        app.close()
        journal.close()
    return {"language": language, "steps": len(ui_ms), "silent": silent,
            "ui_ms": summary(ui_ms), "first_sound_ms": summary(sound_ms)}


def summary(values: list[float]) -> dict[str, float]:
    """Median, 90th percentile and largest, rounded to 0.1 ms."""
    if not values:
        return {}
    return {"median": round(statistics.median(values), 1),
            "p90": round(percentile(values, 0.9), 1), "max": round(max(values), 1)}


def play_round(game_name: str, language: str, folder: Path) -> list[str]:
    """Play ``game_name``'s first round (first legal actions) with speech on; the texts."""
    journal, speaker, app = speaking_app(language, folder)
    game = find_game(game_name)
    try:
        app.open_game(Session.start(journal, game_name, game.example_setup()))
        session = app.session
        assert session is not None
        first = getattr(session.state, "round", None)
        while getattr(session.state, "round", None) == first and not session.finished:
            app.perform(Submit(game.legal_actions(session.state)[0]))
            speaker.idle(60)
    finally:
        app.close()
        journal.close()
    return [text for _, text in speaker.spoken]


def sox_figures(path: Path) -> tuple[float, float]:
    """Length in seconds and peak amplitude (0–1) of ``path``, from ``sox -n stat``."""
    report = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True,
                            text=True, check=True).stderr
    found = dict(re.findall(r"^([A-Za-z ()]+?):\s+(-?[\d.]+)\s*$", report, re.MULTILINE))
    return float(found["Length (seconds)"]), float(found["Maximum amplitude"])


def report_round(game_name: str, languages: list[str], keep: Path) -> None:
    """Play and list the round's files in each language."""
    for language in languages:
        folder = keep / language
        folder.mkdir(parents=True, exist_ok=True)
        texts = play_round(game_name, language, folder)
        files = sorted(folder.glob("*.wav"))
        total = 0.0
        print(f"\n{game_name} round 1, {language}: {len(texts)} lines, {len(files)} files")
        for text, file in zip(texts, files, strict=False):
            length, peak = sox_figures(file)
            total += length
            print(f"  {file.name}  {length:5.2f} s  peak {peak:.2f}  {text}")
        print(f"  total {total:.1f} s of speech")


def main(argv: list[str] | None = None) -> int:
    """Run the bench and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--languages", default="en,pl,fr,es")
    parser.add_argument("--steps", type=int, default=30, help="steps per game and language")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--round", help="also play this game's first round with speech on")
    parser.add_argument("--keep", type=Path, default=Path("speech-round"),
                        help="folder for the round's WAV files")
    options = parser.parse_args(argv)
    if find_engine() is None:
        print("espeak-ng is not installed: nothing to measure (sudo apt install espeak-ng)")
        return 1
    pygame.init()
    results = []
    for language in options.languages.split(","):
        with tempfile.TemporaryDirectory() as folder:
            results.append(measure(language, options.steps, Path(folder)))
    print(f"{'lang':<5}{'steps':>6}{'silent':>7}  first sound ms (median / p90 / max)"
          "   UI thread ms (median / max)")
    for found in results:
        sound, ui = found["first_sound_ms"], found["ui_ms"]
        print(f"{found['language']:<5}{found['steps']:>6}{found['silent']:>7}  "
              f"{sound.get('median', 0):>8} / {sound.get('p90', 0):>6} / {sound.get('max', 0):>6}"
              f"   {ui.get('median', 0):>8} / {ui.get('max', 0):>6}")
    worst = max((r["first_sound_ms"].get("p90", 0.0) for r in results), default=0.0)
    print(f"target: first sound <= 300 ms; worst p90 {worst} ms: "
          f"{'met' if worst <= 300 else 'NOT met'}")
    if options.json is not None:
        options.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    if options.round:
        report_round(options.round, options.languages.split(","), options.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
