"""The `companion` command itself: help, version, exit codes."""

import argparse
import gc
import subprocess
import sys

import pytest

from companion import __version__
from companion.cli import build_parser, main


def test_version_flag_prints_the_package_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "--version"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"companion {__version__}"


def test_no_arguments_runs_the_whole_companion_as_companion_run_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import companion.product

    asked: list[companion.product.RunRequest] = []
    monkeypatch.setattr(companion.product, "run_product",
                        lambda request: asked.append(request) or 0)
    assert main([]) == 0
    assert asked == [companion.product.RunRequest()]


def test_help_still_prints_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    assert "usage: companion" in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["no-such-command"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize(
    "command",
    [
        ["uno", "simulate"],
        ["yahtzee", "simulate", "--players", "2"],
        ["demo", "--game", "tiki", "--pace", "0"],
    ],
)
@pytest.mark.parametrize("seed", ["-5", "five", "1.5"])
def test_a_seed_is_a_whole_number_zero_or_more_in_every_command(
    command: list[str], seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--seed", seed])
    assert exit_.value.code == 2
    assert f"argument --seed: A seed is a whole number, 0 or more, not '{seed}'." in (
        capsys.readouterr().err
    )


def every_parser() -> list[tuple[str, argparse.ArgumentParser]]:
    """The `companion` parser and every subcommand's parser, with their command lines."""
    found: list[tuple[str, argparse.ArgumentParser]] = []

    def walk(name: str, parser: argparse.ArgumentParser) -> None:
        found.append((name, parser))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub, child in action.choices.items():
                    walk(f"{name} {sub}", child)

    walk("companion", build_parser())
    return found


def test_every_command_and_option_help_is_a_short_lowercase_phrase() -> None:
    for name, parser in every_parser():
        for action in parser._actions:
            helps = [action.help or ""]
            if isinstance(action, argparse._SubParsersAction):
                helps = [choice.help or "" for choice in action._choices_actions]
            for text in helps:
                if not text or text == argparse.SUPPRESS:
                    continue
                assert not text[0].isupper() or text.split()[0] in UPPER_WORDS, (name, text)
                assert not text.endswith("."), (name, text)
                assert len(text) <= 80, (name, text)


UPPER_WORDS = {"Backgammon", "Mini-Gam", "Multi-Gam", "UNO", "N"}
"""Words a help phrase may start with in capitals: names, and a metavar."""


def test_the_companion_process_freezes_its_start_up_objects_out_of_the_collectors_sight(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert gc.get_freeze_count() == 0
    try:
        assert main(["bg", "show", "--position-id", "4HPwATDgc/ABMA"], freeze_start_up=True) == 0
        assert gc.get_freeze_count() > 1000  # the modules, the parser and the games
    finally:
        gc.unfreeze()
    assert "Position ID: 4HPwATDgc/ABMA" in capsys.readouterr().out
