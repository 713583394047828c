"""Plural rules read from a catalogue's ``Plural-Forms`` header, not written by hand.

``compile_plural("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && ... ? 1 : 2);")`` returns the
number of forms and a function from a count to the index of its form.  The expression is
the C subset gettext headers use (``n``, integers, ``! % * / + - < <= > >= == != && ||``,
``?:`` and brackets); it is parsed into closures, never handed to ``eval``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Rule = Callable[[int], int]
"""A count to the index of its plural form."""

_TOKEN = re.compile(r"\s*(\d+|n|&&|\|\||==|!=|<=|>=|[-+*/%<>!?:()])")
_BINARY: list[dict[str, Callable[[int, int], int]]] = [
    {"||": lambda a, b: int(bool(a) or bool(b))},
    {"&&": lambda a, b: int(bool(a) and bool(b))},
    {"==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b)},
    {"<": lambda a, b: int(a < b), "<=": lambda a, b: int(a <= b),
     ">": lambda a, b: int(a > b), ">=": lambda a, b: int(a >= b)},
    {"+": lambda a, b: a + b, "-": lambda a, b: a - b},
    {"*": lambda a, b: a * b, "/": lambda a, b: a // b if b else 0,
     "%": lambda a, b: a % b if b else 0},
]
"""Binary operators from the loosest to the tightest binding, as in C."""


class PluralFormsError(ValueError):
    """A ``Plural-Forms`` header that cannot be read."""


def compile_plural(header: str) -> tuple[int, Rule]:
    """The number of forms and the rule of a ``Plural-Forms`` header."""
    count = re.search(r"nplurals\s*=\s*(\d+)", header)
    rule = re.search(r"plural\s*=\s*(.+?);?\s*$", header)
    if count is None or rule is None:
        raise PluralFormsError(f"not a Plural-Forms header: {header!r}")
    parser = _Parser(_tokens(rule.group(1)))
    expression = parser.ternary()
    if parser.position != len(parser.tokens):
        raise PluralFormsError(f"unexpected {parser.tokens[parser.position]!r} in {header!r}")
    forms = int(count.group(1))
    return forms, lambda n: min(max(expression(n), 0), forms - 1)


def _tokens(text: str) -> list[str]:
    tokens, position = [], 0
    text = text.strip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise PluralFormsError(f"cannot read {text[position:]!r}")
        tokens.append(match.group(1))
        position = match.end()
    return tokens


class _Parser:
    """Recursive descent over the tokens; every method returns a function of ``n``."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.position = 0

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise PluralFormsError(f"expected {expected or 'more'}, found {token!r}")
        self.position += 1
        return token

    def ternary(self) -> Rule:
        test = self.binary(0)
        if self.peek() != "?":
            return test
        self.take("?")
        yes = self.ternary()
        self.take(":")
        no = self.ternary()
        return lambda n: yes(n) if test(n) else no(n)

    def binary(self, level: int) -> Rule:
        if level == len(_BINARY):
            return self.unary()
        left = self.binary(level + 1)
        operators = _BINARY[level]
        while (token := self.peek()) in operators:
            self.take()
            right = self.binary(level + 1)
            left = _combine(operators[str(token)], left, right)
        return left

    def unary(self) -> Rule:
        token = self.take()
        if token == "!":
            inner = self.unary()
            return lambda n: int(not inner(n))
        if token == "(":
            inner = self.ternary()
            self.take(")")
            return inner
        if token == "n":
            return lambda n: n
        if token.isdigit():
            value = int(token)
            return lambda _n: value
        raise PluralFormsError(f"unexpected {token!r}")


def _combine(operator: Callable[[int, int], int], left: Rule, right: Rule) -> Rule:
    return lambda n: operator(left(n), right(n))
