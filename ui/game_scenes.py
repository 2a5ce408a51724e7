"""One scene per screen: home, its player and options screens, and each game's table."""

GAME_SCENES: dict[str, str] = {
    "backgammon": "board",
    "minigam": "board",
    "multigam": "board",
    "classic": "uno",
    "tiki": "uno",
    "duo": "uno",
    "yahtzee": "yahtzee",
}
"""The scene that shows each game the touchscreen can referee, by game name."""
