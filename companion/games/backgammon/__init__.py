"""The backgammon family: Backgammon, Mini-Gam and Multi-Gam on one movement core.

Modules: `geometry` and `movement` (boards and legal plays), `notation`,
`position_id`, `text_format` and `diagram` (reading and writing positions),
`options` (the rule options), `opening`, `cube`, `match` and `match_id` (the
match around the board), `actions`, `phase` and `family` (the turn flow the
three games share), `narration` (what an action caused, as `Note`s: hits,
lost turns, the cube, results and scores; never saved), `free_play` (plays
without the forced-move rule), `saved` (their common JSON and its checks) and
one module per game:
`backgammon_game`, `minigam_game`, `multigam_game`.
"""

from __future__ import annotations

from companion.games.backgammon.actions import (
    BACKGAMMON_ACTIONS,
    MINIGAM_ACTIONS,
    MULTIGAM_ACTIONS,
)
from companion.games.backgammon.backgammon_game import BackgammonGame
from companion.games.backgammon.minigam_game import MiniGamGame
from companion.games.backgammon.multigam_game import MultiGamGame
from companion.games.backgammon.options import BackgammonOptions, MiniGamOptions, MultiGamOptions
from companion.games.base import GameSpec, JSONValue, RuleError


def _check_players(title: str, wanted: int, players: int) -> None:
    if players != wanted:
        raise RuleError(f"{title} is for exactly {wanted} players, not {players}.")


def new_backgammon(players: int, options: dict[str, JSONValue]) -> BackgammonGame:
    """A new Backgammon match.

    Raises:
        RuleError: not two players, or a bad option.
    """
    _check_players("Backgammon", 2, players)
    return BackgammonGame(BackgammonOptions.from_json(options))


def new_minigam(players: int, options: dict[str, JSONValue]) -> MiniGamGame:
    """A new Mini-Gam match.

    Raises:
        RuleError: not two players, or a bad option.
    """
    _check_players("Mini-Gam", 2, players)
    return MiniGamGame(MiniGamOptions.from_json(options))


def new_multigam(players: int, options: dict[str, JSONValue]) -> MultiGamGame:
    """A new Multi-Gam match.

    Raises:
        RuleError: not four players, or a bad option.
    """
    _check_players("Multi-Gam", 4, players)
    return MultiGamGame(MultiGamOptions.from_json(options))


GAME_SPECS = (
    GameSpec(
        name="backgammon",
        title="Backgammon",
        min_players=2,
        max_players=2,
        new=new_backgammon,
        state_from_json=BackgammonGame.from_json,
        actions=BACKGAMMON_ACTIONS,
    ),
    GameSpec(
        name="minigam",
        title="Mini-Gam",
        min_players=2,
        max_players=2,
        new=new_minigam,
        state_from_json=MiniGamGame.from_json,
        actions=MINIGAM_ACTIONS,
    ),
    GameSpec(
        name="multigam",
        title="Multi-Gam",
        min_players=4,
        max_players=4,
        new=new_multigam,
        state_from_json=MultiGamGame.from_json,
        actions=MULTIGAM_ACTIONS,
    ),
)
