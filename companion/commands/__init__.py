"""Subcommands of the `companion` command, one module each.

Every module here defines `register(subparsers)` which adds its subparser and
sets `func` (called with the parsed arguments, returning the exit code). The
command line finds them by listing this package, so adding a family of
commands is adding one module.
"""
