"""A Yahtzee board match as the touchscreen shows it: the engine read back from the snapshot.

The table holds the match; `YahtzeeView` reads the engine state back from
the snapshot's JSON (`GameSpec.state_from_json`) to say what everyone at the
table can see (the squares, the tiles and their values, the tokens, the
protection marker, the scores, the challenge rounds) and what the rules allow
now, with the engine's own words and refusals. It never changes the match: a
refusal is found by applying the action to a copy read back from the same JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.actions import Action
from companion.games.base import GameSpec, RuleError
from companion.games.dice import DiceRoll
from companion.games.yahtzee import (
    ChooseTarget,
    Claim,
    DeclaredResult,
    Landing,
    Phase,
    PlaceTile,
    RollAgain,
    Tile,
    YahtzeeState,
)
from companion.games.yahtzee.tiles import best_value, tile_value
from companion.i18n import N_, _, ngettext, note_text
from companion.table import TableSnapshot, event_line
from ui.yahtzee.tile_words import held_words, needed_words, tile_words, value_words

SHORT_LABELS = {Tile.THREE_OF_A_KIND: N_("3 of a Kind"), Tile.FOUR_OF_A_KIND: N_("4 of a Kind")}
"""Names a board square has room for; the score sheet's own short forms."""
SHORTEST_LABELS = {Tile.SMALL_STRAIGHT: N_("Sm Straight"), Tile.LARGE_STRAIGHT: N_("Lg Straight")}
"""Where even less room is left (a list beside points), the score sheet's shortest forms."""
TIGHTEST_LABELS = {Tile.SMALL_STRAIGHT: N_("Sm Str."), Tile.LARGE_STRAIGHT: N_("Lg Str.")}
"""A narrow square's last resort for the straights, as score sheets write them."""


def short_label(tile: Tile, shortest: bool = False) -> str:
    """The tile's name as a square of the board shows it ("3 of a Kind", "Full House");
    `shortest` also shortens the straights ("Sm Straight")."""
    if shortest and tile in SHORTEST_LABELS:
        return _(SHORTEST_LABELS[tile])
    return _(SHORT_LABELS[tile]) if tile in SHORT_LABELS else tile_words(tile)


@dataclass(frozen=True)
class SquareView:
    """One square as everyone sees it: wild or not, its tile, owner and value, who stands there."""

    number: int
    wild: bool
    tile: Tile | None
    owner: int | None
    value: int
    protected: bool
    tokens: tuple[int, ...]


@dataclass
class YahtzeeView:
    """The snapshot with the engine read back from it, and the questions the screen asks."""

    snapshot: TableSnapshot
    game: YahtzeeState
    _declarations: list[DeclaredResult] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, snapshot: TableSnapshot, spec: GameSpec) -> YahtzeeView:
        """The view of one snapshot."""
        game = snapshot.game_state(spec)
        assert isinstance(game, YahtzeeState), f"{spec.name} is not the Yahtzee board game"
        return cls(snapshot, game)

    # -- what everyone can see ----------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self.game.phase

    @property
    def dice(self) -> DiceRoll | None:
        """The five dice of the turn, once they are being rolled."""
        return self.game.dice

    @property
    def deciding(self) -> bool:
        """True while the player looks at the dice and may hold some and throw again."""
        dice = self.dice
        return self.phase is Phase.ROLL and dice is not None and dice.can_roll_again

    def name(self, seat: int | None) -> str:
        """A seat's player name ("" for None)."""
        return "" if seat is None else self.game.seat_name(seat)

    def squares(self) -> list[SquareView]:
        """Every square of the loop in order, from 1."""
        game = self.game
        placed = {holding.square: tile for tile, holding in game.holdings.items()
                  if holding.square is not None}
        settled = bool(game.order)
        views = []
        for number in range(1, game.board.squares + 1):
            tile = placed.get(number)
            holding = game.holdings[tile] if tile is not None else None
            tokens = tuple(seat for seat in (game.order if settled else ())
                           if game.positions[seat] == number)
            views.append(SquareView(
                number, game.board.is_wild(number), tile,
                holding.owner if holding is not None else None,
                holding.value if holding is not None else 0,
                tile is not None and tile is game.protected, tokens))
        return views

    def square_words(self, square: SquareView) -> str:
        """The square in words: "Square 8: Ana's Fives (two 5s), protected. Ben is here."."""
        if square.wild:
            text = _("Wild square {n}").format(n=square.number)
        elif square.tile is None:
            text = _("Square {n}: blank").format(n=square.number)
        else:
            text = _("Square {n}: {name}'s {tile}").format(
                n=square.number, name=self.name(square.owner),
                tile=held_words(square.tile, square.value))
            if square.protected:
                text += _(", protected (only a Yahtzee steals it)")
        if square.tokens:
            names = ", ".join(self.name(seat) for seat in square.tokens)
            text += ". " + ngettext("{names} is here.", "{names} are here.",
                                    len(square.tokens)).format(names=names)
        return text

    def unclaimed(self) -> list[Tile]:
        """The tiles still to claim, in table order."""
        return self.game.unclaimed()

    def points_words(self, tile: Tile) -> str:
        """What a tile scores: "25", or for a number tile "10 a die"."""
        options = self.game.options
        if tile.face is not None:
            return _("{n} a die").format(n=options.points_per_die)
        return str(options.points(tile, 1))

    def scores(self) -> list[int]:
        """The points each seat would have now: the tiles they hold."""
        return self.game.scores()

    @property
    def in_challenge(self) -> bool:
        """True during the challenge rounds (every tile claimed)."""
        return self.game.challenge is not None and not self.game.is_over

    def still_in(self) -> tuple[int, ...]:
        """The seats still in the challenge rounds, the one playing first."""
        challenge = self.game.challenge
        return () if challenge is None else challenge.remaining

    def challenge_lines(self) -> list[str]:
        """The challenge rounds in words: who plays, who is still in, who is out."""
        remaining = self.still_in()
        if not self.in_challenge or not remaining:
            return []
        out = [seat for seat in self.game.order if seat not in remaining]
        lines = [_("{name} plays until failing to win a tile.").format(
            name=self.name(remaining[0]))]
        lines.append(_("Still in: {names}").format(
            names=", ".join(self.name(seat) for seat in remaining)))
        if out:
            lines.append(_("Out: {names}").format(names=", ".join(self.name(s) for s in out)))
        return lines

    # -- what is going on ---------------------------------------------------------------------

    def effect_words(self) -> str:
        """What the last command did, in the engine's narration: "Ben rolls 6 2 2 1 3. Ben
        needs at least two 6s to steal Sixes: Ana keeps it." The command's own sentence
        ("The dice tray rolls 6 2 2 1 3.") is left out when the engine says more."""
        snapshot = self.snapshot
        notes = snapshot.last_notes
        if snapshot.took_back is not None:
            return ""  # an undo: the screen says what it took back ("Took back: ...")
        if not notes:
            return snapshot.last_event
        players = snapshot.players
        shown = notes[1:] if len(notes) > 1 else notes
        return event_line(note_text(note, lambda seat: players[seat].name) for note in shown)

    def result_words(self) -> str:
        """The game's end: the winners, then every player's points, the highest first."""
        scores = self.scores()
        ranked = sorted(range(len(scores)), key=lambda seat: -scores[seat])
        table = "\n".join(f"{self.name(seat)}: {scores[seat]}" for seat in ranked)
        winners = [self.name(seat) for seat in self.snapshot.winners]
        if len(winners) > 1:
            return _("Game over: {names} share the win.").format(
                names=" & ".join(winners)) + "\n" + table
        return _("Game over: {name} wins.").format(name="".join(winners)) + "\n" + table

    def prompt(self) -> str:
        """Whose turn it is and what they do now, in a sentence."""
        game, snapshot = self.game, self.snapshot
        if snapshot.is_over:
            return _("Game over.")
        request = snapshot.chance
        if request is not None:
            if request.note is None:
                return request.prompt
            return note_text(request.note, self.name)
        who = self.name(game.current)
        phase = self.phase
        if phase is Phase.OWN_TILE and game.target is not None:
            return _("{name}: stay on your {tile} to improve it, or move on.").format(
                name=who, tile=tile_words(game.target))
        if phase is Phase.ROLL and self.dice is not None:
            return _("{name}: hold dice, then throw ({n} of {m}) or keep.").format(
                name=who, n=self.dice.rolls + 1, m=self.dice.max_rolls)
        if phase is Phase.TARGET:
            return _("{name}: choose the tile to go for with these dice.").format(name=who)
        if phase is Phase.CLAIM:
            if game.turn.yahtzee:
                return _("Yahtzee! {name} may claim any tile.").format(name=who)
            return _("{name}: the dice make several tiles; choose one.").format(name=who)
        if phase is Phase.PLACE and game.turn.placing is not None:
            return _("{name}: tap a free square for {tile}.").format(
                name=who, tile=tile_words(game.turn.placing[0]))
        return snapshot.last_event

    def goal(self) -> str:
        """What the five dice are rolled for now, and what they must show ("" outside a roll)."""
        game = self.game
        landing, target = game.landing, game.target
        if self.phase not in (Phase.ROLL, Phase.TARGET) or landing is None:
            return ""
        if landing is Landing.BLANK:
            return _("Rolling for any unclaimed tile.")
        if target is None:
            return _("Wild square: choose any tile but your own after this throw.")
        holding = game.holdings[target]
        if landing is Landing.IMPROVE:
            wanted = holding.value + 1 if game.options.improve_needs_rise else holding.value
            return _("To improve {tile}: {needed}.").format(
                tile=held_words(target, holding.value), needed=needed_words(target, wanted))
        if holding.owner is None:
            wanted = game.options.chance_minimum if target is Tile.CHANCE else 1
            return _("For {tile}: {needed}.").format(
                tile=tile_words(target), needed=needed_words(target, wanted))
        owner = self.name(holding.owner)
        if target is game.protected:
            return _("{name}'s {tile} is protected: only a Yahtzee steals it.").format(
                name=owner, tile=held_words(target, holding.value))
        return _("To steal {name}'s {tile}: {needed}, or a Yahtzee.").format(
            name=owner, tile=held_words(target, holding.value),
            needed=needed_words(target, holding.value))

    # -- what the rules allow now ------------------------------------------------------------

    def actions_of(self, kind: type[Any] | tuple[type[Any], ...]) -> list[Any]:
        """The legal actions of `kind`, in the engine's order."""
        return [action for action in self.snapshot.legal_actions if isinstance(action, kind)]

    def first(self, kind: type[Any]) -> Action | None:
        """The first legal action of `kind`, or None."""
        found = self.actions_of(kind)
        return found[0] if found else None

    def hold_action(self, kept: tuple[int, ...]) -> RollAgain | None:
        """The legal `RollAgain` holding `kept` (dice values), or None."""
        wanted = tuple(sorted(kept))
        return next((action for action in self.actions_of(RollAgain) if action.kept == wanted),
                    None)

    def choice_actions(self) -> list[ChooseTarget | Claim]:
        """The tiles the player may go for (wild square) or claim now, as legal actions."""
        return self.actions_of((ChooseTarget, Claim))

    def place_actions(self) -> dict[int, PlaceTile]:
        """The free squares a new tile may go on (D-Y5 `player_chooses`), by square."""
        return {action.square: action for action in self.actions_of(PlaceTile)}

    def choice_words(self, action: ChooseTarget | Claim) -> str:
        """A tile on the choice card, named with its owner and recorded value when another
        player holds it, then what it scores. Before the throw (a wild square's choice):
        its points, "Sixes (Ben, three 6s): 10 a die". A claim with the dice thrown: the
        value they make and its points, "Sixes: three 6s, 30 points" ("Full House: 30
        points" for a tile without a value); a Yahtzee claims at the tile's best value."""
        game, tile = self.game, action.tile
        name = self._tile_and_owner(action)
        if not isinstance(action, Claim) or game.dice is None:
            return f"{name}: {self.points_words(tile)}"
        value = (best_value(tile) if game.turn.yahtzee
                 else tile_value(tile, game.dice.faces, game.options.chance_minimum))
        points = _("{n} points").format(n=game.options.points(tile, value))
        if tile.face is None and tile is not Tile.CHANCE:
            return f"{name}: {points}"
        return f"{name}: {value_words(tile, value)}, {points}"

    def _tile_and_owner(self, action: ChooseTarget | Claim) -> str:
        """A tile's name, with its owner and recorded value when someone holds it."""
        game, tile = self.game, action.tile
        holding = game.holdings[tile]
        if holding.owner is None or holding.owner == game.current:
            return tile_words(tile)
        words = [self.name(holding.owner)]
        if tile.face is not None or tile is Tile.CHANCE:
            words.append(value_words(tile, holding.value))
        if tile is game.protected:
            words.append(_("protected"))
        return f"{tile_words(tile)} ({', '.join(words)})"

    def declarations(self) -> list[DeclaredResult]:
        """What the player may say the five dice made now (before their first throw is
        entered): the results that win something, a Yahtzee of each face, nothing."""
        if self._declarations is None:
            self._declarations = self.game.declarations()
        return self._declarations

    def made_question(self) -> str:
        """The made card's question: "What did Ana make?"."""
        return _("What did {name} make?").format(name=self.name(self.game.current))

    def made_prompt(self) -> str:
        """What to do while the made card is up."""
        # The faces to tap the dice in one by one stay in sight below the words.
        return _("{name}: throw, then tap what the dice made.").format(
            name=self.name(self.game.current))

    def made_goal(self) -> str:
        """What the dice are thrown for, as the made card says it under its question."""
        if self.game.landing is Landing.WILD:
            return _("Wild square: any tile but your own.")
        return self.goal()

    def made_labels(self, tile: Tile) -> tuple[str, ...]:
        """A tile on the made card, longest first ("Small Straight", "Sm Straight", "Sm
        Str."), with whose it is when another player holds it ("Sixes (Ben)")."""
        names = [short_label(tile), short_label(tile, shortest=True)]
        if tile in TIGHTEST_LABELS:
            names.append(_(TIGHTEST_LABELS[tile]))
        owner = self.game.holdings[tile].owner
        if owner is not None and owner != self.game.current:
            names = [_("{tile} ({name})").format(tile=name, name=self.name(owner))
                     for name in names]
        return tuple(dict.fromkeys(names))

    def refusal(self, action: Action) -> str:
        """The engine's sentence for an action it would not take now ("" if it would).

        The action is tried on a copy read back from the snapshot: the match
        itself never changes here.
        """
        trial = type(self.game).from_json(self.game.to_json())
        trial.name_seats([player.name for player in self.snapshot.players])
        try:
            trial.apply(action)
        except RuleError as error:
            return str(error)
        return ""

    def dice_refusal(self, values: list[int]) -> str:
        """The engine's sentence when no dice are wanted now ("" when they are)."""
        try:
            self.game.chance_action(values)
        except RuleError as error:
            return str(error)
        return ""


__all__ = ["SHORTEST_LABELS", "SHORT_LABELS", "TIGHTEST_LABELS", "SquareView", "YahtzeeView",
           "short_label"]
