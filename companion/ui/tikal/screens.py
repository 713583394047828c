"""Which Tikal screen each registered name builds."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from companion.core.session import Session
from companion.ui.scene import LayeredScene, Scene

if TYPE_CHECKING:
    from companion.games.tikal.state import TikalState

LIVE_SCREENS: tuple[str, ...] = ("setup", "play")
"""Screens that work on the open game (or prepare a new one)."""

PREVIEW_SCREENS: tuple[str, ...] = (
    "actions", "draw", "move", "reveal", "auction", "choose", "scoring", "round", "temples",
    "treasures", "track", "stack", "gameover", "board-early", "board-mid", "board-full",
    "place", "lean-play", "lean-score", "board-count", "volcano", "stages", "treasure",
    "move-pieces",
)
"""Screens drawn from a demo game in a chosen situation (for screenshots and docs).

During a game the play screen shows all of these itself: the tabs of its right column,
the phase's own controls, and the dialogs it opens.
"""

SCREENS: tuple[str, ...] = (*LIVE_SCREENS, *PREVIEW_SCREENS)
"""Every registered Tikal screen name."""

TAB_PREVIEWS: dict[str, tuple[str, str]] = {
    "round": ("scoring", "round"),
    "temples": ("play", "temples"),
    "treasures": ("scoring", "treasures"),
    "track": ("scoring", "track"),
    "stack": ("draw", "stack"),
    "board-early": ("board-early", "map"),
    "board-mid": ("board-mid", "map"),
    "board-full": ("board-full", "map"),
    "lean-play": ("lean-play", "map"),
    "volcano": ("volcano", "map"),
    "lean-score": ("lean-scoring", "map"),
}
"""Preview name -> (demo situation, right-column tab shown)."""




def make_tikal_screen(screen: str) -> Scene:
    """Build the Tikal screen called ``screen``."""
    from companion.ui.tikal.play import TikalPlayScene

    if screen == "setup":
        from companion.ui.tikal.setup import TikalSetupScene

        return TikalSetupScene()
    if screen == "play":
        return TikalPlayScene()
    if screen in TAB_PREVIEWS:
        return TikalPlayScene(tab=TAB_PREVIEWS[screen][1])
    if screen == "scoring":
        return _scoring_preview()
    if screen == "board-count":
        from companion.ui.tikal.scoring import TikalScoringScene

        return TikalScoringScene()
    if screen in DIALOG_PREVIEWS:
        return _dialog_preview(screen)
    if screen == "stages":
        from companion.ui.tikal.setup import TikalSetupScene
        from companion.ui.tikal.stages import StagesDialog

        return LayeredScene(TikalSetupScene(), StagesDialog(None, lambda stages: None))
    return TikalPlayScene()


DIALOG_PREVIEWS: dict[str, tuple[str, dict[str, Any]]] = {
    "move": ("play", {"type": "move", "from": 0}),
    "reveal": ("reveal", {"type": "reveal", "hex0": {"kind": "temple", "value": 5}}),
    "place": ("board-mid", {"type": "draw", "tile": {"kind": "jungle"}}),
    "treasure": ("lean-play", {"type": "take_treasure"}),
    "move-pieces": ("move-pieces", {"type": "move", "from": 0, "to": 7}),
}
"""Preview name -> (demo situation, answers given so far in its dialog)."""


def _dialog_preview(screen: str) -> Scene:
    """The play screen of a demo game with its question dialog open part-way."""
    from companion.ui.tikal.demo import preview_session
    from companion.ui.tikal.dialogs import preview_dialog
    from companion.ui.tikal.play import TikalPlayScene

    situation, answers = DIALOG_PREVIEWS[screen]
    return LayeredScene(TikalPlayScene(), preview_dialog(preview_session(situation), answers))


def _scoring_preview() -> Scene:
    """The counting screen with one temple counted differently from the books (a tie)."""
    from companion.ui.tikal.demo import preview_session
    from companion.ui.tikal.scoring import TikalScoringScene

    session = preview_session("scoring")
    scene = TikalScoringScene()
    scene.step_seen = session.cursor
    temple = _open_temple(session)
    if temple is not None:
        tie: Any = tuple(2 if seat < 2 else 0 for seat in range(len(session.state.players)))
        scene.entries = {temple: ("strengths", tie)}
        scene.selected = temple
    return scene


def situation_of(screen: str) -> str:
    """The demo situation the preview ``screen`` shows."""
    if screen in TAB_PREVIEWS:
        return TAB_PREVIEWS[screen][0]
    if screen in DIALOG_PREVIEWS:
        return DIALOG_PREVIEWS[screen][0]
    return "board-scoring" if screen == "board-count" else screen


def demo_of(screen: str) -> Session:
    """The demo game the preview ``screen`` shows."""
    from companion.ui.tikal.demo import preview_session

    return preview_session(situation_of(screen))


PREVIEWS = {screen: partial(demo_of, screen) for screen in PREVIEW_SCREENS if screen != "stages"}
"""The demo game of each preview, for the screenshot tool (the stages dialog shows the
set-up screen, which needs no game)."""


def _open_temple(session: Session) -> int | None:
    """The first temple without a guard, if any."""
    state: TikalState = session.state
    return next((hx.id for hx in state.hexes if hx.kind == "temple" and hx.guard is None), None)
