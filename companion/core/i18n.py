"""Message catalogues for English, Polish, French and Spanish.

Catalogues are gettext ``.po`` files under ``companion/locale/<lang>/<domain>.po``;
each part of the app (core, ui, one per game, ...) keeps its own domain file.  The
``msgid`` is a stable key such as ``chess.phase.opening``; the ``msgstr`` is the text,
with ``{name}`` placeholders filled from the message parameters.

A message that counts something has one form per plural category of the language,
gettext style: ``msgid_plural`` names the parameter that counts, ``msgstr[0]``,
``msgstr[1]`` … hold the forms, and each file's ``Plural-Forms`` header says which form a
number takes (Polish has three)::

    msgid "chess.label.captured"
    msgid_plural "pieces"
    msgstr[0] "{player} has taken {pieces} piece"
    msgstr[1] "{player} has taken {pieces} pieces"

The files are read
at load time: no compile step is needed on the Pi.  What was parsed is kept in the
user's cache folder, keyed by each file's size and time, so a later start on a slow
Pi reads it back instead of parsing thousands of lines again.
"""

from __future__ import annotations

import ast
import marshal
import os
import re
import string
import zlib
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path

from companion.core.messages import COUNTED_MARK, Msg, ParamValue

LANGUAGES: tuple[str, ...] = ("en", "pl", "fr", "es")
"""Supported language codes, English first (the fallback)."""

LANGUAGE_NAMES: Mapping[str, str] = {
    "en": "English",
    "pl": "Polski",
    "fr": "Français",
    "es": "Español",
}
"""Each language's name in itself, for the language picker."""

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the ``.po`` catalogues live."""

_ENTRY = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")\s*$')

KEPT_FORMAT = "plural-forms-1"
"""How kept catalogues are written; a kept one of another format is parsed afresh."""

PLURAL_MARK = "\x01"
"""Starts a catalogue value that holds plural forms: mark, parameter, then the forms,
separated by :data:`FORM_SEPARATOR`."""

FORM_SEPARATOR = "\x00"
"""Separates the counting parameter and the forms of a plural catalogue value."""

PLURAL_FORMS: Mapping[str, str] = {
    "en": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
"""The ``Plural-Forms`` header every ``.po`` file of a language declares."""


_PLURAL_RULES: dict[str, tuple[int, Callable[[int], int]]] = {}
"""Each language's compiled ``Plural-Forms`` (bounded: one entry per language)."""


def _plural_rule(lang: str) -> tuple[int, Callable[[int], int]]:
    """The compiled ``Plural-Forms`` of ``lang`` (English's for a language without one)."""
    rule = _PLURAL_RULES.get(lang)
    if rule is None:
        from companion.core.plurals import compile_plural

        rule = compile_plural(PLURAL_FORMS.get(lang, PLURAL_FORMS["en"]))
        _PLURAL_RULES[lang] = rule
    return rule


def plural_index(lang: str, n: int) -> int:
    """Which plural form ``lang`` uses for the number ``n``, computed from its ``Plural-Forms``."""
    return _plural_rule(lang)[1](n)


def plural_count(lang: str) -> int:
    """How many plural forms ``lang`` has (its ``Plural-Forms``' ``nplurals``)."""
    return _plural_rule(lang)[0]
_CONTINUATION = re.compile(r'^(".*")\s*$')


class CatalogueError(ValueError):
    """A ``.po`` file that cannot be parsed."""


def parse_po(text: str, source: str = "<po>") -> dict[str, str]:
    """Parse the text of a ``.po`` file into ``{msgid: msgstr}`` (header entry dropped)."""
    entries: dict[str, str] = {}
    current: dict[str, str] = {}
    field: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        entry = _ENTRY.match(line)
        if entry:
            if entry.group(1) == "msgid" and "msgid" in current:
                _store(entries, current)
                current = {}
            field = entry.group(1)
            current[field] = _unquote(entry.group(2), source, number)
            continue
        continuation = _CONTINUATION.match(line)
        if continuation and field is not None:
            current[field] += _unquote(continuation.group(1), source, number)
            continue
        raise CatalogueError(f"{source}:{number}: cannot read {raw!r}")
    _store(entries, current)
    return entries


def _unquote(quoted: str, source: str, number: int) -> str:
    try:
        value = ast.literal_eval(quoted)
    except (SyntaxError, ValueError) as error:
        raise CatalogueError(f"{source}:{number}: bad string {quoted}") from error
    if not isinstance(value, str):
        raise CatalogueError(f"{source}:{number}: bad string {quoted}")
    return value


def _store(entries: dict[str, str], current: Mapping[str, str]) -> None:
    key = current.get("msgid")
    if not key:
        return
    counted = current.get("msgid_plural")
    if counted is None:
        entries[key] = current.get("msgstr", "")
        return
    forms = [current[name] for name in sorted(
        (name for name in current if name.startswith("msgstr[")),
        key=lambda name: int(name[7:-1]))]
    entries[key] = PLURAL_MARK + FORM_SEPARATOR.join([counted, *forms])


def plural_entry(value: str) -> tuple[str, list[str]] | None:
    """The counting parameter and the forms of a plural catalogue value (``None``: not one)."""
    if not value.startswith(PLURAL_MARK):
        return None
    counted, *forms = value[len(PLURAL_MARK):].split(FORM_SEPARATOR)
    return counted, forms


def _choose_form(value: str, lang: str, params: Mapping[str, ParamValue]) -> str:
    """The text of a catalogue value: for a plural entry, the form its count asks for."""
    entry = plural_entry(value)
    if entry is None:
        return value
    counted, forms = entry
    count = params.get(counted)
    try:
        signed = count.replace("−", "-") if isinstance(count, str) else count
        number = abs(int(signed)) if signed is not None else 0
    except (TypeError, ValueError):
        number = 0
    index = plural_index(lang, number)
    return forms[min(index, len(forms) - 1)] if forms else ""


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """Return every message of ``lang`` from all domain files, merged.

    The app's own files come first, then those a game package carries in its own
    ``locale/<lang>/`` folder (a game installed as a package brings its words along).
    """
    paths = sorted((LOCALE_DIR / lang).glob("*.po")) + game_catalogues(lang)
    stamp = [(KEPT_FORMAT, 0, 0)]
    stamp += [(str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in paths]
    kept = _read_kept(lang, stamp)
    if kept is not None:
        return kept
    merged: dict[str, str] = {}
    for path in paths:
        merged.update(parse_po(path.read_text(encoding="utf-8"), str(path)))
    _keep(lang, stamp, merged)
    return merged


def game_catalogues(lang: str) -> list[Path]:
    """The ``.po`` files of ``lang`` that game packages carry in ``locale/<lang>/``."""
    from companion.core.registry import game_folders

    return [path for folder in game_folders()
            for path in sorted((folder / "locale" / lang).glob("*.po"))]


def cache_folder() -> Path:
    """Where parsed catalogues are kept: ``$XDG_CACHE_HOME/table-companion`` (or ``~/.cache``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "table-companion"


def kept_path(lang: str) -> Path:
    """Where the parsed catalogue of ``lang`` is kept: one file per installed copy of the app."""
    install = zlib.crc32(str(LOCALE_DIR).encode("utf-8"))
    return cache_folder() / f"catalogue-{lang}-{install:08x}.marshal"


def _read_kept(lang: str, stamp: list[tuple[str, int, int]]) -> dict[str, str] | None:
    """The parsed catalogue kept for exactly these files, or ``None``."""
    try:
        kept_stamp, entries = marshal.loads(kept_path(lang).read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if kept_stamp != [list(item) for item in stamp] or not isinstance(entries, dict):
        return None
    return entries


def _keep(lang: str, stamp: list[tuple[str, int, int]], entries: dict[str, str]) -> None:
    """Keep a parsed catalogue for the next start; a read-only home just skips it."""
    target = kept_path(lang)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(marshal.dumps(([list(item) for item in stamp], entries)))
        partial.replace(target)
    except OSError:
        return


def domains() -> list[str]:
    """Return the names of all catalogue domains (the English file names)."""
    return sorted(path.stem for path in (LOCALE_DIR / "en").glob("*.po"))


def placeholders(text: str) -> set[str]:
    """Return the placeholder names used in a translated text (every form of a plural)."""
    entry = plural_entry(text)
    if entry is not None:
        return {name for form in entry[1] for name in placeholders(form)}
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def translate(message: Msg | str, lang: str, **params: ParamValue) -> str:
    """Render ``message`` in ``lang``; fall back to English, then to the bare key."""
    if isinstance(message, str):
        message = Msg(message, params)
    table = catalogue(lang)
    if not table.get(message.key):
        lang, table = "en", catalogue("en")
    template = _choose_form(table.get(message.key, ""), lang, message.params)
    if not template:
        return message.key
    values = {name: _localise(value, lang) for name, value in message.params.items()}
    try:
        return template.format_map(_Defaulting(values))
    except (ValueError, IndexError):
        return template


def _localise(value: ParamValue, lang: str) -> str:
    """Translate parameters that are themselves message keys (``@key``)."""
    if isinstance(value, str) and value.startswith("@"):
        key, mark, count = value[1:].partition(COUNTED_MARK)
        if mark:
            return translate(Msg(key, {"count": count}), lang)
        return translate(key, lang)
    if value is None:
        return ""
    return str(value)


class _Defaulting(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def missing_keys(lang: str, keys: Iterable[str]) -> list[str]:
    """Return the keys absent or empty in ``lang``'s catalogue."""
    table = catalogue(lang)
    return [key for key in keys if not table.get(key)]


def describe(message: Msg, lang: str, cause: Msg | None = None) -> str:
    """Render ``message``; when a ``cause`` is given it fills the ``{reason}`` placeholder."""
    if cause is None:
        return translate(message, lang)
    params = {**message.params, "reason": translate(cause, lang)}
    return translate(Msg(message.key, params), lang)


def language_from_environment(environ: Mapping[str, str]) -> str:
    """Pick a supported language from ``LANGUAGE``/``LC_ALL``/``LANG``; English otherwise."""
    for variable in ("LANGUAGE", "LC_ALL", "LANG"):
        for part in environ.get(variable, "").split(":"):
            code = part[:2].lower()
            if code in LANGUAGES:
                return code
    return "en"
