"""Modal dialogs: a confirmation and a general choice, shown over the current screen.

On a flat table a dialog that names the seat it asks turns to face that seat.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.core.messages import Msg
from companion.ui.intents import CloseDialog, Intent, ShowDialog
from companion.ui.scene import Context, Scene
from companion.ui.widgets import Choice, Option, Shade, Text, Widget


class ChoiceDialog(Scene):
    """A scene that shows one :class:`~companion.ui.widgets.Choice` over the screen below."""

    overlay = True

    def __init__(
        self, title: Text, options: Sequence[Option], cancel: Text | None = None,
        body: Text | None = None, seat: int | None = None, seats: int | None = None,
    ) -> None:
        super().__init__()
        self.seat = seat
        """The seat the question is for: on a flat table the dialog turns to face it."""
        self.seats = seats
        """Seats at the table (where each one sits on a flat table)."""
        self.title = title
        """The question."""
        self.options = list(options)
        """The answers."""
        self.cancel = cancel
        """Label of the cancel button, if any."""
        self.body = body
        """Optional explanation."""

    def build(self, ctx: Context) -> list[Widget]:
        """One choice widget covering the screen, turned to the asked seat on a flat table."""
        # Loaded when a dialog is first shown: the screens make dialogs ahead, as intents.
        from companion.ui.flat import TurnedPanel, seat_angle, upright_size

        angle = seat_angle(ctx, self.seat, self.seats)
        if angle % 360 == 0:
            return [Choice(ctx.screen, self.title, self.options, ctx.theme, self.cancel,
                           self.body)]
        upright = pygame.Rect(0, 0, *upright_size(ctx.screen, angle))
        choice = Choice(upright, self.title, self.options, ctx.theme, self.cancel, self.body)
        box = choice.box
        content = choice.children()
        for widget in content:
            widget.rect.move_ip(-box.x, -box.y)
        on_screen = pygame.Rect(0, 0, *upright_size(box, angle))
        on_screen.center = ctx.screen.center
        return [Shade(ctx.screen), TurnedPanel(on_screen, angle, content, "choice:panel")]

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """Escape closes the dialog without choosing."""
        return [CloseDialog()] if key == pygame.K_ESCAPE else []


def confirm(
    question: Text, confirm_text: Text, intents: Sequence[Intent], body: Text | None = None,
    danger: bool = True, seat: int | None = None, seats: int | None = None,
) -> ShowDialog:
    """Ask before doing something that cannot be taken back (e.g. deleting a game).

    ``seat`` (of ``seats``) is who is asked: on a flat table the dialog faces them.
    """
    option = Option(confirm_text, tuple(intents), "danger" if danger else "primary")
    return ShowDialog(ChoiceDialog(question, [option], Msg("ui.common.cancel"), body, seat,
                                   seats))


def choose(title: Text, options: Sequence[Option], cancellable: bool = True,
           seat: int | None = None, seats: int | None = None) -> ShowDialog:
    """Offer a list of answers; each option carries its own intents.

    ``seat`` (of ``seats``) is who is asked: on a flat table the dialog faces them.
    """
    cancel = Msg("ui.common.cancel") if cancellable else None
    return ShowDialog(ChoiceDialog(title, options, cancel, seat=seat, seats=seats))
