"""The backgammon family: Backgammon, Mini-Gam and Multi-Gam on one movement core.

Modules: `geometry` and `movement` (boards and legal plays), `notation`,
`position_id`, `text_format` and `diagram` (reading and writing positions),
`options` (the rule options), `opening`, `cube`, `match` and `match_id` (the
match around the board), `actions`, `phase` and `family` (the turn flow the
three games share, with `turn_dice`, `whole_plays` and `checker_steps`),
`narration` (what an action caused, as `Note`s: hits, lost turns, the cube,
results and scores; never saved), `free_play` (plays without the forced-move
rule), `saved` (their common JSON and its checks) and one module per game:
`backgammon_game`, `minigam_game`, `multigam_game`.
"""

from __future__ import annotations

from companion.games.backgammon.backgammon_game import BackgammonGame
from companion.games.backgammon.family import FamilyGame
from companion.games.backgammon.minigam_game import MiniGamGame
from companion.games.backgammon.multigam_game import MultiGamGame
from companion.games.base import GameSpec

FAMILY: str = FamilyGame.family
"""The backgammon family's name, the `GameSpec.family` of its three games."""

BACKGAMMON = GameSpec.of(BackgammonGame)
MINIGAM = GameSpec.of(MiniGamGame)
MULTIGAM = GameSpec.of(MultiGamGame)

GAME_SPECS: tuple[GameSpec, ...] = (BACKGAMMON, MINIGAM, MULTIGAM)
"""Every game of the backgammon family: Backgammon, Mini-Gam and Multi-Gam."""

__all__ = [
    "BACKGAMMON",
    "FAMILY",
    "GAME_SPECS",
    "MINIGAM",
    "MULTIGAM",
    "BackgammonGame",
    "FamilyGame",
    "MiniGamGame",
    "MultiGamGame",
]
