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

from companion.core.registry import find_game
from companion.ui.sounds import (
    SOUND_NAMES,
    SOUNDS_DIR,
    MixerPlayer,
    SilentPlayer,
    open_player,
    step_cues,
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
def fuji_player(wounds: int) -> dict[str, Any]:
    slots = ["leg", "arm", "amnesia", "eye"]
    return {"wounds": {slot: n < wounds for n, slot in enumerate(slots)}}


def test_a_new_wound_is_heard() -> None:
    before = {"phase": "resolve", "players": [fuji_player(0), fuji_player(1)]}
    after = {"phase": "resolve", "players": [fuji_player(1), fuji_player(1)]}
    assert step_cues(before, after, {"type": "resolve"}) == ("wound",)


def test_lava_spreading_is_an_eruption() -> None:
    flip = {"message": {"key": "fuji.instruction.flip_cards", "params": {}}, "cells": []}
    before = {"phase": "resolve", "instructions": []}
    after = {"phase": "eruption", "instructions": [flip]}
    assert step_cues(before, after, {"type": "advance"}) == ("eruption",)


def test_locking_a_destination_clicks() -> None:
    state = {"phase": "planning"}
    assert step_cues(state, state, {"type": "confirm_destination"}) == ("destination_locked",)
    assert step_cues(state, state, {"type": "set_destination"}) == ()


def test_exhaustion_comes_before_the_loss() -> None:
    before = {"outcome": None}
    after = {"outcome": "lost", "outcome_reason": {"key": "fuji.outcome.exhausted"}}
    assert step_cues(before, after, {"type": "resolve"}) == ("exhaustion", "loss")


def play_to_end(name: str, seed: int) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_state(game.example_setup())
    while True:
        action = json.loads(json.dumps(rng.choice(list(game.legal_actions(state)))))
        after = game.apply(state, action)
        if game.is_finished(after):
            return game.state_to_json(state), game.state_to_json(after), action
        state = after


@pytest.mark.parametrize("name", ["fuji", "tikal", "caverna"])
def test_the_last_step_of_a_real_game_sounds_its_end(name: str) -> None:
    before, after, action = play_to_end(name, 1)
    cues = step_cues(before, after, action, finished=True)
    expected = "loss" if after.get("outcome") == "lost" else "win"
    assert cues[-1] == expected
