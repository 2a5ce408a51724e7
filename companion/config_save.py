"""Changing keys of the configuration file: checked first, then saved atomically.

A change is checked exactly as `companion config check` checks a file (the
same `parse_config`, with the saved seats applied); a change the file would
refuse is refused with the configuration's own sentence and nothing is
written. A sound change keeps everything else of the file as the person
wrote it (comments, other keys, their order) and is saved atomically: a new
file is written beside the old one, flushed to the disk, then renamed over
it, and the directory flushed too. A power cut at any moment leaves either
the old file or the new one, never a half-written one. A file that is not
there yet (the person's own, `companion.config.settings_path`) is made by the
first change, with only the keys changed.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomlkit
import tomlkit.items

from companion.config import MAX_CONFIG_BYTES, Config, apply_saved_seats, parse_config
from companion.errors import ConfigError
from companion.user_files import UnusableFile, read_limited

TomlValue = bool | int | float | str
"""What a setting holds: the screens change only plain values."""

__all__ = ["TomlValue", "changed_text", "check_text", "save_settings", "write_atomically"]

NEW_FILE_TEXT = (
    "# The companion's settings, saved by its settings screen. Every key, documented:\n"
    "# `companion config default`; check this file with `companion config check`.\n"
)
"""How a configuration file made by the first change begins."""


def save_settings(path: Path, changes: Mapping[str, TomlValue]) -> Config:
    """Set the dotted keys of `changes` ("screen.rotation": 90) in the file at `path`.

    Returns the configuration now in effect (the file as saved, the saved seats applied).

    Raises:
        ConfigError: the file cannot be read, is not TOML, or would hold a value that
            `companion config check` refuses (its own sentence, one line per problem:
            the file is then left exactly as it was); or it cannot be written.
    """
    try:
        if not path.exists() and not path.is_symlink():
            old_text = ""
        else:
            old_text = read_limited(path, "configuration file",
                                    MAX_CONFIG_BYTES).decode("utf-8-sig")
    except UnusableFile as error:
        raise ConfigError(str(error)) from None
    except UnicodeDecodeError:
        raise ConfigError(
            f"{path}: is not UTF-8 text; save it as UTF-8 text, or start again from"
            " `companion config default`."
        ) from None
    new_text = changed_text(old_text or NEW_FILE_TEXT, changes, source=str(path))
    config = check_text(new_text, source=str(path))
    if not old_text:
        _make_folder(path.parent)
    if new_text != old_text:
        write_atomically(path, new_text)
    return config


def _make_folder(folder: Path) -> None:
    """The folder of a configuration file made by the first change.

    Raises:
        ConfigError: it cannot be made.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigError(
            f"{folder}: cannot make the folder for the settings ({error.strerror or error});"
            " check that the companion's user may write there, or start it with --config FILE."
        ) from None


def check_text(text: str, source: str) -> Config:
    """The configuration `text` gives, checked as `companion config check` checks a file.

    Raises:
        ConfigError: the text is not TOML or holds bad values (every problem, one a line).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source}: not valid TOML ({error}); fix the syntax there.") from None
    return apply_saved_seats(parse_config(data, source=source))


def changed_text(text: str, changes: Mapping[str, TomlValue], source: str = "the file") -> str:
    """`text` with each dotted key of `changes` set, everything else kept as written.

    A key the file leaves out is added to its table (the table is added at the
    end when the file has none).

    Raises:
        ConfigError: `text` is not TOML, or a key's table is not a table there.
    """
    try:
        document = tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as error:
        raise ConfigError(f"{source}: not valid TOML ({error}); fix the syntax there.") from None
    for dotted, value in changes.items():
        *tables, key = dotted.split(".")
        container: Any = document
        for name in tables:
            if name not in container:
                container[name] = tomlkit.table()
            container = container[name]
            if not isinstance(container, tomlkit.items.Table | tomlkit.items.InlineTable):
                raise ConfigError(
                    f"{source}: {name} must be a table ([{name}]) to hold {dotted}; fix it there."
                )
        container[key] = _kept_comment(container, key, value)
    new_text = tomlkit.dumps(document)
    _check_only_changed(text, new_text, changes, source)
    return new_text


def _kept_comment(container: Any, key: str, value: TomlValue) -> Any:
    """The new value as an item that keeps the old value's comment on its line, in the
    same column where the new value leaves room for it."""
    item = tomlkit.item(value)
    old = container.get(key) if hasattr(container, "get") else None
    if isinstance(old, tomlkit.items.Item) and old.trivia.comment:
        longer = len(item.as_string()) - len(old.as_string())
        item.trivia.comment_ws = " " * max(1, len(old.trivia.comment_ws) - longer)
        item.trivia.comment = old.trivia.comment
    return item


def _check_only_changed(
    old_text: str, new_text: str, changes: Mapping[str, TomlValue], source: str
) -> None:
    """The edited text means the old one with the changes, and nothing else.

    Raises:
        ConfigError: it does not (a layout the editor could not follow): nothing is saved.
    """
    expected = tomllib.loads(old_text)
    for dotted, value in changes.items():
        *tables, key = dotted.split(".")
        place = expected
        for name in tables:
            place = place.setdefault(name, {})
        place[key] = value
    if tomllib.loads(new_text) != expected:
        raise ConfigError(
            f"{source}: its layout could not be edited safely; change "
            f"{', '.join(changes)} there by hand and check it with `companion config check`."
        )


def write_atomically(path: Path, text: str) -> None:
    """Replace the file at `path` with `text`: all of it, or (after a crash) none of it.

    The new file keeps the old one's permissions.

    Raises:
        ConfigError: the directory cannot be written (the sentence says what to check).
    """
    folder = path.parent
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o644
    temp_name = ""
    try:
        descriptor, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                                 dir=folder)
        with os.fdopen(descriptor, "w", encoding="utf-8") as temp:
            temp.write(text)
            temp.flush()
            os.fchmod(temp.fileno(), mode)
            os.fsync(temp.fileno())
        os.replace(temp_name, path)
        temp_name = ""
        _sync_directory(folder)
    except OSError as error:
        raise ConfigError(
            f"{path}: cannot save the settings ({error.strerror or error}); check that the"
            " companion's user may write that file and its folder."
        ) from None
    finally:
        if temp_name:
            with contextlib.suppress(OSError):
                os.unlink(temp_name)


def _sync_directory(folder: Path) -> None:
    """Flush the directory, so the rename itself survives a power cut."""
    descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
