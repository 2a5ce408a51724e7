"""The side panel of the board scene: scores, whose turn, the dice, and the buttons of the moment.

Which buttons show depends on what the game waits for: the dice (`roll`, the
companion's fair roll as the tray button gives it, and `face:<1-6>` to tap
them in), a decision (`double`, `roll`; `take`, `pass`, `beaver`), the play
(`confirm`), or a result (`next`). `undo` and `back` are always there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from companion.games.backgammon import BackgammonGame, MultiGamGame
from companion.games.backgammon.actions import Beaver, Double, Pass, Take
from companion.games.backgammon.phase import Phase
from companion.i18n import _
from ui import layout, theme
from ui.backgammon.panel_words import chance_words, event_words, goal_words, ordinal
from ui.backgammon.turn import TurnView
from ui.dice_drawing import FaceButton, draw_die
from ui.scene_parts import ShowsMessage, redo_button, scores_button
from ui.theme import PlayerColour, Theme, player_colour
from ui.widgets import Button, Label, TextBlock, Widget, block_fits, button_width


@dataclass(frozen=True)
class Notice:
    """Something the players confirm before play goes on: a lost turn, a game's or match's end."""

    kind: str
    """"lost_turn" (confirm), "game_over" (next) or "match_over" (next: a rematch)."""
    text: str


class BoardActions(Protocol):
    """What the side panel may read of the board scene and ask it to do."""

    @property
    def stage(self) -> ShowsMessage:
        """The app around the scene (the panel shows its sentence)."""

    @property
    def notice(self) -> Notice | None:
        """What the players confirm before play goes on, if anything."""

    @property
    def opening_words(self) -> str:
        """Who won the opening roll, while the first play is not yet made."""

    @property
    def entered(self) -> list[int]:
        """The dice faces tapped on screen so far."""

    def back(self) -> None:
        """Home (the match stays on the table)."""

    def undo(self) -> None:
        """Take back the last step or command."""

    def redo(self) -> None:
        """Play again what the last undo took back."""

    def scores(self) -> None:
        """The match's scoresheet."""

    def confirm(self) -> None:
        """Send the play held on screen (or confirm a notice)."""

    def decide(self, word: str) -> None:
        """Roll, double, take, pass or beaver."""

    def enter_face(self, value: int) -> None:
        """A die face tapped on screen."""


@dataclass(frozen=True)
class PanelArea:
    """Where the panel goes and what it shows."""

    scene: BoardActions
    view: TurnView
    rect: pygame.Rect
    look: Theme


class DiceStrip(Widget):
    """The dice showing: a turn's two (four faces for doubles), or each player's opening die."""

    def __init__(self, rect: pygame.Rect, faces: list[Face], text: str) -> None:
        super().__init__("dice", rect, text)
        self.faces = faces

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Each die as a face with pips; used dice faded; an opening die in its player's colour."""
        if not self.faces:
            return
        size = min(self.rect.h, (self.rect.w - look.px(6) * (len(self.faces) - 1))
                   // len(self.faces))
        x = self.rect.x
        for face in self.faces:
            place = pygame.Rect(x, self.rect.y, size, size)
            if face.owner is None:
                draw_die(surface, place, face.value, look, faded=face.used)
            else:
                draw_die(surface, place, face.value, look, colour=face.owner.rgb,
                         pips_colour=face.owner.ink)
            x += size + look.px(6)


@dataclass(frozen=True)
class Face:
    """One die in the strip: its value, whether it was played, whose opening die it is."""

    value: int
    used: bool = False
    owner: PlayerColour | None = None


def side_panel(area: PanelArea) -> list[Widget]:
    """Every widget of the panel: the way back and undo, what is going on, what to do now.

    Beside a landscape board the panel is one column; below a portrait board it
    is two, what is going on on the left and the buttons on the right. A
    sentence (a refusal, a hint) takes the place of the prompt and the dice
    for a few seconds, so it never hides a button.
    """
    look, rect = area.look, area.rect
    gap = look.px(6)
    count = 3 if _can_redo(area) else 2
    # Side by side while the words of the table's language fit them ("Dadwneud"), else
    # as many a row as fit, one row on the other.
    need = button_width(look, _("Back"), _("Undo"), _("Redo")) + gap
    across = max(1, min(count, (rect.w + gap) // need))
    lines = -(-count // across)
    top, rest = layout.take_top(rect, lines * look.px(48) + (lines - 1) * gap, gap)
    widgets = _way_back(area, *layout.grid(top, across, count, look.px(48), gap))
    faces = _faces(area)
    info_height = _score_height(area) + look.px(96) + gap
    if faces:
        info_height += look.px(52) + gap
    if rect.w > rect.h:
        info, actions = layout.columns(rest, 2, gap * 2)
    else:
        info, actions = layout.take_top(rest, info_height, gap)
    scores, info_rest = layout.take_top(info, _score_height(area), gap)
    widgets += _scores(area, scores)
    prompt, dice = layout.take_top(info_rest, look.px(96), gap)
    dice.h = min(dice.h, look.px(52))
    widgets += _talk(area, prompt, dice, faces, prompt.union(dice) if faces else prompt)
    widgets += _actions(area, actions)
    return widgets


def _way_back(area: PanelArea, back: pygame.Rect, undo: pygame.Rect,
              redo: pygame.Rect | None = None) -> list[Widget]:
    """`back` (home, the match stays) and `undo`, on every layout of the panel; `redo` in
    its own place while the last undo can be redone."""
    scene = area.scene
    widgets: list[Widget] = [
        Button("back", back, _("Back"), on_tap=scene.back, colour=(80, 80, 96)),
        Button("undo", undo, _("Undo"), on_tap=scene.undo, colour=(80, 80, 96),
               enabled=area.view.snapshot.can_undo or bool(area.view.held),
               refusal=_("There is nothing to undo yet.")),
    ]
    if redo is not None:
        widgets.append(redo_button(redo, scene.redo))
    return widgets


def _can_redo(area: PanelArea) -> bool:
    """True while the table can play the last undo again and no step is held on screen."""
    return area.view.snapshot.can_redo and not area.view.held


def _talk(
    area: PanelArea, prompt: pygame.Rect, dice: pygame.Rect, faces: list[Face],
    message_box: pygame.Rect,
) -> list[Widget]:
    """What is going on: the prompt and the dice, or for a few seconds a sentence in
    `message_box` (a refusal marked with a cross), so it never hides a button."""
    message = area.scene.stage.message
    if message is not None:
        colour = theme.REFUSAL if message.refusal else theme.PANEL
        text = ("✗ " + message.text) if message.refusal else message.text
        return [TextBlock("message", message_box, text, background=colour)]
    widgets: list[Widget] = [TextBlock("prompt", prompt, _prompt(area))]
    if faces:
        widgets.append(DiceStrip(dice, faces, _dice_words(area)))
    return widgets


STRIP_HEIGHT = 108
"""The strip of panel below a landscape board, on 800x480: two rows of 48 px buttons."""


def strip_panel(area: PanelArea) -> list[Widget]:
    """The panel as a strip below a landscape board, so the board keeps the full width.

    Left to right: back and undo; the scores; what is going on (the prompt and the
    dice); the buttons of the moment. A sentence takes the place of the prompt.
    """
    look, rect = area.look, area.rect
    gap = look.px(6)
    # As wide as the words of the table's language need ("Dadwneud"), 104 px at least.
    way = max(look.px(104), button_width(look, _("Back"), _("Undo"), _("Redo")))
    if _can_redo(area):  # undo and redo side by side below back
        nav, rest = layout.take_left(rect, way * 2 + gap, gap)
        back, below = layout.rows(nav, 2, gap)
        widgets = _way_back(area, back, *layout.columns(below, 2, gap))
    else:
        nav, rest = layout.take_left(rect, way, gap)
        widgets = _way_back(area, *layout.rows(nav, 2, gap))
    buttons = _button_width(area)  # beside three faces a finger wide
    actions_w, scores_w = _strip_split(area, rest, max(look.px(250), buttons + look.px(162)))
    actions, rest = layout.take_right(rest, actions_w, gap * 2)
    scores, talk = layout.take_left(rest, scores_w, gap * 2)
    widgets += _strip_scores(area, scores)
    faces = _faces(area)
    prompt, dice = layout.take_top(talk, talk.h - look.px(46) if faces else talk.h, gap)
    widgets += _talk(area, prompt, dice, faces, talk)
    widgets += _strip_actions(area, actions)
    return widgets


def _strip_split(area: PanelArea, rest: pygame.Rect, wanted: int) -> tuple[int, int]:
    """The widths of the strip's buttons of the moment and of its scores: `wanted` and 9/20
    of what is left; or, while Confirm is the only button and what is going on does not show
    whole beside it (a longer language's sentence), the buttons narrower, down to Confirm's
    words, then the scores, down to theirs, until it does."""
    look, gap = area.look, area.look.px(6)
    share = (rest.w - wanted - gap * 2) * 9 // 20
    if area.view.game.phase is not Phase.MOVE:
        return wanted, share
    least = max(look.px(120), button_width(look, _("Confirm")))
    tries = [(width, (rest.w - width - gap * 2) * 9 // 20)
             for width in range(wanted, least - 1, -look.px(8))]
    width, share = tries[-1]
    tries += [(width, scores) for scores in range(share, _scores_need(area), -look.px(8))]
    for width, scores in tries:
        if _talk_fits(area, pygame.Rect(rest.x + scores + gap * 2, rest.y,
                                        rest.w - width - scores - gap * 4, rest.h)):
            return width, scores
    return tries[-1]


def _scores_need(area: PanelArea) -> int:
    """How wide the strip's scores must be for their lines, shrunk as far as a label may."""
    font = area.look.font(math.ceil(area.look.smallest(theme.TEXT_MIN)))
    lines = [_match_words(area), *(f"▶ W {player.name} 00"
                                   for player in area.view.snapshot.players)]
    return max(font.size(line)[0] for line in lines) + area.look.px(8) + 4


def _talk_fits(area: PanelArea, talk: pygame.Rect) -> bool:
    """True when the strip's sentence (or the prompt, above the dice) shows whole in `talk`."""
    look, gap = area.look, area.look.px(6)
    message = area.scene.stage.message
    if message is not None:
        text = ("✗ " + message.text) if message.refusal else message.text
        return block_fits(look, text, talk)
    faces = _faces(area)
    box, _dice = layout.take_top(talk, talk.h - look.px(46) if faces else talk.h, gap)
    return block_fits(look, _prompt(area), box)


def _strip_scores(area: PanelArea, rect: pygame.Rect) -> list[Widget]:
    """The scores in one or two columns (four players), the match line below."""
    card = scores_button(rect, area.scene.scores)
    rect = rect.inflate(-area.look.px(8), 0)
    players = len(area.view.snapshot.players)
    cols = 1 if players <= 2 else 2
    rows = -(-players // cols) + 1
    lines = layout.grid(rect, cols, players, rect.h // rows, 0)
    match_line = pygame.Rect(rect.x, rect.y + (rows - 1) * (rect.h // rows), rect.w,
                             rect.h // rows)
    match = Label("match", match_line, _match_words(area), colour=theme.MUTED)
    return [card, *_score_lines(area, lines), match]


def _strip_actions(area: PanelArea, rect: pygame.Rect) -> list[Widget]:
    """The buttons of the moment in the strip: the roll beside the faces, or a row of two."""
    scene, view, look = area.scene, area.view, area.look
    gap = look.px(6)
    if scene.notice is not None and scene.notice.kind != "lost_turn":
        return []
    phase = view.game.phase
    if phase is Phase.MOVE:
        return [Button("confirm", rect, _("Confirm"), colour=(0, 120, 80),
                       enabled=view.complete, on_tap=scene.confirm,
                       refusal=_("Move your checkers first; then confirm the play."))]
    if phase is Phase.DOUBLED:
        return _answer_buttons(area, rect)
    buttons, faces_area = layout.take_left(rect, _button_width(area), gap)
    widgets: list[Widget] = []
    if phase is Phase.DECIDE:
        double_cell, roll_cell = layout.rows(buttons, 2, gap)
        can_double = any(isinstance(action, Double) for action in view.snapshot.legal_actions)
        widgets.append(Button("double", double_cell, _("Double"), enabled=can_double,
                              on_tap=partial(scene.decide, "double")))
        widgets.append(Button("roll", roll_cell, _("Roll"), colour=(0, 120, 80),
                              on_tap=partial(scene.decide, "roll")))
    else:
        widgets.append(Button("roll", buttons, _("Roll"), colour=(0, 120, 80),
                              on_tap=partial(scene.decide, "roll")))
    return widgets + _face_buttons(area, faces_area)


def _button_width(area: PanelArea) -> int:
    """The strip's Double and Roll buttons: as wide as their words need when Double shows."""
    look, deciding = area.look, area.view.game.phase is Phase.DECIDE
    words = max(look.font(theme.TEXT_MIN, True).size(word)[0] for word in (_("Double"), _("Roll")))
    return max(look.px(84), words + look.px(20) if deciding else 0)


def portrait_height(view: TurnView, look: Theme) -> int:
    """How tall the panel must be below a portrait board: its top row, then the taller of
    what is going on (scores, prompt, dice) and the buttons (roll and the six faces)."""
    gap = look.px(6)
    info = look.px(28) * (len(view.snapshot.players) + 1) + look.px(96) + look.px(52) + 3 * gap
    buttons = look.px(56) + 2 * look.px(48) + 3 * gap
    return look.px(48) + gap + max(info, buttons)


def _score_height(area: PanelArea) -> int:
    return area.look.px(28) * (len(area.view.snapshot.players) + 1)


def _scores(area: PanelArea, rect: pygame.Rect) -> list[Widget]:
    """One line a player, then the match line."""
    card = scores_button(rect, area.scene.scores)
    lines = layout.rows(rect.inflate(-area.look.px(8), 0), len(area.view.snapshot.players) + 1)
    match = Label("match", lines[-1], _match_words(area), colour=theme.MUTED)
    return [card, *_score_lines(area, lines[:-1]), match]


def _score_lines(area: PanelArea, lines: list[pygame.Rect]) -> list[Widget]:
    """Each player's mark, name and score (and finishing place) on their line."""
    snapshot = area.view.snapshot
    game = area.view.game
    finished = list(game.finished) if isinstance(game, MultiGamGame) else []
    widgets: list[Widget] = []
    for seat, (player, line) in enumerate(zip(snapshot.players, lines, strict=False)):
        colour = player_colour(player.colour)
        on_roll = "▶ " if seat == snapshot.to_move else ""
        score = snapshot.scores[seat] if seat < len(snapshot.scores) else 0
        points = str(score)
        if seat in finished:
            points = ordinal(finished.index(seat) + 1) + " · " + points
        # The score keeps its place at the right; a long name gives way with an ellipsis.
        score_rect, name_rect = layout.take_right(line, area.look.font().size(points)[0] + 4)
        ink = _readable(colour.rgb)
        widgets.append(Label(f"score:{seat}", name_rect, f"{on_roll}{colour.mark} {player.name}",
                             colour=ink))
        widgets.append(Label(f"points:{seat}", score_rect, points, colour=ink))
    return widgets


def _readable(rgb: theme.RGB) -> theme.RGB:
    """A player's colour lightened enough to read on the dark panel."""
    return tuple(min(255, c + (255 - c) // 3) for c in rgb)  # type: ignore[return-value]


def _match_words(area: PanelArea) -> str:
    return goal_words(area.view.game)


def _prompt(area: PanelArea) -> str:
    """Whose turn it is and what they do now, in words."""
    scene, view = area.scene, area.view
    if scene.opening_words and not view.made:
        return scene.opening_words
    snapshot = view.snapshot
    game = view.game
    name = game.seat_name(game.player)
    if game.phase is Phase.OPENING:
        rolling = ", ".join(game.seat_name(seat) for seat in game.opening.rolling)
        tied = any(game.opening.showing)
        text = (_("Tie! Roll again, one die each: {names}.") if tied
                else _("Opening roll: one die each, {names}.")).format(names=rolling)
        if scene.entered:
            text += " " + _("Tapped: {dice}").format(dice="-".join(map(str, scene.entered)))
        return text
    if snapshot.chance is not None:
        text = chance_words(snapshot.chance, snapshot)
        if scene.entered:
            text += " " + _("Tapped: {dice}").format(dice="-".join(map(str, scene.entered)))
        return text
    if game.phase is Phase.DECIDE:
        return _("{name}: double, or throw the dice.").format(name=name)
    if game.phase is Phase.DOUBLED:
        taker = game.seat_name(snapshot.to_move if snapshot.to_move is not None else 0)
        value = game.cube.value if isinstance(game, BackgammonGame) else 1
        return _("{doubler} doubles to {value}. {name}: take or pass?").format(
            doubler=name, value=2 * value, name=taker)
    if game.phase is Phase.MOVE:
        if view.complete:
            return _("{name}: {play}. Confirm?").format(
                name=name, play=game.notation(view.made))
        plays = game.legal_plays()
        if len(plays) == 1 and not view.made:
            return _("Only {play} is legal.").format(play=game.notation(plays[0].steps))
        return _("{name}: play {dice}.").format(name=name, dice="-".join(map(str, game.dice or ())))
    return event_words(snapshot)


def _faces(area: PanelArea) -> list[Face]:
    game = area.view.game
    if game.phase is Phase.OPENING:
        players = area.view.snapshot.players
        return [Face(die, owner=player_colour(players[seat].colour))
                for seat, die in enumerate(game.opening.showing) if die]
    if game.dice is None:
        return []
    first, second = game.dice
    dice = [first, first, first, first] if first == second else [first, second]
    used = [step.die for step in area.view.made]
    faces = []
    for die in dice:
        played = die in used
        if played:
            used.remove(die)
        faces.append(Face(die, played))
    return faces


def _dice_words(area: PanelArea) -> str:
    return " ".join(str(face.value) for face in _faces(area))


def _actions(area: PanelArea, rect: pygame.Rect) -> list[Widget]:
    """The buttons for what the game waits for now."""
    scene, view, look = area.scene, area.view, area.look
    gap = look.px(6)
    row = look.px(56)
    if scene.notice is not None and scene.notice.kind != "lost_turn":
        return []  # the result's card on the board holds the way on
    phase = view.game.phase
    if phase is Phase.MOVE:
        confirm_row, _rest = layout.take_top(rect, row, gap)
        return [Button("confirm", confirm_row, _("Confirm"), colour=(0, 120, 80),
                       enabled=view.complete, on_tap=scene.confirm,
                       refusal=_("Move your checkers first; then confirm the play."))]
    if phase is Phase.DOUBLED:
        return _answer_buttons(area, layout.take_top(rect, row)[0])
    widgets: list[Widget] = []
    buttons_row, faces_area = layout.take_top(rect, row, gap)
    can_double = any(isinstance(action, Double) for action in view.snapshot.legal_actions)
    if phase is Phase.DECIDE:
        double_cell, roll_cell = layout.columns(buttons_row, 2, gap)
        widgets.append(Button("double", double_cell, _("Double"), enabled=can_double,
                              on_tap=partial(scene.decide, "double")))
        widgets.append(Button("roll", roll_cell, _("Roll"), colour=(0, 120, 80),
                              on_tap=partial(scene.decide, "roll")))
    else:
        widgets.append(Button("roll", buttons_row, _("Roll for me"), colour=(0, 120, 80),
                              on_tap=partial(scene.decide, "roll")))
    return widgets + _face_buttons(area, faces_area)


def _answer_buttons(area: PanelArea, rect: pygame.Rect) -> list[Widget]:
    """Take, pass (and beaver where allowed), side by side in `rect`."""
    actions = area.view.snapshot.legal_actions
    buttons = [("take", _("Take"), Take), ("pass", _("Pass"), Pass),
               ("beaver", _("Beaver"), Beaver)]
    offered = [(n, t) for n, t, kind in buttons if any(isinstance(a, kind) for a in actions)]
    cells = layout.columns(rect, len(offered), area.look.px(6))
    return [Button(name, cell, text, on_tap=partial(area.scene.decide, name))
            for (name, text), cell in zip(offered, cells, strict=True)]


def _face_buttons(area: PanelArea, rect: pygame.Rect) -> list[Widget]:
    """The six faces to tap the dice in with, three a row."""
    look = area.look
    gap = look.px(6)
    height = max(look.px(48), min(look.px(56), rect.h // 2 - gap))
    cells = layout.grid(rect, 3, 6, height, gap)
    return [FaceButton(f"face:{value}", cell, str(value),
                       on_tap=partial(area.scene.enter_face, value))
            for value, cell in enumerate(cells, start=1)]


__all__ = [
    "STRIP_HEIGHT",
    "DiceStrip",
    "PanelArea",
    "portrait_height",
    "side_panel",
    "strip_panel",
]
