"""`with` support for anything that has an idempotent `close()`."""

from __future__ import annotations

from typing import Self


class ClosesItself:
    """A mixin: `with thing:` closes the thing on leaving, however the block ends."""

    def close(self) -> None:
        """Release the resource (idempotent)."""
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
