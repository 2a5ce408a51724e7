"""`python -m companion` runs the command line."""

from companion.app.cli import run

run()
