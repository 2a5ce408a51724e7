"""Shared test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_user_config(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the person's own configuration file (started without
    --config, the companion reads `$XDG_CONFIG_HOME/companion/config.toml`): each test's
    is in a folder of its own, empty until the test writes there."""
    folder = tmp_path_factory.mktemp("user-config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder / "companion" / "config.toml"
