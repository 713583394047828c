"""Generate the companion's sound effects from nothing but arithmetic.

Run ``python sounds/make_sounds.py`` to (re)write the ``.wav`` files next to this
script.  Every sound is synthesised here from sine waves, simple envelopes and
seeded noise, so the output is the same on every run and the files carry no
third-party rights (see ``LICENSES.md``).

The sounds are short and soft: they accompany a board game, they must not startle.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
"""Samples per second (mono, 16 bit)."""
PEAK = 0.7
"""Loudest sample as a fraction of full scale, leaving headroom."""

Signal = list[float]
"""Samples between -1 and 1."""


def silence(seconds: float) -> Signal:
    """A pause."""
    return [0.0] * int(RATE * seconds)


def envelope(count: int, attack: float, release: float) -> list[float]:
    """Gain per sample: a linear rise over ``attack`` s and fall over ``release`` s."""
    rise = max(1, int(RATE * attack))
    fall = max(1, int(RATE * release))
    gains = []
    for index in range(count):
        gain = min(1.0, index / rise, (count - index) / fall)
        gains.append(max(0.0, gain))
    return gains


def tone(
    freq: float, seconds: float, harmonics: Sequence[float] = (1.0,), attack: float = 0.01,
    release: float = 0.08, glide_to: float | None = None,
) -> Signal:
    """A note with optional overtones (relative strengths) and a pitch glide."""
    count = int(RATE * seconds)
    gains = envelope(count, attack, release)
    end = glide_to if glide_to is not None else freq
    samples = []
    phase = 0.0
    for index in range(count):
        current = freq + (end - freq) * index / max(1, count - 1)
        phase += 2 * math.pi * current / RATE
        value = sum(strength * math.sin(phase * (n + 1)) for n, strength in enumerate(harmonics))
        samples.append(value * gains[index])
    return samples


def noise(seconds: float, seed: int, smoothing: float, attack: float, release: float) -> Signal:
    """Low-passed seeded noise (a rumble when ``smoothing`` is close to 1)."""
    rng = random.Random(seed)
    count = int(RATE * seconds)
    gains = envelope(count, attack, release)
    samples = []
    level = 0.0
    for index in range(count):
        level = smoothing * level + (1 - smoothing) * rng.uniform(-1, 1)
        samples.append(level * gains[index])
    return samples


def mix(*signals: Signal) -> Signal:
    """Add signals sample by sample (the shorter ones end early)."""
    length = max(len(signal) for signal in signals)
    return [sum(s[i] for s in signals if i < len(s)) for i in range(length)]


def join(*signals: Signal) -> Signal:
    """Play signals one after the other."""
    return [sample for signal in signals for sample in signal]


def normalise(signal: Signal) -> Signal:
    """Scale so the loudest sample reaches :data:`PEAK`."""
    loudest = max((abs(sample) for sample in signal), default=0.0)
    return [sample * PEAK / loudest for sample in signal] if loudest else signal


BELL = (1.0, 0.4, 0.15, 0.05)
SOFT = (1.0, 0.2)


def phase_change() -> Signal:
    """Two rising bell notes: the next phase begins."""
    return join(tone(523.25, 0.14, BELL), tone(783.99, 0.28, BELL, release=0.2))


def destination_locked() -> Signal:
    """A short low-high click pair: a choice is fixed."""
    return join(tone(880.0, 0.05, SOFT, 0.002, 0.03), silence(0.03),
                tone(1318.5, 0.09, SOFT, 0.002, 0.06))


def eruption() -> Signal:
    """A deep rumble under a falling tone."""
    rumble = noise(1.2, seed=7, smoothing=0.985, attack=0.05, release=0.6)
    fall = tone(110.0, 1.1, (1.0, 0.5, 0.25), 0.05, 0.5, glide_to=55.0)
    return mix([3.0 * s for s in rumble], [0.6 * s for s in fall])


def wound() -> Signal:
    """A dull thud with a short dissonant sting."""
    thud = tone(90.0, 0.25, (1.0, 0.3), 0.003, 0.2, glide_to=60.0)
    sting = tone(466.16, 0.18, SOFT, 0.005, 0.12)
    return mix(thud, [0.35 * s for s in mix(sting, tone(493.88, 0.18, SOFT, 0.005, 0.12))])


def exhaustion() -> Signal:
    """A slow sigh sliding downwards."""
    return mix(tone(392.0, 0.9, SOFT, 0.08, 0.5, glide_to=196.0),
               [0.2 * s for s in noise(0.9, seed=3, smoothing=0.9, attack=0.1, release=0.5)])


def win() -> Signal:
    """A bright rising arpeggio ending on a held chord."""
    notes = [523.25, 659.25, 783.99]
    run = join(*(tone(f, 0.12, BELL, release=0.05) for f in notes))
    chord = mix(*(tone(f, 0.7, BELL, release=0.5) for f in (*notes, 1046.5)))
    return join(run, chord)


def loss() -> Signal:
    """Three falling notes in a minor key."""
    notes = [392.0, 311.13, 261.63]
    return join(*(tone(f, 0.3, SOFT, release=0.15) for f in notes[:-1]),
                tone(notes[-1], 0.8, SOFT, release=0.6))


def reminder_tick() -> Signal:
    """A tiny wooden tick."""
    return mix(tone(1760.0, 0.03, SOFT, 0.001, 0.025),
               [0.3 * s for s in noise(0.02, seed=11, smoothing=0.3, attack=0.001,
                                        release=0.015)])


SOUNDS: dict[str, Callable[[], Signal]] = {
    "phase_change": phase_change,
    "destination_locked": destination_locked,
    "eruption": eruption,
    "wound": wound,
    "exhaustion": exhaustion,
    "win": win,
    "loss": loss,
    "reminder_tick": reminder_tick,
}
"""Each sound's file name (without ``.wav``) and the function that makes it."""


def write_wav(path: Path, signal: Signal) -> None:
    """Write ``signal`` as a 16-bit mono WAV file."""
    frames = b"".join(
        struct.pack("<h", int(max(-1.0, min(1.0, sample)) * 32767)) for sample in signal
    )
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def make_all(folder: Path) -> list[Path]:
    """Write every sound into ``folder``; return the files written."""
    written = []
    for name, make in SOUNDS.items():
        path = folder / f"{name}.wav"
        write_wav(path, normalise(make()))
        written.append(path)
    return written


if __name__ == "__main__":
    for written in make_all(Path(__file__).resolve().parent):
        print(written.name)
