"""The end-of-game QR code that carries the play to a phone's score log.

:func:`bgstats_link` builds a link in BG Stats' documented play-import form: a
JSON description of the play (game, date, players, scores, winners) passed as the
``data`` parameter.  :func:`qr_matrix` turns any text into a QR module grid with
the optional ``segno`` package; without it there is no code, and the screen shows
a short note instead.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

import pygame

from companion.core import registry
from companion.core.stats import Play
from companion.ui.theme import Theme
from companion.ui.widgets import Widget

BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html?data="
"""Where BG Stats picks up a play passed in a link."""
SOURCE_NAME = "Table Companion"
"""How the play names where it came from."""


def bgstats_play(play: Play) -> dict[str, Any]:
    """The play as the JSON object BG Stats imports (titles as the game's info gives them)."""
    names = list(play.players)
    scores = list(play.scores)
    game = registry.all_games().get(play.game)
    published = game.info.published_title if game is not None else play.game
    cooperative = game is not None and game.info.cooperative
    players = []
    for index, name in enumerate(names):
        entry: dict[str, Any] = {"name": name, "sourcePlayerId": name}
        if index < len(scores):
            entry["score"] = scores[index]
        if cooperative:
            entry["winner"] = play.outcome == "won"
        else:
            entry["winner"] = name in play.winners
        players.append(entry)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": str(play.game_id),
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(play.created)),
        "durationMin": max(1, round((play.updated - play.created) / 60)),
        "game": {
            "name": published,
            "sourceGameId": play.game,
            "cooperative": cooperative,
            "highestWins": True,
            "noPoints": not scores,
        },
        "players": players,
    }


def bgstats_link(play: Play) -> str:
    """A link that opens the play in BG Stats, ready to save."""
    data = json.dumps(bgstats_play(play), ensure_ascii=False, separators=(",", ":"))
    return BGSTATS_URL + quote(data, safe=":,")


def qr_matrix(text: str) -> list[list[bool]] | None:
    """The QR modules of ``text`` with a quiet border (``None`` without ``segno``)."""
    try:
        import segno
    except ImportError:
        return None
    code = segno.make(text, error="l", micro=False)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=4)]


class QrCode(Widget):
    """A QR code drawn as dark squares on white, as large as fits its box."""

    def __init__(self, rect: pygame.Rect, matrix: Sequence[Sequence[bool]], key: str = "") -> None:
        super().__init__(rect, key)
        self.matrix = [list(row) for row in matrix]
        """The modules, ``True`` for dark."""

    @property
    def module_size(self) -> int:
        """Pixels per module (at least one)."""
        count = max(1, len(self.matrix))
        return max(1, min(self.rect.width, self.rect.height) // count)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the code centred in the box."""
        size = self.module_size
        side = size * len(self.matrix)
        box = pygame.Rect(0, 0, side, side)
        box.center = self.rect.center
        pygame.draw.rect(surface, (255, 255, 255), box)
        for row_index, row in enumerate(self.matrix):
            for column, dark in enumerate(row):
                if dark:
                    pygame.draw.rect(surface, (0, 0, 0), (box.x + column * size,
                                                          box.y + row_index * size, size, size))
