"""Pure rules engines, one module or package per game family.

House rule: nothing under this package does I/O, reads a clock, draws random
numbers or imports pygame, Flask, gpiozero or serial. Chance (dice, shuffles,
spinner results) arrives as input: see `companion.games.base`.
"""
