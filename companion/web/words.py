"""Every word the phone page shows, in the table's language (`companion.i18n`).

The page is rendered with these words in a JSON block the script reads, so
the script itself holds no text: a translation catalog covers the page
as it covers the touchscreen. `{name}`-style fields are filled in by the
script, after translation, so a catalog may move them.
"""

from __future__ import annotations

from companion.games import backgammon, uno, yahtzee
from companion.i18n import N_, _

ROUND_LABELS = {
    backgammon.FAMILY: N_("Game {n}"),
    uno.FAMILY: N_("Round {n}"),
    yahtzee.FAMILY: N_("Claim {n}"),
}
"""What a scoresheet's row is called in each family, the words of the touchscreen's
scoresheet (`ui.game_scenes.family_screens`); a family not here says "Round {n}"."""


def page_words() -> dict[str, str]:
    """The page's words by key, translated now."""
    return {
        **{f"round_label_{family}": _(label) for family, label in ROUND_LABELS.items()},
        "title": _("Tabletop Companion"),
        "live": _("Live"),
        "history": _("History"),
        "no_match": _("No match is on the table yet."),
        "to_move": _("{name} to move"),
        "counting_hands": _("Counting hands: {names} still to count"),
        "waiting": _("Waiting for the table"),
        "over": _("The match is over: {names} won."),
        "nobody": _("nobody"),
        "and": _("and"),
        "scores": _("Scores"),
        "recent": _("What happened"),
        "won": _("won"),
        "stream_live": _("Live"),
        "stream_polling": _("Checking every few seconds"),
        "stream_lost": _("Reconnecting…"),
        "no_matches": _("No matches yet."),
        "match_number": _("Match {id}"),
        "playing": _("playing"),
        "finished": _("finished"),
        "abandoned": _("abandoned"),
        "rounds": _("Rounds"),
        "round_number": _("Round {n}"),
        "now": _("Now"),
        "result": _("Result"),
        "result_chart": _("Each player's score, round by round"),
        "final_scores": _("Final scores"),
        "no_rounds": _("No scores yet."),
        "events": _("Events"),
        "undone": _("undone"),
        "back": _("Back to the list"),
        "bar": _("Bar"),
        "off": _("Off"),
        "cube": _("Cube {value}"),
        "cube_owner": _("Cube {value}: {name}"),
        "dice": _("Dice"),
        "in_play": _("In play"),
        "colour": _("Colour: {colour}"),
        "cards": _("{n} cards"),
        "one_card": _("1 card"),
        "draw_pile": _("Draw pile: {n}"),
        "clockwise": _("Play goes clockwise"),
        "anticlockwise": _("Play goes anticlockwise"),
        "idol": _("Idol"),
        "dealer": _("deals"),
        "uno_call": _("UNO!"),
        "went_out": _("{name} went out."),
        "round_end": _("Round {n} counted"),
        "no_cards_left": _("no cards left"),
        "points_given": _("{n} points"),
        "one_point": _("1 point"),
        "total": _("total {n}"),
        "target_wins": _("Target {points}"),
        "target_loses": _("First to {points} loses"),
        "tiles": _("Tiles"),
        "square": _("Square {n}"),
        # Under the dice on the board: the roll they came from (the prompt says the next).
        "roll_shown": _("Roll {n} of {max}"),
        "free_tile": _("free"),
        "wild": _("WILD"),
        "tile_ones": _("Ones"),
        "tile_twos": _("Twos"),
        "tile_threes": _("Threes"),
        "tile_fours": _("Fours"),
        "tile_fives": _("Fives"),
        "tile_sixes": _("Sixes"),
        "tile_three_of_a_kind": _("Three of a kind"),
        "tile_four_of_a_kind": _("Four of a kind"),
        "tile_full_house": _("Full house"),
        "tile_small_straight": _("Small straight"),
        "tile_large_straight": _("Large straight"),
        "tile_chance": _("Chance"),
        "short_ones": _("1s"),
        "short_twos": _("2s"),
        "short_threes": _("3s"),
        "short_fours": _("4s"),
        "short_fives": _("5s"),
        "short_sixes": _("6s"),
        "short_three_of_a_kind": _("3 kind"),
        "short_four_of_a_kind": _("4 kind"),
        "short_full_house": _("Full"),
        "short_small_straight": _("Sm str"),
        "short_large_straight": _("Lg str"),
        "short_chance": _("Chance"),
        "red": _("Red"),
        "yellow": _("Yellow"),
        "green": _("Green"),
        "blue": _("Blue"),
    }


__all__ = ["page_words"]
