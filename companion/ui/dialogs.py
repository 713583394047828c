"""Modal dialogs: a confirmation and a general choice, shown over the current screen."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.core.messages import Msg
from companion.ui.intents import CloseDialog, Intent, ShowDialog
from companion.ui.scene import Context, Scene
from companion.ui.widgets import Choice, Option, Text, Widget


class ChoiceDialog(Scene):
    """A scene that shows one :class:`~companion.ui.widgets.Choice` over the screen below."""

    overlay = True

    def __init__(
        self, title: Text, options: Sequence[Option], cancel: Text | None = None,
        body: Text | None = None,
    ) -> None:
        super().__init__()
        self.title = title
        """The question."""
        self.options = list(options)
        """The answers."""
        self.cancel = cancel
        """Label of the cancel button, if any."""
        self.body = body
        """Optional explanation."""

    def build(self, ctx: Context) -> list[Widget]:
        """One choice widget covering the screen."""
        return [Choice(ctx.screen, self.title, self.options, ctx.theme, self.cancel, self.body)]

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """Escape closes the dialog without choosing."""
        return [CloseDialog()] if key == pygame.K_ESCAPE else []


def confirm(
    question: Text, confirm_text: Text, intents: Sequence[Intent], body: Text | None = None,
    danger: bool = True,
) -> ShowDialog:
    """Ask before doing something that cannot be taken back (e.g. deleting a game)."""
    option = Option(confirm_text, tuple(intents), "danger" if danger else "primary")
    return ShowDialog(ChoiceDialog(question, [option], Msg("ui.common.cancel"), body))


def choose(title: Text, options: Sequence[Option], cancellable: bool = True) -> ShowDialog:
    """Offer a list of answers; each option carries its own intents."""
    cancel = Msg("ui.common.cancel") if cancellable else None
    return ShowDialog(ChoiceDialog(title, options, cancel))
