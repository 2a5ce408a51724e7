"""The backgammon family on the touchscreen: Backgammon, Mini-Gam and Multi-Gam.

`scene` takes the taps (`BoardScene`), `panel` builds the side panel and the strip,
`turn` and `routes` are the pure turn model (where a checker may go, asked of the
engine), and `board_drawing` with `board_layout` and `board_pockets` draw the board.
"""
