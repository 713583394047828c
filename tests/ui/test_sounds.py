"""Sound playback with the dummy audio driver, the silent fallback, and the step cues."""

from __future__ import annotations

import json
import os
import random
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.core.game import CUES
from companion.core.registry import all_games, find_game
from companion.ui.sounds import (
    SOUND_NAMES,
    SOUNDS_DIR,
    MixerPlayer,
    SilentPlayer,
    open_player,
)
from sounds.make_sounds import RATE, make_all


@pytest.fixture
def mixer() -> Iterator[None]:
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_sound_plays_with_the_dummy_driver(mixer: None) -> None:
    player = open_player(volume=0.5)
    assert isinstance(player, MixerPlayer)
    assert player.available
    for name in SOUND_NAMES:
        assert player.play(name), name
        sound = player.sound(name)
        assert sound is not None
        assert sound.get_volume() == pytest.approx(0.5, abs=0.01)


def test_muted_or_silent_volume_plays_nothing(mixer: None) -> None:
    player = open_player()
    player.set_muted(True)
    assert not player.play("win")
    player.set_muted(False)
    player.set_volume(0)
    assert not player.play("win")
    player.set_volume(7)
    assert player.volume == 1.0
    assert player.play("win")


def test_unknown_or_missing_sounds_fail_quietly(mixer: None, tmp_path: Path) -> None:
    player = open_player(folder=tmp_path)
    assert not player.play("win")
    assert not open_player().play("trumpet")


def test_no_audio_device_gives_a_silent_player(mixer: None) -> None:
    os.environ["SDL_AUDIODRIVER"] = "no-such-audio-driver"
    player = open_player(volume=0.3, muted=True)
    assert isinstance(player, SilentPlayer)
    assert not player.available and player.reason
    assert not player.play("eruption")
    player.set_volume(-1)
    assert (player.volume, player.muted) == (0.0, True)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_committed_files_are_short_mono_wavs(name: str) -> None:
    with wave.open(str(SOUNDS_DIR / f"{name}.wav")) as sound:
        assert sound.getnchannels() == 1
        assert sound.getsampwidth() == 2
        assert sound.getframerate() == RATE
        assert 0.02 < sound.getnframes() / RATE < 2.5


def test_generator_reproduces_the_committed_files(tmp_path: Path) -> None:
    written = make_all(tmp_path)
    assert sorted(path.stem for path in written) == sorted(SOUND_NAMES)
    for path in written:
        assert path.read_bytes() == (SOUNDS_DIR / path.name).read_bytes(), path.name


# ------------------------------------------------------------------ cues
def play_to_end(name: str, seed: int) -> tuple[Any, Any, dict[str, Any]]:
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_state(game.example_setup())
    while True:
        action = json.loads(json.dumps(rng.choice(list(game.legal_actions(state)))))
        after = game.apply(state, action)
        if game.is_finished(after):
            return state, after, action
        state = after


@pytest.mark.parametrize("name", sorted(all_games()))
def test_the_last_step_of_a_real_game_sounds_its_end(name: str) -> None:
    game = find_game(name)
    before, after, action = play_to_end(name, 1)
    cues = game.cues(before, after, action)
    expected = "loss" if game.result(after, game.example_setup()).outcome == "lost" else "win"
    assert cues[-1] == expected


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_cue_a_game_asks_for_has_a_sound(name: str) -> None:
    game = find_game(name)
    rng = random.Random(3)
    state = game.new_state(game.example_setup())
    for _ in range(200):
        if game.is_finished(state):
            break
        action = json.loads(json.dumps(rng.choice(list(game.legal_actions(state)))))
        after = game.apply(state, action)
        assert set(game.cues(state, after, action)) <= set(CUES) <= set(SOUND_NAMES)
        state = after
