"""The `companion` command itself: help, version, exit codes."""

import argparse
import gc
import pkgutil
import subprocess
import sys
from collections.abc import Callable

import pytest

from companion import __version__
from companion.app import commands
from companion.app.cli import COMMANDS, build_parser, main


def test_version_flag_prints_the_package_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "--version"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"companion {__version__}"


def test_no_arguments_runs_the_whole_companion_as_companion_run_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import companion.app.product

    asked: list[companion.app.product.RunRequest] = []
    monkeypatch.setattr(companion.app.product, "run_product",
                        lambda request: asked.append(request) or 0)
    assert main([]) == 0
    assert asked == [companion.app.product.RunRequest()]


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


@pytest.mark.parametrize("extra_games", [0, 1, 12])
def test_every_help_line_of_every_command_fits_80_columns_however_many_games_there_are(
    extra_games: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.app.commands.demo
    from companion.games.registry import game_specs

    specs = game_specs()
    more = {f"newgame{number}": specs["classic"] for number in range(extra_games)}
    monkeypatch.setattr(companion.app.commands.demo, "game_specs", lambda: {**specs, **more})
    monkeypatch.setenv("COLUMNS", "80")
    for name, parser in every_parser():
        text = parser.format_help()
        assert all(len(line) <= 80 for line in text.splitlines()), (name, text)
        phrases = [action.help or "" for action in parser._actions]
        assert all(len(phrase) <= 80 for phrase in phrases), (name, phrases)
        assert all(game in text for game in more if name == "companion demo")


UPPER_WORDS = {"Backgammon", "Mini-Gam", "Multi-Gam", "UNO", "N"}
"""Words a help phrase may start with in capitals: names, and a metavar."""


def test_the_companion_process_freezes_its_start_up_objects_out_of_the_collectors_sight(
    capsys: pytest.CaptureFixture[str],
) -> None:
    gc.unfreeze()  # another test of this worker may have started a phone page, which freezes
    assert gc.get_freeze_count() == 0
    try:
        assert main(["bg", "show", "--position-id", "4HPwATDgc/ABMA"], freeze_start_up=True) == 0
        assert gc.get_freeze_count() > 1000  # the modules, the parser and the games
    finally:
        gc.unfreeze()
    assert "Position ID: 4HPwATDgc/ABMA" in capsys.readouterr().out


def test_the_command_table_names_every_command_module() -> None:
    modules = {
        f"{commands.__name__}.{info.name}"
        for info in pkgutil.iter_modules(commands.__path__)
        if not info.name.startswith("_")
    }
    assert {module for _name, module, _phrase in COMMANDS} == modules


def stopped_in_the_parser(
    parse: Callable[[list[str]], object], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[str | int | None, str, str]:
    """The exit code, stdout and stderr of a command line that ends while it is parsed."""
    with pytest.raises(SystemExit) as exit_:
        parse(argv)
    printed = capsys.readouterr()
    return exit_.value.code, printed.out, printed.err


EVERY_HELP = [[*name.split()[1:], "--help"] for name, _parser in every_parser()]
USAGE_ERRORS = [
    ["no-such-command"],
    ["--", "bg"],
    ["-x"],
    ["bg"],
    ["bg", "plays", "--dice", "7", "1"],
    ["hw", "spin", "--backend", "nowhere"],
    ["run", "--port", "http"],
    ["uno", "simulate", "--seed", "x"],
]


@pytest.mark.parametrize("argv", [*EVERY_HELP, ["--version"], *USAGE_ERRORS], ids=" ".join)
def test_the_command_line_prints_what_the_parser_of_every_command_module_prints(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # `main` loads the chosen command's module only; `build_parser` imports every module of
    # companion.app.commands, as the command line did before it loaded them on demand.
    assert stopped_in_the_parser(main, argv, capsys) == stopped_in_the_parser(
        build_parser().parse_args, argv, capsys
    )


REPORT_LOADED_MODULES = """
import sys
from companion.app.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(" ".join(sorted(name for name in sys.modules if name.startswith("companion"))),
      file=sys.stderr)
"""
STARTING_MODULES = {
    "companion", "companion.app", "companion.app.cli", "companion.errors", "companion.app.commands",
    "companion.app.commands._on_demand",
}  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "command_modules"),
    [
        (["--help"], set()),
        (["--version"], set()),
        (["run", "--help"], {"companion.app.commands.run", "companion.app.commands._arguments"}),
        (["bg", "show", "--help"],
         {"companion.app.commands.bg", "companion.app.commands._position_commands"}),
    ],
)
def test_help_and_version_import_only_the_module_of_the_command_asked_about(
    argv: list[str], command_modules: set[str]
) -> None:
    finished = subprocess.run(
        [sys.executable, "-c", REPORT_LOADED_MODULES, *argv], capture_output=True, text=True
    )
    loaded = set(finished.stderr.split())
    assert loaded >= STARTING_MODULES
    commands_loaded = {name for name in loaded if name.startswith("companion.app.commands.")}
    assert commands_loaded == {"companion.app.commands._on_demand", *command_modules}
    if not command_modules:
        assert loaded == STARTING_MODULES
