"""Settings: the screen's language, rotation and turning, the spinner's mode and margin, the
dice, the brightness and the phones' PIN, saved to the configuration file.

Every change is checked as `companion config check` checks the file, and
saved atomically (`companion.config_save`); a change the configuration
refuses is refused on screen with its own sentence, and the file is left as
it was. The language, rotation and `face_player` apply at once; the spinner, the dice tray
and the phone page read theirs at the companion's next start. Brightness is
the panel's own (the product's `BacklightPort`, `companion.ports`), not a
setting of the file.

Widgets: `language` (each language by its own name: English, Cymraeg), `rotation`,
`face_player`, `spin_mode`, `margin:-`, `margin`,
`margin:+`, `dice_source`, `brightness:-`, `brightness`, `brightness:+`
(`brightness` alone says so when the screen has no control), `pin` (opens the
PIN pad: `digit:<0-9>`, `delete`, `random`, `done`, `cancel`, `pin_typed`,
`dialog`), `label:<setting>` beside each, `file`, `title`, `back`, `message`.

The PIN is the file's `[web] pin` when it sets one, else the random one the
companion keeps in its data directory (`companion.datadir.kept_pin`): `random`
makes a new one there and clears the file's. Started without `--config`, the
settings are saved in the person's own file (`companion.config.settings_path`),
made by the first change.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, ClassVar, TypeVar

import pygame

from companion.config_refusals import said_on_screen
from companion.config_save import TomlValue, save_settings
from companion.config_schema import DICE_SOURCES, ROTATIONS, SPIN_MODES
from companion.datadir import kept_pin, read_kept_pin
from companion.errors import CompanionError, ConfigError
from companion.i18n import _, available_languages, language_name, use_language
from ui import layout, theme
from ui.scene import Scene, SystemStage
from ui.scene_parts import message_widgets, screen_header
from ui.screens.pin_pad import pin_pad
from ui.widgets import Button, Label, TextBlock, Widget, wrap_text

if TYPE_CHECKING:
    from companion.ports import BacklightPort

log = logging.getLogger(__name__)

MARGIN_STEP = 1.0
"""Degrees one tap of `margin:-` or `margin:+` moves the margin."""
BRIGHTNESS_STEP = 10
"""Percent one tap of `brightness:-` or `brightness:+` moves the brightness."""
Choice = TypeVar("Choice", int, str)
AT_ONCE = frozenset({"screen.language", "screen.rotation", "screen.face_player"})
"""The keys the screen uses as soon as they are saved; the others, from the next start."""


def _spin_mode_words(mode: str) -> str:
    return {"fair": _("Fair"), "physical": _("Physical")}.get(mode, mode)


def _dice_words(source: str) -> str:
    return {"touch": _("Tapped on screen"), "fair": _("Companion rolls"),
            "serial": _("Dice reader")}.get(source, source)


def _next(options: tuple[Choice, ...], value: Choice) -> Choice:
    """The option after `value` in `options`, round to the first."""
    index = options.index(value) if value in options else -1
    return options[(index + 1) % len(options)]


class SettingsScene(Scene):
    """The settings a person changes at the table, saved to the configuration file."""

    name: ClassVar[str] = "settings"
    stage: SystemStage

    def __init__(self, stage: SystemStage) -> None:
        super().__init__(stage)
        self.backlight: BacklightPort | None = None
        self.pin_typed: str | None = None
        """The digits typed on the PIN pad while it is open; None when it is closed."""

    def shown(self) -> None:
        """Look for the panel's backlight again (a panel may have been plugged in)."""
        self.backlight = self.stage.system.find_backlight()
        self.pin_typed = None
        super().shown()

    def build(self) -> list[Widget]:
        """The title, one row per setting (two columns on a wide screen), where they are
        saved; the PIN pad over them while it is open."""
        look = self.stage.look
        width, height = self.stage.size
        gap = look.px(8)
        header = screen_header(look, self.stage.size, gap, _("Settings"), self.go_back)
        rest = header.body
        area = header.area
        font = look.font(theme.TEXT_MIN)
        lines = len(wrap_text(self._file_words(), font, rest.w - look.px(10)))
        footer_h = min(look.px(130), max(look.px(44), lines * font.get_linesize() + look.px(10)))
        footer, rest = layout.take_bottom(rest, footer_h, gap)
        widgets: list[Widget] = [
            *header.widgets,
            TextBlock("file", footer, self._file_words(), colour=theme.MUTED),
        ]
        rows = self._rows()
        columns = layout.columns(rest, 2 if width > height else 1, look.px(28))
        per_col = -(-len(rows) // len(columns))
        row_height = min(look.px(64), (rest.h - gap * (per_col - 1)) // per_col)
        cells = [cell for column in columns
                 for cell in layout.grid(column, 1, per_col, row_height, gap)]
        for build_row, cell in zip(rows, cells, strict=False):
            widgets += build_row(cell)
        if self.pin_typed is not None:
            return widgets + pin_pad(self, pygame.Rect((0, 0), self.stage.size), look)
        widgets += message_widgets(self.stage, pygame.Rect(
            area.x, area.bottom - look.px(110), area.w, look.px(110)))
        return widgets

    def _rows(self) -> list[Callable[[pygame.Rect], list[Widget]]]:
        return [self._language_row, self._rotation_row, self._face_row, self._brightness_row,
                self._pin_row, self._spin_mode_row, self._margin_row, self._dice_row]

    # -- the rows -------------------------------------------------------------------------

    def _labelled(self, key: str, label: str, row: pygame.Rect) -> tuple[Label, pygame.Rect]:
        """The setting's label on the left of `row`, and the room for its control."""
        label_area, control = layout.take_left(row, row.w * 9 // 20, self.stage.look.px(8))
        return Label(f"label:{key}", label_area, label), control

    def _choice_row(self, key: str, label: str, row: pygame.Rect, shown: str,
                    on_tap: Callable[[], None]) -> list[Widget]:
        words, control = self._labelled(key, label, row)
        return [words, Button(key, control, shown, on_tap=on_tap)]

    def _language_row(self, row: pygame.Rect) -> list[Widget]:
        language = self.stage.system.config.screen.language
        languages = tuple(available_languages())
        return self._choice_row("language", _("Language"), row, language_name(language),
                                partial(self.choose_language, _next(languages, language)))

    def _rotation_row(self, row: pygame.Rect) -> list[Widget]:
        rotation = self.stage.system.config.screen.rotation
        return self._choice_row("rotation", _("Rotation"), row, f"{rotation}°",
                                self.turn)

    def _face_row(self, row: pygame.Rect) -> list[Widget]:
        facing = self.stage.system.config.screen.face_player
        return self._choice_row("face_player", _("Face the player"), row,
                                _("On") if facing else _("Off"), self.toggle_face_player)

    def _spin_mode_row(self, row: pygame.Rect) -> list[Widget]:
        mode = self.stage.system.config.spinner.mode
        return self._choice_row("spin_mode", _("Spin mode"), row, _spin_mode_words(mode),
                                partial(self.choose, "spinner.mode", _next(SPIN_MODES, mode)))

    def _dice_row(self, row: pygame.Rect) -> list[Widget]:
        source = self.stage.system.config.tray.dice_source
        return self._choice_row("dice_source", _("Dice"), row, _dice_words(source),
                                partial(self.choose, "tray.dice_source",
                                        _next(DICE_SOURCES, source)))

    def _pin_row(self, row: pygame.Rect) -> list[Widget]:
        system = self.stage.system
        pin = system.config.web.pin
        if not pin and system.log_path is not None:
            pin = read_kept_pin(system.log_path.parent) or ""
        return self._choice_row("pin", _("Phone PIN"), row, pin or _("Random"),
                                self.open_pin_pad)

    def _stepper(self, key: str, label: str, row: pygame.Rect, shown: str,
                 step: Callable[[int], None]) -> list[Widget]:
        words, control = self._labelled(key, label, row)
        look = self.stage.look
        minus, control = layout.take_left(control, look.px(56), look.px(6))
        plus, value = layout.take_right(control, look.px(56), look.px(6))
        return [words,
                Button(f"{key}:-", minus, "−", on_tap=lambda: step(-1)),
                Label(key, value, shown, centred=True, bold=True),
                Button(f"{key}:+", plus, "+", on_tap=lambda: step(1))]

    def _margin_row(self, row: pygame.Rect) -> list[Widget]:
        margin = self.stage.system.config.spinner.margin_deg
        return self._stepper("margin", _("Margin"), row, f"{margin:g}°", self.step_margin)

    def _brightness_row(self, row: pygame.Rect) -> list[Widget]:
        if self.backlight is None:
            return [TextBlock("brightness", row, _("This screen has no brightness control"),
                              colour=theme.MUTED)]
        try:
            shown = f"{self.backlight.percent()}%"
        except CompanionError:
            shown = "?"
        return self._stepper("brightness", _("Brightness"), row, shown, self.step_brightness)

    def _file_words(self) -> str:
        path = self.stage.system.config_file
        if path is None:
            return _("No configuration file is read (the built-in defaults apply): start the"
                     " companion with one to change these settings here.")
        if not path.exists():
            return _("Saved in {path} (made by the first change)").format(path=path)
        return _("Saved in {path}").format(path=path)

    # -- what the controls do -----------------------------------------------------------------

    def change(self, changes: dict[str, TomlValue]) -> bool:
        """Check and save `changes` (dotted keys of the file); True when they were saved.

        A refused change is said on screen in the table's language, and in the file's own
        English line (naming the file and the key) in the journal.
        """
        system = self.stage.system
        if system.config_file is None:
            self.stage.say(self._file_words())
            return False
        try:
            system.config = save_settings(system.config_file, changes)
        except ConfigError as error:
            log.info("A change on the settings screen was refused: %s", error)
            self.stage.say(said_on_screen(error))
            return False
        if AT_ONCE.issuperset(changes):
            self.rebuild()
        else:
            self.stage.say(_("Saved. It is used from the companion's next start."),
                           refusal=False)
        return True

    def choose(self, key: str, value: TomlValue) -> None:
        """Set one setting to `value` (a tap on its button)."""
        self.change({key: value})

    def choose_language(self, language: str) -> None:
        """Show every word in `language` from now on, and save it for the next start."""
        if self.change({"screen.language": language}):
            use_language(language)
            self.rebuild()

    def turn(self) -> None:
        """The next rotation, a quarter turn further; the picture turns at once."""
        screen = self.stage.system.config.screen
        rotation = _next(ROTATIONS, screen.rotation)
        if self.change({"screen.rotation": rotation}):
            self.stage.change_screen(rotation, screen.face_player)

    def toggle_face_player(self) -> None:
        """Turn toward the player on roll, or stop doing so; at once."""
        screen = self.stage.system.config.screen
        if self.change({"screen.face_player": not screen.face_player}):
            self.stage.change_screen(screen.rotation, not screen.face_player)

    def step_margin(self, direction: int) -> None:
        """One step more or less margin (the configuration refuses what is out of range)."""
        margin = self.stage.system.config.spinner.margin_deg
        self.change({"spinner.margin_deg": round(margin + direction * MARGIN_STEP, 3)})

    def step_brightness(self, direction: int) -> None:
        """One step brighter or dimmer, on the panel at once."""
        if self.backlight is None:
            return
        try:
            self.backlight.step(direction, BRIGHTNESS_STEP)
        except CompanionError as error:
            self.stage.say(str(error))
        self.rebuild()

    # -- the PIN pad ------------------------------------------------------------------------

    def open_pin_pad(self) -> None:
        """Open the PIN pad, starting empty."""
        self.pin_typed = ""
        self.rebuild()

    def type_digit(self, digit: str) -> None:
        """One digit of the new PIN."""
        if self.pin_typed is not None and len(self.pin_typed) < 12:
            self.pin_typed += digit
            self.rebuild()

    def delete_digit(self) -> None:
        """Take back the last digit typed."""
        if self.pin_typed:
            self.pin_typed = self.pin_typed[:-1]
            self.rebuild()

    def save_pin(self, pin: str) -> None:
        """Save `pin` as the fixed PIN; the pad closes when it is saved."""
        if self.change({"web.pin": pin}):
            self.pin_typed = None
            self.rebuild()

    def new_random_pin(self) -> None:
        """A new random PIN kept in the data directory (the file's fixed one cleared); the
        pad closes and says the new PIN, which phones need from the next start."""
        system = self.stage.system
        if system.log_path is None:
            self.save_pin("")
            return
        if system.config.web.pin and not self.change({"web.pin": ""}):
            return
        try:
            pin = kept_pin(system.log_path.parent, renew=True)
        except CompanionError as error:
            self.stage.say(str(error))
            return
        self.pin_typed = None
        self.rebuild()
        self.stage.say(_("New PIN {pin}: phones use it from the companion's next start.")
                       .format(pin=pin), refusal=False)

    def close_pin_pad(self) -> None:
        """Close the PIN pad without saving."""
        self.pin_typed = None
        self.rebuild()

    def go_back(self) -> None:
        """Back to the setup menu."""
        self.stage.go("setup")

    def text_typed(self, text: str) -> None:
        """Digits from a physical keyboard type on the open PIN pad."""
        for char in text:
            if char.isascii() and char.isdigit():
                self.type_digit(char)

    def key_pressed(self, key: int) -> None:
        """Backspace deletes a digit, Enter saves the PIN, Escape closes the pad or goes back."""
        if self.pin_typed is not None:
            if key == pygame.K_BACKSPACE:
                self.delete_digit()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save_pin(self.pin_typed)
            elif key == pygame.K_ESCAPE:
                self.close_pin_pad()
        elif key == pygame.K_ESCAPE:
            self.go_back()


__all__ = ["SettingsScene"]
