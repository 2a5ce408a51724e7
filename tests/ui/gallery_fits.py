"""`companion` with every gallery picture's words measured: `scripts/gallery` runs its scripts
through this module when `GALLERY_FITS` names a folder.

    python -m tests.ui.gallery_fits REPORT.jsonl ui --headless --script ...

Each `shot` line draws its screen once more with `ui.widgets.recording_fits` open and writes
one JSON line to REPORT per picture: its file name, every text that did not fit its box, the
language it was drawn in and every text drawn.
With `GALLERY_LANGUAGE` set ("cy"), every screen is drawn in that language whatever the
configuration says, and the scripts' `expect` lines (English words) are not checked.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pygame

from companion import i18n
from companion.app import cli
from ui import script
from ui.widgets import recording_fits


def _measuring_shots(report: Path) -> None:
    """Make the driver's `shot` line also write what its picture's words did in their boxes."""
    shot = script.Driver.shot

    def measured_shot(driver: script.Driver, arguments: list[str]) -> None:
        shot(driver, arguments)
        app = driver.app
        with recording_fits() as fits:
            app.scene.draw(pygame.Surface(app.size))
        cut = [{"text": fit.text, "box": fit.box, "shown": fit.shown}
               for fit in fits if not fit.fitted]
        line = {"picture": Path(arguments[0]).name, "size": list(app.size), "cut": cut,
                "language": i18n.language(), "words": [fit.text for fit in fits]}
        with report.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")

    script.Driver.shot = measured_shot  # type: ignore[method-assign]


def _in_language(language: str) -> None:
    """Draw every screen in `language`: the start chooses it, and `expect` looks for nothing.

    The start imports `use_language` from `companion.i18n` when it runs, so the choice is
    made there, in the module (a name patched in `companion.app.product` would never be
    called, and the pictures would stay English).
    """
    use_language = i18n.use_language

    def chosen(_configured: str, locale_dir: Path | None = None) -> None:
        use_language(language, locale_dir)

    def not_checked(_driver: script.Driver, _arguments: list[str]) -> None:
        """The script's expected words are English: not looked for in another language."""

    i18n.use_language = chosen  # type: ignore[assignment]
    script.Driver.expect = not_checked  # type: ignore[method-assign,assignment]


def main(argv: list[str]) -> int:
    """Measure the shots of a `companion` command line's script into the report `argv[0]`."""
    _measuring_shots(Path(argv[0]))
    language = os.environ.get("GALLERY_LANGUAGE", "")
    if language:
        _in_language(language)
    return cli.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
