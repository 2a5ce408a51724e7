"""The tables of the configuration with more than plain values: the spinner (its pins,
its home sensor, its seats), the tray and the screen, each read key by key with one
`KeyReader` that collects every problem."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from companion.config_schema import (
    DICE_SOURCES,
    DRIVERS,
    FULLSCREEN_MODES,
    SENSOR_KINDS,
    SPIN_MODES,
    HomeConfig,
    KeyReader,
    ScreenConfig,
    SpinnerConfig,
    SpinnerPins,
    TrayConfig,
)

__all__ = ["parse_screen", "parse_spinner", "parse_tray"]


def parse_spinner(reader: KeyReader, data: Mapping[str, Any]) -> SpinnerConfig:
    """`[spinner]` with its `pins` and `home` tables; problems go to `reader`."""
    prefix = "spinner."
    known = {f.name for f in fields(SpinnerConfig)}
    reader.unknown(data, prefix, known)
    defaults = SpinnerConfig()
    values: dict[str, Any] = {}
    for spec in fields(SpinnerConfig):
        if spec.name in ("pins", "home", "seat_angles", "driver", "mode"):
            continue
        values[spec.name] = reader.value(data, spec.name, getattr(defaults, spec.name), prefix)
    values["driver"] = reader.choice(data, "driver", defaults.driver, DRIVERS, prefix)
    values["mode"] = reader.choice(data, "mode", defaults.mode, SPIN_MODES, prefix)
    values["seat_angles"] = reader.seat_angles(data, "seat_angles", defaults.seat_angles, prefix)
    values["pins"] = reader.section(data, "pins", SpinnerPins, prefix)
    values["home"] = reader.section(data, "home", HomeConfig, prefix)
    return SpinnerConfig(**values)


def parse_tray(reader: KeyReader, data: Mapping[str, Any]) -> TrayConfig:
    """`[tray]`; problems go to `reader`."""
    prefix = "tray."
    reader.unknown(data, prefix, {f.name for f in fields(TrayConfig)})
    defaults = TrayConfig()
    values = {
        spec.name: reader.value(data, spec.name, getattr(defaults, spec.name), prefix)
        for spec in fields(TrayConfig)
        if spec.name not in ("dice_source", "sensor_kind")
    }
    values["sensor_kind"] = reader.choice(
        data, "sensor_kind", defaults.sensor_kind, SENSOR_KINDS, prefix
    )
    values["dice_source"] = reader.choice(
        data, "dice_source", defaults.dice_source, DICE_SOURCES, prefix
    )
    return TrayConfig(**values)


def parse_screen(reader: KeyReader, data: Mapping[str, Any]) -> ScreenConfig:
    """`[screen]`; problems go to `reader`."""
    prefix = "screen."
    reader.unknown(data, prefix, {f.name for f in fields(ScreenConfig)})
    defaults = ScreenConfig()
    values = {
        spec.name: reader.value(data, spec.name, getattr(defaults, spec.name), prefix)
        for spec in fields(ScreenConfig)
        if spec.name != "fullscreen"
    }
    values["fullscreen"] = reader.choice(
        data, "fullscreen", defaults.fullscreen, FULLSCREEN_MODES, prefix
    )
    return ScreenConfig(**values)
