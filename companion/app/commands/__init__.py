"""Subcommands of the `companion` command, one module each.

Every module here defines `register(subparsers)` which adds its subparser and
sets `func` (called with the parsed arguments, returning the exit code).
Adding a family of commands is adding one module and its line (name, module,
help phrase) in `companion.app.cli.COMMANDS`, which imports the module only when
its command runs; tests/test_cli.py fails until the table and the modules agree.
"""
