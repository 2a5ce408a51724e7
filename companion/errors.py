"""The one error base of the `companion` package.

Errors that reach a person carry a sentence that says what happened and what
to do. Leaf errors also subclass a builtin, as gpiozero's do, so callers that
only know `ValueError` or `OSError` still catch them.
"""


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class ConfigError(CompanionError, ValueError):
    """A configuration file is missing, unreadable or holds a bad value."""


class StoreError(CompanionError, OSError):
    """The event log cannot be opened or written."""
