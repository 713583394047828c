"""Fuji on each player's phone: own dice behind the screen, rerolls, cards, stamina, wounds.

The rulebook's phases 1 to 4 have every player roll behind a screen and reroll in
silence; only in phase 5 do the screens come off and the dice get compared.  So a seat's
dice entered on its phone are *sealed*: kept by the app, shown to that seat alone (the
shared screen hears only "2 of 3 entered"), and put on the journal the moment the table
is in phase 5 (one ``set_dice`` per seat, or die by die for an incomplete set).  The
rerolls a seat made are answered on its phone as the touchscreen asks them
(``rerolls_done``, from the game's own questions); in phase 5 a seat that has not entered
its dice yet is asked die by die in the open, as the touchscreen would.
"""

from __future__ import annotations

from typing import Any

from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.questions import Answer, Question, Style, advance
from companion.core.seat_panels import PhoneAsk, Sealed, SeatPanel
from companion.games.fuji.queries import reroll_allowance
from companion.games.fuji.questions import ask
from companion.games.fuji.state import DieColour, Phase, Player, State, WoundSlot

HIDDEN_PHASES = frozenset({Phase.ROLL, Phase.PLANNING, Phase.REROLLS, Phase.EQUIPMENT})
"""The phases in which the dice lie behind the screens (phases 1 to 4)."""
DIE_ASK = "die"
"""The sealed ask of one die."""
TAKE_BACK_ASK = "take_back"
"""The sealed ask that takes the last die back."""


def _plain(text: str | int) -> Msg:
    return msg("phones.plain", text=text)


def _die_answers(player: Player, sealed: Sealed) -> tuple[Answer, ...]:
    full = Msg("ui_fuji_phones.all_dice_in") if len(sealed) >= player.dice_count else None
    return tuple(
        Answer([colour.value, value],
               msg("fuji.ask.die_face", colour=f"@fuji.die_colour.{colour.value}", value=value),
               full)
        for colour in DieColour for value in range(1, 7))


def _facts(state: State, player: Player,
           dice: tuple[tuple[str, int], ...]) -> list[tuple[Msg, Msg]]:
    facts = [
        (Msg("ui_fuji_phones.phase"), _plain(f"@fuji.phase.{state.phase.value}")),
        (Msg("ui_fuji_phones.dice"), msg("ui_fuji_phones.dice_count", entered=len(dice),
                                          count=player.dice_count)),
        (Msg("ui_fuji_phones.total"), _plain(sum(value for _, value in dice))),
        (Msg("ui_fuji_phones.rerolls"), msg("ui_fuji_phones.rerolls_of",
                                             used=player.rerolls_used,
                                             allowed=_allowance(state, player))),
        (Msg("ui_fuji_phones.stamina"), _plain(player.stamina_lost)),
    ]
    facts += [(Msg("ui_fuji_phones.wound"), _plain(f"@fuji.wound.{slot.value}"))
              for slot in WoundSlot if player.wounds.covered(slot)]
    facts += [(Msg("ui_fuji_phones.card"), _plain(f"@fuji.equipment.{card}"))
              for card in player.equipment]
    return facts


def _allowance(state: State, player: Player) -> int | str:
    try:
        return reroll_allowance(state, player.seat)
    except (IllegalActionError, ValueError, TypeError):
        return "–"


def _open_ask(state: State, key: str, partial: dict[str, Any]) -> PhoneAsk | None:
    """The game's own question for ``partial``, as the touchscreen asks it (or none)."""
    try:
        progress = advance(ask, state, partial)
    except IllegalActionError:
        return None
    if not isinstance(progress.step, Question):
        return None
    return PhoneAsk(key, progress.step, progress.partial)


class FujiPhone:
    """Fuji's phone support (see the module's docstring)."""

    def seats(self, state: State) -> tuple[Msg, ...]:
        """Each character's player, in seat order."""
        return tuple(_plain(player.name) for player in state.players)

    def hidden(self, state: State) -> bool:
        """Phases 1 to 4: the dice are behind the screens."""
        return state.phase in HIDDEN_PHASES and state.outcome is None

    def panel(self, state: State, seat: int, sealed: Sealed) -> SeatPanel:
        """The seat's own figures and dice, and the questions facing it now."""
        player = state.players[seat]
        hidden = self.hidden(state)
        dice = tuple(sealed) if hidden else _entered(player)
        asks: list[PhoneAsk] = []
        if hidden:
            die = Question("die", Msg("ui_fuji_phones.your_die"), _die_answers(player, sealed),
                           Style.CHOICE, seat)
            asks.append(PhoneAsk(DIE_ASK, die, sealed=True))
            back = Answer("last", Msg("ui_fuji_phones.take_back"),
                          None if sealed else Msg("ui_fuji_phones.nothing_to_take_back"))
            asks.append(PhoneAsk(TAKE_BACK_ASK, Question("take_back", Msg("ui_fuji_phones.fix"),
                                                         (back,), Style.CHOICE, seat),
                                 sealed=True))
        if state.phase is Phase.REROLLS and not player.rerolls_done:
            found = _open_ask(state, "rerolls", {"type": "rerolls_done", "player": seat})
            asks += [found] if found is not None else []
        if state.phase is Phase.MOVEMENT and player.dice is None:
            found = _open_ask(state, "enter_die", {"type": "enter_die", "player": seat})
            asks += [found] if found is not None else []
        note = Msg("ui_fuji_phones.hidden_note") if hidden else None
        return SeatPanel(_plain(player.name), tuple(_facts(state, player, dice)), dice,
                         tuple(asks), note)

    def seal(self, state: State, seat: int, sealed: Sealed, key: str, value: Any) -> Sealed:
        """Add a die behind the screen, or take the last one back."""
        player = state.players[seat]
        if not self.hidden(state):
            raise IllegalActionError("phones.changed")
        if key == TAKE_BACK_ASK:
            return tuple(sealed[:-1])
        if len(sealed) >= player.dice_count:
            raise IllegalActionError("ui_fuji_phones.all_dice_in")
        colour, number = value
        if colour not in {c.value for c in DieColour} or number not in range(1, 7):
            raise IllegalActionError("phones.changed")
        return (*sealed, (str(colour), int(number)))

    def complete(self, state: State, seat: int, sealed: Sealed) -> bool:
        """Whether the seat's dice are all in (sealed or on the journal)."""
        player = state.players[seat]
        return player.dice is not None or len(sealed) >= player.dice_count

    def reveal(self, state: State, seat: int, sealed: Sealed) -> list[dict[str, Any]]:
        """Phase 5: the whole set in one step, or die by die when it is not complete."""
        if self.hidden(state) or not sealed:
            return []
        player = state.players[seat]
        dice = [[colour, value] for colour, value in sealed]
        if len(dice) == player.dice_count and player.dice is None and not player.dice_partial:
            return [{"type": "set_dice", "player": seat, "dice": dice}]
        return [{"type": "enter_die", "player": seat, "die": die} for die in dice]


def _entered(player: Player) -> tuple[tuple[str, int], ...]:
    dice = player.dice if player.dice is not None else player.dice_partial
    return tuple((die.colour.value, die.value) for die in dice)


PHONE = FujiPhone()
"""What :mod:`companion.phones` finds for this game."""
