"""The Yahtzee board variant at the table: the ring of squares, the tiles, the dice tray.

The players roll real dice; the screen shows the board and referees the
turn. The dice come from the tray's configured source (the dice reader, the
companion's fair roll on `roll` or the tray button, or tapped in with
`face:<1-6>`); a cocked die is the engine's business (the roll does not
count and is thrown again). Between throws a tap on a die (`hold:<n>`) holds
it out of the tray or puts it back; `throw` throws the others, `stop` keeps
the dice. On a wild square, or when the dice make several tiles, a card over
the board offers the tiles (`tile:<name>`); on your own tile `stay` or
`move`; with `new_tile_placement = "player_chooses"` a free square is tapped
(`square:<n>`). The scene never changes a match: it posts the engine's legal
actions through the table, and says the engine's sentence for anything else.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from companion.games import yahtzee
from companion.games.actions import Action
from companion.games.yahtzee import (
    DeclaredResult,
    MoveOn,
    Phase,
    PlaceTile,
    RollAgain,
    Stay,
    Stop,
    Tile,
)
from companion.i18n import _
from companion.table import (
    DrawChance,
    Outcome,
    PlayAction,
    Rematch,
    SupplyChance,
    TableSnapshot,
)
from ui.scene import MatchScene, Stage
from ui.widgets import Widget
from ui.yahtzee.dice_places import DicePlaces
from ui.yahtzee.made_card import MadeStep
from ui.yahtzee.panel import screen
from ui.yahtzee.view_model import YahtzeeView


class YahtzeeScene(MatchScene):
    """One match of the Yahtzee board variant, refereed while real dice are rolled."""

    name: ClassVar[str] = "yahtzee"
    family: ClassVar[str] = yahtzee.FAMILY

    def __init__(self, stage: Stage) -> None:
        super().__init__(stage)
        self.view: YahtzeeView | None = None
        self.places = DicePlaces()
        """The dice in their places on screen, and the places held (a held die stays put)."""
        self.entered: list[int] = []
        """Dice faces tapped on screen so far, for the dice asked for."""
        self.throwing_by_hand = False
        """A face was tapped between throws: the throw it made is on its way to the table,
        and the faces tapped stay for the dice it asks for."""
        self.rolling_turn: tuple[int, int] | None = None
        """The turn (its number, its seat) whose movement die the companion rolled on a tap:
        the five dice it lands on are rolled without a second tap."""
        self.rolling_for: int | None = None
        """The table's seq a `roll` was tapped on, until its answer: a second tap is ignored."""
        self.made_step = MadeStep.TILES
        """The part of the made card that is up (its tiles, Chance's totals, a Yahtzee's face)."""
        self.by_dice = False
        """The players tap the dice in one by one rather than say what they made: the made
        card stays down until `say_made` (a face tapped while it was up chose this)."""

    # -- snapshots ----------------------------------------------------------------------------

    def snapshot_arrived(self, snapshot: TableSnapshot) -> None:
        """The table moved on: the holds follow the dice, tapped faces start afresh, and a
        sentence about the state before (a refusal) gives way to what happened and what to
        do now."""
        before = self.view.snapshot if self.view is not None else None
        self.read(snapshot)
        self._send_entered()
        self._roll_first_throw()
        moved_on = before is None or (before.match_id, before.seq) != (snapshot.match_id,
                                                                        snapshot.seq)
        if moved_on and self.stage.message is not None:
            self.stage.message = None
        self.rebuild()

    def read(self, snapshot: TableSnapshot | None) -> None:
        if not self.shows(snapshot):
            self.view = None
            return
        previous = self.view
        same_match = previous is not None and previous.snapshot.match_id == snapshot.match_id
        if same_match and previous is not None and previous.snapshot.seq == snapshot.seq:
            return
        self.view = YahtzeeView.of(snapshot, self.stage.games[snapshot.game])
        if not same_match or previous is None or previous.snapshot.chance != snapshot.chance:
            carried = self.throwing_by_hand and snapshot.chance is not None
            self.entered = self.entered if carried else []
            self.throwing_by_hand = False
            self.made_step = MadeStep.TILES
        self.places = places_after(previous if same_match else None, self.view, self.places)

    @property
    def made_card_up(self) -> bool:
        """True while the made card is offered: the five dice's first throw is awaited, the
        players throw their own dice (not the companion's) and have not chosen to tap them
        in one by one."""
        view = self.view
        return (view is not None and not self.stage.companion_rolls and not self.by_dice
                and not self.entered and bool(view.declarations()))

    @property
    def offers_made(self) -> bool:
        """True while the players could say what their dice made but tap them in one by one
        (the panel's `made` puts the card back)."""
        view = self.view
        return (view is not None and not self.stage.companion_rolls and not self.made_card_up
                and bool(view.declarations()))

    @property
    def held(self) -> set[int]:
        """The places (0-based, `hold:1` first) of the dice held out of the tray."""
        return set(self.places.held)

    def shown_faces(self) -> tuple[int, ...]:
        """The dice's faces in their places on screen."""
        return self.places.faces

    # -- building the screen ------------------------------------------------------------------

    def build(self) -> list[Widget]:
        """The board, the panel, and any card over the board."""
        look = self.stage.look
        width, height = self.stage.size
        pad = look.px(6)
        area = pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad)
        if self.view is None:
            return self.no_match(_("No Yahtzee board game is on the table."))
        return screen(self, self.view, area, look)

    # -- taps ---------------------------------------------------------------------------------

    def toggle_hold(self, index: int) -> None:
        """A die tapped between throws: held out of the tray, or put back in it."""
        view = self.view
        if view is None:
            return
        if not view.deciding:
            self.stage.say(self.hold_refusal())
            return
        self.places = self.places.toggled(index)
        self.rebuild()

    def hold_refusal(self) -> str:
        """Why a die cannot be held or put back now, in the engine's words ("Dice first: ..."),
        or, while a tile or a square is to be chosen, what to choose."""
        view = self.view
        if view is None:
            return ""
        if view.phase is Phase.TARGET:
            return _("{name}: choose the tile to go for first, then hold dice.").format(
                name=view.name(view.game.current))
        if view.phase in (Phase.CLAIM, Phase.PLACE):
            return view.prompt()
        return self._refusal(RollAgain((), seat=view.game.current))

    def throw(self) -> None:
        """Throw the dice not held (the held ones keep their values)."""
        view = self.view
        if view is None or view.dice is None:
            return
        kept = self.places.kept
        action = view.hold_action(kept)
        if action is None:
            self.stage.say(self._refusal(RollAgain(kept, seat=view.game.current)))
            return
        if self.stage.companion_rolls:
            # The companion's dice: the throw rolls them too, one tap for one intent.
            self.stage.post(PlayAction(action), then=self._roll_after)
            self.rebuild()
            return
        self._send(action)

    def _roll_after(self, outcome: Outcome) -> None:
        """The throw was applied: the companion rolls the dice it asks for, for that state."""
        if not outcome.applied or outcome.seq is None or self.rolling_for == outcome.seq:
            return
        self.entered = []
        self.rolling_for = outcome.seq
        self.stage.post(DrawChance(for_seq=outcome.seq), then=self._rolled)

    def stop(self) -> None:
        """Keep the dice as they are: the final roll."""
        self._send_or_refuse(Stop)

    def stay(self) -> None:
        """On your own tile: stay and roll to improve it."""
        self._send_or_refuse(Stay)

    def move_on(self) -> None:
        """On your own tile: roll the movement die again and move on."""
        self._send_or_refuse(MoveOn)

    def choose_tile(self, tile: Tile) -> None:
        """The tile to go for (wild square) or to claim."""
        view = self.view
        if view is None:
            return
        for action in view.choice_actions():
            if action.tile is tile:
                self._send(action)
                return
        self.stage.say(view.prompt())

    def tap_square(self, number: int) -> None:
        """A free square for the new tile (D-Y5 `player_chooses`); any other square says
        what it holds."""
        view = self.view
        if view is None:
            return
        placing = view.place_actions()
        if number in placing:
            self._send(placing[number])
        elif view.phase is Phase.PLACE:
            self.stage.say(self._refusal(PlaceTile(number, seat=view.game.current)))
        else:
            square = view.squares()[number - 1]
            self.stage.say(view.square_words(square), refusal=False)

    def declare(self, declared: DeclaredResult) -> None:
        """What the dice thrown at the table made, tapped on the made card: to the table as
        the chance it waits for (the engine checks it as dice)."""
        view = self.view
        if view is None or view.snapshot.chance is None:
            return
        self.made_step = MadeStep.TILES
        self.stage.post(SupplyChance(declared.outcome(), source="touch",
                                     for_seq=view.snapshot.seq))
        self.rebuild()

    def show_made_step(self, step: MadeStep) -> None:
        """Another part of the made card: Chance's totals, a Yahtzee's faces, or the tiles."""
        self.made_step = step
        self.rebuild()

    def say_made(self) -> None:
        """Back to the made card from tapping the dice in one by one."""
        self.by_dice = False
        self.entered = []  # the faces tapped so far give way to the card
        self.made_step = MadeStep.TILES
        self.rebuild()

    def enter_face(self, value: int) -> None:
        """A die face tapped on screen; when all the dice asked for are in, they are sent.
        Between throws the first face tapped throws the dice not held (no Throw tap). A face
        tapped while the made card is up chooses the dice one by one (the card goes down)."""
        if self.made_card_up:
            self.by_dice = True
        view = self.view
        request = view.snapshot.chance if view is not None else None
        if view is not None and request is None and (view.deciding or self.throwing_by_hand):
            self._throw_by_hand(view, value)
            return
        if view is None or request is None or request.kind != "dice":
            self.stage.say(view.dice_refusal([value]) if view is not None
                           else _("No dice are needed now."))
            return
        self.entered.append(value)
        self._send_entered()
        self.rebuild()

    def _throw_by_hand(self, view: YahtzeeView, value: int) -> None:
        """A face tapped between throws: the throw of the dice not held, then this face."""
        if self.throwing_by_hand:
            self.entered.append(value)
            self.rebuild()
            return
        action = view.hold_action(self.places.kept)
        if action is None:
            self.stage.say(self._refusal(RollAgain(self.places.kept, seat=view.game.current)))
            return
        self.entered, self.throwing_by_hand = [value], True
        self.stage.post(PlayAction(action), then=self._thrown_by_hand)
        self.rebuild()

    def _thrown_by_hand(self, outcome: Outcome) -> None:
        """A refused throw takes the faces tapped for it back."""
        if not outcome.applied:
            self.entered, self.throwing_by_hand = [], False

    def _send_entered(self) -> None:
        """The faces tapped, once they are all the dice asked for."""
        view = self.view
        request = view.snapshot.chance if view is not None else None
        if view is None or request is None or request.kind != "dice" or self.throwing_by_hand:
            return
        if self.entered and len(self.entered) >= request.dice:
            values, self.entered = self.entered[: request.dice], []
            self.stage.post(SupplyChance(values, source="touch", for_seq=view.snapshot.seq))

    def roll(self) -> None:
        """The companion rolls the dice asked for (as the tray button does)."""
        view = self.view
        if view is None:
            return
        if view.snapshot.chance is None:
            self.stage.say(view.dice_refusal([1]))
            return
        seq = view.snapshot.seq
        if self.rolling_for == seq:
            return  # a double tap: the first roll is under way, the next request is not it
        self.entered = []
        self.rolling_for = seq
        if self.stage.companion_rolls and view.phase is Phase.MOVE:
            self.rolling_turn = (view.game.turn_number, view.game.current)
        self.stage.post(DrawChance(for_seq=seq), then=self._rolled)

    def _roll_first_throw(self) -> None:
        """After the movement die the companion rolled, the first throw of the five dice
        (one tap for one intent: the roll that starts a turn); a decision stops it."""
        view, turn = self.view, self.rolling_turn
        if view is None or turn is None:
            return
        game, request = view.game, view.snapshot.chance
        if (game.turn_number, game.current) != turn or view.phase not in (Phase.MOVE,
                                                                         Phase.ROLL):
            self.rolling_turn = None
            return
        dice, seq = view.dice, view.snapshot.seq
        if view.phase is Phase.ROLL and request is not None and dice is not None:
            self.rolling_turn = None
            if dice.rolls == 0 and self.rolling_for != seq:
                self.rolling_for = seq
                self.stage.post(DrawChance(for_seq=seq), then=self._rolled)

    def _rolled(self, outcome: Outcome) -> None:
        """The table answered the roll: a refused one may be tapped again."""
        if not outcome.applied:
            self.rolling_for = None

    def next_game(self) -> None:
        """After the game: the same players again."""
        view = self.view
        if view is not None and view.snapshot.is_over:
            self.stage.post(Rematch())


    # -- sending ------------------------------------------------------------------------------

    def _send_or_refuse(self, kind: type[Stop] | type[Stay] | type[MoveOn]) -> None:
        view = self.view
        if view is None:
            return
        action = view.first(kind)
        if action is None:
            self.stage.say(self._refusal(kind(seat=view.game.current)))
            return
        self._send(action)

    def _send(self, action: Action) -> None:
        self.stage.post(PlayAction(action))
        self.rebuild()

    def _refusal(self, action: Action) -> str:
        """The engine's sentence for `action` now, or what to do instead."""
        view = self.view
        if view is None:
            return ""
        return view.refusal(action) or view.prompt()


def places_after(previous: YahtzeeView | None, view: YahtzeeView, places: DicePlaces
                 ) -> DicePlaces:
    """The dice's places once `view` arrives: the same turn's dice keep their places and
    holds (a throw fills the places not held); another turn lays them out afresh."""
    if previous is None:
        return DicePlaces().after(None, view.dice)
    game, before = view.game, previous.game
    if (game.turn_number, game.current) != (before.turn_number, before.current):
        return DicePlaces().after(None, view.dice)
    return places.after(before.dice, view.dice)


__all__ = ["YahtzeeScene", "places_after"]
