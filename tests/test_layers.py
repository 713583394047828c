"""The layer table of docs/architecture.md, kept by reading every import (inside functions too).

A module may import only what its layer allows, and no group of modules may import
each other in a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.layers import Import, cycles, imports, modules

WIRING_PACKAGE = "companion.app"
"""The composition root: it builds every part and hands them to the app."""
WIRING = frozenset({"companion", "companion.__main__", "companion.cli", "companion.staff_pin"})
"""Modules that put the app together (besides :data:`WIRING_PACKAGE`): they may import
everything.  The UI (``companion.ui``, the app and its loop included) imports no hardware:
the root hands it input sources and outputs as Protocols."""
RULES_MAY_USE = frozenset({"companion.core.messages", "companion.core.game",
                           "companion.core.questions"})
"""The shared modules a game's rules may import besides their own."""
SCREEN_DOORS = frozenset({"game", "state", "queries", "questions"})
"""The modules of a game's rules that its screens may import (and the package itself)."""
SCREEN_DOOR_REFUSAL = ("screens read the rules through game, state, queries and questions"
                       " (re-export the name in queries.py)")
THIRD_PARTY_UI = ("pygame",)
THIRD_PARTY_HARDWARE = ("gpiozero", "serial")


def layer(module: str) -> str:
    """The layer of ``module``: wiring, rules, core, ui, hardware, phones or vocabulary."""
    if module in WIRING or module == WIRING_PACKAGE or module.startswith(WIRING_PACKAGE + "."):
        return "wiring"
    for prefix, name in (("companion.games", "rules"), ("companion.core", "core"),
                         ("companion.speech", "core"),  # spoken lines: core, no screens
                         ("companion.fleet", "core"),
                         ("companion.ui", "ui"), ("hardware", "hardware"),
                         ("companion.phones", "phones"), ("vocabulary", "vocabulary")):
        if module == prefix or module.startswith(prefix + "."):
            return name
    raise AssertionError(f"no layer for {module}")


def _under(target: str, *prefixes: str) -> bool:
    return any(target == prefix or target.startswith(prefix + ".") for prefix in prefixes)


def _game_of(module: str, root: str) -> str | None:
    parts = module.split(".")
    depth = len(root.split("."))
    return parts[depth] if len(parts) > depth else None


def refusal(found: Import, games: frozenset[str]) -> str | None:
    """Why ``found`` breaks the layer table (``None``: it is allowed)."""
    source, target = found.module, found.target
    kind = layer(source)
    if kind == "wiring":
        return None
    if kind == "vocabulary":  # the words hardware, core and firmware share: imports none
        bad = _under(target, "companion", "hardware", *THIRD_PARTY_UI, *THIRD_PARTY_HARDWARE)
        return "the shared vocabulary imports nothing of the app" if bad else None
    if kind == "hardware":
        bad = _under(target, "companion", *THIRD_PARTY_UI)
        return "hardware imports neither companion nor pygame" if bad else None
    if _under(target, "hardware", *THIRD_PARTY_HARDWARE):
        return "only the wiring starts the hardware"
    if _under(target, WIRING_PACKAGE, *WIRING - {"companion"}):
        return "only the wiring imports the wiring"
    if _under(target, "companion.phones") and kind != "phones":
        return "only the wiring opens the phones' door"  # phones (issue 23)
    if kind == "phones":
        drawn = _under(target, *THIRD_PARTY_UI) and source != "companion.phones.join"
        bad = drawn or _under(target, "companion.games")
        return "the phones reach a game through its phone module; only join draws" if bad else None
    if kind == "rules":
        return _rules_refusal(source, target)
    if kind == "core":
        if _under(target, "companion.ui", *THIRD_PARTY_UI):
            return "the core knows no screens"
        if _under(target, "companion.games") and source != "companion.core.registry":
            return "the core reaches the rules only through the registry"
        return None
    return _ui_refusal(source, target, games)


def _rules_refusal(source: str, target: str) -> str | None:
    game = _game_of(source, "companion.games")
    if game is None or _under(target, f"companion.games.{game}"):
        return None
    if _under(target, "companion"):
        return None if target in RULES_MAY_USE else "rules import only their own modules"
    return "rules draw nothing" if _under(target, *THIRD_PARTY_UI) else None


def _ui_refusal(source: str, target: str, games: frozenset[str]) -> str | None:
    if not _under(target, "companion.games"):
        return None
    game = _game_of(target, "companion.games")
    own = _game_of(source, "companion.ui")
    if own not in games or game != own:
        return "only a game's own screens import its rules"
    door = _game_of(target, f"companion.games.{game}")
    if door is not None and door not in SCREEN_DOORS:
        return SCREEN_DOOR_REFUSAL
    return None


@pytest.fixture(scope="module")
def graph() -> tuple[dict[str, Path], list[Import]]:
    known = modules()
    return known, list(imports(known))


def test_every_import_keeps_the_layer_table(graph: tuple[dict[str, Path], list[Import]]) -> None:
    known, found = graph
    games = frozenset(name.split(".")[2] for name in known
                      if name.startswith("companion.games.") and name.count(".") == 2)
    broken = [f"{i.module}:{i.line} imports {i.target}: {why}"
              for i in found if (why := refusal(i, games)) is not None]
    assert broken == []


def test_no_modules_import_each_other_in_a_circle(
        graph: tuple[dict[str, Path], list[Import]]) -> None:
    known, found = graph
    edges: dict[str, set[str]] = {}
    for item in found:
        if item.target in known and item.target != item.module:
            edges.setdefault(item.module, set()).add(item.target)
    assert cycles(edges) == []


def test_the_checker_sees_imports_hidden_in_functions() -> None:
    """A refusal is found inside a function body, and a circle of two modules is a cycle."""
    games = frozenset({"fuji", "tikal"})
    hidden = Import("companion.core.kiosk", "companion.ui.screens", 10)
    assert refusal(hidden, games) == "the core knows no screens"
    other = Import("companion.ui.tikal.play", "companion.games.fuji.state", 3)
    assert refusal(other, games) == "only a game's own screens import its rules"
    inner = Import("companion.ui.fuji.play", "companion.games.fuji.scoring", 5)
    assert refusal(inner, games) == SCREEN_DOOR_REFUSAL
    assert refusal(Import("companion.ui.fuji.play", "companion.games.fuji.queries", 5),
                   games) is None
    assert refusal(Import("companion.ui.fuji.play", "companion.games.fuji", 5), games) is None
    assert refusal(Import("companion.ui.kiosk.start", "hardware.events", 4), games) == (
        "only the wiring starts the hardware")
    assert refusal(Import("companion.ui.app", "hardware.events", 4), games) == (
        "only the wiring starts the hardware")
    assert refusal(Import("companion.ui.loop", "hardware.keyboard", 4), games) == (
        "only the wiring starts the hardware")
    assert refusal(Import("companion.ui.kiosk.app", "companion.app.root", 4), games) == (
        "only the wiring imports the wiring")
    assert refusal(Import("companion.app.table", "hardware.events", 4), games) is None
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


MAX_CLASS_LINES = 600
"""Longest class allowed in ``companion/ui`` (a screen past it is split along its seams)."""
BEING_SPLIT: frozenset[str] = frozenset()
"""Classes over the limit whose split is under way on its own branch; each must still be
over the limit (the test below fails once it is not, so the entry is removed with the split)."""


def ui_class_lengths() -> dict[str, int]:
    """Lines of every class in ``companion/ui``, by dotted name."""
    lengths: dict[str, int] = {}
    for name, path in modules().items():
        if not name.startswith("companion.ui"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lengths[f"{name}.{node.name}"] = node.end_lineno - node.lineno + 1
    return lengths


def test_no_class_in_the_ui_grows_past_the_limit() -> None:
    """The app, its loop and every screen stay under 600 lines a class."""
    lengths = ui_class_lengths()
    too_long = {name: lines for name, lines in lengths.items()
                if lines > MAX_CLASS_LINES and name not in BEING_SPLIT}
    assert too_long == {}
    assert lengths["companion.ui.app.App"] <= MAX_CLASS_LINES


def test_classes_being_split_are_still_over_the_limit() -> None:
    """An entry of the split list goes once its class fits (the list never hides a class)."""
    lengths = ui_class_lengths()
    assert {name for name in BEING_SPLIT if lengths.get(name, 0) > MAX_CLASS_LINES} == BEING_SPLIT


def test_the_ui_imports_no_hardware(graph: tuple[dict[str, Path], list[Import]]) -> None:
    """Not the app, not its loop, not the diagnostics screen: the root hands hardware in."""
    _known, found = graph
    breaches = [f"{i.module}:{i.line} imports {i.target}" for i in found
                if layer(i.module) == "ui" and _under(i.target, "hardware", "gpiozero", "serial")]
    assert breaches == []
