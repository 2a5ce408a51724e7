"""Home: pick a game, the players and their names and colours, the options; resume; start.

Widgets: `game:<name>` for each game with a screen, `players:-` and
`players:+`, `player:<seat>` (opens the name and colour screen; a telephone after the name
when the player has a phone joined, from the lobby the screen offers them in), `options`
(opens the options screen), `hands` (a card game the companion can deal: real cards, or
phones as hands), `start`, `setup` (the companion's own screens),
`resume` when a match is unfinished, and `devices` when configured hardware could
not be opened ("Playing without the spinner."; the journal has the engineer's
sentence), where the players leave room for it.
"""

from __future__ import annotations

import math
from collections.abc import Set
from functools import partial
from typing import ClassVar, Protocol

import pygame

from companion.games.base import JSONValue, RuleError
from companion.i18n import _
from companion.table import Outcome, TableSnapshot
from companion.table.hands import AT_THE_TABLE, Hands, can_hold_hands
from companion.table.lobby import LobbyPlayer
from ui import layout, theme
from ui.game_scenes import game_scene
from ui.scene import MatchSetupStage, Scene, SystemStage
from ui.scene_parts import message_widgets
from ui.screens.game_options import choices_for
from ui.screens.match_draft import MatchDraft
from ui.screens.phone_hands import HANDS, hands_words, other_hands, phones_missing
from ui.theme import name_problem
from ui.widgets import (
    Button,
    Label,
    Panel,
    TextBlock,
    Widget,
    button_width,
    shade,
    wrap_text,
)

PHONE_JOINED = "  \u260e"
"""After a player's name: they have a phone joined (a telephone, which DejaVu Sans draws)."""


class HomeStage(MatchSetupStage, SystemStage, Protocol):
    """What the home screen asks: the match being set up, and the phone page's PIN."""


class HomeScene(Scene):
    """The first screen: what to play, who plays, and the way back into a match."""

    name: ClassVar[str] = "home"
    plan = MatchDraft
    stage: HomeStage

    def __init__(self, stage: HomeStage) -> None:
        super().__init__(stage)
        self.asking = False
        """True while the players are asked whether to abandon the unfinished match."""

    def build(self) -> list[Widget]:
        """Games on one side, the chosen game's players and options on the other."""
        look = self.stage.look
        width, height = self.stage.size
        pad = look.px(10)
        area = pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad)
        header, body = layout.take_top(area, look.px(52), pad)
        widgets: list[Widget] = [*self._header(header)]
        if width >= height:
            games_area, setup_area = layout.take_left(body, body.w * 2 // 5, pad)
            widgets += self._games(games_area, 1)
        else:
            games_area, setup_area = layout.take_top(body, look.px(56) * 4 + pad * 3, pad)
            widgets += self._games(games_area, 2)
        widgets += self._setup(setup_area)
        # Over the match's panel, not the header: the PIN, Setup and the games stay in view.
        message_area = pygame.Rect(setup_area.x, setup_area.y, setup_area.w,
                                   min(setup_area.h, self._message_height(setup_area.w - pad)))
        said = message_widgets(self.stage, message_area.inflate(-pad, -pad))
        if said:  # framed, so that it reads as a note over the players, not in place of one
            widgets.append(Panel("message_frame", message_area, border=theme.ACCENT))
        widgets += said
        widgets += self._abandon_question(area)
        return widgets

    def _message_height(self, width: int) -> int:
        """The message's frame: 118 px, taller for a sentence that needs more lines (who has
        no phone joined yet, and how to join)."""
        look = self.stage.look
        message = self.stage.message
        if message is None:
            return look.px(118)
        font = look.font(theme.TEXT_MIN)
        lines = len(wrap_text(message.text, font, width - 2 * look.px(10)))
        return max(look.px(118), lines * font.get_linesize() + look.px(30))

    def _abandon_question(self, area: pygame.Rect) -> list[Widget]:
        """Before a new match replaces an unfinished one: are you sure?"""
        snapshot = self.stage.snapshot
        if not self.asking or snapshot is None:
            return []
        look = self.stage.look
        card = area.inflate(-area.w // 6, -area.h // 3)
        inner = card.inflate(-look.px(20), -look.px(20))
        buttons, words = layout.take_bottom(inner, look.px(56), look.px(10))
        cancel, confirm = layout.columns(buttons, 2, look.px(10))
        names = ", ".join(player.name for player in snapshot.players)
        question = _("Start a new match? The unfinished {game} of {names} stays in the"
                     " history as abandoned.").format(game=_(snapshot.title), names=names)
        return [
            shade(),
            Panel("question", card, border=theme.ACCENT, on_tap=_nothing),
            TextBlock("abandon", words, question),
            Button("cancel", cancel, _("Cancel"), colour=(90, 90, 90), on_tap=self.cancel),
            Button("confirm", confirm, _("Start new"), colour=(0, 120, 80),
                   on_tap=lambda: self.start(confirmed=True)),
        ]

    def _header(self, area: pygame.Rect) -> list[Widget]:
        look = self.stage.look
        setup_area, area = layout.take_right(area, look.px(110), look.px(8))
        widgets: list[Widget] = [Button("setup", setup_area, _("Setup"), colour=(80, 80, 96),
                                        on_tap=lambda: self.stage.go("setup"))]
        phones = self.stage.system.phone
        if phones is not None:
            phones_area, area = layout.take_right(area, look.px(170), look.px(8))
            words = (_("PIN {pin}").format(pin=phones.pin) if phones.port is not None
                     else _("Phones off"))
            widgets.append(Button("phones", phones_area, words, colour=(80, 80, 96),
                                  on_tap=lambda: self.stage.go("join")))
        title = Label("title", area, _("Tabletop Companion"), size=30, bold=True)
        # Whole (shrunk as far as words may be) or not at all.
        if look.font(math.ceil(look.smallest(30)), True).size(title.text)[0] <= area.w:
            widgets.append(title)
        snapshot = self.stage.snapshot
        if snapshot is None or snapshot.is_over or game_scene(snapshot.game) is None:
            return widgets
        if phones is not None:  # no room for the title beside the match's buttons
            if title in widgets:
                widgets.remove(title)
            button_area = area
        else:
            button_area, title.rect = layout.take_right(
                area, min(area.w * 3 // 5, look.px(420)))
        # No undo here: it would take back a move of a match nobody is looking at. Undo is
        # on the match's own screen, where the players see what it takes back.
        resume = Button("resume", button_area, _("Resume {game}").format(game=_(snapshot.title)),
                        on_tap=self.resume, colour=(0, 120, 80))
        return [*widgets, resume]

    def _games(self, area: pygame.Rect, cols: int) -> list[Widget]:
        look = self.stage.look
        names = [name for name in self.stage.games if game_scene(name) is not None]
        gap = look.px(8)
        rows = -(-len(names) // cols)
        row_height = max(look.px(48), min(look.px(64), (area.h - gap * (rows - 1)) // rows))
        cells = layout.grid(area, cols, len(names), row_height, gap)
        last = len(names) % cols
        if last:  # a short last row shares the whole width: a long title keeps its words
            row = pygame.Rect(area.x, cells[-1].y, area.w, cells[-1].h)
            cells[-last:] = layout.columns(row, last, gap)
        draft = self.stage.draft
        return [
            Button(f"game:{name}", cell, _(self.stage.games[name].title),
                   selected=name == draft.game, on_tap=partial(self.choose, name))
            for name, cell in zip(names, cells, strict=True)
        ]

    def _setup(self, area: pygame.Rect) -> list[Widget]:
        look = self.stage.look
        draft = self.stage.draft
        spec = self.stage.games[draft.game]
        gap = look.px(8)
        row = look.px(52)
        widgets: list[Widget] = [Panel("match_setup", area.inflate(gap, gap))]
        count_row, rest = layout.take_top(area, row, gap)
        minus, count_row = layout.take_left(count_row, look.px(56), gap)
        plus, count_row = layout.take_right(count_row, look.px(56), gap)
        fixed = spec.min_players == spec.max_players
        widgets += [
            Button("players:-", minus, "−", enabled=draft.count > spec.min_players,
                   refusal=_("{game} is for at least {n} players.").format(
                       game=_(spec.title), n=spec.min_players),
                   on_tap=lambda: self.change_count(-1), visible=not fixed),
            Label("players", count_row, _("{n} players").format(n=draft.count), centred=True),
            Button("players:+", plus, "+", enabled=draft.count < spec.max_players,
                   refusal=_("{game} is for at most {n} players.").format(
                       game=_(spec.title), n=spec.max_players),
                   on_tap=lambda: self.change_count(1), visible=not fixed),
        ]
        start_row, rest = layout.take_bottom(rest, look.px(56), gap)
        widgets += self._devices_line(rest, draft.count)
        if widgets[-1].name == "devices":
            rest = layout.take_bottom(rest, widgets[-1].rect.h, gap)[1]
        if can_hold_hands(spec):  # where the hands are: real cards, or the players' phones
            options_area, hands_area, start_area = layout.columns_at_least(
                start_row, [button_width(look, _("Options")),
                            button_width(look, *(hands_words(h) for h in HANDS)),
                            button_width(look, _("Start"))], gap)
            widgets.append(Button("hands", hands_area, hands_words(draft.hands),
                                  colour=(70, 70, 130) if draft.on_phones() else theme.BUTTON,
                                  selected=draft.on_phones(), on_tap=self.other_hands))
        else:
            options_area, start_area = layout.take_left(start_row, start_row.w // 2, gap)
        widgets.append(Button("options", options_area, _("Options"), on_tap=self.open_options,
                              enabled=bool(choices_for(spec, draft.game_options())),
                              refusal=_("{game} has no options to choose.").format(
                                  game=_(spec.title))))
        widgets.append(Button("start", start_area, _("Start"), colour=(0, 120, 80),
                              on_tap=self.start))
        cols = 1 if draft.count <= 4 and rest.h >= 4 * look.px(48) else 2
        per_col = -(-draft.count // cols)
        height = max(look.px(48), min(row, (rest.h - gap * (per_col - 1)) // max(per_col, 1)))
        cells = layout.grid(rest, cols, draft.count, height, gap)
        joined = self._offer_to_phones()
        for seat, cell in enumerate(cells):
            colour = theme.player_colour(draft.colours[seat])
            name = draft.names[seat]
            widgets.append(Button(
                f"player:{seat}", cell,
                f"{colour.mark}  {name}{PHONE_JOINED if name in joined else ''}",
                colour=_dim(colour.rgb), on_tap=partial(self.edit_player, seat)))
        return widgets

    def _offer_to_phones(self) -> Set[str]:
        """Offer the players being set up to the phones (the lobby: a phone may join one
        before the match starts); who has a phone joined now."""
        phone = self.stage.system.phone
        if phone is None:
            return frozenset()
        if phone.lobby is not None:
            draft = self.stage.draft
            phone.lobby.offer([LobbyPlayer(name, colour) for name, colour in zip(
                draft.names[: draft.count], draft.colours[: draft.count], strict=True)])
        return phone.joined()

    def _devices_line(self, rest: pygame.Rect, count: int) -> list[Widget]:
        """The hardware this run plays without, in a family's words, under the players when
        they leave room (the journal has the whole sentence); nothing when every configured
        device runs, or the devices are simulated as asked."""
        missing = self.stage.system.missing
        if missing.spinner and missing.tray:
            words = _("Playing without the spinner and the dice tray.")
        elif missing.spinner:
            words = _("Playing without the spinner.")
        elif missing.tray:
            words = _("Playing without the dice tray.")
        else:
            return []
        look = self.stage.look
        gap = look.px(8)
        font = look.font(theme.TEXT_MIN)
        lines = len(wrap_text(words, font, rest.w - look.px(10)))
        line_h = lines * font.get_linesize() + look.px(10)
        per_col = count if count <= 4 else -(-count // 2)
        if rest.h - line_h - gap < per_col * look.px(48) + (per_col - 1) * gap:
            return []
        line = pygame.Rect(rest.x, rest.bottom - line_h, rest.w, line_h)
        return [TextBlock("devices", line, words, colour=theme.MUTED)]

    # -- the home screen's own commands (the scripted driver's `new` uses them too) ----------

    def choose(self, game: str) -> None:
        """Pick the game to start."""
        self.stage.draft.choose_game(self.stage.games[game])
        self.rebuild()

    def change_count(self, delta: int) -> None:
        """One player more or fewer, within the game's range."""
        spec = self.stage.games[self.stage.draft.game]
        wanted = self.stage.draft.count + delta
        self.stage.draft.count = min(max(wanted, spec.min_players), spec.max_players)
        self.rebuild()

    def set_up(
        self,
        game: str,
        count: int | None = None,
        names: list[str] | None = None,
        options: dict[str, JSONValue] | None = None,
        hands: Hands = AT_THE_TABLE,
    ) -> None:
        """Set up a match as a person would on this screen (the scripted driver's `new`).

        Options not given keep their documented defaults; `hands` "phones" plays a card game
        with phones as hands, as the `hands` button chooses it.

        Raises:
            ValueError: the number of players or of names does not fit the game.
        """
        spec = self.stage.games[game]
        draft = self.stage.draft
        draft.choose_game(spec)
        if count is not None:
            try:
                spec.check_players(count)
            except RuleError as error:
                raise ValueError(str(error)) from None
            draft.count = count
        if names:
            if len(names) > draft.count:
                raise ValueError(f"{len(names)} names for {draft.count} players")
            for name in names:
                problem = name_problem(name)
                if problem:
                    raise ValueError(problem)
            draft.names[: len(names)] = names
        draft.options[game] = dict(options or {})
        draft.hands = hands
        self.rebuild()

    def other_hands(self) -> None:
        """Hands on the players' phones, or back to real cards at the table."""
        draft = self.stage.draft
        draft.hands = other_hands(draft.hands)
        self.rebuild()

    def edit_player(self, seat: int) -> None:
        """Open the name and colour screen of one seat."""
        self.stage.editing_seat = seat
        self.stage.go("player")

    def open_options(self) -> None:
        """Open the options screen of the chosen game."""
        self.stage.go("options")

    def start(self, confirmed: bool = False) -> None:
        """Start the match as set up; its screen comes when the table has started it.

        An unfinished match on the table is abandoned only once the players said so; with
        phones as hands, nothing starts while a player has no phone joined (a sentence says
        who, and how to join).
        """
        snapshot = self.stage.snapshot
        missing = phones_missing(self.stage.draft, self.stage.system.phone)
        if missing:
            self.asking = False
            self.stage.say(missing)
            return
        if snapshot is not None and not snapshot.is_over and not confirmed:
            self.asking = True
            self.rebuild()
            return
        self.asking = False
        self.stage.post(self.stage.draft.new_match(), then=self._started)

    def cancel(self) -> None:
        """Keep the unfinished match: no new match starts."""
        self.asking = False
        self.rebuild()

    def resume(self) -> None:
        """Go back to the unfinished match on the table."""
        snapshot = self.stage.snapshot
        if snapshot is not None:
            self.stage.go(game_scene(snapshot.game) or self.name)

    def _started(self, outcome: Outcome) -> None:
        snapshot = self.stage.snapshot
        if outcome.applied and snapshot is not None:
            self.stage.go(game_scene(snapshot.game) or self.name)

    def snapshot_arrived(self, snapshot: TableSnapshot) -> None:
        """A match may have become resumable (or finished): the header changes."""
        self.rebuild()


def _nothing() -> None:
    """A card on the screen takes the taps that land on it."""


def _dim(rgb: theme.RGB) -> theme.RGB:
    """A darker shade for a button's face, so white words stay readable on it."""
    red, green, blue = rgb
    return (red * 3 // 5, green * 3 // 5, blue * 3 // 5)


__all__ = ["HomeScene"]
