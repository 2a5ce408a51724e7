"""The UNO family on the touchscreen: Classic, Tiki Twist and Duo.

`scene` takes the taps (`UnoScene`); `panel`, `picker`, `count`, `entry` and
`idol_spin` build its panels and dialogs and ask it only through
small protocols, one per panel (`actions`);
`view_model` is the pure view of a snapshot, `card_drawing` draws cards and the idol.
"""
