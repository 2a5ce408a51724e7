"""Which scene shows each game family, and what the companion's own screens say of it.

A game family's screens are the package of its name, ``ui.<family>``
(`GameSpec.family`), whose ``__init__`` exposes its `FamilyScreen` as ``SCREEN``.
The families are the games registry's (`companion.games.registry.family_names`),
so a new family adds its screen package and nothing here; a family with no screen
package is one the touchscreen does not offer. Everything else asks by a game's
`GameSpec.family`, never by the game's name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from companion.games.base import GameSpec
from companion.games.notes import Note
from companion.games.registry import family_names, game_specs
from companion.i18n import _, note_text
from companion.table import TableSnapshot, event_line
from ui.scene import MatchScene


def _no_goal(snapshot: TableSnapshot, spec: GameSpec) -> str:
    return ""


def _as_noted(note: Note) -> Note:
    return note


@dataclass(frozen=True)
class FamilyScreen:
    """How the touchscreen shows the matches of one game family (its package's ``SCREEN``)."""

    scene: type[MatchScene]
    """The scene that shows its matches (`BoardScene`)."""
    round_label: Callable[[int], str]
    """A scoresheet row's label: "Game 2" in the backgammon family, "Claim 2" on the Yahtzee
    board (its scores change when a tile is claimed or stolen), "Round 2" in UNO."""
    goal: Callable[[TableSnapshot, GameSpec], str] = _no_goal
    """What a match is played to, for the scoresheet's title: "Match to 5", "Target 500"."""
    note_words: Callable[[Note], Note] = _as_noted
    """A note of the log with the family's own words in it translated too: UNO names its
    cards in the table's language ("Coch 7")."""


def screen_package(family: str) -> str:
    """The package that holds the screens of the game family `family`: ``ui.<family>``."""
    return f"{__package__}.{family}"


@cache
def family_screens() -> dict[str, FamilyScreen]:
    """The screens of each game family the touchscreen can referee, by `GameSpec.family`, in
    the registry's order.

    Raises:
        TypeError: a family's screen package exposes no `FamilyScreen` as ``SCREEN``.
    """
    screens = {}
    for family in family_names():
        package = screen_package(family)
        try:
            module = importlib.import_module(package)
        except ModuleNotFoundError as error:
            if error.name == package:
                continue  # no screens for it yet: the touchscreen does not offer its games
            raise
        screen = getattr(module, "SCREEN", None)
        if not isinstance(screen, FamilyScreen):
            raise TypeError(f"{package} must expose its FamilyScreen as SCREEN")
        screens[family] = screen
    return screens


def family_of(game: str) -> str | None:
    """The family of the game called `game` (`GameSpec.family`), or None for no such game."""
    spec = game_specs().get(game)
    return None if spec is None else spec.family


def family_screen(game: str) -> FamilyScreen | None:
    """How the touchscreen shows the game called `game`, or None if it cannot."""
    family = family_of(game)
    return None if family is None else family_screens().get(family)


def said(snapshot: TableSnapshot, notes: Iterable[Note]) -> str:
    """The log's notes of `snapshot`'s match as one line in the table's language, its seats
    by their players' names and the family's own words translated (the undo card's "Dev:
    draw a card", the screen's "Took back: ...")."""
    screen = family_screen(snapshot.game)
    words = _as_noted if screen is None else screen.note_words
    names = [player.name for player in snapshot.players]
    return event_line(note_text(words(note), lambda seat: names[seat]) for note in notes)


def took_back_words(snapshot: TableSnapshot) -> str | None:
    """What the last command took back when it was an undo, as the screens tell it
    ("Took back: Ana moved 6/5", "Took back: Ana played Coch 7"); None after any other
    command."""
    took = snapshot.took_back
    if took is None:
        return None
    # an event from before the match was rebuilt from the log is said in English
    words = took if isinstance(took, str) else said(snapshot, took)
    return _("Took back: {event}").format(event=words)


def game_scene(game: str) -> str | None:
    """The name of the scene that shows the game called `game`, or None if none does."""
    screen = family_screen(game)
    return None if screen is None else screen.scene.name


__all__ = ["FamilyScreen", "family_of", "family_screen", "family_screens", "game_scene", "said",
           "screen_package", "took_back_words"]
