"""The tables of the configuration with more than plain values: the spinner (its pins,
its home sensor, its seats), the tray and the screen, each read key by key with one
`KeyReader` that collects every problem."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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

Reader = Callable[[Mapping[str, Any], str, Any, str], Any]
"""Reads one key: (the table, the key, its default, the table's prefix) -> its value."""


def _read_fields(
    reader: KeyReader,
    data: Mapping[str, Any],
    kind: Any,
    prefix: str,
    choices: Mapping[str, tuple[str, ...]],
    own: Mapping[str, Reader] | None = None,
) -> Any:
    """A table of `kind`'s fields: a key in `choices` must be one of its words, a key in
    `own` is read by its own reader, every other key is a plain value of its default's type."""
    own = own or {}
    reader.unknown(data, prefix, {f.name for f in fields(kind)})
    defaults = kind()
    values: dict[str, Any] = {}
    for spec in fields(kind):
        default = getattr(defaults, spec.name)
        if spec.name in choices:
            values[spec.name] = reader.choice(data, spec.name, default, choices[spec.name], prefix)
        elif spec.name in own:
            values[spec.name] = own[spec.name](data, spec.name, default, prefix)
        else:
            values[spec.name] = reader.value(data, spec.name, default, prefix)
    return kind(**values)


def parse_spinner(reader: KeyReader, data: Mapping[str, Any]) -> SpinnerConfig:
    """`[spinner]` with its `pins` and `home` tables; problems go to `reader`."""
    def table_of(kind: Any) -> Reader:
        return lambda table, key, _default, prefix: reader.section(table, key, kind, prefix)

    spinner: SpinnerConfig = _read_fields(
        reader, data, SpinnerConfig, "spinner.",
        choices={"driver": DRIVERS, "mode": SPIN_MODES},
        own={"seat_angles": reader.seat_angles, "pins": table_of(SpinnerPins),
             "home": table_of(HomeConfig)},
    )
    return spinner


def parse_tray(reader: KeyReader, data: Mapping[str, Any]) -> TrayConfig:
    """`[tray]`; problems go to `reader`."""
    tray: TrayConfig = _read_fields(
        reader, data, TrayConfig, "tray.",
        choices={"sensor_kind": SENSOR_KINDS, "dice_source": DICE_SOURCES},
    )
    return tray


def parse_screen(reader: KeyReader, data: Mapping[str, Any]) -> ScreenConfig:
    """`[screen]`; problems go to `reader`."""
    screen: ScreenConfig = _read_fields(
        reader, data, ScreenConfig, "screen.", choices={"fullscreen": FULLSCREEN_MODES}
    )
    return screen
