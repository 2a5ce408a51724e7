"""The match being set up on the home screen: game, players, names, colours, options."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.base import GameSpec, JSONValue
from companion.games.registry import game_spec, game_specs
from companion.records import Player
from companion.table.commands import DEFAULT_COLOURS, DEFAULT_NAMES, NewMatch
from companion.table.hands import AT_THE_TABLE, ON_PHONES, Hands, can_hold_hands

MAX_SEATS = len(DEFAULT_NAMES)


@dataclass
class MatchDraft:
    """What the home screen will start: kept while players move between its screens."""

    game: str = field(default_factory=lambda: next(iter(game_specs())))
    """The chosen game's name: at first the first the companion lists (`FAMILIES`)."""
    count: int = 2
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    colours: list[str] = field(default_factory=lambda: list(DEFAULT_COLOURS))
    options: dict[str, dict[str, JSONValue]] = field(default_factory=dict)
    """Each game's options as changed on screen (the rest keep their defaults)."""
    hands: Hands = AT_THE_TABLE
    """Where the hands are held: "phones" to play a card game with each hand on its player's
    phone (`companion.table.hands`); only a game whose deck the companion can hold uses it."""

    def choose_game(self, spec: GameSpec) -> None:
        """Pick a game; the number of players moves into its range."""
        self.game = spec.name
        self.count = min(max(self.count, spec.min_players), spec.max_players)

    def game_options(self) -> dict[str, JSONValue]:
        """The options changed for the chosen game."""
        return self.options.setdefault(self.game, {})

    def on_phones(self) -> bool:
        """True when the chosen game is to be played with phones as hands."""
        return self.hands == ON_PHONES and can_hold_hands(game_spec(self.game))

    def players(self) -> tuple[Player, ...]:
        """The players in seat order, as the table will check them."""
        return tuple(Player(self.names[seat], self.colours[seat]) for seat in range(self.count))

    def new_match(self) -> NewMatch:
        """The command that starts this match, with the table's defaults under the options
        chosen (`GameSpec.table_options`: UNO with real cards is refereed), its hands on the
        phones when so chosen."""
        options = game_spec(self.game).table_options(self.game_options())
        hands: Hands = ON_PHONES if self.on_phones() else AT_THE_TABLE
        return NewMatch(self.game, self.players(), options, hands=hands)


__all__ = ["MAX_SEATS", "MatchDraft"]
