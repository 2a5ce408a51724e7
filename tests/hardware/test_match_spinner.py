"""The spinner fitted for a match: the configured motor, or software picks that say why."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.config import load_config
from companion.event_log.store import Store
from companion.games.base import ChanceRequest, Note
from companion.hardware import table_spins
from companion.hardware.match_spinner import evenly_spaced, match_spinner, seats_for_match
from companion.hardware.table_spinner import TableSpinner
from companion.table import FairChance, NewMatch, SoftwarePick, Table, default_players
from companion.table.chance import SoftwareSpinner
from device.errors import DeviceError

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
LINE = re.compile(r"^#(\d+) (.+)$")



def heard(said: list[str]) -> Callable[[Note], None]:
    """Keeps what `match_spinner` says, in English (the demo says it in the table's language)."""
    return lambda note: said.append(note.render(str))

def spin_request(players: int) -> ChanceRequest:
    return ChanceRequest("spin", "Spin!", seats=tuple(range(players)))


def test_the_simulated_spinner_points_at_every_player_of_a_larger_table(write_config) -> None:  # type: ignore[no-untyped-def]
    config = load_config(write_config('backend = "sim"\n'))
    fitted, problem = seats_for_match(config, 6)
    assert problem is None
    assert fitted.spinner.seat_angles == evenly_spaced(6)


def test_real_hardware_with_too_few_calibrated_seats_says_to_calibrate(write_config) -> None:  # type: ignore[no-untyped-def]
    config = load_config(write_config('backend = "gpio"\n'))
    fitted, problem = seats_for_match(config, 6)
    assert fitted is config
    assert problem is not None and problem.render(str) == (
        "The spinner knows 4 seats and this game has 6 players: the companion picks the seat"
        " instead; calibrate 6 seats with `companion hw calibrate`."
    )


def test_a_match_too_large_for_the_calibrated_hardware_says_why_once_and_picks(
    write_config,  # type: ignore[no-untyped-def]
) -> None:
    config = load_config(write_config('backend = "gpio"\n'))
    said: list[str] = []
    with match_spinner(config, [*NAMES, "Emil", "Fay"], seed=4, say=heard(said)) as spins:
        assert isinstance(spins, table_spins.SoftwareSpins)
        assert spins.outcome(spin_request(6)) in range(6)
    problem = seats_for_match(config, 6)[1]
    assert problem is not None and said == [problem.render(str)]


def test_fewer_players_than_calibrated_seats_keep_the_calibration(write_config) -> None:  # type: ignore[no-untyped-def]
    config = load_config(write_config('backend = "gpio"\n'))
    assert seats_for_match(config, 3) == (config, None)


def test_a_working_spinner_gives_results_at_once_and_the_pointer_follows(write_config) -> None:  # type: ignore[no-untyped-def]
    config = load_config(write_config('backend = "sim"\n'))
    said: list[str] = []
    with match_spinner(config, NAMES, seed=4, say=heard(said)) as spins:
        assert isinstance(spins, TableSpinner)
        results = [spins.outcome(spin_request(4)) for _ in range(5)]
        assert spins.wait_idle(20.0)
        assert [outcome.software_pick for outcome in spins.outcomes] == [False] * 5
        assert not spins.last_pick_in_software
    assert all(result in range(4) for result in results)
    assert said == []


def test_a_dead_home_sensor_leaves_spins_to_software_picks_and_says_why_once(write_config) -> None:  # type: ignore[no-untyped-def]
    config = load_config(write_config('backend = "sim"\n[sim]\ndead_home_sensor = true\n'))
    said: list[str] = []
    with match_spinner(config, NAMES, seed=4, say=heard(said)) as spins:
        assert isinstance(spins, TableSpinner)
        assert spins.wait_idle(20.0)
        for _ in range(3):
            assert spins.outcome(spin_request(4)) in range(4)
            assert spins.last_pick_in_software
    assert len(said) == 1
    assert said[0].startswith("Spinner unavailable: The spinner's home sensor was not found")


def test_a_spinner_that_cannot_be_opened_leaves_spins_to_software_picks(
    write_config,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    def unplugged(*_args: object, **_kwargs: object) -> TableSpinner:
        raise DeviceError("No GPIO pin factory works on this machine.")

    # The one place a table's spinner is opened (`table_spins`).
    monkeypatch.setattr(table_spins, "open_table_spinner", unplugged)
    config = load_config(write_config('backend = "gpio"\n'))
    said: list[str] = []
    with match_spinner(config, NAMES, seed=4, say=heard(said)) as spins:
        assert isinstance(spins, table_spins.SoftwareSpins)
        assert spins.outcome(spin_request(4)) in range(4)
    assert said == [
        "Software picks for spins: the spinner could not be opened."
        " No GPIO pin factory works on this machine."
    ]


def test_a_software_pick_is_logged_as_the_companions_pick(tmp_path: Path) -> None:
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(1), spinner=SoftwarePick(1)) as table,
    ):
        table.post(NewMatch("tiki", default_players(4), {})).result()
        text = spin_line(table)
    assert re.fullmatch(
        r"The companion picks (Ana|Ben|Cleo|Dev): the spinner is unavailable.*", text
    )


def test_a_spin_of_the_spinner_is_logged_as_where_it_points(tmp_path: Path) -> None:
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(1), spinner=SoftwareSpinner(1)) as table,
    ):
        table.post(NewMatch("tiki", default_players(4), {})).result()
        text = spin_line(table)
    assert re.fullmatch(r"The spinner points at (Ana|Ben|Cleo|Dev)\..*", text)


def spin_line(table: Table) -> str:
    """Play the match on until the first spin; the spin's log line."""
    import random

    from companion.app.commands.demo import choose_command
    from companion.games.registry import game_spec

    rng = random.Random(2)
    for _ in range(5000):
        snapshot = table.snapshot
        assert snapshot is not None and not snapshot.is_over
        spinning = snapshot.chance is not None and snapshot.chance.kind == "spin"
        outcome = table.post(choose_command(snapshot, game_spec("tiki"), rng)).result()
        if spinning and outcome.applied:
            return outcome.text
    raise AssertionError("no spin in 5000 commands")


def demo(db: Path, *extra: str) -> int:
    return main(["demo", "--pace", "0", "--db", str(db), "--seed", "3", *extra])


def test_the_demo_spins_the_configured_spinner(
    tmp_path: Path,
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    config = write_config('backend = "sim"\n')
    assert (
        demo(tmp_path / "log.db", "--game", "tiki", "--players", "6", "--config", str(config)) == 0
    )
    out, err = capsys.readouterr()
    assert err == ""
    assert "The spinner points at Fay" in out
    assert "The companion picks" not in out


def test_the_demo_with_a_dead_spinner_picks_in_software_and_finishes(
    tmp_path: Path,
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    config = write_config('backend = "sim"\n[sim]\ndead_home_sensor = true\n')
    assert demo(tmp_path / "log.db", "--game", "tiki", "--config", str(config)) == 0
    out, err = capsys.readouterr()
    assert err.startswith("companion: Spinner unavailable: The spinner's home sensor was not found")
    assert err.count("\n") == 1
    assert "The companion picks" in out and "The spinner points at" not in out
    assert re.search(r"^Match 1 is over after #\d+: ", out, re.MULTILINE)


def test_the_demo_with_a_broken_config_file_says_so_and_plays_with_software_picks(
    tmp_path: Path,
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    config = write_config('backend = "sim"\n[spinner\n')
    assert demo(tmp_path / "log.db", "--game", "tiki", "--config", str(config)) == 0
    out, err = capsys.readouterr()
    cannot = "companion: Software picks for spins: the configuration cannot be used."
    assert err.startswith(f"{cannot} {config}: not valid TOML")
    assert "The companion picks" in out


def test_a_game_without_spins_does_not_read_the_spinner_config(
    tmp_path: Path,
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    config = write_config("[spinner\n")
    assert demo(tmp_path / "log.db", "--game", "yahtzee", "--config", str(config)) == 0
    assert capsys.readouterr().err == ""
