"""The Yahtzee board scene's screen: the board, and a panel of scores, words, dice and buttons.

Landscape: the board is a square on the left, the panel a column on the
right. Portrait: the panel below the board, which gives way to it. The panel
holds `back`, `undo` and (while it can be used) `redo`; each player's score
now (`score:<seat>`, `points:<seat>`, on the `scores` card that opens the
scoresheet); what just happened (`last`, the engine's narration) and what to
do now (`prompt`, with what the dice must show); the dice (`dice`, each die
`hold:<n>`); and the buttons of the moment: the dice asked for (`roll`,
`face:<1-6>`), `throw`, `stop` and the faces between throws (a face tapped throws the
dice not held), `stay` and `move`
on your own tile. Over the board: the tile to go for or claim (`tile:<name>`),
and the game's end (`result`, `next`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from companion.games.yahtzee import Phase
from companion.i18n import _
from ui import layout, theme
from ui.board_parts import mix
from ui.dice_drawing import FaceButton
from ui.scene_parts import ShowsMessage, redo_button, scores_button
from ui.theme import Theme, player_colour
from ui.widgets import Button, Label, TextBlock, Widget, button_width
from ui.yahtzee.board_drawing import (
    LEAST,
    Middle,
    YahtzeeBoard,
    ring_middle,
)
from ui.yahtzee.cards import GO, CardActions, block_height, choice_card, result_card
from ui.yahtzee.dice_places import DicePlaces
from ui.yahtzee.dice_tray import DiceTray, TrayDie, dice_on_table
from ui.yahtzee.made_card import MadeActions, made_card
from ui.yahtzee.tile_words import tile_words
from ui.yahtzee.view_model import YahtzeeView


class YahtzeeActions(CardActions, MadeActions, Protocol):
    """What the Yahtzee screen may read of its scene and ask it to do."""

    @property
    def stage(self) -> ShowsMessage:
        """The app around the scene (the panel shows its sentence)."""

    @property
    def held(self) -> set[int]:
        """The places of the dice held for the next throw."""

    @property
    def places(self) -> DicePlaces:
        """The dice in their places on screen, and the places held."""

    @property
    def entered(self) -> list[int]:
        """The dice faces tapped on screen so far."""

    def hold_refusal(self) -> str:
        """Why the dice cannot be held now ("" when they can)."""

    def toggle_hold(self, index: int) -> None:
        """Hold a die, or let it go."""

    def throw(self) -> None:
        """Throw the dice not held."""

    def stop(self) -> None:
        """Keep the dice as they lie."""

    def stay(self) -> None:
        """Stay on the tile reached."""

    def move_on(self) -> None:
        """Roll the movement die again and move on."""

    def tap_square(self, number: int) -> None:
        """A square of the board tapped."""

    def enter_face(self, value: int) -> None:
        """A die face tapped on screen."""

    def roll(self) -> None:
        """Ask for the dice (the tray's, or the companion's fair roll)."""

    def say_made(self) -> None:
        """Put the made card back up (the dice were being tapped in one by one)."""

    @property
    def offers_made(self) -> bool:
        """True while the made card is down but could be up (`say_made` puts it back)."""

    def back(self) -> None:
        """Home (the match stays on the table)."""

    def undo(self) -> None:
        """Take back the table's last command."""

    def redo(self) -> None:
        """Play again what the last undo took back."""

    def scores(self) -> None:
        """The match's scoresheet."""
GREY: theme.RGB = (80, 80, 96)


@dataclass(frozen=True)
class Sizes:
    """The panel's rows on 800x480 (the theme scales them)."""

    nav: int = 48
    score: int = 28
    dice: int = 88
    gap: int = 4
    """Between the panel's rows."""
    button: int = 56
    face: int = 48
    keep: int = 170
    """"Keep these" beside the faces on a wide panel."""
    nav_beside_dice: int = 88
    """A portrait panel's Back and Undo, beside the dice: their width."""
    words: int = 150
    """The room for what happened and what to do, below a portrait board."""


SIZES = Sizes()


def screen(scene: YahtzeeActions, view: YahtzeeView, area: pygame.Rect, look: Theme
           ) -> list[Widget]:
    """Every widget: the board with its squares, the panel, and any card over the board.

    Landscape: the board on the left, the panel a column on the right, its dice row only
    while there are dice to show (the words get the room otherwise). Portrait: the panel
    below the board, Back and Undo beside the dice, the board as large as the panel's
    fixed rows and room for the words leave it (the same size all game)."""
    pad = look.px(6)
    portrait = area.w < area.h
    if not portrait:
        board_area, panel = layout.take_left(area, min(area.h, area.w * 3 // 5), pad)
    else:
        fixed = _fixed_height(view, panel_width=area.w, look=look)
        side = min(area.w, area.h - fixed - look.px(SIZES.words) - pad)
        board_area, panel = layout.take_top(area, side, pad)
        board_area.w = side
        board_area.centerx = area.centerx
    widgets: list[Widget] = board_widgets(scene, view, board_area, look)
    widgets += panel_widgets(scene, view, panel, look, portrait)
    widgets += choice_card(scene, view, board_area, look)
    widgets += made_card(scene, view, board_area, look)
    widgets += result_card(scene, view, board_area, look)
    return widgets


def _fixed_height(view: YahtzeeView, panel_width: int, look: Theme) -> int:
    """A portrait panel's height less its words: the scores, the dice with Back and Undo
    beside them, the buttons."""
    gap = look.px(SIZES.gap)
    rows = (_score_rows(view) * look.px(SIZES.score), look.px(SIZES.dice),
            _actions_height(panel_width, look), *(() if _nav_beside_dice(look) else (
                look.px(SIZES.nav),)))
    return sum(rows) + gap * len(rows)


def _score_rows(view: YahtzeeView) -> int:
    return -(-len(view.snapshot.players) // 2)


def _actions_height(width: int, look: Theme) -> int:
    """The height of the buttons asking for dice: the roll and six faces in one row when the
    panel is wide enough, else the faces three a row beside the roll. (Between throws a
    portrait panel's throw and keep take a second row from the words.)"""
    if width >= _one_row_width(look):
        return look.px(SIZES.face)
    return 2 * look.px(SIZES.face) + look.px(6)


def _one_row_width(look: Theme) -> int:
    return look.px(120) + 6 * look.px(SIZES.face) + 6 * look.px(6)


def board_widgets(scene: YahtzeeActions, view: YahtzeeView, area: pygame.Rect, look: Theme
                  ) -> list[Widget]:
    """The board and a hotspot for each square (`square:<n>`, its words as its text)."""
    colours = tuple(player_colour(player.colour) for player in view.snapshot.players)
    squares = view.squares()
    placing = frozenset(view.place_actions())
    middle = _middle(view)
    board = YahtzeeBoard(area, squares, colours, middle, look, placing)
    # The middle's words as a widget of their own (drawn by the board): what a script reads.
    words = [middle.title, *middle.lines]
    words += [f"{tile_words(tile)} {points}" for tile, points in (*middle.numbers, *middle.others)]
    widgets: list[Widget] = [board, Widget("challenge" if view.in_challenge else "unclaimed",
                                           ring_middle(board.cells, board.gap),
                                           ". ".join(words))]
    for square in squares:
        widgets.append(Widget(f"square:{square.number}", board.cells[square.number],
                              view.square_words(square),
                              on_tap=partial(scene.tap_square, square.number)))
    return widgets


def _middle(view: YahtzeeView) -> Middle:
    if view.in_challenge:
        return Middle(_("Challenge rounds"), lines=tuple(view.challenge_lines()))
    unclaimed = view.unclaimed()
    if not unclaimed:
        return Middle(_("Every tile is claimed"))
    numbers = tuple((tile, view.points_words(tile)) for tile in unclaimed if tile.face)
    others = tuple((tile, view.points_words(tile)) for tile in unclaimed if not tile.face)
    return Middle(_("Still to claim"), numbers, others)


def _nav_beside_dice(look: Theme) -> bool:
    """Whether a portrait panel's Back and Undo fit their words beside the dice."""
    return button_width(look, _("Back"), _("Undo"), _("Redo")) <= look.px(SIZES.nav_beside_dice)


def panel_widgets(scene: YahtzeeActions, view: YahtzeeView, rect: pygame.Rect, look: Theme,
                  portrait: bool = False) -> list[Widget]:
    """Back and undo, the scores, the words, the dice and the buttons, top to bottom; the
    words take what the others leave. In portrait Back and Undo sit beside the dice."""
    gap = look.px(SIZES.gap)
    rest = rect
    nav = None
    buttons_beside = 3 if view.snapshot.can_redo else 2
    # Beside the dice in portrait while the words of the table's language fit them there;
    # else ("Dadwneud") on a row of their own on top, as in landscape.
    beside = portrait and _nav_beside_dice(look)
    if not beside:
        nav, rest = layout.take_top(rect, look.px(SIZES.nav), gap)
    scores, rest = layout.take_top(rest, look.px(SIZES.score) * _score_rows(view), gap)
    # The card reaches past the ring round the player to play.
    widgets: list[Widget] = [scores_button(scores.inflate(look.px(10), 0), scene.scores),
                             *score_lines(view, scores, look)]
    buttons = _actions(scene, view, rect.w, look)
    height = max((button.rect.bottom for button in buttons), default=0)
    actions, rest = layout.take_bottom(rest, height, gap) if height else (None, rest)
    dice = dice_on_table(view, scene.places, scene.entered)
    words = rest
    if portrait:
        dice_row, words = layout.take_bottom(rest, look.px(SIZES.dice), gap)
        tray_area = dice_row
        if beside:  # Redo, while it can be, takes a third button's room from the tray.
            tray_area, nav = layout.take_left(dice_row, dice_row.w - buttons_beside * look.px(
                SIZES.nav_beside_dice) - (buttons_beside - 1) * gap, gap)
            nav = pygame.Rect(nav.x, nav.bottom - look.px(SIZES.nav), nav.w, look.px(SIZES.nav))
        widgets += _dice(scene, view, dice, tray_area, look)
    elif any(die.value is not None for die in dice):
        tray_area, words = layout.take_bottom(rest, look.px(SIZES.dice), gap)
        widgets += _dice(scene, view, dice, tray_area, look)
    assert nav is not None
    back, undo, *redo_area = layout.columns(nav, buttons_beside, gap)
    widgets += [
        Button("back", back, _("Back"), on_tap=scene.back, colour=GREY),
        Button("undo", undo, _("Undo"), on_tap=scene.undo, colour=GREY,
               enabled=view.snapshot.can_undo, refusal=_("There is nothing to undo yet.")),
    ]
    widgets += [redo_button(rect, scene.redo, GREY) for rect in redo_area]
    widgets += _words(scene, view, words, look)
    if actions is not None:
        for button in buttons:
            button.rect.move_ip(actions.x, actions.y)
        widgets += buttons
    return widgets


def score_lines(view: YahtzeeView, rect: pygame.Rect, look: Theme) -> list[Widget]:
    """Each player's letter, name and points now, two a row; who plays is ringed in gold,
    who is out of the challenge rounds greyed."""
    players = view.snapshot.players
    rows = _score_rows(view)
    columns = layout.columns(rect, 2, look.px(16))
    scores = view.scores()
    playing = None if view.snapshot.is_over or not view.game.order else view.game.current
    still_in = view.still_in()
    widgets: list[Widget] = []
    for seat, player in enumerate(players):
        cell = columns[seat % 2].move(0, (seat // 2) * (rect.h // rows))
        cell.h = rect.h // rows
        colour = player_colour(player.colour)
        # Out of the challenge rounds: greyed here, and named in the middle of the board.
        out = view.in_challenge and seat not in still_in
        ink = theme.MUTED if out else _readable(colour.rgb)
        points = str(scores[seat])
        inner = cell.inflate(-look.px(8), 0)
        if seat == playing:
            widgets.append(Ring("playing", cell.inflate(look.px(6), 0)))
        points_rect, name_rect = layout.take_right(inner, look.font(24, True).size(points)[0]
                                                   + look.px(2), look.px(6))
        widgets.append(Label(f"score:{seat}", name_rect, f"{colour.mark} {player.name}",
                             colour=ink))
        widgets.append(Label(f"points:{seat}", points_rect, points, bold=True, colour=ink))
    return widgets


@dataclass(eq=False)
class Ring(Widget):
    """A gold ring round the score of the player who plays."""

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The ring."""
        pygame.draw.rect(surface, theme.ACCENT, self.rect, look.px(2), border_radius=look.px(8))


def _readable(rgb: theme.RGB) -> theme.RGB:
    """A player's colour lightened enough to read on the dark background."""
    return mix(rgb, (255, 255, 255), 0.33)


def _words(scene: YahtzeeActions, view: YahtzeeView, rect: pygame.Rect, look: Theme
           ) -> list[Widget]:
    """What just happened (`last`) above what to do now (`prompt`, with what the dice must
    show); for a few seconds a sentence (`message`, a refusal marked with a cross) in their
    place. The prompt gets the lines it needs at the readable size; what happened the rest,
    shrinking (down to 80%) rather than losing its end."""
    message = scene.stage.message
    if message is not None:
        colour = theme.REFUSAL if message.refusal else theme.PANEL
        text = ("✗ " + message.text) if message.refusal else message.text
        return [TextBlock("message", rect, text, background=colour)]
    # The choice card over the board asks its question: the panel does not say it again.
    choosing = bool(view.choice_actions()) and not view.snapshot.is_over
    prompt = "" if choosing else view.made_prompt() if scene.made_card_up else view.prompt()
    if scene.entered:
        prompt += " " + _("Tapped: {dice}").format(dice=" ".join(map(str, scene.entered)))
    goal = "" if scene.made_card_up else view.goal()  # the made card says it
    prompt = f"{prompt}\n{goal}".strip()
    last = view.effect_words()
    if not prompt:
        return [TextBlock("last", rect, last, colour=theme.ACCENT)]
    gap = look.px(4)
    least_last = look.font(LEAST).get_linesize() + 2 * look.px(5) + gap
    prompt_h = block_height(prompt, theme.TEXT_MIN, rect.w, look)
    if view.deciding and prompt_h > rect.h - least_last:
        # Between throws the dice show what was rolled: the prompt takes the room.
        return [TextBlock("prompt", rect, prompt, background=theme.PANEL)]
    prompt_h = min(prompt_h, rect.h - least_last)
    prompt_area, last_area = layout.take_bottom(rect, prompt_h, gap)
    # A long narration (the challenge rounds beginning) shrinks a little to stay whole.
    size = next((wanted for wanted in range(theme.TEXT_MIN, LEAST, -1)
                 if block_height(last, wanted, rect.w, look) <= last_area.h), LEAST)
    return [
        TextBlock("last", last_area, last, size=size, colour=theme.ACCENT),
        TextBlock("prompt", prompt_area, prompt, background=theme.PANEL),
    ]


def _dice(scene: YahtzeeActions, view: YahtzeeView, dice: list[TrayDie], rect: pygame.Rect,
          look: Theme) -> list[Widget]:
    """The tray and the held dice, each die a `hold:<n>` hotspot; between throws a tap holds
    it or puts it back, at any other time it says why not (a throw awaited, none left)."""
    tray = DiceTray(rect, dice, look)
    widgets: list[Widget] = [tray]
    refusal = "" if view.deciding else scene.hold_refusal()
    for die, place in tray.places:
        if die.index is None or die.value is None:
            continue
        words = _("{value}, held").format(value=die.value) if die.held else str(die.value)
        widgets.append(Widget(f"hold:{die.index + 1}", place, words, enabled=view.deciding,
                              refusal=refusal, on_tap=partial(scene.toggle_hold, die.index)))
    return widgets


def _actions(scene: YahtzeeActions, view: YahtzeeView, width: int, look: Theme
             ) -> list[Widget]:
    """The buttons for what the game waits for now, placed from (0, 0) in a panel `width`
    wide (the panel moves them to their row)."""
    gap = look.px(6)
    row = pygame.Rect(0, 0, width, look.px(SIZES.button))
    if view.snapshot.is_over:
        return []
    if view.snapshot.chance is not None:
        return _dice_buttons(scene, width, look, says_made=scene.offers_made)
    if view.phase is Phase.OWN_TILE:
        stay, move = layout.columns(row, 2, gap)
        return [Button("stay", stay, _("Stay"), colour=GO, on_tap=scene.stay),
                Button("move", move, _("Move on"), on_tap=scene.move_on)]
    if view.phase is Phase.ROLL:
        return _roll_buttons(scene, view, width, look)
    return []


def _roll_buttons(scene: YahtzeeActions, view: YahtzeeView, width: int, look: Theme
                  ) -> list[Widget]:
    """Between throws: `throw` (the tray's or the companion's dice) and `stop` beside the six
    faces, for dice thrown by hand: the first face tapped throws the dice not held."""
    gap = look.px(6)
    one_row = width >= _one_row_width(look) + look.px(SIZES.keep) + gap
    rows = 1 if one_row else 2
    area = pygame.Rect(0, 0, width, rows * look.px(SIZES.face) + (rows - 1) * gap)
    if one_row:
        throw, rest = layout.take_left(area, look.px(120), gap)
        stop, faces = layout.take_left(rest, look.px(SIZES.keep), gap)
    else:
        buttons, faces = layout.take_left(area, width * 2 // 5, gap)
        throw, stop = layout.take_top(buttons, look.px(SIZES.face), gap)
    count = 5 - len(scene.held)
    words = _("Throw {n}").format(n=count) if count else _("Throw")
    widgets: list[Widget] = [
        Button("throw", throw, words, colour=GO, on_tap=scene.throw, enabled=view.deciding,
               refusal=_("No throw is left: keep the dice as they are.")),
        Button("stop", stop, _("Keep these") if one_row else _("Keep"), on_tap=scene.stop)]
    if view.deciding:
        widgets += _faces(scene, faces, 6 if one_row else 3, look)
    return widgets


def _faces(scene: YahtzeeActions, area: pygame.Rect, columns: int, look: Theme
           ) -> list[Widget]:
    """The six faces to tap the dice in, `columns` a row."""
    cells = layout.grid(area, columns, 6, look.px(SIZES.face), look.px(6))
    return [FaceButton(f"face:{value}", cell, str(value), on_tap=partial(scene.enter_face, value))
            for value, cell in enumerate(cells, start=1)]


def _dice_buttons(scene: YahtzeeActions, width: int, look: Theme, says_made: bool = False
                  ) -> list[Widget]:
    """`roll` (the companion's fair roll, as the tray button) beside the six faces to tap
    the dice in: in one row on a wide panel, else three a row. `says_made`: the made card
    is down while the dice are tapped in one by one; `made` (Say made, under Roll) puts it back."""
    gap = look.px(6)
    area = pygame.Rect(0, 0, width, _actions_height(width, look))
    one_row = width >= _one_row_width(look)
    roll, faces = layout.take_left(area, look.px(120) if one_row else width // 3, gap)
    widgets: list[Widget] = []
    if says_made and one_row:
        made, faces = layout.take_left(faces, look.px(120), gap)
        widgets.append(Button("made", made, _("Say made"), on_tap=scene.say_made))
    elif says_made:
        roll, made = layout.take_top(roll, (roll.h - gap) // 2, gap)
        widgets.append(Button("made", made, _("Say made"), on_tap=scene.say_made))
    widgets.append(Button("roll", roll, _("Roll"), colour=GO, on_tap=scene.roll))
    return widgets + _faces(scene, faces, 6 if one_row else 3, look)


__all__ = ["SIZES", "Ring", "Sizes", "YahtzeeActions", "board_widgets", "panel_widgets",
           "score_lines", "screen"]
