"""A game being played: rules, current state and journal kept in step.

The session is the only way the screens and buttons change a game.  It asks the
rules for the new state, writes the action to the journal, and only then makes the
new state current — so what the screen shows is always what is on disk.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.core.game import Game, Setup
from companion.core.journal import GameStatus, Journal, UnreplayableGameError
from companion.core.messages import IllegalActionError, Msg
from companion.core.registry import find_game
from companion.core.upgrade import current, stamped
from companion.core.values import Value

START_LABEL = Msg("core.label.start")
"""History label of step 0, the set-up."""


class HistoryEntry(Value):
    """One line of the history list."""

    step: int
    """0 for the set-up, then 1, 2, ... for each action."""
    label: Msg
    """What happened, translated when shown."""
    active: bool
    """False for an undone step that redo would bring back."""


def plain_action(action: Mapping[str, Any]) -> dict[str, Any]:
    """Return ``action`` as the plain JSON data the journal stores (tuples become lists)."""
    try:
        plain = json.loads(json.dumps(action))
    except (TypeError, ValueError) as error:
        raise IllegalActionError("core.error.bad_action", detail=str(error)) from error
    if not isinstance(plain, dict) or not isinstance(plain.get("type"), str):
        raise IllegalActionError("core.error.bad_action", detail="no action type")
    return plain


class Session:
    """One saved game opened for play, with undo, redo and history."""

    def __init__(
        self,
        journal: Journal,
        game_id: int,
        game: Game[Any],
        setup: Setup,
        actions: list[dict[str, Any]],
        labels: list[Msg],
        cursor: int,
    ) -> None:
        self.journal = journal
        """Where every step is written."""
        self.game_id = game_id
        """The game's number in the journal."""
        self.game = game
        """The rules engine."""
        self.setup = setup
        """The set-up the game started from."""
        self._actions = actions
        self._labels = labels
        self._states: list[Any] = [game.new_state(setup)]
        self._cursor = 0
        self._cursor = self._replayed_to(cursor)

    # ------------------------------------------------------------ construction
    @classmethod
    def start(cls, journal: Journal, game_name: str, setup: Setup, title: str = "") -> Session:
        """Check ``setup`` with the rules, store it as a new game and open it."""
        game = find_game(game_name)
        game.new_state(setup)
        game_id = journal.create_game(game.name, stamped(game, setup), title)
        return cls(journal, game_id, game, setup, [], [], 0)

    @classmethod
    def resume(cls, journal: Journal, game_id: int) -> Session:
        """Open a saved game exactly where it was left.

        Raises :class:`UnreplayableGameError` naming the first step that cannot be read
        or that the rules now refuse.
        """
        saved = journal.load(game_id)
        game = find_game(saved.summary.game)
        try:
            setup, actions = current(game, saved.setup, saved.actions)
            game.new_state(setup)
        except Exception as error:
            raise UnreplayableGameError(game_id, 0, repr(error)) from error
        return cls(
            journal,
            game_id,
            game,
            setup,
            actions,
            list(saved.labels),
            saved.cursor,
        )

    @classmethod
    def resume_latest(cls, journal: Journal) -> Session | None:
        """Open the most recent unfinished game, if there is one."""
        latest = journal.latest_active()
        return None if latest is None else cls.resume(journal, latest.id)

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> Any:
        """The current state (after :attr:`cursor` actions)."""
        return self._states[self._cursor]

    @property
    def cursor(self) -> int:
        """How many actions are in effect."""
        return self._cursor

    @property
    def finished(self) -> bool:
        """Whether the current state is the end of the game."""
        return self.game.is_finished(self.state)

    @property
    def can_undo(self) -> bool:
        """Whether there is a step to take back."""
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        """Whether an undone step can be brought back."""
        return self._cursor < len(self._actions)

    def history(self) -> list[HistoryEntry]:
        """The set-up and every recorded step, undone ones marked inactive."""
        entries = [HistoryEntry(0, START_LABEL, True)]
        for step, label in enumerate(self._labels, start=1):
            entries.append(HistoryEntry(step, label, step <= self._cursor))
        return entries

    def actions(self) -> list[dict[str, Any]]:
        """The actions in effect, oldest first."""
        return list(self._actions[: self._cursor])

    def last_label(self) -> Msg | None:
        """The label of the newest step in effect."""
        return self._labels[self._cursor - 1] if self._cursor else None

    # ----------------------------------------------------------------- changing
    def submit(self, action: Mapping[str, Any]) -> Any:
        """Apply ``action``; it is committed to the journal before this returns.

        Raises :class:`IllegalActionError` (and changes nothing) if the rules refuse it.
        """
        plain = plain_action(action)
        before = self.state
        if self.game.is_finished(before):
            raise IllegalActionError("core.error.game_over")
        after = self.game.apply(before, plain)
        label = self.game.action_label(before, plain)
        step = self._cursor + 1
        self.journal.append(self.game_id, step, plain, label, self._status_of(after),
                            self._figures(after))
        del self._actions[self._cursor :]
        del self._labels[self._cursor :]
        del self._states[step:]
        self._actions.append(plain)
        self._labels.append(label)
        self._states.append(after)
        self._cursor = step
        return after

    def _figures(self, after: Any) -> tuple[str, dict[str, Any]] | None:
        """A finished game's figures, stored with its last step (statistics read them
        instead of replaying the game: issue 27)."""
        if not self.game.is_finished(after):
            return None
        from companion.core.figures import finished_figures

        return finished_figures(self.game_id, self.game, after, self.setup)

    def undo(self) -> Any:
        """Take back the newest step."""
        if not self.can_undo:
            raise IllegalActionError("core.error.nothing_to_undo")
        return self.jump_to(self._cursor - 1)

    def redo(self) -> Any:
        """Bring back the step undone last."""
        if not self.can_redo:
            raise IllegalActionError("core.error.nothing_to_redo")
        return self.jump_to(self._cursor + 1)

    def jump_to(self, step: int) -> Any:
        """Go back (or forward through undone steps) to just after ``step``."""
        reached = self.state_after(step)
        self.journal.set_cursor(self.game_id, step, self._status_of(reached))
        self._cursor = step
        return self.state

    def state_after(self, step: int) -> Any:
        """The state after the first ``step`` actions (undone ones included), as kept when
        they were entered; the cursor does not move."""
        if not 0 <= step <= len(self._actions):
            raise IllegalActionError("core.error.no_such_step", step=step)
        return self._states[self._replayed_to(step)]

    def _replayed_to(self, step: int) -> int:
        """Make sure the states up to ``step`` are known; the cursor does not move.

        A stored step the rules refuse raises :class:`UnreplayableGameError` naming it.
        """
        while len(self._states) <= step:
            index = len(self._states) - 1
            try:
                after = self.game.apply(self._states[index], self._actions[index])
            except Exception as error:
                raise UnreplayableGameError(self.game_id, index + 1, repr(error)) from error
            self._states.append(after)
        return step

    def _status_of(self, state: Any) -> GameStatus:
        return "finished" if self.game.is_finished(state) else "active"
