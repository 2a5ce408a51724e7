"""`python -m companion` runs the command line."""

from companion.cli import run

run()
