"""Where each key of a deck file is written: line numbers for the deck file's errors.

`key_lines(text, json_format)` lists every key of a TOML or JSON text with
the line it is on, as a path from the top (``("cards", "Blue 7")``), in the
order of the file; a key written twice is listed twice. `line_of` finds the
line of one path, falling back to the line of its nearest listed parent (a
card inside an inline table or a value spread over lines), so an error
about the deck always names a line.

Pure functions of the text: the parser calls them only once it has an error
to report, so reading a good deck costs nothing here.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from typing import Any

KeyPath = tuple[str, ...]
MAX_TRIES_PER_LINE = 8

_JSON_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\]:]|\n')
"""JSON strings, brackets, colons and line breaks (enough to follow the nesting of keys)."""


def key_lines(text: str, json_format: bool) -> list[tuple[KeyPath, int]]:
    """Every key of `text` with its line (1 = the first), in the order of the file."""
    return _json_key_lines(text) if json_format else _toml_key_lines(text)


def line_of(text: str, json_format: bool, path: KeyPath, occurrence: int = 1) -> int:
    """The line of the `occurrence`-th writing of `path` (or of its nearest written parent).

    With nothing found, line 1: every error still names a line.
    """
    found = [line for key, line in key_lines(text, json_format) if key == path]
    if len(found) >= occurrence:
        return found[occurrence - 1]
    if len(path) > 1:
        return line_of(text, json_format, path[:-1])
    return 1


def last_line(text: str) -> int:
    """The number of the file's last line (1 for an empty file)."""
    return max(1, len(text.splitlines()))


def first_repeated(text: str, json_format: bool, key: str) -> tuple[KeyPath, int, int] | None:
    """The first path ending in `key` written twice: the path, its first and second line."""
    first: dict[KeyPath, int] = {}
    for path, line in key_lines(text, json_format):
        if path and path[-1] == key:
            if path in first:
                return path, first[path], line
            first[path] = line
    return None


def _toml_key_lines(text: str) -> list[tuple[KeyPath, int]]:
    """Table headers and ``key = value`` lines, read one line at a time with tomllib itself."""
    found: list[tuple[KeyPath, int]] = []
    table: KeyPath = ()
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("["):
            header = _toml_path(_toml_fragment(stripped))
            if header is not None:
                table = header
                found.append((table, number))
            continue
        signs = (index for index, char in enumerate(line) if char == "=")
        # A key holding "=" is quoted and short: a few tries find it, and a line of
        # thousands of "=" must not cost a parse each.
        for equals in itertools.islice(signs, MAX_TRIES_PER_LINE):
            key = _toml_path(_toml_fragment(line[:equals] + "= 0"))
            if key is not None:
                found.append((table + key, number))
                break
    return found


def _toml_fragment(fragment: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(fragment)
    except tomllib.TOMLDecodeError:
        return None


def _toml_path(data: Any) -> KeyPath | None:
    """The one path a fragment of TOML defines (``[cards.sub]``: ("cards", "sub"))."""
    if not isinstance(data, dict) or len(data) != 1:
        return None
    path: KeyPath = ()
    while isinstance(data, dict) and len(data) == 1:
        key, data = next(iter(data.items()))
        path += (key,)
        if isinstance(data, list) and data:  # [[array.of.tables]]
            data = data[-1]
    return path


def _json_key_lines(text: str) -> list[tuple[KeyPath, int]]:
    """Object keys found by following strings, brackets and colons."""
    tokens: list[tuple[str, int]] = []
    line = 1
    for match in _JSON_TOKEN.finditer(text):
        token = match.group()
        if token == "\n":
            line += 1
        else:
            tokens.append((token, line))
    found: list[tuple[KeyPath, int]] = []
    stack: list[list[Any]] = []  # one [bracket, current key] per open object or array
    for index, (token, line) in enumerate(tokens):
        if token in "{[":
            stack.append([token, None])
        elif token in "}]":
            if stack:
                stack.pop()
        elif token.startswith('"') and stack and stack[-1][0] == "{":
            following = tokens[index + 1][0] if index + 1 < len(tokens) else ""
            if following == ":":
                stack[-1][1] = _json_string(token)
                path = tuple(str(key) for bracket, key in stack if bracket == "{")
                found.append((path, line))
    return found


def _json_string(token: str) -> str:
    try:
        return str(json.loads(token))
    except json.JSONDecodeError:
        return token.strip('"')
