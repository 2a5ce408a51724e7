"""The COMMAND argument of `companion`, each command's module imported only when it is chosen.

`companion --help` and `companion --version` then load no game, no log and no
configuration code: the list of commands is a table of names and help phrases
(`companion.app.cli.COMMANDS`), and a command's module runs its `register` the
moment that command is parsed. tests/test_cli.py compares every help text of
this parser with the parser that imports every module.
"""

from __future__ import annotations

import argparse
import importlib

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


class CommandsOnDemand(argparse._SubParsersAction):
    """Subcommands that stand in with their help phrase until one of them is chosen.

    `companion --help` lists the stand-ins as it lists real subcommands; parsing
    `companion X ...` first imports the module of X and swaps in the parser its
    `register(subparsers)` makes, so X's options, help and errors are its own.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._modules: dict[str, str] = {}
        self._phrases: dict[str, str] = {}

    def add_command(self, name: str, module: str, phrase: str) -> None:
        """List command `name` with its help phrase; `module` registers it when it is chosen."""
        self.add_parser(name, help=phrase)
        self._modules[name] = module
        self._phrases[name] = phrase

    def load(self, name: str) -> argparse.ArgumentParser:
        """The full parser of command `name`, its module imported and registered the first time.

        Raises:
            KeyError: `name` is not a command.
        """
        module = self._modules.pop(name, None)
        if module is not None:
            # The module registers on a scratch set of subparsers, so the listing of
            # `companion --help` keeps its one line per command and its order.
            scratch = argparse._SubParsersAction(
                option_strings=[], prog=self._prog_prefix, parser_class=self._parser_class
            )
            importlib.import_module(module).register(scratch)
            parser: argparse.ArgumentParser = scratch._name_parser_map[name]
            describe_command(parser, self._phrases[name])
            self._name_parser_map[name] = parser
        return self._name_parser_map[name]

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        """Parse the chosen command's arguments with its full parser."""
        if isinstance(values, list) and values and values[0] in self._modules:
            self.load(values[0])
        super().__call__(parser, namespace, values, option_string)


def describe_command(parser: argparse.ArgumentParser, phrase: str | None) -> None:
    """Give a command without a description of its own its help phrase as one, and its
    subcommands theirs.

    ``companion X --help`` then always says what X does, above its options.
    """
    if not parser.description and phrase:
        parser.description = phrase[0].upper() + phrase[1:] + "."
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            phrases = {choice.dest: choice.help for choice in action._choices_actions}
            for name, child in action.choices.items():
                describe_command(child, phrases.get(name))
