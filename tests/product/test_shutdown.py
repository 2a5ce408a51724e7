"""Stopping the companion stops every part it started: nothing keeps running behind it."""

from __future__ import annotations

import threading
from pathlib import Path

from companion.app.product import RunRequest, open_product
from companion.config import load_config
from companion.hardware.table_tray import TrayFeed


def running_threads() -> set[str]:
    return {thread.name for thread in threading.enumerate() if thread.is_alive()}


def test_the_dice_tray_is_closed_when_the_companion_stops(tmp_path: Path) -> None:
    config_file = tmp_path / "config.toml"
    config_file.write_text('backend = "sim"\n[tray]\nenabled = true\n', encoding="utf-8")
    request = RunRequest(ui=False, port=0, db=tmp_path / "log.db")
    with open_product(request, load_config(config_file)) as product:
        feed = product.tray
        assert isinstance(feed, TrayFeed)
        assert "tray-feed" in running_threads()
    assert "tray-feed" not in running_threads()
    heard: list[object] = []
    feed.tray.on_event = heard.append
    feed.tray.inputs.press_button()  # the button and the sensor are no longer listened to
    assert heard == []
