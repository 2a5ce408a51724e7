"""Yahtzee on the touchscreen.

`scene` takes the taps (`YahtzeeScene`), `panel` builds its screen and asks it only
through `YahtzeeActions`; `view_model` is the pure view of a snapshot, `board_drawing`
and `dice_tray` draw the board and the dice.
"""
