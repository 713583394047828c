"""A finished game's figures, stored with its last step (issue 27: statistics in O(1)).

Kept apart from :mod:`companion.core.stats` so the session can store them without the
statistics (which read sessions' records) being imported in a circle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.game import Game

CACHE_PREFIX = "stats.play."
"""Settings key prefix of the cached play (or stored figures) of one game."""


def finished_figures(game_id: int, game: Game[Any], state: Any, setup: Mapping[str, Any]
                     ) -> tuple[str, dict[str, Any]]:
    """The settings key and value a finished game's figures are stored under, with its
    last step (see :meth:`~companion.core.journal.Journal.append`): what the statistics
    need without replaying the game."""
    result = game.result(state, setup)
    return CACHE_PREFIX + str(game_id), {
        "final": True, "finished": True, "players": list(result.players),
        "scores": list(result.scores), "winners": list(result.winners),
        "outcome": result.outcome, "scenario": result.scenario, "level": result.level,
    }
