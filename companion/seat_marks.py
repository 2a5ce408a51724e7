"""Each player's colour and the letter drawn on it: one table for the screen and the phone.

A player chooses a colour by name ("red", "blue", ...); the touchscreen and
the phone page both draw that seat with the colour's RGB and its letter in its
ink, so Mum is the same red R on the table and on every phone, and colour is
never the only cue. The palette is Okabe and Ito's, chosen to stay distinct
for the common colour blindnesses. A name the palette does not know is grey
with its own first letter.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

BLACK_INK: RGB = (0, 0, 0)
WHITE_INK: RGB = (255, 255, 255)
UNKNOWN_GREY: RGB = (150, 150, 150)


@dataclass(frozen=True)
class SeatMark:
    """A colour by name, its RGB, the letter drawn on it, and the ink of that letter."""

    name: str
    rgb: RGB
    letter: str
    ink: RGB = WHITE_INK

    def to_json(self) -> dict[str, str]:
        """The mark as the phone page reads it: the letter and two CSS colours (#rrggbb)."""
        return {"letter": self.letter, "colour": hex_colour(self.rgb), "ink": hex_colour(self.ink)}


def hex_colour(rgb: RGB) -> str:
    """`rgb` as CSS writes it: (204, 32, 44) is "#cc202c"."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


SEAT_MARKS: dict[str, SeatMark] = {
    mark.name: mark
    for mark in (
        SeatMark("red", (204, 32, 44), "R"),  # a red that is not orange beside orange
        SeatMark("blue", (0, 114, 178), "B"),
        SeatMark("green", (0, 158, 115), "G"),
        SeatMark("yellow", (240, 228, 66), "Y", ink=BLACK_INK),
        SeatMark("purple", (204, 121, 167), "P", ink=BLACK_INK),
        SeatMark("orange", (230, 159, 0), "O", ink=BLACK_INK),
        SeatMark("pink", (255, 170, 200), "K", ink=BLACK_INK),
        SeatMark("teal", (86, 180, 233), "T", ink=BLACK_INK),
        SeatMark("brown", (140, 90, 50), "N"),
        SeatMark("grey", (150, 150, 150), "A", ink=BLACK_INK),
        SeatMark("white", (240, 240, 235), "W", ink=BLACK_INK),
        SeatMark("black", (20, 20, 20), "X"),
    )
}
"""Every colour a player may choose, by name, in the order the seats screen offers them."""


def seat_mark(colour: str) -> SeatMark:
    """The mark of the colour a player chose, by name; unknown names are grey, own letter."""
    known = SEAT_MARKS.get(colour.strip().lower())
    if known is not None:
        return known
    return SeatMark(colour, UNKNOWN_GREY, (colour[:1] or "?").upper(), ink=BLACK_INK)


__all__ = ["RGB", "SEAT_MARKS", "SeatMark", "hex_colour", "seat_mark"]
