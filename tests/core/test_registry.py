"""The registry names games without loading them and hands out the real engines."""

from __future__ import annotations

import pytest

from companion.core import registry
from companion.core.registry import RegisteredGame, UnknownGameError, all_games, find_game


@pytest.mark.parametrize("name", registry.game_names())
def test_a_listed_game_is_named_like_its_engine(name: str) -> None:
    """The name and title the list gives without loading agree with the engine's own."""
    listed = all_games()[name]
    engine = find_game(name)
    assert listed.name == engine.name == name
    assert listed.title_key == engine.title_key
    assert listed.info == engine.info
    assert listed.min_players == engine.min_players


def test_find_game_gives_the_engine_itself() -> None:
    """Sessions get the package's ``GAME``, not a stand-in, whatever the spelling."""
    name = registry.game_names()[0]
    engine = find_game(f" {name.upper()} ")
    assert not isinstance(engine, RegisteredGame)
    stand_in = all_games()[name]
    assert isinstance(stand_in, RegisteredGame)
    assert stand_in.engine is engine


def test_a_stand_in_plays_like_its_engine() -> None:
    """Rules asked of the stand-in are the engine's: same start, same legal steps."""
    name = registry.game_names()[0]
    stand_in, engine = all_games()[name], find_game(name)
    setup = engine.example_setup()
    assert stand_in.new_state(setup) == engine.new_state(setup)
    assert stand_in.legal_actions(engine.new_state(setup)) == engine.legal_actions(
        engine.new_state(setup))
    assert getattr(stand_in, "no_such_member", None) is None


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    """A name no game has raises :class:`UnknownGameError` listing the registered ones."""
    with pytest.raises(UnknownGameError) as refused:
        find_game("chess")
    assert refused.value.message.params["known"] == ", ".join(registry.all_games())
