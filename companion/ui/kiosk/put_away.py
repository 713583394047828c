"""Games put away at the table: the question before it happens, and the staff list.

Starting a new game while one is in progress asks first and says where the open game
goes (the saved list, kept). The staff menu lists the put-away unfinished games, and
*Bring back* makes one the table's game again.
"""

from __future__ import annotations

import time

from companion.core.kiosk import Kiosk
from companion.core.messages import Msg
from companion.ui.dialogs import confirm
from companion.ui.intents import Back, ShowDialog
from companion.ui.kiosk.common import kiosk_bar
from companion.ui.kiosk.intents import BringBack, StartNewGame
from companion.ui.scene import Context, ListScene
from companion.ui.widgets import Label, ListItem, ListView, RowButton, Widget


def ask_before_leaving(game: str, setup: dict[str, object], title: str = "") -> ShowDialog:
    """The question before a new game replaces the one in progress at the table."""
    return confirm(Msg("faults.leave.question"), Msg("faults.leave.start"),
                   (StartNewGame(game, setup, title),), body=Msg("faults.leave.body"),
                   danger=False)


class PutAwayScene(ListScene):
    """Staff: the unfinished games put away at this table, each with *Bring back*."""

    def build(self, ctx: Context) -> list[Widget]:
        """One row per put-away game, newest first; a line when there is none."""
        theme = ctx.theme
        widgets, body = kiosk_bar(ctx, Msg("faults.put_away.title"),
                                  [(Msg("ui.common.back"), (Back(),), "normal")], "put_away")
        games = [] if ctx.journal is None else Kiosk(ctx.journal).put_away_games()
        if not games:
            widgets.append(Label(body, Msg("faults.put_away.none"), "body",
                                 theme.palette.text_muted, align="center"))
            return widgets
        now = time.time()
        items = [ListItem(Msg("faults.put_away.row", {"game": f"@{summary.game}.title",
                                                       "id": summary.id}),
                          Msg("faults.put_away.detail",
                              {"steps": summary.steps,
                               "minutes": max(0, round((now - summary.updated) / 60))}),
                          buttons=(RowButton(Msg("faults.put_away.bring_back"),
                                             (BringBack(summary.id),), "primary"),))
                 for summary in games]
        widgets.append(ListView(body, items, theme.touch + theme.px(30), self.scroll,
                                key="put_away"))
        return widgets
