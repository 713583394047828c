"""The diagnostics screen: fits in every language, follows the buttons, tests the lights."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from companion.core.i18n import LANGUAGES, translate
from companion.core.messages import Msg
from companion.ui.diagnostics import HARDWARE_CHANGED, TICK, DiagnosticsScene
from companion.ui.intents import Redraw
from companion.ui.scene import Context, Settings
from companion.ui.screens import make_screen
from companion.ui.theme import MIN_TOUCH
from companion.ui.widgets import Button, Label
from hardware.config import parse_config
from hardware.protocol import Hello, box_line
from hardware.serial_box import open_port
from hardware.table import TableHardware
from tests.waiting import wait_for

pytestmark = pytest.mark.usefixtures("display")

SIZES = [(800, 480), (1280, 800)]
SETTINGS = {
    "inputs": {"gpio": True, "serial": True},
    "gpio": {"buttons": {"advance": 17, "seat1": 5}, "lights": {"seat1": 12, "seat2": 16},
             "bounce_time": 0},
    "serial": {"port": "loop://", "keepalive": 0},
}


def answering_loop(url: str, baud: int) -> object:
    """A loop:// port on which the box has just said HELLO."""
    port = open_port(url, baud)
    port.write(box_line(Hello("tcbox", 1)))
    return port


@pytest.fixture
def hardware() -> Iterator[tuple[TableHardware, MockFactory]]:
    factory = MockFactory()
    started = TableHardware(parse_config(SETTINGS), pin_factory=factory,
                            port_factory=answering_loop)
    started.start()
    deadline = time.monotonic() + 3
    while started.live_sources()["serial"] is False and time.monotonic() < deadline:
        time.sleep(0.01)
    yield started, factory
    started.stop()
    factory.reset()


def draw(scene: DiagnosticsScene, lang: str = "en", size: tuple[int, int] = (800, 480),
         text_scale: float = 1.0) -> None:
    ctx = Context(size, Settings(language=lang, text_scale=text_scale))
    scene.draw(pygame.Surface(size), ctx)


def drawn(started: TableHardware) -> DiagnosticsScene:
    """The buttons-and-lights screen on ``started``, drawn once."""
    scene = DiagnosticsScene(lambda: started)
    draw(scene)
    return scene


def label_texts(scene: DiagnosticsScene) -> list[object]:
    return [widget.text for widget in scene.widgets if isinstance(widget, Label)]


def check_layout(scene: DiagnosticsScene, size: tuple[int, int]) -> None:
    assert [getattr(w, "text", "") for w in scene.overflowing()] == []
    screen = pygame.Rect(0, 0, *size)
    for rect in scene.touch_targets():
        assert min(rect.size) >= MIN_TOUCH and screen.contains(rect)


def test_registered_as_a_named_screen() -> None:
    assert isinstance(make_screen("diagnostics"), DiagnosticsScene)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_fits_without_hardware(lang: str, size: tuple[int, int]) -> None:
    scene = DiagnosticsScene(lambda: None)
    draw(scene, lang, size)
    check_layout(scene, size)
    buttons = [w for w in scene.widgets if isinstance(w, Button) and w.key.startswith("diag:")]
    assert len(buttons) == 2 and not any(button.enabled for button in buttons)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_fits_with_hardware_and_events(
    hardware: tuple[TableHardware, MockFactory], lang: str, size: tuple[int, int]
) -> None:
    started, factory = hardware
    factory.pin(5).drive_low()
    factory.pin(5).drive_high()
    scene = DiagnosticsScene(lambda: started)
    draw(scene, lang, size)
    check_layout(scene, size)
    for text in label_texts(scene):
        if isinstance(text, Msg):
            rendered = translate(text, lang)
            assert rendered != text.key and "{" not in rendered, rendered


def test_fits_with_larger_text(hardware: tuple[TableHardware, MockFactory]) -> None:
    started, _ = hardware
    for lang in LANGUAGES:
        scene = DiagnosticsScene(lambda: started)
        draw(scene, lang, (800, 480), text_scale=1.4)
        assert [getattr(w, "text", "") for w in scene.overflowing()] == []


def test_checklist_follows_presses_and_starts_over(
    hardware: tuple[TableHardware, MockFactory],
) -> None:
    started, factory = hardware
    scene = drawn(started)
    assert TICK not in label_texts(scene)
    factory.pin(5).drive_low()
    draw(scene)
    assert label_texts(scene).count(TICK) == 1
    expected = Msg("hardware.diag.last",
                   {"kind": "@hardware.kind.press", "source": "@hardware.source.gpio"})
    assert expected in label_texts(scene)
    factory.pin(5).drive_high()
    assert started.keyboard is not None
    for key in ("space", "backspace", "1", "2", "3", "4"):
        started.keyboard.key_down(key, 1.0)
        started.keyboard.key_up(key, 1.1)
    draw(scene)
    assert label_texts(scene).count(TICK) == 6
    assert Msg("hardware.diag.all_done") in label_texts(scene)
    restart = next(w for w in scene.widgets if w.key == "diag:restart")
    assert restart.release(restart.rect.center) == [Redraw()]
    draw(scene)
    assert TICK not in label_texts(scene)


def wait_until_quiet(started: TableHardware) -> int:
    """Wait until the loop:// echo of the greeting has been read; return the reject count."""
    assert started.serial is not None
    seen = -1
    while seen != started.serial.parser.rejected:
        seen = started.serial.parser.rejected
        time.sleep(0.2)
    return seen


def test_sources_and_link_are_shown(hardware: tuple[TableHardware, MockFactory]) -> None:
    started, _ = hardware
    rejected = wait_until_quiet(started)
    assert rejected > 0  # loop:// sends the app's own commands back, which are not box lines
    scene = drawn(started)
    texts = label_texts(scene)
    assert Msg("hardware.diag.link.connected") in texts
    details = [t for t in texts if isinstance(t, Msg) and t.key == "hardware.diag.rejects_version"]
    assert details and details[0].params["count"] == rejected
    assert Msg("hardware.serial.connected", {"port": "loop://"}) in texts


def test_light_test_walks_the_lights_one_by_one_naming_each(
    hardware: tuple[TableHardware, MockFactory],
) -> None:
    started, factory = hardware
    scene = drawn(started)
    seat1, seat2 = factory.pin(12), factory.pin(16)
    walk = next(w for w in scene.widgets if w.key == "diag:lights")
    walk.release(walk.rect.center)
    assert wait_for(lambda: started.lights.walking == "seat1")
    assert seat1.state is True and seat2.state is False
    draw(scene)
    walk = next(w for w in scene.widgets if w.key == "diag:lights")
    assert walk.text == Msg("hardware.diag.lit_at",  # type: ignore[attr-defined]
                            {"light": "@hardware.name.seat1", "gpio": 12, "pin": 32})
    assert wait_for(lambda: started.lights.walking == "seat2")
    assert seat1.state is False and seat2.state is True
    assert wait_for(lambda: started.lights.walking is None, timeout=5.0)
    assert seat1.state is False and seat2.state is False


def test_each_header_button_names_its_gpio_and_pin(
    hardware: tuple[TableHardware, MockFactory],
) -> None:
    started, _ = hardware
    scene = drawn(started)
    texts = label_texts(scene)
    assert Msg("hardware.diag.pin", {"gpio": 17, "pin": 11}) in texts
    assert Msg("hardware.diag.pin", {"gpio": 5, "pin": 29}) in texts
    assert sum(isinstance(t, Msg) and t.key == "hardware.diag.pin" for t in texts) == 2


def test_monitor_events_wake_the_screen(hardware: tuple[TableHardware, MockFactory]) -> None:
    started, factory = hardware
    scene = drawn(started)
    pygame.event.clear()
    factory.pin(17).drive_low()
    woken = pygame.event.get(HARDWARE_CHANGED)
    assert woken
    ctx = Context((800, 480))
    assert scene.handle(woken[0], ctx) == [Redraw()]
