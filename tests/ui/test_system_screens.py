"""The companion's own screens: settings saved to the file, scores and history, joining."""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame
import pytest
import segno

from companion.config import default_config_text, load_config
from companion.event_log.store import Store
from companion.ports import BacklightFinder, PhoneFacts
from companion.records import AppliedEvent, Event
from companion.table import FairChance, Player, Table
from device.backlight import find_backlight
from tests.ui.conftest import Screen
from tests.ui.readable import written
from tests.ui.yahtzee.yahtzee_players import next_lines
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.screens.join import ADDRESS_CHECK_SECONDS
from ui.screens.qr_code import QUIET_ZONE, QrCode
from ui.screens.setup_menu import SETUP_ENTRIES
from ui.system import SystemSetup


@dataclass
class FakeClock:
    """The app's clock, moved on by the test."""

    now: float = 100.0

    def __call__(self) -> float:
        return self.now


@contextlib.contextmanager
def system_screen(tmp_path: Path, system: SystemSetup, panel: tuple[int, int] = (800, 480),
                  clock: Callable[[], float] | None = None) -> Iterator[Screen]:
    """A headless app on the log at `system.log_path` (made here when not given)."""
    if system.log_path is None:
        system.log_path = tmp_path / "log.db"
    with (
        Store.open(system.log_path) as store,
        Table(store, chance=FairChance(7)) as table,
        App(table, SCENES, ScreenSetup(panel=panel, headless=True), system=system,
            clock=clock or time.monotonic) as app,
    ):
        app.settle()
        yield Screen(app, store)


@pytest.fixture
def config_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    path = tmp_path / "config.toml"
    path.write_text(default_config_text(), encoding="utf-8")
    return path


def sysfs(backlight_root: Path) -> BacklightFinder:
    """The product's backlight finder, looking in a fake sysfs."""
    return partial(find_backlight, backlight_root)


def settings_system(config_file: Path, backlight_root: Path) -> SystemSetup:
    return SystemSetup(config=load_config(config_file), config_file=config_file,
                       find_backlight=sysfs(backlight_root))


# -- the setup menu -------------------------------------------------------------------------


def test_the_home_screens_setup_button_opens_every_entry_of_the_menu(screen) -> None:
    for name, _label, scene in SETUP_ENTRIES:
        screen.run("tap setup", f"tap {name}")
        assert screen.app.scene.name == scene
        screen.run("tap back", "tap back")
        assert screen.app.scene.name == "home"


# -- settings --------------------------------------------------------------------------------


def test_an_invalid_pin_is_refused_in_a_players_sentence_and_the_file_is_unchanged(
    tmp_path: Path, config_file: Path
) -> None:
    before = config_file.read_bytes()
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen:
        screen.run("tap setup", "tap settings", "tap pin", "tap digit:4", "tap digit:8",
                   "tap done")
        assert screen.widget("message").text == (
            "A PIN is 4 to 8 digits, such as 4821: type another.")
        assert "dialog" in screen.names()  # the pad stays open to type it again
    assert config_file.read_bytes() == before


@pytest.mark.parametrize("panel", [(800, 480), (480, 800), (720, 1280)])
def test_after_a_refused_pin_the_digits_typed_stay_in_sight_below_the_sentence(
    tmp_path: Path, config_file: Path, panel: tuple[int, int]
) -> None:
    system = settings_system(config_file, tmp_path / "sys")
    with system_screen(tmp_path, system, panel=panel) as screen:
        screen.run("tap setup", "tap settings", "tap pin", "tap digit:4", "tap digit:8",
                   "tap done", "expect A PIN is 4 to 8 digits")
        typed, said = screen.widget("pin_typed"), screen.widget("message")
        assert typed.text == "48"
        assert not said.rect.colliderect(typed.rect)
        look = screen.app.look
        shown = [text.text for text in written([said], look, screen.app.size)]
        assert not any("…" in line for line in shown), shown
        for name in ("done", "random", "cancel"):
            assert screen.widget(name).rect.h >= look.px(48)


def test_a_margin_out_of_range_is_refused_and_the_file_is_unchanged(
    tmp_path: Path, config_file: Path
) -> None:
    config_file.write_text(default_config_text().replace("margin_deg = 4.0", "margin_deg = 0.0"))
    before = config_file.read_bytes()
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen:
        screen.run("tap setup", "tap settings", "tap margin:-",
                   "expect margin can be 0 to 45, not -1.")
        assert screen.widget("message").text == "The spinner's margin can be 0 to 45, not -1."
        assert screen.widget("margin").text == "0°"
    assert config_file.read_bytes() == before


def test_a_margin_too_wide_for_the_calibrated_seats_says_so_and_the_file_is_unchanged(
    tmp_path: Path, config_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    seats = tmp_path / "state" / "seats.toml"
    seats.parent.mkdir()
    seats.write_text("seat_angles = [0.0, 17.0, 180.0, 270.0]\n", encoding="utf-8")
    before = config_file.read_bytes()
    with (caplog.at_level(logging.INFO, logger="ui.screens.settings"),
          system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen):
        screen.run("tap setup", "tap settings", "tap margin:+")
        assert screen.widget("message").text == (
            "Two seats are only 17° apart, and a margin of 5° needs them more than 20° apart:"
            " lower the margin, or calibrate the seats further apart.")
        assert screen.widget("margin").text == "4°"
    assert config_file.read_bytes() == before
    assert (f"{seats}: spinner.seat_angles has two seats only 17 degrees apart, too close for"
            " margin_deg 5; spread the seats or lower margin_deg.") in caplog.messages[-1]


def test_a_valid_change_is_saved_and_read_back_from_the_file(
    tmp_path: Path, config_file: Path
) -> None:
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen:
        screen.run("tap setup", "tap settings", "tap spin_mode", "expect Saved",
                   "tap dice_source", "tap margin:+", "tap pin", "tap digit:4", "tap digit:8",
                   "tap digit:2", "tap digit:1", "tap done")
        assert screen.widget("spin_mode").text == "Physical"
        assert screen.widget("pin").text == "4821"
    saved = load_config(config_file)
    assert (saved.spinner.mode, saved.tray.dice_source, saved.spinner.margin_deg,
            saved.web.pin) == ("physical", "serial", 5.0, "4821")
    assert "# 4 to 8 digits to change the game from a phone;" in config_file.read_text()


def test_rotation_turns_the_picture_at_once_and_is_saved(
    tmp_path: Path, config_file: Path
) -> None:
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen:
        screen.run("tap setup", "tap settings", "tap rotation")
        assert screen.app.rotation.degrees == 90
        assert screen.app.size == (480, 800)
        assert screen.widget("rotation").text == "90°"
        screen.run("tap face_player")
        assert screen.app.setup.face_player
    saved = load_config(config_file).screen
    assert (saved.rotation, saved.face_player) == (90, True)


def test_the_brightness_moves_the_panels_backlight(tmp_path: Path, config_file: Path) -> None:
    folder = tmp_path / "sys" / "rpi_backlight"
    folder.mkdir(parents=True)
    (folder / "max_brightness").write_text("255\n")
    (folder / "brightness").write_text("204\n")
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen:
        screen.run("tap setup", "tap settings")
        assert screen.widget("brightness").text == "80%"
        screen.run("tap brightness:+", "tap brightness:+")
        assert screen.widget("brightness").text == "100%"
        assert (folder / "brightness").read_text() == "255\n"
        screen.run("tap brightness:-")
        assert (folder / "brightness").read_text() == "230\n"


def test_the_brightness_steps_through_a_panel_with_five_levels(
        tmp_path: Path, config_file: Path) -> None:
    folder = tmp_path / "sys" / "rpi_backlight"
    folder.mkdir(parents=True)
    (folder / "max_brightness").write_text("5\n")
    (folder / "brightness").write_text("1\n")
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen:
        screen.run("tap setup", "tap settings")
        shown = [screen.widget("brightness").text]
        for _ in range(4):
            screen.run("tap brightness:+")
            shown.append(screen.widget("brightness").text)
        assert shown == ["20%", "40%", "60%", "80%", "100%"]


def test_a_screen_without_a_backlight_says_it_has_no_brightness_control(
    tmp_path: Path, config_file: Path
) -> None:
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "none")) as screen:
        screen.run("tap setup", "tap settings")
        assert screen.widget("brightness").text == "This screen has no brightness control"
        assert "brightness:+" not in screen.names()


def test_without_a_configuration_file_a_change_is_refused_with_how_to_have_one(
    tmp_path: Path
) -> None:
    with system_screen(tmp_path, SystemSetup(find_backlight=sysfs(tmp_path / "none"))) as screen:
        screen.run("tap setup", "tap settings", "tap rotation",
                   "expect No configuration file is read")
        assert screen.app.rotation.degrees == 0


# -- scores and history ----------------------------------------------------------------------


def logged_match(store: Store, game: str, names: list[str], rounds: list[list[int]],
                 winner: int | None) -> int:
    """A match written to the log with its rounds: finished when it has a winner, else
    abandoned."""
    players = tuple(Player(name, colour) for name, colour in zip(
        names, ["red", "blue", "green", "yellow"], strict=False))
    match_id = store.create_match(game, {}, players, [0] * len(names), "2026-05-01T20:00:00+00:00")
    for seq, scores in enumerate(rounds, start=1):
        last = seq == len(rounds)
        result = {"winners": [winner], "scores": scores} if last and winner is not None else None
        event = Event(seq, "play", 0, {"action": "test"}, {}, "a round", "0" * 64,
                      f"2026-05-01T20:{seq:02d}:00+00:00")
        store.record(match_id, AppliedEvent(event, "{}", scores), scores, result)
    if winner is None:
        store.abandon_match(match_id)
    return match_id


def test_past_matches_are_listed_newest_first_and_one_opens_to_its_rounds(
    tmp_path: Path
) -> None:
    log = tmp_path / "log.db"
    with Store.open(log) as store:
        logged_match(store, "backgammon", ["Ana", "Ben"], [[2, 0], [2, 4], [5, 4]], winner=0)
        logged_match(store, "classic", ["Cleo", "Dev", "Eve"], [[0, 35, 0]], winner=None)
    with system_screen(tmp_path, SystemSetup(log_path=log)) as screen:
        screen.run("tap setup", "tap history")
        rows = [name for name in screen.names() if name.startswith("match:")]
        assert rows == ["match:2", "match:1"]
        assert "Ana 5 ★ · Ben 4" in screen.widget("match:1").text
        assert "abandoned" in screen.widget("match:2").text
        screen.run("tap match:1")
        assert [screen.widget(f"round:{n}").text for n in (1, 2, 3)] == [
            "Game 1: Ana 2 · Ben 0", "Game 2: Ana 2 · Ben 4", "Game 3: Ana 5 · Ben 4"]
        screen.run("tap back")
        assert "match:2" in screen.names()


def test_a_long_history_is_paged(tmp_path: Path) -> None:
    log = tmp_path / "log.db"
    with Store.open(log) as store:
        for number in range(12):
            logged_match(store, "minigam", [f"P{number}", "Ben"], [[1, 0]], winner=0)
    with system_screen(tmp_path, SystemSetup(log_path=log)) as screen:
        screen.run("tap setup", "tap history")
        first_page = [name for name in screen.names() if name.startswith("match:")]
        assert first_page[0] == "match:12" and len(first_page) < 12
        assert not screen.widget("scroll:up").enabled
        seen = list(first_page)
        while screen.widget("scroll:down").enabled:
            screen.run("tap scroll:down")
            seen += [name for name in screen.names() if name.startswith("match:")]
        assert seen == [f"match:{n}" for n in range(12, 0, -1)]
        screen.run("tap scroll:down", "expect This is the last page.")


def test_the_match_on_the_table_shows_its_scoresheet(screen) -> None:
    screen.app.system.log_path = screen.store.path
    screen.run("new backgammon --names Ana,Ben --option match_length=3", "tap back",
               "tap setup", "tap history")
    assert screen.widget("sheet_title").text == "Backgammon · Match to 3"
    assert screen.widget("sheet:now").text == "Now: Ana 0 · Ben 0"
    assert screen.widget("match:1").text.startswith("#1 Backgammon")


def test_with_no_match_the_history_says_so(screen) -> None:
    screen.run("tap setup", "tap history", "expect No match is on the table yet.",
               "expect No matches yet.")


# -- join ------------------------------------------------------------------------------------


def drawn_modules(screen: Screen, code: QrCode) -> list[list[bool]]:
    """The QR code as the screen shows it: dark or light at each module's centre."""
    picture = screen.app.screenshot()
    size = code.module_size()
    ground = code.code_rect()
    left, top = ground.x + QUIET_ZONE * size, ground.y + QUIET_ZONE * size
    count = len(code.matrix)
    return [[picture.get_at((left + x * size + size // 2, top + y * size + size // 2))[:3]
             == (0, 0, 0) for x in range(count)] for y in range(count)]


def test_the_join_code_holds_the_phone_pages_ip_address_and_is_drawn_to_scan(
    tmp_path: Path
) -> None:
    system = SystemSetup(address=lambda: "192.168.1.20")
    with system_screen(tmp_path, system) as screen:
        screen.run("tap setup", "tap join")
        code = screen.widget("qr")
        assert isinstance(code, QrCode)
        assert code.text == "http://192.168.1.20:8080/"
        expected = segno.make("http://192.168.1.20:8080/", error="m", micro=False)
        assert [[bool(m) for m in row] for row in expected.matrix] == drawn_modules(screen, code)
        assert code.module_size() >= 8  # a phone at arm's length reads 8-pixel modules
        assert screen.widget("address").text == "http://192.168.1.20:8080/"
        assert "No fixed PIN" in screen.widget("pin").text


def test_without_the_phone_page_in_this_process_the_join_screen_says_how_to_start_it(
    tmp_path: Path
) -> None:
    system = SystemSetup(address=lambda: "192.168.1.20")
    with system_screen(tmp_path, system, panel=(480, 800)) as screen:
        screen.run("tap setup", "tap join")
        how = screen.widget("how").text
        assert "does not run the phone page" in how
        assert "companion web" in how and "companion run" in how
        assert screen.widget("qr").text == "http://192.168.1.20:8080/"
        look = screen.app.look
        words = [screen.widget(name) for name in ("how", "address", "pin")]
        shown = [text.text for text in written(words, look, screen.app.size)]
        assert not any("…" in line for line in shown), shown
        assert min(text.pixels for text in written(words, look, screen.app.size)) >= 24


def test_the_phone_page_this_process_serves_is_joined_without_a_word_on_starting_it(
    tmp_path: Path
) -> None:
    system = SystemSetup(address=lambda: "192.168.1.20", phone=PhoneFacts(8123, "4821"))
    with system_screen(tmp_path, system) as screen:
        screen.run("tap setup", "tap join")
        assert screen.widget("how").text == "Join the table's Wi-Fi, then scan the code or open:"
        assert screen.widget("qr").text == "http://192.168.1.20:8123/"
        assert screen.widget("pin").text == "PIN: 4821"


def test_the_join_screen_follows_the_address_when_the_network_changes(tmp_path: Path) -> None:
    clock = FakeClock()
    addresses: list[str | None] = ["192.168.1.20"]
    system = SystemSetup(address=lambda: addresses[-1])
    with system_screen(tmp_path, system, clock=clock) as screen:
        screen.run("tap setup", "tap join")
        addresses.append("10.0.0.7")
        clock.now += ADDRESS_CHECK_SECONDS / 2
        screen.app.step(None)
        assert screen.widget("qr").text == "http://192.168.1.20:8080/"  # not looked at yet
        clock.now += ADDRESS_CHECK_SECONDS
        screen.app.step(None)
        code = screen.widget("qr")
        assert code.text == "http://10.0.0.7:8080/"
        assert drawn_modules(screen, code) == [list(row) for row in code.matrix]
        addresses.append(None)
        clock.now += ADDRESS_CHECK_SECONDS
        screen.app.step(None)
        assert "qr" not in screen.names()
        assert "on no network" in screen.widget("address").text


def test_a_fixed_pin_and_port_are_shown_with_the_address(tmp_path: Path) -> None:
    config_path = tmp_path / "config.toml"
    config_path.write_text('[web]\nport = 8123\npin = "4821"\n')
    system = SystemSetup(config=load_config(config_path), address=lambda: "192.168.1.20")
    with system_screen(tmp_path, system, panel=(720, 1280)) as screen:
        screen.run("tap setup", "tap join")
        assert screen.widget("qr").text == "http://192.168.1.20:8123/"
        assert screen.widget("pin").text == "PIN: 4821"


def test_a_script_sets_the_network_the_join_screen_shows(screen) -> None:
    screen.run("tap setup", "tap join", "network 10.1.2.3", "expect http://10.1.2.3:8080/",
               "network none", "expect on no network")
    with pytest.raises(Exception, match="not an IP address"):
        screen.run("network 10.1.2")


def test_escape_leaves_the_companions_screens(screen) -> None:
    screen.run("tap setup", "tap join")
    screen.app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                               unicode="", scancode=0))
    assert screen.app.scene.name == "setup"


@pytest.mark.parametrize("panel", [(800, 480), (480, 800), (720, 1280)])
@pytest.mark.parametrize("with_file", [True, False], ids=["file", "no-file"])
def test_where_the_settings_are_saved_and_a_missing_brightness_are_readable_and_whole(
    tmp_path: Path, config_file: Path, panel: tuple[int, int], with_file: bool
) -> None:
    system = (settings_system(config_file, tmp_path / "sys") if with_file
              else SystemSetup(find_backlight=sysfs(tmp_path / "sys")))
    with system_screen(tmp_path, system, panel=panel) as screen:
        screen.run("tap setup", "tap settings")
        look = screen.app.look
        texts = written([screen.widget("file"), screen.widget("brightness")], look,
                        screen.app.size)
        assert {text.widget for text in texts} == {"file", "brightness"}
        assert [text for text in texts if text.pixels < look.px(24)] == []
        assert [text for text in texts if "…" in text.text] == []


def _sheet_rows(screen: Screen) -> list[str]:
    return [widget.text for widget in screen.app.scene.visible_widgets()
            if widget.name.startswith("sheet:") and widget.name[6:].isdigit()]


@pytest.mark.parametrize("panel", [(800, 480), (480, 800)])
def test_a_long_scoresheet_starts_at_its_latest_claims_and_pages_back_to_the_first(
    make_screen, panel: tuple[int, int]
) -> None:
    screen = make_screen(panel)
    screen.app.system.log_path = screen.store.path
    screen.run("new yahtzee --names Ana,Ben")
    rng = random.Random(5)
    while len(screen.store.rounds(screen.app.snapshot.match_id)) < 8:
        screen.run(*next_lines(screen, rng))
    screen.run("tap back", "tap setup", "tap history")
    rounds = screen.store.rounds(screen.app.snapshot.match_id)
    shown = _sheet_rows(screen)
    assert shown[-1].startswith(f"Claim {len(rounds)}: ")
    assert "sheet:now" in screen.names() and not screen.widget("sheet:down").enabled
    seen = list(shown)
    while screen.widget("sheet:up").enabled:
        screen.run("tap sheet:up")
        seen = _sheet_rows(screen) + [row for row in seen if row not in _sheet_rows(screen)]
    assert [row.split(":")[0] for row in seen] == [f"Claim {n}" for n in
                                                   range(1, len(rounds) + 1)]
    screen.run("tap sheet:down")
    assert _sheet_rows(screen)[0] != seen[0]
