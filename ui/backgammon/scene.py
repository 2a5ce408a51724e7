"""The backgammon family at the table: Backgammon, Mini-Gam and Multi-Gam on one board scene.

The board is drawn as a board; a tap on a checker (or `bar`) selects it and
highlights where it may go, a tap on a highlighted `point:<N>` or `off`
moves it. Each step goes to the table at once, except the one that
completes the play, which waits for `confirm` (see `ui.backgammon.turn`). Widgets:
`point:<N>`, `bar`, `off`, `confirm`, `undo`, `redo`, `roll`, `double`, `take`,
`pass`, `beaver`, `next`, `back`, `scores`, `face:<1-6>` (dice tapped on screen),
`path:<n>` (which way, when the routes to a point hit differently).
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import pygame

from companion.games import backgammon
from companion.games.backgammon import BackgammonGame
from companion.games.backgammon.actions import Beaver, Double, Pass, Roll, Take, UndoStep
from companion.games.backgammon.phase import Phase
from companion.i18n import _
from companion.table import (
    DrawChance,
    Outcome,
    PlayAction,
    Rematch,
    SupplyChance,
    TableSnapshot,
)
from ui import layout
from ui.backgammon.board_drawing import BoardLayout, BoardPicture, Cube, pip_counts
from ui.backgammon.panel import (
    STRIP_HEIGHT,
    Notice,
    PanelArea,
    portrait_height,
    side_panel,
    strip_panel,
)
from ui.backgammon.panel_words import chance_words, event_words
from ui.backgammon.routes import Route, distinct_routes, route_off
from ui.backgammon.turn import TurnView
from ui.scene import MatchScene, Stage
from ui.theme import Theme, player_colour
from ui.widgets import Button, TextBlock, Widget, shade
from ui.widgets import Panel as Card

DECISIONS = {"roll": Roll, "double": Double, "take": Take, "pass": Pass, "beaver": Beaver}


class BoardWidget(Widget):
    """The board itself: drawn by `BoardLayout`; its points are hotspots of their own."""

    def __init__(self, board_layout: BoardLayout, picture: BoardPicture) -> None:
        super().__init__("board", board_layout.rect)
        self.board_layout = board_layout
        self.picture = picture

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Draw points, checkers, bar, trays, cube and highlights."""
        self.board_layout.draw(surface, self.picture, look)


class BoardScene(MatchScene):
    """One match of the backgammon family, refereed while real checkers move on a real board."""

    name: ClassVar[str] = "board"
    family: ClassVar[str] = backgammon.FAMILY

    def __init__(self, stage: Stage) -> None:
        super().__init__(stage)
        self.view: TurnView | None = None
        self.selected: int | None = None
        self.choosing: list[Route] = []
        self.entered: list[int] = []
        """Dice faces tapped on screen so far, for the dice asked for."""
        self.notice: Notice | None = None
        """A lost turn or a finished game or match, until the players confirm it."""
        self.opening_words = ""
        """How the opening roll ended, shown as the first turn's prompt."""

    # -- snapshots ----------------------------------------------------------------------------

    def read(self, snapshot: TableSnapshot | None) -> None:
        if not self.shows(snapshot):
            self.view = None
            return
        previous = self.view
        self.view = TurnView.of(snapshot, self.stage.games[snapshot.game])
        self.selected = None
        self.choosing = []
        same_match = previous is not None and previous.snapshot.match_id == snapshot.match_id
        if same_match and previous is not None:
            self.view.carry_over(previous)
        if not same_match or previous is None or previous.snapshot.chance != snapshot.chance:
            self.entered = []
        self.notice = self._notice(previous if same_match else None, snapshot)
        # Who won the opening roll (Multi-Gam: the high and low start) is the prompt of the
        # first turn, until the table moves on.
        self.opening_words = ""
        game = self.view.game
        if (same_match and previous is not None and previous.game.phase is Phase.OPENING
                and game.phase is Phase.MOVE and self.notice is None):
            self.opening_words = _("{name} won the opening roll: play {dice}.").format(
                name=game.seat_name(game.player), dice=_dice_text(self.view))

    def _notice(self, previous: TurnView | None, snapshot: TableSnapshot) -> Notice | None:
        """What the players should see and confirm after this snapshot, if anything."""
        if snapshot.is_over:
            return Notice("match_over", event_words(snapshot))
        if previous is None:
            return None
        if previous.snapshot.seq == snapshot.seq:
            return self.notice
        assert self.view is not None and self.view.snapshot is snapshot
        game, before = self.view.game, previous.game
        if game.game_number > before.game_number:
            return Notice("game_over", event_words(snapshot))
        if game.lost_turn and game.last_turn != before.last_turn:
            return Notice("lost_turn", event_words(snapshot))
        return None

    # -- building the screen ------------------------------------------------------------------

    def build(self) -> list[Widget]:
        """The board, the side panel, and any dialog on top."""
        view = self.view
        if view is None:
            return self._no_match()
        look = self.stage.look
        width, height = self.stage.size
        pad = look.px(6)
        area = pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad)
        landscape = width >= height
        strip = landscape and view.game.geometry.points > 6
        if strip:
            # The panel is a strip below the board: the board keeps the full width, so
            # Backgammon's 24 points stay a finger wide (48 px on 800x480).
            panel_area, board_area = layout.take_bottom(area, look.px(STRIP_HEIGHT), pad)
        elif landscape:
            # Six points are wide beside a panel, which has room for four players.
            panel_area, board_area = layout.take_right(area, max(look.px(230), width // 4), pad)
        else:
            panel_height = portrait_height(view, look)
            board_area, panel_area = layout.take_top(
                area, min(area.h - panel_height - pad, area.w * 3 // 2), pad)
        game = view.game
        board_layout = BoardLayout(game.geometry, board_area, _viewer(view), look, _numberer(view))
        self._layout = board_layout
        widgets: list[Widget] = [BoardWidget(board_layout, self._picture(view, board_layout))]
        for name, rect in board_layout.targets().items():
            widgets.append(Widget(name, rect, on_tap=partial(self.tap_target, name)))
        panel = PanelArea(self, view, panel_area, look)
        widgets += strip_panel(panel) if strip else side_panel(panel)
        widgets += self._notice_card(board_area, look)
        widgets += self._dialog(area, look)
        return widgets

    def _notice_card(self, board_area: pygame.Rect, look: Theme) -> list[Widget]:
        """A lost turn, or a game's or the match's result, on a card over the board."""
        notice = self.notice
        if notice is None:
            return []
        card = board_area.inflate(-board_area.w // 6, -board_area.h // 3)
        inner = card.inflate(-look.px(20), -look.px(20))
        button_row, words = layout.take_bottom(inner, look.px(56), look.px(10))
        if notice.kind == "lost_turn":
            press = Button("confirm", button_row, _("Confirm"), colour=(0, 120, 80),
                           on_tap=self.confirm)
        else:
            label = _("Rematch") if notice.kind == "match_over" else _("Next game")
            press = Button("next", button_row, label, colour=(0, 120, 80), on_tap=self.next_game)
        return [
            Card("notice", card, border=(255, 196, 0), on_tap=_nothing),
            TextBlock("result", words, notice.text, size=26),
            press,
        ]

    def _no_match(self) -> list[Widget]:
        return self.no_match(_("No match of the backgammon family is on the table."))

    def _picture(self, view: TurnView, board_layout: BoardLayout) -> BoardPicture:
        game = view.game
        board = view.board()
        highlighted: set[str] = set()
        selected = None
        if view.moving and not view.complete:
            if self.selected is not None:
                selected = board_layout.point_name(self.selected)
                highlighted = {board_layout.point_name(d) for d in view.routes(self.selected)}
            else:
                highlighted = {board_layout.point_name(s) for s in view.sources()}
        cube = None
        if isinstance(game, BackgammonGame) and game.options.cube:
            cube = Cube(game.cube.value, game.cube.owner)
        colours = tuple(player_colour(p.colour) for p in view.snapshot.players)
        return BoardPicture(
            geometry=game.geometry,
            tracks=board.tracks,
            colours=colours,
            viewer=_viewer(view),
            mover=_numberer(view),
            highlighted=frozenset(highlighted),
            selected=selected,
            cube=cube,
            pips=pip_counts(game.geometry, board.tracks),
        )

    def _dialog(self, area: pygame.Rect, look: Theme) -> list[Widget]:
        if not self.choosing:
            return []
        card = area.inflate(-area.w // 4, -area.h // 5)
        widgets: list[Widget] = [shade(),
                                 Card("dialog", card, border=(255, 196, 0), on_tap=_nothing)]
        title, rest = layout.take_top(card.inflate(-look.px(16), -look.px(16)), look.px(64))
        widgets.append(TextBlock("question", title, _("Which way? The routes hit differently.")))
        view = self.view
        assert view is not None
        rows = layout.grid(rest, 1, len(self.choosing) + 1, look.px(56), look.px(8))
        for number, (route, row) in enumerate(zip(self.choosing, rows, strict=False), start=1):
            text = view.game.notation(route.steps)
            widgets.append(Button(f"path:{number}", row, text,
                                  on_tap=partial(self.move, route)))
        widgets.append(Button("cancel", rows[-1], _("Cancel"), colour=(90, 90, 90),
                              on_tap=self.cancel_choice))
        return widgets

    # -- taps ---------------------------------------------------------------------------------

    def tap_target(self, name: str) -> None:
        """A tap on a point, the bar or the tray: select, move, or say why not."""
        view = self.view
        if view is None:
            return
        if not view.moving:
            self.stage.say(self._not_moving_sentence(view))
            return
        if view.complete:
            self.stage.say(_("The play is complete: confirm it, or undo a step."))
            return
        position = self._layout.position_of(name)
        if position is None:
            return
        if position == view.game.geometry.off and self.selected is None:
            self.stage.say(_("Tap the checker to bear off first, then the tray."))
            return
        if self.selected is not None:
            routes = view.routes(self.selected)
            if position in routes:
                self._move_to(position, routes[position])
                return
        if position in view.sources():
            self.selected = None if self.selected == position else position
            self.rebuild()
            return
        self._refuse(view, position)

    def _move_to(self, position: int, routes: list[Route]) -> None:
        view = self.view
        assert view is not None
        choices = distinct_routes(routes)
        if position == view.game.geometry.off:
            self.move(route_off(routes))
        elif len(choices) == 1:
            self.move(choices[0])
        else:
            self.choosing = choices
            self.rebuild()

    def move(self, route: Route) -> None:
        """Make the steps of `route`: posted to the table, the completing one held for confirm."""
        view = self.view
        assert view is not None
        self.choosing = []
        self.selected = None
        for index, step in enumerate(route.steps):
            if view.completes(Route((step,))):
                view.held.extend(route.steps[index:])
                break
            self.stage.post(PlayAction(view.game.step_action(step)), then=self._step_answered)
            view.sent.append(step)
        self.rebuild()

    def _step_answered(self, outcome: Outcome) -> None:
        """A step the table refused: whatever the screen made after it no longer stands."""
        if not outcome.applied and self.view is not None:
            self.view.sent.clear()
            self.view.held.clear()
            self.rebuild()

    def cancel_choice(self) -> None:
        """Close the which-way question without moving."""
        self.choosing = []
        self.rebuild()

    def _refuse(self, view: TurnView, position: int) -> None:
        source = self.selected
        if source is not None:
            sentence = view.refusal(source, position) or _(
                "That checker cannot go there with {dice}: choose a highlighted point."
            ).format(dice=_dice_text(view))
        elif view.refusal(position, None):
            sentence = view.refusal(position, None)
        else:
            sentence = _("Tap one of your checkers that can move: they are highlighted.")
        # A refused destination keeps the checker selected: the player's next tap goes on
        # from it rather than starting the move again.
        self.stage.say(sentence)

    def _not_moving_sentence(self, view: TurnView) -> str:
        request = view.snapshot.chance
        if request is not None:
            return chance_words(request, view.snapshot)
        if view.game.phase is Phase.DECIDE:
            return _("{name}: double, or roll the dice.").format(name=_mover(view))
        if view.game.phase is Phase.DOUBLED:
            return _("Take or pass the double first.")
        return event_words(view.snapshot)

    def dragged(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A checker dragged from its point to another: the same as tapping both."""
        names = [self._target_at(start), self._target_at(end)]
        if names[0] is None or names[1] is None or names[0] == names[1]:
            return
        source = self._layout.position_of(names[0])
        if self.selected != source:
            self.selected = None
            self.tap_target(names[0])
        if self.selected == source:
            self.tap_target(names[1])

    def key_pressed(self, key: int) -> None:
        """Enter confirms; Escape and Backspace as on every game's table (`MatchScene`)."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        else:
            super().key_pressed(key)

    def _target_at(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self._layout.targets().items():
            if rect.collidepoint(pos):
                return name
        return None

    def tapped_nothing(self, pos: tuple[int, int]) -> None:
        """A tap beside the board drops the selection."""
        if self.selected is not None:
            self.selected = None
            self.rebuild()

    # -- the panel's commands -----------------------------------------------------------------

    def confirm(self) -> None:
        """End the turn (send the held steps), or confirm a lost turn or a finished game."""
        view = self.view
        if view is None:
            return
        if view.complete:
            for step in view.held:
                self.stage.post(PlayAction(view.game.step_action(step)),
                                then=self._step_answered)
                view.sent.append(step)
            view.held.clear()
            self.rebuild()
        elif self.notice is not None and self.notice.kind != "match_over":
            self.notice = None
            self.rebuild()
        elif view.moving:
            self.stage.say(_("Move your checkers first: {dice} to play.").format(
                dice=_dice_text(view)))
        else:
            self.stage.say(self._not_moving_sentence(view))

    def next_game(self) -> None:
        """After a game: play on; after the match: the same players again (a rematch)."""
        if self.notice is not None and self.notice.kind == "match_over":
            self.stage.post(Rematch())
        self.notice = None
        self.rebuild()

    def undo(self) -> None:
        """Take back the last step of this turn, else the table's last command."""
        view = self.view
        if view is None:
            super().undo()
            return
        self.selected = None
        if view.held:
            view.held.pop()
            self.rebuild()
        elif view.moving and view.game.steps:
            self.stage.post(PlayAction(UndoStep(seat=view.game.player)))
        else:
            super().undo()

    def decide(self, word: str) -> None:
        """Roll rather than double, double, take, pass or beaver."""
        view = self.view
        if view is None:
            return
        wanted = DECISIONS[word]
        legal = view.snapshot.legal_actions
        if (word == "roll" and self.stage.companion_rolls
                and any(isinstance(action, Roll) for action in legal)):
            # Rolling rather than doubling, with the companion's dice: one tap rolls them (the
            # table reads dice thrown unasked as the roll), for this state only.
            self.stage.post(DrawChance(for_seq=view.snapshot.seq))
            return
        for action in legal:
            if isinstance(action, wanted):
                self.stage.post(PlayAction(action))
                return
        if word == "roll" and view.snapshot.chance is not None:
            # For this state only: a second tap, landing after the roll, rolls nothing more.
            self.stage.post(DrawChance(for_seq=view.snapshot.seq))
            return
        self.stage.say(self._not_moving_sentence(view))

    def enter_face(self, value: int) -> None:
        """A die face tapped on screen; when all the dice asked for are in, they are sent."""
        view = self.view
        request = view.snapshot.chance if view is not None else None
        if view is None or (request is None and view.game.phase is not Phase.DECIDE):
            self.stage.say(_("No dice are needed now."))
            return
        wanted = request.dice if request is not None else 2
        self.entered.append(value)
        if len(self.entered) >= wanted:
            values, self.entered = self.entered[:wanted], []
            self.stage.post(SupplyChance(values, source="touch", for_seq=view.snapshot.seq))
        self.rebuild()


def _nothing() -> None:
    """A card over the board takes the taps that land on it (nothing behind it moves)."""


def _viewer(view: TurnView) -> int:
    """The seat the board is drawn from: the first player's, as the real board lies on the
    table, or the player's on roll when the match turns the board to them."""
    game = view.game
    return game.player if game.options.turn_to_player else 0


def _numberer(view: TurnView) -> int:
    """The seat whose numbers the points carry: the player on roll; before anyone is (the
    opening roll), the seat the board is drawn from."""
    game = view.game
    return _viewer(view) if game.phase is Phase.OPENING else game.player


def _mover(view: TurnView) -> str:
    return view.game.seat_name(view.game.player)


def _dice_text(view: TurnView) -> str:
    return "-".join(str(die) for die in view.game.dice or ())


__all__ = ["BoardScene", "BoardWidget"]
