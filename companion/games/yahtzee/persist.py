"""The Yahtzee board game as plain JSON, and back, checked on the way in.

Everything saved is on the `Tabletop`; reading builds the class it is given
(`YahtzeeState`), so this module never needs the game flow.
"""

from __future__ import annotations

from typing import Any, TypeVar

from companion.games.base import JSONValue, RuleError
from companion.games.dice import DiceRoll
from companion.games.yahtzee.board import TileHolding
from companion.games.yahtzee.challenge import ChallengeRounds
from companion.games.yahtzee.options import YahtzeeOptions
from companion.games.yahtzee.rolloff import RollOff
from companion.games.yahtzee.tabletop import Tabletop
from companion.games.yahtzee.tiles import MAX_NUMBER_COUNT, Tile, best_value, parse_tile
from companion.games.yahtzee.turn import Landing, Phase, Turn

GAME_NAME = "yahtzee"
T = TypeVar("T", bound=Tabletop)


def state_to_json(state: Tabletop) -> dict[str, JSONValue]:
    """Every field of the game, as plain JSON."""
    placing = state.turn.placing
    return {
        "game": GAME_NAME,
        "options": state.options.to_json(),
        "players": state.players,
        "roll_off": state.roll_off.to_json(),
        "order": list(state.order),
        "positions": list(state.positions),
        "tiles": {
            tile.value: {"owner": h.owner, "value": h.value, "square": h.square}
            for tile, h in state.holdings.items()
        },
        "protected": state.protected.value if state.protected else None,
        "current": state.current,
        "phase": state.phase.value,
        "landing": state.landing.value if state.landing else None,
        "target": state.target.value if state.target else None,
        "dice": state.dice.to_json() if state.dice else None,
        "claim_choices": [tile.value for tile in state.turn.claim_choices],
        "placing": [placing[0].value, placing[1]] if placing else None,
        "yahtzee": state.turn.yahtzee,
        "challenge": state.challenge.to_json() if state.challenge else None,
        "turn_number": state.turn_number,
        "notes": list(state.notes),
    }


def state_from_json(cls: type[T], data: dict[str, JSONValue]) -> T:
    """Rebuild a game written by `state_to_json`, as a `cls`.

    Raises:
        RuleError: the data is not a saved Yahtzee board game, or describes an
            impossible one (two tiles on a square, an owner who is not playing...).
    """
    if not isinstance(data, dict) or data.get("game") != GAME_NAME:
        raise RuleError("That is not a saved Yahtzee board game.")
    try:
        state = _read(cls, data)
    except (LookupError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, RuleError):
            raise
        raise RuleError(f"That saved Yahtzee board game is damaged ({error!r}).") from None
    _check_consistent(state)
    _check_holdings(state)
    _check_order(state)
    _check_phase(state)
    _check_challenge(state)
    return state


def _optional_tile(value: Any) -> Tile | None:
    return None if value is None else parse_tile(value)


def _read(cls: type[T], data: dict[str, Any]) -> T:
    state = cls(int(data["players"]), YahtzeeOptions.from_json(data["options"]))
    state.roll_off = RollOff.from_json(data["roll_off"])
    state.order = tuple(int(seat) for seat in data["order"])
    state.positions = [int(square) for square in data["positions"]]
    tiles = data["tiles"]
    if sorted(tiles) != sorted(tile.value for tile in state.options.tiles):
        raise RuleError("The saved tiles do not match the tiles in play.")
    for name, holding in tiles.items():
        owner, square = holding["owner"], holding["square"]
        state.holdings[parse_tile(name)] = TileHolding(
            None if owner is None else int(owner),
            int(holding["value"]),
            None if square is None else int(square),
        )
    state.protected = _optional_tile(data["protected"])
    placing = data["placing"]
    state.turn = Turn(
        seat=int(data["current"]),
        phase=Phase(data["phase"]),
        landing=None if data["landing"] is None else Landing(data["landing"]),
        target=_optional_tile(data["target"]),
        dice=None if data["dice"] is None else DiceRoll.from_json(data["dice"]),
        claim_choices=tuple(parse_tile(name) for name in data["claim_choices"]),
        placing=None if placing is None else (parse_tile(placing[0]), int(placing[1])),
        yahtzee=bool(data["yahtzee"]),
    )
    challenge = data["challenge"]
    state.challenge = None if challenge is None else ChallengeRounds.from_json(challenge)
    state.turn_number = int(data["turn_number"])
    state.notes = [str(note) for note in data["notes"]]
    return state


def _check_consistent(state: Tabletop) -> None:
    seats = range(state.players)
    if len(state.positions) != state.players or sorted(state.order) not in ([], list(seats)):
        raise RuleError("The saved players, order and positions do not match.")
    if state.current not in seats:
        raise RuleError(f"Seat {state.current} is not playing.")
    squares = [h.square for h in state.holdings.values() if h.square is not None]
    if len(squares) != len(set(squares)):
        raise RuleError("Two saved tiles share a square.")
    for tile, holding in state.holdings.items():
        claimed = holding.owner is not None
        if claimed != (holding.square is not None) or (claimed and holding.owner not in seats):
            raise RuleError(f"The saved {tile.label} tile has an impossible owner or square.")
        if holding.square is not None and (
            state.board.is_wild(holding.square) or not 1 <= holding.square <= state.board.squares
        ):
            raise RuleError(f"The saved {tile.label} tile is not on a tile square.")
    named = [state.protected, state.target, *state.turn.claim_choices]
    named += [state.turn.placing[0]] if state.turn.placing else []
    if any(tile is not None and tile not in state.holdings for tile in named):
        raise RuleError("The saved game names a tile that is not in play.")
    if state.protected is not None and state.holdings[state.protected].owner is None:
        raise RuleError("The saved protection marker is on an unclaimed tile.")


def _check_holdings(state: Tabletop) -> None:
    for tile, holding in state.holdings.items():
        if holding.owner is None:
            allowed = range(0, 1)
        elif tile.face is not None:
            allowed = range(1, MAX_NUMBER_COUNT + 1)
        elif tile is Tile.CHANCE:
            allowed = range(state.options.chance_minimum, best_value(tile) + 1)
        else:
            allowed = range(1, 2)
        if holding.value not in allowed:
            raise RuleError(
                f"The saved {tile.label} tile has an impossible value, {holding.value}."
            )


def _check_order(state: Tabletop) -> None:
    seats = list(range(state.players))
    placed = sorted(seat for group in state.roll_off.places for seat in group)
    rolled = [seat for seat, _ in state.roll_off.totals]
    group = state.roll_off.rolling_group or ()
    if placed != seats or any(seat not in group for seat in rolled):
        raise RuleError("The saved roll for the order of play does not match the players.")
    settled = state.roll_off.order
    if (state.phase is Phase.ROLL_OFF) != (settled is None) or state.order != (settled or ()):
        raise RuleError("The saved order of play does not match its roll.")
    squares = range(1, state.board.squares + 1)
    if state.order and any(square not in squares for square in state.positions):
        raise RuleError(f"Every player stands on a square from 1 to {state.board.squares}.")


def _check_phase(state: Tabletop) -> None:
    phase, dice, target, placing = state.phase, state.dice, state.target, state.turn.placing
    if dice is not None and (dice.dice, dice.max_rolls) != (5, 3):
        raise RuleError("The saved game rolls five dice up to three times.")
    square = state.positions[state.current]
    mine = target is not None and state.holdings[target].owner == state.current
    needs = {
        Phase.OWN_TILE: target is not None and state.tile_on(square) is target and mine,
        Phase.ROLL: dice is not None and _landing_fits(state),
        Phase.TARGET: state.landing is Landing.WILD
        and target is None
        and dice is not None
        and dice.can_roll_again,
        Phase.CLAIM: bool(state.turn.claim_choices) and dice is not None,
        Phase.PLACE: placing is not None and state.holdings[placing[0]].owner is None,
    }
    if not needs.get(phase, True):
        raise RuleError(
            f"The saved game is in the {phase.value} step without what that step needs."
        )


def _landing_fits(state: Tabletop) -> bool:
    landing, target = state.landing, state.target
    if landing in (Landing.STEAL, Landing.IMPROVE):
        if target is None:
            return False
        mine = state.holdings[target].owner == state.current
        return mine if landing is Landing.IMPROVE else state.holdings[target].owner is not None
    return landing is not None


def _check_challenge(state: Tabletop) -> None:
    rounds = state.challenge
    if rounds is None:
        if state.phase not in (Phase.ROLL_OFF, Phase.OVER, Phase.PLACE) and not state.unclaimed():
            raise RuleError("Every saved tile is claimed but the challenge rounds have not begun.")
        return
    remaining = rounds.remaining
    if state.unclaimed() or len(set(remaining)) != len(remaining):
        raise RuleError("The saved challenge rounds do not match the tiles and players.")
    if any(seat not in state.order for seat in (*remaining, rounds.last_claimer)):
        raise RuleError("The saved challenge rounds name a seat that is not playing.")
    if state.phase is not Phase.OVER and rounds.challenger != state.current:
        raise RuleError("The saved challenge rounds are not at the player whose turn it is.")
