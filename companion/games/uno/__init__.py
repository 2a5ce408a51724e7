"""The UNO family: classic UNO, UNO Tiki Twist and UNO Duo on one card model.

`cards` is the card model, `deck_file` the decks as data files, `classic` the
classic engine (simulation and table referee) that the variants subclass,
`referee` the helpers of the table referee mode. `UnfitDeckError` refuses a
user's deck a game cannot be played with (Tiki Faces outside Tiki Twist).
"""

from __future__ import annotations

from companion.games.base import GameSpec, JSONValue
from companion.games.uno.classic import ClassicUno
from companion.games.uno.match import UnoMatch
from companion.games.uno.match_state import UnfitDeckError


def uno_game_spec(game: type[UnoMatch]) -> GameSpec:
    """The registry spec of an UNO engine class (its name, title, player range, JSON)."""

    def new(players: int, options: dict[str, JSONValue]) -> UnoMatch:
        return game(players, game.options_type.from_json(options))

    return GameSpec(
        name=game.game_name,
        title=game.title,
        min_players=game.min_players,
        max_players=game.max_players,
        new=new,
        state_from_json=game.from_json,
        actions=game.action_types,
        uses_spinner=game.uses_spinner,
    )


from companion.games.uno.duo import DuoUno  # noqa: E402
from companion.games.uno.tiki import TikiTwist  # noqa: E402

GAME_SPECS: tuple[GameSpec, ...] = (
    uno_game_spec(ClassicUno),
    uno_game_spec(TikiTwist),
    uno_game_spec(DuoUno),
)
"""Every UNO game: classic UNO, UNO Tiki Twist and UNO Duo."""

__all__ = ["GAME_SPECS", "ClassicUno", "DuoUno", "TikiTwist", "UnfitDeckError", "UnoMatch"]
