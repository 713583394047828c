"""Touch widgets: buttons, labels, panels, a scrolling list, toasts and a modal choice.

Widgets are cheap value-like objects that a scene builds afresh on every draw
from the current state.  Each one knows its rectangle, draws itself translated into
the current language, and reports two things tests rely on:

* ``overflow`` — after drawing, True if its text did not fit even at the smallest
  allowed size (text first shrinks, then wraps, then is cut with an ellipsis);
* ``touch_targets()`` — the rectangles a finger can hit (each at least 48 px).

A widget that reacts to touch returns intents from :meth:`Widget.release`; scroll
positions and selections live in the scene (see :class:`ScrollState`) because the
widgets themselves are rebuilt on every frame.

Rebuilding is cheap because drawing mostly is not repeated: rendered texts come from
:func:`companion.ui.fonts.rendered`, fitted texts from :func:`fit_text`, and the boxes
of buttons and small panels (fill, outline and label together) from
:func:`box_picture`.  All are keyed by the values that decide the pixels, so a change
of text, language, colour or size draws afresh, and all are bounded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, TypeVar

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg
from companion.core.values import Value
from companion.ui.fonts import font, rendered
from companion.ui.intents import CloseDialog, Intent
from companion.ui.theme import MIN_TOUCH, Colour, TextRole, Theme

Text = Msg | str
"""Something to show: a message translated at draw time, or a literal (names, numbers)."""

Align = Literal["left", "center", "right"]
"""Horizontal alignment of text in its box."""

ButtonStyle = Literal["normal", "primary", "danger", "quiet", "selected"]
"""How a button looks: neutral, the next thing to press, destructive, flat, or chosen."""

ELLIPSIS = "…"


def render_text(text: Text, lang: str) -> str:
    """Translate a :class:`Msg`; return a literal string unchanged."""
    return translate(text, lang) if isinstance(text, Msg) else text


# ------------------------------------------------------------------ text fitting
class FittedText(Value):
    """Text broken into lines at a size that fits a box (or as close as possible)."""

    lines: tuple[str, ...]
    """The lines to draw, top to bottom."""
    size: int
    """Font size used."""
    line_height: int
    """Distance between baselines."""
    overflow: bool
    """True if the text did not fit even at the smallest size and was cut."""


def wrap_words(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` where spaces allow."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and face.size(candidate)[0] > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


def _fits(lines: Sequence[str], face: pygame.font.Font, width: int, height: int) -> bool:
    if face.get_height() * len(lines) > height:
        return False
    return all(face.size(line)[0] <= width for line in lines)


def _cut_to_fit(text: str, face: pygame.font.Font, width: int, height: int) -> list[str]:
    """Keep what fits of ``text``, ending the last kept line with an ellipsis."""
    rows = max(1, height // max(1, face.get_height()))
    lines = wrap_words(text, face, width)[:rows]
    last = lines[-1]
    while last and face.size(last + ELLIPSIS)[0] > width:
        last = last[:-1]
    lines[-1] = last.rstrip() + ELLIPSIS
    return lines


FITTED_LIMIT = 4096
"""Most text fittings kept (issue 27: every cache bounded): several hundred labels a
screen across the screens of a day, each entry a few wrapped lines (well under 1 KiB)."""


@lru_cache(maxsize=FITTED_LIMIT)
def fit_text(
    text: str, width: int, height: int, size: int, min_size: int, bold: bool = False,
    wrap: bool = True,
) -> FittedText:
    """Find the largest size from ``size`` down to ``min_size`` at which ``text`` fits.

    At each size the text is first tried on one line, then wrapped (if ``wrap``).
    If nothing fits, the text is cut at ``min_size`` and the result reports overflow.
    """
    current = size
    while True:
        face = font(current, bold)
        candidates = [[text]] if "\n" not in text else []
        if wrap:
            candidates.append(wrap_words(text, face, width))
        for lines in candidates:
            if _fits(lines, face, width, height):
                return FittedText(tuple(lines), current, face.get_height(), False)
        if current <= min_size:
            break
        current = max(min_size, current - max(1, current // 12))
    face = font(min_size, bold)
    cut = _cut_to_fit(text, face, width, height) if wrap else _cut_to_fit(text, face, width, 0)
    return FittedText(tuple(cut), min_size, face.get_height(), True)


def draw_fitted(
    surface: pygame.Surface, fitted: FittedText, rect: pygame.Rect, colour: Colour,
    bold: bool, align: Align,
) -> None:
    """Draw fitted lines centred vertically in ``rect`` with the given alignment."""
    total = fitted.line_height * len(fitted.lines)
    y = rect.y + (rect.height - total) // 2
    key_colour = tuple(colour)
    for line in fitted.lines:
        image = rendered(line, fitted.size, bold, key_colour)
        if align == "left":
            x = rect.x
        elif align == "right":
            x = rect.right - image.get_width()
        else:
            x = rect.x + (rect.width - image.get_width()) // 2
        surface.blit(image, (x, y))
        y += fitted.line_height


# ------------------------------------------------------------------ box pictures
PICTURE_KEY: Colour = (255, 0, 255)
"""Colour key of box pictures: the corners outside the rounded box stay see-through."""

PICTURE_LIMIT = 96
"""Most pictures kept by each of :func:`box_picture` and :func:`kept_picture` (a screen
shows a few dozen boxes; 96 large buttons take about 4 MB)."""

PICTURE_MAX_AREA = 32_000
"""Boxes larger than this many pixels are drawn directly instead of kept (a button at
1280x800 is about 15 000; a kept box takes at most 128 kB)."""


class BoxLook(Value):
    """Everything that decides the pixels of a rounded box with an optional label."""

    size: tuple[int, int]
    """Width and height of the box."""
    fill: Colour
    """Fill colour."""
    outline: Colour | None
    """Outline colour (``None``: no outline)."""
    outline_width: int
    """Width of the outline."""
    radius: int
    """Corner radius."""
    fitted: FittedText | None = None
    """The label, already fitted (``None``: no label)."""
    inner: tuple[int, int, int, int] = (0, 0, 0, 0)
    """The label's box relative to the box's top-left corner."""
    text_colour: Colour = (0, 0, 0)
    """Colour of the label."""
    bold: bool = True
    """Bold label."""
    align: Align = "center"
    """Alignment of the label in its box."""

    def keepable(self) -> bool:
        """Whether a kept picture shows exactly what drawing directly would show."""
        width, height = self.size
        if width <= 0 or height <= 0 or width * height > PICTURE_MAX_AREA:
            return False
        if PICTURE_KEY in (self.fill, self.outline):
            return False
        if self.fitted is None:
            return True
        inside = pygame.Rect(0, 0, width, height).contains(pygame.Rect(self.inner))
        return inside and not self.fitted.overflow and not _blend_can_hit_key(
            self.fill, self.text_colour
        )


def _blend_can_hit_key(fill: Colour, text: Colour) -> bool:
    """Whether anti-aliased text of ``text`` on ``fill`` could produce the key colour."""
    return all(min(a, b) <= k <= max(a, b) for a, b, k in zip(fill, text, PICTURE_KEY,
                                                              strict=False))


def paint_box(surface: pygame.Surface, rect: pygame.Rect, look: BoxLook) -> None:
    """Draw ``look`` with its top-left corner at ``rect``'s, straight onto ``surface``."""
    box = pygame.Rect(rect.x, rect.y, *look.size)
    pygame.draw.rect(surface, look.fill, box, border_radius=look.radius)
    if look.outline is not None:
        pygame.draw.rect(surface, look.outline, box, look.outline_width,
                         border_radius=look.radius)
    if look.fitted is not None:
        inner = pygame.Rect(look.inner).move(rect.x, rect.y)
        draw_fitted(surface, look.fitted, inner, look.text_colour, look.bold, look.align)


@lru_cache(maxsize=PICTURE_LIMIT)
def box_picture(look: BoxLook) -> pygame.Surface | None:
    """``look`` drawn once on a see-through surface, or ``None`` if it is not keepable.

    The surface is shared: blit it, never draw on it.
    """
    if not look.keepable():
        return None
    picture = pygame.Surface(look.size)
    picture.fill(PICTURE_KEY)
    paint_box(picture, picture.get_rect(), look)
    picture.set_colorkey(PICTURE_KEY, pygame.RLEACCEL)
    return picture


def draw_box(surface: pygame.Surface, rect: pygame.Rect, look: BoxLook) -> None:
    """Draw ``look`` at ``rect``: from a kept picture when that is exact, else directly."""
    picture = box_picture(look)
    if picture is None:
        paint_box(surface, rect, look)
    else:
        surface.blit(picture, rect.topleft)


Look = TypeVar("Look", bound=Hashable)
"""A hashable description of everything that decides a picture's pixels."""


@lru_cache(maxsize=PICTURE_LIMIT)
def kept_picture(
    paint: Callable[[pygame.Surface, pygame.Rect, Any], None], look: Hashable,
    size: tuple[int, int],
) -> pygame.Surface:
    """``paint(surface, rect, look)`` done once on a see-through surface of ``size``.

    The surface is shared: blit it, never draw on it.
    """
    picture = pygame.Surface(size)
    picture.fill(PICTURE_KEY)
    paint(picture, picture.get_rect(), look)
    picture.set_colorkey(PICTURE_KEY, pygame.RLEACCEL)
    return picture


def draw_kept(
    surface: pygame.Surface, rect: pygame.Rect,
    paint: Callable[[pygame.Surface, pygame.Rect, Look], None], look: Look,
) -> None:
    """Draw ``paint(surface, rect, look)``, from a picture kept by ``look`` when possible.

    ``paint`` must be a module-level function that draws only from ``look`` and the
    rectangle, only inside the rectangle, never in pure magenta (:data:`PICTURE_KEY`),
    and anti-aliased text only over its own opaque fills.  Large rectangles are
    painted directly.
    """
    width, height = rect.size
    if width <= 0 or height <= 0 or width * height > PICTURE_MAX_AREA:
        paint(surface, rect, look)
        return
    surface.blit(kept_picture(paint, look, (width, height)), rect.topleft)


# ------------------------------------------------------------------ base widget
@dataclass(frozen=True)
class Drop:
    """What a finger dragging a widget puts down where it leaves the screen (a piece
    dragged from one hex of a map to another)."""

    land: Callable[[tuple[int, int]], pygame.Rect | None]
    """The rectangle a drop at a screen point lands on (``None``: nowhere), ringed while
    the finger moves."""
    put: Callable[[tuple[int, int]], list[Intent]]
    """What a drop at a screen point asks for."""


class Widget:
    """Something drawn in a rectangle; may react to touch."""

    interactive = False
    """Whether touches on the widget go to :meth:`release`."""
    dropping: Drop | None = None
    """Set on a widget that can also be dragged somewhere (see :class:`Drop`)."""

    def __init__(self, rect: pygame.Rect, key: str = "") -> None:
        self.rect = pygame.Rect(rect)
        """Where the widget is drawn."""
        self.key = key
        """A stable name, so a press survives the widget being rebuilt."""
        self.overflow = False
        """Set by :meth:`draw`: True if some text did not fit."""
        self.pressed = False
        """Set by the scene while a finger is down on the widget."""

    @property
    def identity(self) -> str:
        """The key, or the rectangle if no key was given."""
        return self.key or f"{type(self).__name__}{tuple(self.rect)}"

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the widget; subclasses set :attr:`overflow`."""

    def children(self) -> list[Widget]:
        """Widgets inside this one, drawn and hit-tested after it."""
        return []

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the widget."""
        return bool(self.rect.collidepoint(pos))

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """A tap ended on the widget: return what it asks for."""
        return []

    def hold_release(self, pos: tuple[int, int]) -> list[Intent]:
        """A long touch ended on the widget; by default the same as a tap."""
        return self.release(pos)

    def drop_from(self, start: tuple[int, int]) -> Drop | None:
        """The drop a drag that started at the screen point ``start`` carries."""
        return self.dropping

    def scroll(self, delta: int) -> bool:
        """Scroll by ``delta`` pixels (positive: further down); True if it moved."""
        return False

    def touch_targets(self) -> list[pygame.Rect]:
        """Rectangles a finger can hit (empty for passive widgets)."""
        return [pygame.Rect(self.rect)] if self.interactive else []


# ------------------------------------------------------------------ passive widgets
class Panel(Widget):
    """A filled, rounded box that groups other widgets."""

    def __init__(
        self, rect: pygame.Rect, colour: Colour | None = None, border: bool = True,
        key: str = "",
    ) -> None:
        super().__init__(rect, key)
        self.colour = colour
        """Fill colour (``None``: the palette's surface colour)."""
        self.border = border
        """Whether to draw an outline."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Fill the box and outline it."""
        colour = self.colour or theme.palette.surface
        outline = theme.palette.border if self.border else None
        look = BoxLook(self.rect.size, _rgb(colour), outline and _rgb(outline),
                       theme.border_width, theme.radius)
        draw_box(surface, self.rect, look)


class Label(Widget):
    """Text fitted into a box: shrunk, then wrapped, then cut (reported as overflow)."""

    def __init__(
        self, rect: pygame.Rect, text: Text, role: TextRole = "body",
        colour: Colour | None = None, align: Align = "left", bold: bool = False,
        wrap: bool = True, key: str = "",
    ) -> None:
        super().__init__(rect, key)
        self.text = text
        """What to show."""
        self.role = role
        """Decides the starting font size."""
        self.colour = colour
        """Text colour (``None``: the palette's text colour)."""
        self.align = align
        """Horizontal alignment."""
        self.bold = bold
        """Bold face."""
        self.wrap = wrap
        """Whether the text may wrap onto more lines."""

    def fitted(self, theme: Theme, lang: str) -> FittedText:
        """The text as it will be drawn."""
        return fit_text(
            render_text(self.text, lang), self.rect.width, self.rect.height,
            theme.text_size(self.role), theme.min_text_size(self.role), self.bold, self.wrap,
        )

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the fitted text."""
        fitted = self.fitted(theme, lang)
        self.overflow = fitted.overflow
        colour = self.colour or theme.palette.text
        draw_fitted(surface, fitted, self.rect, colour, self.bold, self.align)


# ------------------------------------------------------------------ button
_BUTTON_COLOURS: dict[ButtonStyle, tuple[str, str]] = {
    "normal": ("surface", "text"),
    "primary": ("primary", "primary_text"),
    "danger": ("danger", "danger_text"),
    "quiet": ("background", "text"),
    "selected": ("accent", "accent_text"),
}


class Button(Widget):
    """A labelled touch target that returns its intents when tapped."""

    interactive = True

    def __init__(
        self, rect: pygame.Rect, text: Text, intents: Sequence[Intent] = (),
        style: ButtonStyle = "normal", enabled: bool = True, role: TextRole = "button",
        key: str = "", hold_intents: Sequence[Intent] | None = None,
    ) -> None:
        super().__init__(rect, key)
        self.text = text
        """The label."""
        self.intents = tuple(intents)
        """What a tap asks for."""
        self.hold_intents = tuple(intents if hold_intents is None else hold_intents)
        """What a long touch asks for (the tap's intents unless given)."""
        self.style = style
        """How it looks."""
        self.enabled = enabled
        """A disabled button is greyed and ignores taps."""
        self.role = role
        """Text size role of the label."""

    def colours(self, theme: Theme) -> tuple[Colour, Colour]:
        """Fill and text colour for the current style and state."""
        palette = theme.palette
        if not self.enabled:
            return palette.background, palette.text_disabled
        fill_name, text_name = _BUTTON_COLOURS[self.style]
        fill: Colour = getattr(palette, fill_name)
        if self.pressed:
            fill = palette.surface_high if self.style in ("normal", "quiet") else _darker(fill)
        return fill, getattr(palette, text_name)

    def draw_frame(self, surface: pygame.Surface, theme: Theme) -> Colour:
        """Draw the filled, outlined box alone (for a button drawing its own inside);
        return the colour for text on it."""
        fill, text_colour = self.colours(theme)
        pygame.draw.rect(surface, fill, self.rect, border_radius=theme.radius)
        pygame.draw.rect(surface, theme.palette.border, self.rect, theme.border_width,
                         border_radius=theme.radius)
        return text_colour

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the box, outline and fitted label."""
        fill, text_colour = self.colours(theme)
        outline = theme.palette.border if self.enabled else theme.palette.surface
        outlined = self.style != "quiet" or not self.enabled
        inner = self.rect.inflate(-2 * theme.px(6), -theme.px(6))
        fitted = fit_text(
            render_text(self.text, lang), inner.width, inner.height,
            theme.text_size(self.role), theme.min_text_size(self.role), True,
        )
        self.overflow = fitted.overflow
        look = BoxLook(
            self.rect.size, _rgb(fill), _rgb(outline) if outlined else None,
            theme.border_width, theme.radius, fitted,
            (inner.x - self.rect.x, inner.y - self.rect.y, inner.width, inner.height),
            _rgb(text_colour),
        )
        draw_box(surface, self.rect, look)

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Return the button's intents if it is enabled."""
        return list(self.intents) if self.enabled else []

    def hold_release(self, pos: tuple[int, int]) -> list[Intent]:
        """Return the button's long-touch intents if it is enabled."""
        return list(self.hold_intents) if self.enabled else []

    def touch_targets(self) -> list[pygame.Rect]:
        """The button's rectangle (disabled buttons still count: they take the space)."""
        return [pygame.Rect(self.rect)]


class TapButton(Button):
    """A button whose tap runs a scene function (a view change, a dialog step, a selection)."""

    def __init__(
        self, rect: pygame.Rect, text: Text, on_tap: Callable[[], list[Intent]],
        style: ButtonStyle = "normal", role: TextRole = "button", key: str = "",
        enabled: bool = True,
    ) -> None:
        super().__init__(rect, text, (), style, enabled, role, key)
        self.on_tap = on_tap
        """What a tap does."""

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Run the scene function (if enabled) and return its intents."""
        return self.on_tap() if self.enabled else []


class TapTarget(Widget):
    """A widget drawn its own way whose tap runs a scene function (a place on a map, a
    player's card)."""

    interactive = True

    def __init__(self, rect: pygame.Rect, on_tap: Callable[[], list[Intent]],
                 key: str = "") -> None:
        super().__init__(rect, key)
        self.on_tap = on_tap
        """What a tap does."""

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Run the scene function and return its intents."""
        return self.on_tap()


class Shade(Widget):
    """Dims the screen under a dialog; a tap on it does nothing."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Darken everything below."""
        shade = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shade.fill(theme.palette.overlay)
        surface.blit(shade, self.rect.topleft)


def _rgb(colour: Colour) -> Colour:
    """The colour as a plain tuple (usable as part of a cache key)."""
    return colour if type(colour) is tuple else (int(colour[0]), int(colour[1]), int(colour[2]))


def _darker(colour: Colour) -> Colour:
    r, g, b = colour
    return (r * 3 // 4, g * 3 // 4, b * 3 // 4)


# ------------------------------------------------------------------ list view
@dataclass
class ScrollState:
    """A list's scroll position, kept by the scene across redraws."""

    offset: int = 0
    """Pixels scrolled from the top."""
    follow_end: bool = False
    """Keep the end of the list in view (for a growing history) until the user scrolls."""


class RowButton(Value):
    """A small button at the right end of a list row (e.g. delete)."""

    text: Text
    """The label."""
    intents: tuple[Intent, ...]
    """What a tap asks for."""
    style: ButtonStyle = "normal"
    """How it looks."""


class ListItem(Value):
    """One row of a :class:`ListView`."""

    text: Text
    """Main line."""
    detail: Text | None = None
    """Second, smaller line (dates, step numbers)."""
    intents: tuple[Intent, ...] = ()
    """What tapping the row asks for (nothing if empty)."""
    dim: bool = False
    """Greyed, e.g. an undone step."""
    highlight: bool = False
    """Marked, e.g. the current step."""
    buttons: tuple[RowButton, ...] = ()
    """Buttons at the right end of the row."""
    reserve: int = 0
    """Pixels kept free of text at the right end (for a mark drawn over the row)."""


class ListView(Widget):
    """A vertical list of rows that scrolls by dragging or with the mouse wheel."""

    interactive = True

    def __init__(
        self, rect: pygame.Rect, items: Sequence[ListItem], row_height: int,
        scroll: ScrollState, key: str = "",
    ) -> None:
        super().__init__(rect, key)
        self.items = list(items)
        """The rows."""
        self.row_height = row_height
        """Height of every row (at least the minimum touch size)."""
        self.state = scroll
        """The scroll position, owned by the scene."""
        self.button_width = max(MIN_TOUCH, self.rect.width // 4)
        """Width of row buttons."""
        self._gap = 8
        self._clamp()

    @property
    def content_height(self) -> int:
        """Height of all rows together."""
        return self.row_height * len(self.items)

    @property
    def max_offset(self) -> int:
        """The furthest the list can scroll."""
        return max(0, self.content_height - self.rect.height)

    def _clamp(self) -> None:
        if self.state.follow_end:
            self.state.offset = self.max_offset
        self.state.offset = min(max(0, self.state.offset), self.max_offset)

    def scroll(self, delta: int) -> bool:
        """Scroll by ``delta`` pixels (the list stops following its end); True if it moved."""
        before = self.state.offset
        self.state.offset = min(max(0, before + delta), self.max_offset)
        self.state.follow_end = False
        return self.state.offset != before

    def scroll_to(self, index: int) -> None:
        """Scroll so that row ``index`` is visible."""
        self.state.follow_end = False
        top = index * self.row_height
        if top < self.state.offset:
            self.state.offset = top
        elif top + self.row_height > self.state.offset + self.rect.height:
            self.state.offset = top + self.row_height - self.rect.height
        self._clamp()

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn (may lie outside the visible box)."""
        y = self.rect.y + index * self.row_height - self.state.offset
        return pygame.Rect(self.rect.x, y, self.rect.width, self.row_height)

    def visible_rows(self) -> range:
        """Indexes of the rows at least partly in view."""
        first = self.state.offset // self.row_height
        last = (self.state.offset + self.rect.height - 1) // self.row_height
        return range(first, min(len(self.items), last + 1))

    def _button_rects(self, row: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
        rects: list[pygame.Rect] = []
        right = row.right - gap
        for _ in range(count):
            height = max(MIN_TOUCH, row.height - gap)
            rect = pygame.Rect(right - self.button_width, row.y + (row.height - height) // 2,
                               self.button_width, height)
            rects.insert(0, rect)
            right = rect.x - gap
        return rects

    def row_widgets(self, index: int, theme: Theme) -> list[Widget]:
        """The labels and buttons that make up row ``index``."""
        item = self.items[index]
        row = self.row_rect(index)
        gap = self._gap = theme.gap
        buttons = [
            Button(rect, spec.text, spec.intents, spec.style, role="small",
                   key=f"{self.identity}:{index}:{n}")
            for n, (spec, rect) in enumerate(
                zip(item.buttons, self._button_rects(row, len(item.buttons), gap), strict=True)
            )
        ]
        text_right = (buttons[0].rect.x - gap if buttons else row.right - gap) - item.reserve
        text_box = pygame.Rect(row.x + theme.pad, row.y + 2, text_right - row.x - theme.pad,
                               row.height - 4)
        palette = theme.palette
        colour = palette.text_disabled if item.dim else palette.text
        if item.highlight:
            colour = palette.accent_text
        widgets: list[Widget] = []
        if item.detail is None:
            widgets.append(Label(text_box, item.text, "body", colour))
        else:
            top = text_box.height * 3 // 5
            widgets.append(Label(pygame.Rect(text_box.x, text_box.y, text_box.width, top),
                                 item.text, "body", colour))
            detail_colour = colour if item.highlight or item.dim else palette.text_muted
            widgets.append(Label(pygame.Rect(text_box.x, text_box.y + top, text_box.width,
                                             text_box.height - top),
                                 item.detail, "small", detail_colour))
        return widgets + list(buttons)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the visible rows, clipped to the box, and a scroll bar if needed."""
        palette = theme.palette
        pygame.draw.rect(surface, palette.surface, self.rect, border_radius=theme.radius)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        self.overflow = False
        for index in self.visible_rows():
            row = self.row_rect(index)
            item = self.items[index]
            if item.highlight:
                pygame.draw.rect(surface, palette.accent, row.inflate(-4, -4),
                                 border_radius=theme.radius)
            for widget in self.row_widgets(index, theme):
                widget.draw(surface, theme, lang)
                self.overflow = self.overflow or widget.overflow
            pygame.draw.line(surface, palette.background, (row.x, row.bottom - 1),
                             (row.right, row.bottom - 1), 2)
        surface.set_clip(clip)
        pygame.draw.rect(surface, palette.border, self.rect, theme.border_width,
                         border_radius=theme.radius)
        self._draw_scroll_bar(surface, theme)

    def _draw_scroll_bar(self, surface: pygame.Surface, theme: Theme) -> None:
        if self.max_offset <= 0:
            return
        track = self.rect.height - 2 * theme.radius
        length = max(theme.px(24), track * self.rect.height // self.content_height)
        top = self.rect.y + theme.radius + (track - length) * self.state.offset // self.max_offset
        bar = pygame.Rect(self.rect.right - theme.px(6), top, theme.px(4), length)
        pygame.draw.rect(surface, theme.palette.text_muted, bar, border_radius=theme.px(2))

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The row under ``pos``, if any."""
        if not self.hit(pos):
            return None
        index = (pos[1] - self.rect.y + self.state.offset) // self.row_height
        return index if 0 <= index < len(self.items) else None

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """A tap on a row button or on a row returns its intents."""
        index = self.index_at(pos)
        if index is None:
            return []
        item = self.items[index]
        if item.buttons:
            rects = self._button_rects(self.row_rect(index), len(item.buttons), self._gap)
            for spec, rect in zip(item.buttons, rects, strict=True):
                if rect.inflate(self._gap, self._gap).collidepoint(pos):
                    return list(spec.intents)
        return list(item.intents)

    def touch_targets(self) -> list[pygame.Rect]:
        """Every tappable row and row button that is in view."""
        targets: list[pygame.Rect] = []
        for index in self.visible_rows():
            item = self.items[index]
            if item.intents:
                targets.append(self.row_rect(index))
            if item.buttons:
                targets.extend(
                    self._button_rects(self.row_rect(index), len(item.buttons), self._gap)
                )
        return targets


# ------------------------------------------------------------------ toast
class Toast(Widget):
    """A short notice; refusals use the error colour.

    The app places it with :func:`companion.ui.notices.notice_rect` where it covers no
    control; without a ``rect`` it sits near the bottom of the screen.
    """

    def __init__(self, screen: pygame.Rect, message: Text, error: bool, theme: Theme,
                 rect: pygame.Rect | None = None) -> None:
        if rect is None:
            width = min(screen.width - 2 * theme.gap, theme.px(640))
            rect = pygame.Rect(0, 0, width, theme.px(44) * 2)
            rect.midbottom = (screen.centerx, screen.bottom - theme.gap)
        super().__init__(rect, "toast")
        self.message = message
        """What to say."""
        self.error = error
        """Whether it is a refusal."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the notice box with its fitted text."""
        palette = theme.palette
        fill = palette.toast_error if self.error else palette.toast
        pygame.draw.rect(surface, fill, self.rect, border_radius=theme.radius)
        pygame.draw.rect(surface, palette.toast_text, self.rect, theme.border_width,
                         border_radius=theme.radius)
        inner = self.rect.inflate(-2 * theme.pad, -theme.pad)
        fitted = fit_text(render_text(self.message, lang), inner.width, inner.height,
                          theme.text_size("body"), theme.min_text_size("body"), True)
        self.overflow = fitted.overflow
        draw_fitted(surface, fitted, inner, palette.toast_text, True, "center")


# ------------------------------------------------------------------ modal choice
class Option(Value):
    """One answer of a :class:`Choice`."""

    text: Text
    """The label."""
    intents: tuple[Intent, ...]
    """What choosing it asks for (the dialog closes first)."""
    style: ButtonStyle = "normal"
    """How its button looks."""


class Choice(Widget):
    """A modal picker: a question and a column (or grid) of answers over a dimmed screen.

    Choosing an option closes the dialog and then carries out the option's intents;
    tapping outside the box, or the cancel button, only closes it.
    """

    interactive = True

    def __init__(
        self, screen: pygame.Rect, title: Text, options: Sequence[Option], theme: Theme,
        cancel: Text | None = None, body: Text | None = None,
    ) -> None:
        super().__init__(screen, "choice")
        self.title = title
        """The question."""
        self.body = body
        """Optional longer explanation under the question."""
        self.options = list(options)
        """The answers."""
        self.cancel = cancel
        """Label of the cancel button (``None``: no cancel button)."""
        self.box = self._layout_box(theme)
        """The dialog box inside the screen."""
        self._children = self._build(theme)

    def _columns(self) -> int:
        count = len(self.options) + (1 if self.cancel is not None else 0)
        return 1 if count <= 3 else 2

    def _rows(self) -> int:
        count = len(self.options) + (1 if self.cancel is not None else 0)
        return max(1, -(-count // self._columns()))

    def _layout_box(self, theme: Theme) -> pygame.Rect:
        title_height = theme.px(44) + (theme.px(70) if self.body is not None else 0)
        rows_height = self._rows() * (theme.touch + theme.gap)
        height = min(self.rect.height - 2 * theme.gap,
                     title_height + rows_height + 2 * theme.pad + theme.gap)
        width = min(self.rect.width - 2 * theme.gap, theme.px(560))
        box = pygame.Rect(0, 0, width, height)
        box.center = self.rect.center
        return box

    def _build(self, theme: Theme) -> list[Widget]:
        inner = self.box.inflate(-2 * theme.pad, -2 * theme.pad)
        widgets: list[Widget] = [Panel(self.box, theme.palette.surface)]
        title_box = pygame.Rect(inner.x, inner.y, inner.width, theme.px(44))
        widgets.append(Label(title_box, self.title, "heading", bold=True, align="center"))
        y = title_box.bottom
        if self.body is not None:
            widgets.append(Label(pygame.Rect(inner.x, y, inner.width, theme.px(70)), self.body,
                                 "body", theme.palette.text_muted, align="center"))
            y += theme.px(70)
        y += theme.gap
        columns = self._columns()
        width = (inner.width - (columns - 1) * theme.gap) // columns
        row_height = theme.touch
        entries = [(o.text, (CloseDialog(), *o.intents), o.style) for o in self.options]
        if self.cancel is not None:
            entries.append((self.cancel, (CloseDialog(),), "quiet"))
        for number, (text, intents, style) in enumerate(entries):
            column, row = number % columns, number // columns
            rect = pygame.Rect(inner.x + column * (width + theme.gap),
                               y + row * (row_height + theme.gap), width, row_height)
            widgets.append(Button(rect, text, intents, style, key=f"choice:{number}"))
        return widgets

    def children(self) -> list[Widget]:
        """The panel, texts and option buttons."""
        return self._children

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Dim the screen under the dialog."""
        shade = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shade.fill(theme.palette.overlay)
        surface.blit(shade, self.rect.topleft)

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """A tap outside the box closes the dialog."""
        return [] if self.box.collidepoint(pos) else [CloseDialog()]

    def touch_targets(self) -> list[pygame.Rect]:
        """The dim area is not a target of its own; the buttons report themselves."""
        return []
