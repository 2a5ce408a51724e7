"""Saving settings to the configuration file: checked as `config check` checks it, atomic."""

from __future__ import annotations

import builtins
import errno
import io
import os
from pathlib import Path
from typing import Any

import pytest

from companion.config import default_config_text, load_config
from companion.config_save import TomlValue, changed_text, save_settings
from companion.errors import ConfigError


@pytest.fixture(autouse=True)
def _no_saved_seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seats file is looked for in the test's own state directory (there is none)."""
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(default_config_text(), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("web.pin", "48"),
        ("web.pin", "12ab"),
        ("spinner.margin_deg", 46.0),
        ("spinner.margin_deg", 30.0),  # seats 90 degrees apart need a margin under 22.5
        ("screen.rotation", 45),
        ("spinner.mode", "lucky"),
        ("tray.dice_source", "dice"),
    ],
)
def test_a_change_the_config_refuses_is_refused_in_its_sentence_and_nothing_is_written(
    config_file: Path, tmp_path: Path, key: str, value: TomlValue
) -> None:
    before = config_file.read_bytes()
    # What `companion config check` says of the same file with the change made by hand.
    by_hand = tmp_path / "by-hand.toml"
    by_hand.write_text(changed_text(before.decode(), {key: value}), encoding="utf-8")
    with pytest.raises(ConfigError) as checked:
        load_config(by_hand)
    with pytest.raises(ConfigError) as refused:
        save_settings(config_file, {key: value})  # type: ignore[dict-item]
    assert str(refused.value) == str(checked.value).replace(str(by_hand), str(config_file))
    assert key.split(".")[-1] in str(refused.value)
    assert config_file.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["by-hand.toml", "config.toml"]


def test_a_sound_change_is_written_and_read_back(config_file: Path) -> None:
    config = save_settings(config_file, {"spinner.mode": "physical", "web.pin": "4821",
                                         "spinner.margin_deg": 5.0, "screen.rotation": 90})
    again = load_config(config_file)
    assert again == config
    assert (again.spinner.mode, again.web.pin, again.spinner.margin_deg,
            again.screen.rotation) == ("physical", "4821", 5.0, 90)


def test_a_change_keeps_the_comments_and_the_other_keys_as_written(config_file: Path) -> None:
    before = config_file.read_text(encoding="utf-8").splitlines()
    save_settings(config_file, {"tray.dice_source": "touch"})
    after = config_file.read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert changed == [(
        'dice_source = "fair"         # "touch": entered on the touchscreen;',
        'dice_source = "touch"        # "touch": entered on the touchscreen;',
    )]


def test_a_key_the_file_leaves_out_is_added_to_its_table(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("# my table\n[screen]\nlanguage = \"en\"  # English\n", encoding="utf-8")
    save_settings(path, {"screen.face_player": True, "web.pin": "1234"})
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# my table\n[screen]\nlanguage = \"en\"  # English\n")
    config = load_config(path)
    assert config.screen.face_player and config.web.pin == "1234"


def test_the_saved_file_keeps_its_permissions(config_file: Path) -> None:
    config_file.chmod(0o640)
    save_settings(config_file, {"screen.rotation": 180})
    assert config_file.stat().st_mode & 0o777 == 0o640


def test_a_file_that_cannot_be_replaced_is_said_and_kept_with_no_temporary_file_left(
    config_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = config_file.read_bytes()

    def refuse(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("companion.config_save.os.replace", refuse)
    with pytest.raises(ConfigError, match=r"cannot save the settings \(Permission denied\)"):
        save_settings(config_file, {"screen.rotation": 180})
    assert config_file.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]


class _HalfWritten:
    """A file opened for writing whose first write puts half its data on the disk, then
    fails as a full disk does."""

    def __init__(self, file: Any) -> None:
        self._file = file

    def write(self, data: Any) -> int:
        self._file.write(data[: len(data) // 2])
        self._file.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __enter__(self) -> _HalfWritten:
        return self

    def __exit__(self, *exc: object) -> None:
        self._file.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


def test_a_save_that_fails_midway_leaves_the_old_file_byte_for_byte_and_no_temporary_file(
    config_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = config_file.read_bytes()
    real_open = io.open

    def failing_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        opened = real_open(file, mode, *args, **kwargs)
        return _HalfWritten(opened) if any(flag in mode for flag in "wax+") else opened

    # Every way Python opens a file to write it (open, Path.write_text, os.fdopen).
    monkeypatch.setattr(io, "open", failing_open)
    monkeypatch.setattr(builtins, "open", failing_open)
    with pytest.raises(ConfigError, match=r"cannot save the settings \(No space left on device\)"):
        save_settings(config_file, {"web.pin": "9876"})
    monkeypatch.undo()
    assert config_file.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]


def test_the_new_file_replaces_the_old_only_once_all_its_data_is_on_the_disk(
    config_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (what, inode, bytes): each fsync of a file or folder, and each rename over the file.
    steps: list[tuple[str, int, int]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor: int) -> None:
        real_fsync(descriptor)
        status = os.fstat(descriptor)
        steps.append(("fsync", status.st_ino, status.st_size))

    def replace(source: Any, target: Any) -> None:
        status = os.stat(source)
        steps.append(("replace", status.st_ino, status.st_size))
        assert Path(target) == config_file
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    save_settings(config_file, {"web.pin": "9876"})
    monkeypatch.undo()
    saved = config_file.stat()
    size = len(config_file.read_bytes())
    folder = tmp_path.stat().st_ino
    assert ("replace", saved.st_ino, size) in steps
    renamed = steps.index(("replace", saved.st_ino, size))
    # The new file, all of it, reached the disk before the rename; the rename itself after.
    assert ("fsync", saved.st_ino, size) in steps[:renamed]
    assert any(step[:2] == ("fsync", folder) for step in steps[renamed + 1:])
