"""Each Fuji catalogue key is defined once per language.

The catalogues of a language are merged file by file, so a key written in two files
silently takes the text of whichever loads last.  Every key of a ``fuji*.po`` file must
be defined there once and in no other catalogue file of the same language.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, LOCALE_DIR

MSGID = re.compile(r'^msgid "(.+)"$', re.MULTILINE)
"""A one-line ``msgid`` (every key is a one-line dotted name; the header's is empty)."""


def definitions(language: str) -> dict[str, list[str]]:
    """Map each key of ``language`` to the files defining it, once per definition."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted((LOCALE_DIR / language).glob("*.po")):
        for key in MSGID.findall(path.read_text(encoding="utf-8")):
            found[key].append(path.name)
    return found


def fuji_file(name: str) -> bool:
    """Tell whether a catalogue file belongs to the Fuji rules."""
    return Path(name).name.startswith("fuji")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_fuji_key_is_defined_twice(language: str) -> None:
    """A key of a Fuji catalogue appears in exactly one place among the language's files."""
    twice = {
        key: files
        for key, files in definitions(language).items()
        if len(files) > 1 and any(fuji_file(name) for name in files)
    }
    assert twice == {}


def test_the_scan_sees_the_fuji_catalogues() -> None:
    """The scan reads both Fuji catalogues, so an empty result above means something."""
    files = {name for names in definitions("en").values() for name in names}
    assert {"fuji.po", "fuji_equipment.po"} <= files
    assert definitions("en")["fuji.equipment.rope"] == ["fuji_equipment.po"]
