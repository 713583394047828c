"""The speech output: after each step, the table hears what to do with the pieces.

It is an :class:`~companion.ui.sources.Output` (it needs nothing more than
``game_changed``).  The lines are the game's own: what the newest step added to the
state's instructions for the table (a game keeps them in ``instructions``, or
``notices``: messages, or items with a ``message``).  They are spoken in the table's
language with the volume and speed of the speech settings; a step that adds none, an
undo or a closed game only silences what is still spoken.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.i18n import translate
from companion.core.messages import Msg
from companion.speech.engine import Voice, find_engine
from companion.speech.queue import Speaker
from companion.speech.settings import SpeechSettings, load_speech_settings

if TYPE_CHECKING:
    from companion.core.journal import Journal
    from companion.core.session import Session

LINE_FIELDS = ("instructions", "notices")
"""The state fields a game keeps its lines for the table in."""

SPOKEN_SIGNS = {"→": ", ", "−": "-", "↻": " ", "×": " x ", "•": " "}
"""Signs drawn on the screen that are read better as these."""

UI_SETTINGS_KEY = "ui.settings"
"""The journal record that keeps the table's language (the app's saved settings)."""


def lines_of(state: Any) -> tuple[Msg, ...]:
    """The messages for the table that ``state`` holds, in order."""
    for name in LINE_FIELDS:
        items = getattr(state, name, None)
        if isinstance(items, tuple):
            found = (item if isinstance(item, Msg) else getattr(item, "message", None)
                     for item in items)
            return tuple(message for message in found if isinstance(message, Msg))
    return ()


def added_lines(before: Any, after: Any) -> tuple[Msg, ...]:
    """The lines ``after`` holds that ``before`` did not: those the newest step gave.

    A game that keeps a phase's lines adds the step's at the end; one that starts afresh
    gives all of its lines."""
    old, new = lines_of(before), lines_of(after)
    return new[len(old):] if new[:len(old)] == old else new


def spoken(text: str) -> str:
    """``text`` with the screen's signs replaced by what reads aloud well."""
    for sign, said in SPOKEN_SIGNS.items():
        text = text.replace(sign, said)
    return " ".join(text.split())


def saved_language(journal: Journal) -> str:
    """The table's language as the app saved it (English when none is saved)."""
    try:
        stored = journal.get_setting(UI_SETTINGS_KEY, {})
    except ValueError:
        stored = {}
    language = stored.get("language") if isinstance(stored, dict) else None
    return language if isinstance(language, str) else "en"


def live_language(app: object | None) -> Callable[[Journal], str]:
    """The language ``app`` shows now (its ``settings.language``: a kiosk guest's choice,
    ``--lang``), else the saved one."""
    def language(journal: Journal) -> str:
        shown = getattr(getattr(app, "settings", None), "language", None)
        return shown if isinstance(shown, str) else saved_language(journal)
    return language


class SpeechOutput:
    """Speaks each step's new lines (an output of the app's loop)."""

    def __init__(self, speaker: Speaker | None = None,
                 language: Callable[[Journal], str] = saved_language) -> None:
        self.speaker = speaker if speaker is not None else Speaker(find_engine())
        """The queue that speaks."""
        self.language = language
        """Where the table's language is read from."""
        self._seen: tuple[int, int] | None = None

    def game_changed(self, session: Session | None) -> None:
        """Speak what the newest step added (a step forward only); otherwise fall silent."""
        seen, self._seen = self._seen, (None if session is None
                                        else (session.game_id, session.cursor))
        if session is None or seen is None or seen[0] != session.game_id \
                or session.cursor != seen[1] + 1:
            self.speaker.silence()
            return
        settings = load_speech_settings(session.journal)
        if not settings.on:
            self.speaker.silence()
            return
        before = session.state_after(session.cursor - 1)
        self.say(added_lines(before, session.state), settings,
                 self.language(session.journal))

    def say(self, lines: Sequence[Msg], settings: SpeechSettings, language: str) -> None:
        """Speak ``lines`` in ``language`` (cutting short what is still spoken)."""
        voice = Voice(language=language, volume=settings.volume, speed=settings.speed)
        self.speaker.say([spoken(translate(line, language)) for line in lines], voice)

    def point_at(self, seat: int | None) -> None:
        """Nothing to say."""

    def notice(self, item: object) -> None:
        """A source changed state: nothing is spoken for it (the screen shows it)."""
        return None

    def pass_done(self) -> None:
        """Nothing to do."""

    def due(self) -> float | None:
        """Never needs a pass of its own."""
        return None

    def stop(self) -> None:
        """Fall silent and end the speaking thread."""
        self.speaker.stop()
