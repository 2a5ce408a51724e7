"""Each game family's phone drawing is a file of its own, loaded because the registry lists it.

`static/boards.js` holds what every drawing shares; `static/boards/<family>.js`
draws one family and registers itself (`Boards.register("uno", draw)`); the page
loads one such file per family of the games registry (`board_scripts`), so a new
family adds its file and no line to the phone's other code.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

import companion.web
from companion.games.registry import game_specs
from companion.table import Table
from companion.web import WebServer, public
from tests.web.conftest import play, start
from tests.web.phone_pages import NEEDS_CHROMIUM, phone, wait_for_seq

__all__ = ["phone"]  # the fixture, from phone_pages

STATIC = Path(companion.web.__file__).parent / "static"


def _families() -> list[str]:
    return list(dict.fromkeys(spec.family for spec in game_specs().values()))


def test_each_family_draws_in_its_own_file_that_registers_it() -> None:
    for family in _families():
        text = (STATIC / "boards" / f"{family}.js").read_text(encoding="utf-8")
        assert f'register("{family}", draw)' in text, family
    assert sorted(path.stem for path in (STATIC / "boards").glob("*.js")) == sorted(_families())


def test_the_shared_scripts_name_no_family() -> None:
    for name in ("boards.js", "app.js", "result.js"):
        text = (STATIC / name).read_text(encoding="utf-8")
        for family in _families():
            assert not re.search(rf"[\"']{family}[\"']", text), (name, family)


def test_the_page_loads_one_drawing_per_family_of_the_registry(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    loaded = re.findall(r'<script src="/static/boards/(\w+)\.js" defer>', page)
    assert loaded == _families()
    for family in loaded:
        assert client.get(f"/static/boards/{family}.js").status_code == 200


def test_a_new_family_in_the_registry_is_one_more_drawing_loaded(monkeypatch: Any) -> None:
    specs = dict(game_specs())
    ludo = next(iter(specs.values()))
    monkeypatch.setattr(public, "game_specs", lambda: {**specs, "ludo": _Spec("ludo")})
    assert ludo.family != "ludo"
    assert public.board_scripts() == [f"boards/{family}.js" for family in [*_families(), "ludo"]]


class _Spec:
    def __init__(self, family: str) -> None:
        self.family = family


@NEEDS_CHROMIUM
def test_every_family_of_the_registry_has_its_drawing_on_the_page(
    phone: Any, server: WebServer, table: Table
) -> None:
    start(table, "backgammon")
    snapshot = play(table, 2)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, snapshot.seq)
    registered = phone.evaluate(
        "families => families.filter(family => typeof Boards.drawing(family) === 'function')",
        _families(),
    )
    assert registered == _families()
    assert phone.evaluate("() => Boards.drawing('no such family')") is None
    assert phone.script_errors == []
