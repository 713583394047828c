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
from companion.games.fuji.game import GAME
from companion.games.fuji.queries import reroll_allowance
from companion.games.fuji.questions import ask
from companion.games.fuji.state import DieColour, Phase, Player, Skill, State, WoundSlot

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


ON_THE_MAP = frozenset({"fuji.error.bad_field", "fuji.error.missing_field"})
"""Refusals that mean the card points at the map: it is played on the table's screen."""
MAX_BARS = 3
"""Energy bars a Gatherer holds at most."""


def _refusal(state: State, action: dict[str, Any]) -> Msg | None:
    """The rules' reason for refusing ``action`` now (``None``: accepted)."""
    try:
        GAME.apply(state, action)
    except IllegalActionError as error:
        if error.key in ON_THE_MAP:
            return Msg("ui_fuji_phones.card_on_table")
        return error.message
    return None


def _cards_ask(state: State, player: Player) -> PhoneAsk | None:
    """The seat's own cards, each played with one tap (a card that points at the map is
    greyed: the table's screen has the map)."""
    if not player.equipment:
        return None
    partial = {"type": "use_equipment", "player": player.seat}
    answers = tuple(
        Answer({"card": card}, Msg(f"fuji.equipment.{card}"),
               _refusal(state, {**partial, "card": card}))
        for card in dict.fromkeys(player.equipment))
    question = Question("card", Msg("ui_fuji_phones.play_card"), answers, Style.CHOICE,
                        player.seat)
    return PhoneAsk("cards", question, partial, direct=True)


def _resolve_ask(state: State, player: Player) -> PhoneAsk | None:
    """Phase 5, the seat's turn to move: its path when it has a choice, else one tap."""
    if state.phase is not Phase.MOVEMENT:
        return None
    partial = {"type": "resolve", "player": player.seat}
    if _refusal(state, partial) is not None and _open_ask(state, "resolve", partial) is None:
        return None
    found = _open_ask(state, "resolve", partial)
    if found is not None:
        return found
    go = Answer({}, Msg("ui_fuji_phones.resolve_now"))
    question = Question("resolve", Msg("ui_fuji_phones.your_move"), (go,), Style.CHOICE,
                        player.seat)
    return PhoneAsk("resolve", question, partial, direct=True)


def _energy_ask(state: State, player: Player) -> PhoneAsk | None:
    """A Gatherer's energy bars, given to a player for their resolution (phase 5)."""
    if player.skill is not Skill.GATHERER or state.phase is not Phase.MOVEMENT:
        return None
    partial = {"type": "spend_energy", "player": player.seat}
    answers = tuple(
        Answer({"target": other.seat, "bars": bars},
               msg("ui_fuji_phones.energy_to", bars=bars, name=other.name),
               _refusal(state, {**partial, "target": other.seat, "bars": bars}))
        for other in state.players for bars in range(1, MAX_BARS + 1))
    question = Question("energy", Msg("ui_fuji_phones.spend_energy"), answers, Style.CHOICE,
                        player.seat)
    return PhoneAsk("energy", question, partial, direct=True)


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
        asks += [found for found in (_resolve_ask(state, player),
                                     _open_ask(state, "wound", {"type": "choose_wound",
                                                                "player": seat}),
                                     _cards_ask(state, player), _energy_ask(state, player))
                 if found is not None]
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
