"""The touchscreen side of UNO with phones as hands (issue 30): the home screen starts it only
once every player has a phone joined, and the table's screen shows and reads only what
everyone at a table may see, never a card of a hand."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.commands.demo import choose_command
from companion.config import Config
from companion.event_log.store import Store
from companion.games.uno.cards import Card
from companion.games.uno.match_state import MatchState
from companion.table import DrawChance, PlayAction, TableSnapshot
from companion.table.hands import ON_PHONES
from tests.ui.conftest import Screen
from tests.ui.test_spin_view import on_a_sim_spinner, sim_config  # noqa: F401
from ui.app import App
from ui.script import ScriptError, run_script
from ui.uno.card_drawing import CardWidget, IdolWidget
from ui.uno.idol_spin import FACE_BEAT_S
from ui.uno.view_model import UnoView

UNO_GAMES = [("classic", 4), ("tiki", 4), ("duo", 2)]
NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def _new(game: str, players: int) -> str:
    return f"new {game} --players {players} --hands phones"


def _joined(*names: str) -> str:
    return "phones 8080 4821 " + " ".join(names)


@pytest.mark.parametrize(("game", "players"), UNO_GAMES)
def test_phones_as_hands_start_only_once_every_player_has_a_phone_joined(
    screen: Screen, game: str, players: int
) -> None:
    screen.run(_joined("Ana"))
    with pytest.raises(ScriptError) as refused:
        screen.run(_new(game, players))
    missing = ", ".join(NAMES[1:players])
    assert f"{missing} ha" in str(refused.value) and "no phone joined yet" in str(refused.value)
    assert "PIN 4821" in str(refused.value) and "Join as a player" in str(refused.value)
    assert screen.app.snapshot is None  # nothing started
    screen.run(_joined(*NAMES[:players]), _new(game, players))
    snapshot = screen.app.snapshot
    assert snapshot is not None and snapshot.game == game and snapshot.hands == ON_PHONES
    assert screen.app.scene.name == "uno" and "shuffle" in screen.names()


def test_home_offers_phones_as_hands_and_start_says_who_has_no_phone(
    screen: Screen,
) -> None:
    screen.run(_joined("Ana", "Ben"), "tap game:tiki")
    assert screen.widget("hands").text == "Real cards"
    screen.run("tap hands")
    assert screen.widget("hands").text == "Phone hands"
    screen.run("tap players:+", "tap start")
    said = screen.widget("message").text
    assert said.startswith("Each hand is held on its player's phone: Cleo has no phone joined")
    assert "tap PIN 4821 above for its QR code" in said
    assert screen.app.snapshot is None


def test_a_game_without_hands_of_cards_offers_no_phones_as_hands(screen: Screen) -> None:
    screen.run("tap game:yahtzee")
    assert "hands" not in screen.names()


def test_without_a_phone_page_phones_as_hands_say_they_need_one(screen: Screen) -> None:
    with pytest.raises(ScriptError, match="need the phone page"):
        screen.run(_new("classic", 2))
    assert screen.app.snapshot is None


def _hidden_cards(snapshot: TableSnapshot, screen: Screen) -> set[str]:
    """The names of the cards nobody but their holder may know now (the engine's whole state,
    read here by the test, never by the screen), less those also showing in public."""
    spec = screen.app.games[snapshot.game]
    game = spec.state_from_json(json.loads(snapshot.state_json))
    assert isinstance(game, MatchState)
    public = snapshot.public_state() or {}
    shown = {public.get("top_card"), *(public.get("idol") or [])}
    return {str(card) for card in game.hidden_cards()} - {str(card) for card in shown}


def _drawn(screen: Screen) -> tuple[str, list[Card]]:
    """Every word the screen holds (shown or not) and every card it draws."""
    widgets = screen.app.scene.widgets
    words = "\n".join(f"{widget.name} {widget.text}" for widget in widgets)
    cards = [widget.card for widget in widgets if isinstance(widget, CardWidget)]
    cards += [widget.face for widget in widgets if isinstance(widget, IdolWidget)]
    return words, [card for card in cards if card is not None]


def _public_words(snapshot: TableSnapshot) -> str:
    """The words in play that name cards everyone saw: the card played, the idol's face."""
    public = snapshot.public_state() or {}
    return " ".join(str(part) for part in (snapshot.last_event, public.get("top_card"),
                                           *(public.get("idol") or [])))


@pytest.fixture
def state_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen may not read the engine's whole state: reading it fails the test."""
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the screen read the whole state of a match with phones as hands")

    monkeypatch.setattr(TableSnapshot, "game_state", refuse)
    monkeypatch.setattr(TableSnapshot, "state", refuse)
    monkeypatch.setattr(UnoView, "of", refuse)


@pytest.mark.parametrize(("game", "players"), UNO_GAMES)
def test_the_table_screen_never_shows_or_reads_a_card_of_any_hand(
    screen: Screen, game: str, players: int, state_unread: None
) -> None:
    screen.run(_joined(*NAMES[:players]), _new(game, players))
    rng = random.Random(11)
    checked = 0
    for _step in range(160):
        snapshot = screen.app.snapshot
        assert snapshot is not None
        if snapshot.is_over:
            break
        hidden = _hidden_cards(snapshot, screen)
        words, cards = _drawn(screen)
        public = _public_words(snapshot)
        for name in hidden:
            # A card's name inside a longer public one ("Wild" in "Wild Draw Four") is not it.
            pattern = rf"(?<![\w ]){re.escape(name)}(?![\w]| (Draw|Spin|Tiki|Two|Four))"
            leaked = re.search(pattern, words)
            assert leaked is None or name in public, (name, words)
        assert not {str(card) for card in cards} & hidden
        names = {widget.name for widget in screen.app.scene.widgets}
        assert not names & {"play", "draw", "keep", "challenge", "accept", "picker", "count:0"}
        checked += 1
        command = choose_command(snapshot, screen.app.games[game], rng)
        if isinstance(command, PlayAction):  # a phone plays it, for its own seat
            command = PlayAction(command.action, seat=command.action.seat)
        screen.app.post(command)
        assert screen.app.settle()
    assert checked >= 100


@pytest.fixture
def tiki_on_phones(tmp_path: Path, sim_config: Config) -> Iterator[tuple[App, Store]]:  # noqa: F811
    """A Tiki Twist table on a sim spinner, its hands on four phones, dealt from a deck
    rich in Tiki Faces."""
    deck = json.dumps(["Red 1", "Red 2", "Red 3", "Blue 1", "Blue 2", "Tiki Draw 1",
                       "Tiki Draw 2", "Tiki Go To", "Wild Tiki", "Tiki Discard 2"])
    with on_a_sim_spinner(tmp_path, sim_config) as (app, store):
        result = run_script(app, [
            _joined(*NAMES), f"{_new('tiki', 4)} --option hand_size=2 --option 'deck_cards={deck}'",
            "tap shuffle", "tap shuffle"])
        assert result.ok, result.reason
        yield app, store


def test_a_tiki_face_played_from_a_phone_starts_the_spinner_on_the_table(
    tiki_on_phones: tuple[App, Store],
) -> None:
    app, store = tiki_on_phones
    for _turn in range(60):  # the phones play on until the player on turn holds a face
        snapshot = app.snapshot
        assert snapshot is not None
        if snapshot.chance is not None:
            app.post(DrawChance())
            assert run_script(app, ["wait"]).ok
            continue
        faces = [action for action in snapshot.legal_actions
                 if getattr(action, "card", None) is not None and action.card.is_tiki_face]
        if faces:
            break
        action = snapshot.legal_actions[0]
        app.post(PlayAction(action, seat=action.seat))
        assert run_script(app, ["wait"]).ok
    face = faces[0]
    assert run_script(app, [f'phone {face.seat} play "{face.card}"']).ok
    sources = [event.detail.get("source", "") for event in store.events(store.matches()[-1].id)]
    assert "spinner" not in sources  # the face is seen on the idol first
    assert run_script(app, [f"wait {FACE_BEAT_S + 0.5:g}", "wait"]).ok
    sources = [event.detail.get("source", "") for event in store.events(store.matches()[-1].id)]
    assert sources[-1] == "spinner" and app.spin is not None


@pytest.mark.parametrize(("game", "players", "words"),
                         [("classic", 4, "Target 500"), ("duo", 2, "First to 200 loses")])
def test_the_table_screen_says_whether_reaching_the_target_wins_or_loses(
    screen: Screen, game: str, players: int, words: str, state_unread: None
) -> None:
    screen.run(_joined(*NAMES[:players]), _new(game, players))
    assert words in _drawn(screen)[0]


def test_at_a_round_end_the_table_screen_shows_every_hand_counted_and_the_totals(
    screen: Screen, state_unread: None
) -> None:
    screen.run(_joined("Ana", "Ben"), f"{_new('classic', 2)} --option hand_size=1")
    rng = random.Random(5)
    for _step in range(200):
        snapshot = screen.app.snapshot
        assert snapshot is not None
        if (snapshot.public_state() or {}).get("hands_left") is not None:
            break
        command = choose_command(snapshot, screen.app.games["classic"], rng)
        if isinstance(command, PlayAction):
            command = PlayAction(command.action, seat=command.action.seat)
        screen.app.post(command)
        assert screen.app.settle()
    public = snapshot.public_state() or {}
    last = public["rounds"][-1]
    winner = NAMES[last["winner"]]
    assert screen.widget("went_out").text == f"{winner} went out."
    for seat, cards in enumerate(public["hands_left"]):
        line = screen.widget(f"left:{seat}").text
        assert line.startswith(f"{NAMES[seat]}: ")
        if cards:  # the points they gave (the cards are listed on the phones)
            assert line == f"{NAMES[seat]}: {last['points'][seat]} points in hand"
        else:
            assert line == f"{winner}: total {last['totals'][seat]}"
    assert screen.widget("round_target").text == "Target 500"
    assert "shuffle" in screen.names()  # the next deal is the table's
    screen.run("tap shuffle")
    assert "went_out" not in screen.names()
