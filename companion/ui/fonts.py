"""The bundled font, loaded once per size, and rendered texts kept for reuse.

The UI uses DejaVu Sans (``assets/fonts``; licence in ``assets/LICENSES.md``), which
covers every letter of the four languages.  If the asset folder is missing (a broken
install), pygame's own default font is used so the app still starts.

Screens are redrawn from the state, so the same words are drawn again and again.
:func:`rendered` keeps the last few thousand rendered texts, keyed by everything that
decides their pixels (text, size, face, colour), so a redraw blits instead of
rendering; a changed text or colour is simply a different key.  The returned surface
is shared: callers blit it and never draw on it.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from pathlib import Path

import pygame

ASSETS_DIR = Path(__file__).resolve().parent.parent.parent / "assets"
"""The project's asset folder (fonts, licences)."""

FONT_DIR = ASSETS_DIR / "fonts"
"""Where the bundled fonts live."""

REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
"""The regular face."""

BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"
"""The bold face."""


def font_path(bold: bool = False) -> Path | None:
    """Return the file of the regular or bold face (``None``: pygame's own font)."""
    path = BOLD_FONT if bold else REGULAR_FONT
    return path if path.is_file() else None


@cache
def font_file(bold: bool = False) -> bytes | None:
    """The bytes of the regular or bold face, read once (``None``: pygame's own font).

    Every size is opened from these bytes in memory: reading the glyphs of a new size
    from the file costs a burst of small reads, which made the first frame's text
    fitting (a dozen sizes or more) noticeably slower on a Pi.
    """
    path = font_path(bold)
    return None if path is None else path.read_bytes()


FONT_LIMIT = 96
"""Most opened font sizes kept (issue 27: every cache bounded). Text fitting tries sizes
from a role's size down to its smallest, so a day of screens, scales and dialogs opens
a few dozen sizes of two faces; an evicted size is opened again from the bytes above."""


@lru_cache(maxsize=FONT_LIMIT)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Return the UI font at ``size`` pixels, loaded once and then reused.

    Whoever calls ``pygame.quit`` next also empties the cache (the fonts die with it).
    """
    if not pygame.font.get_init():
        pygame.font.init()
    pygame.register_quit(clear_cache)
    data = font_file(bold)
    return pygame.font.Font(None if data is None else io.BytesIO(data), max(1, size))


RENDERED_LIMIT = 256
"""Most rendered texts kept: several screens' worth (about 10 MB when all are long lines)."""


@lru_cache(maxsize=RENDERED_LIMIT)
def rendered(text: str, size: int, bold: bool, colour: tuple[int, ...]) -> pygame.Surface:
    """Return ``text`` rendered anti-aliased at ``size`` in ``colour`` (shared; do not draw on)."""
    return font(size, bold).render(text, True, colour)


def clear_cache() -> None:
    """Forget loaded fonts and rendered texts; call it before ``pygame.quit``.

    A font dropped while pygame's font module is running closes its file; one
    dropped after ``pygame.quit`` keeps the file open for good.
    """
    rendered.cache_clear()
    font.cache_clear()
