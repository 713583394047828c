"""Every Tikal text exists in all four languages and every message fills its placeholders."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, catalogue, placeholders, translate
from companion.core.messages import IllegalActionError, Msg
from companion.games import tikal
from companion.games.tikal import GAME
from companion.games.tikal.constants import COLOURS, HEX_KINDS
from companion.games.tikal.rules import HANDLERS
from companion.games.tikal.setup import VARIANTS
from companion.games.tikal.state import TikalState

from .support import setup

SOURCE = Path(tikal.__file__).parent
PHASES = ("draw", "reveal", "auction", "choose", "actions", "finished")


def keys_named_in_source() -> set[str]:
    """Whole message keys written literally in the rules package."""
    found: set[str] = set()
    for path in SOURCE.glob("*.py"):
        found |= set(re.findall(r'"(tikal\.[a-z_]+\.[a-z_]+)"', path.read_text("utf-8")))
    return found


def keys_built_at_run_time() -> set[str]:
    """Keys assembled from a prefix and a value (actions, phases, hex kinds, ...)."""
    return (
        {f"tikal.action.{kind}" for kind in HANDLERS}
        | {f"tikal.label.{kind}" for kind in HANDLERS}
        | {f"tikal.phase.{phase}" for phase in PHASES}
        | {f"tikal.hex.{kind}" for kind in (*HEX_KINDS, "base")}
        | {f"tikal.piece.{piece}" for piece in ("worker", "leader")}
        | {f"tikal.colour.{colour}" for colour in COLOURS}
        | {f"tikal.variant.{variant}" for variant in VARIANTS}
        | {"tikal.scoring.volcano", "tikal.scoring.final", "tikal.title"}
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_rules_use_is_translated(lang: str) -> None:
    table = catalogue(lang)
    needed = keys_named_in_source() | keys_built_at_run_time()
    assert len(needed) > 100
    assert sorted(key for key in needed if not table.get(key)) == []


def test_catalogues_share_placeholders() -> None:
    english = {k: v for k, v in catalogue("en").items() if k.startswith("tikal.")}
    for lang in LANGUAGES[1:]:
        other = catalogue(lang)
        assert [k for k, v in english.items() if placeholders(other[k]) != placeholders(v)] == []


def rendered_fully(message: Msg) -> bool:
    """Whether every placeholder of the message was filled in every language."""
    return all("{" not in translate(message, lang) for lang in LANGUAGES)


def sample_states(seed: int) -> list[TikalState]:
    rng = random.Random(seed)
    state = GAME.new_state(setup(3, "auction" if seed % 2 else "basic"))
    states = [state]
    while not GAME.is_finished(state):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", [1, 2])
def test_labels_instructions_and_refusals_render_in_every_language(seed: int) -> None:
    rng = random.Random(seed)
    states = sample_states(seed)
    probes = [{"type": kind} for kind in HANDLERS]
    for state in states[::3]:
        for action in GAME.legal_actions(state)[:10]:
            assert rendered_fully(GAME.action_label(state, action))
        for note in state.instructions:
            assert rendered_fully(note)
        for probe in rng.sample(probes, 4):
            try:
                GAME.apply(state, probe)
            except IllegalActionError as error:
                assert rendered_fully(error.message), error.key
