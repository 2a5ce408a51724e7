"""The panel's backlight through a fake `/sys/class/backlight`."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.backlight import LOWEST_PERCENT, find_backlight
from device.errors import DeviceUnavailable


def fake_backlight(root: Path, name: str = "10-0045", maximum: str = "255",
                   level: str = "128") -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "max_brightness").write_text(f"{maximum}\n")
    (folder / "brightness").write_text(f"{level}\n")
    return folder


def test_a_screen_without_a_backlight_folder_has_no_brightness_control(tmp_path: Path) -> None:
    assert find_backlight(tmp_path / "missing") is None
    (tmp_path / "empty").mkdir()
    assert find_backlight(tmp_path / "empty") is None


@pytest.mark.parametrize("maximum", ["0", "not a number", "", "99999999999"])
def test_a_backlight_with_no_usable_maximum_is_not_used(tmp_path: Path, maximum: str) -> None:
    fake_backlight(tmp_path, maximum=maximum)
    assert find_backlight(tmp_path) is None


def test_the_level_is_read_as_a_percentage_of_the_maximum(tmp_path: Path) -> None:
    fake_backlight(tmp_path, maximum="255", level="128")
    backlight = find_backlight(tmp_path)
    assert backlight is not None
    assert (backlight.name, backlight.percent()) == ("10-0045", 50)


def test_setting_a_percentage_writes_the_panels_own_level(tmp_path: Path) -> None:
    folder = fake_backlight(tmp_path, maximum="31", level="31")
    backlight = find_backlight(tmp_path)
    assert backlight is not None
    assert backlight.set_percent(50) == 50
    assert (folder / "brightness").read_text() == "16\n"
    assert backlight.percent() == 52  # 16 of 31: the panel's own steps


@pytest.mark.parametrize(("asked", "kept"), [(0, LOWEST_PERCENT), (-20, LOWEST_PERCENT),
                                             (130, 100)])
def test_the_level_stays_between_dim_and_full(tmp_path: Path, asked: int, kept: int) -> None:
    fake_backlight(tmp_path, maximum="100")
    backlight = find_backlight(tmp_path)
    assert backlight is not None
    assert backlight.set_percent(asked) == kept
    assert backlight.percent() == kept


def test_a_panel_that_went_away_is_said_in_a_sentence(tmp_path: Path) -> None:
    folder = fake_backlight(tmp_path)
    backlight = find_backlight(tmp_path)
    assert backlight is not None
    for leaf in folder.iterdir():
        leaf.unlink()
    folder.rmdir()
    with pytest.raises(DeviceUnavailable, match="check that the panel is connected"):
        backlight.percent()
    with pytest.raises(DeviceUnavailable, match="check that the panel is connected"):
        backlight.set_percent(50)


@pytest.mark.parametrize("maximum", [2, 3, 5, 7, 9, 31, 255])
def test_every_step_moves_the_panel_until_full_or_dim_even_with_few_levels(
        tmp_path: Path, maximum: int) -> None:
    dimmest = max(1, round(maximum * LOWEST_PERCENT / 100))
    folder = fake_backlight(tmp_path, maximum=str(maximum), level=str(dimmest))
    backlight = find_backlight(tmp_path)
    assert backlight is not None
    levels = [dimmest]
    while levels[-1] < maximum:
        backlight.step(1, 10)
        levels.append(int((folder / "brightness").read_text()))
        assert levels[-1] > levels[-2], f"stuck at {levels[-2]} of {maximum}"
    assert backlight.step(1, 10) == 100
    while levels[-1] > dimmest:
        backlight.step(-1, 10)
        levels.append(int((folder / "brightness").read_text()))
        assert levels[-1] < levels[-2], f"stuck at {levels[-2]} of {maximum}"
    backlight.step(-1, 10)
    assert (folder / "brightness").read_text() == f"{dimmest}\n"
