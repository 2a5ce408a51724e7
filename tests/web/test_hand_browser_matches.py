"""Whole matches with phones as hands, played by taps on the phones' hand pages in a real
browser (Debian's chromium through Playwright, phone size, touch): classic UNO and Tiki Twist
with four phones, Duo with two, and a spectator. The table's screen draws the chance (the
shuffle, the spin), as its Shuffle and Spin do; every play is a tap on its player's phone: a
lit card, a Wild's colour, Draw, Keep or play, UNO!, a catch, Duo's draft. Every byte the
server sends each phone goes through a line of its own (`RecordingLine`): the spectator was
never sent a card that was not public.

Skipped, saying why, where no chromium is installed (`scripts/setup test` installs it).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from flask import Flask

from companion.games.uno.actions import PlayCard
from companion.games.uno.duo_actions import PlayColour
from companion.table import DrawChance, Table, TableSnapshot
from companion.web import WebServer
from tests.web.conftest import PIN, start
from tests.web.hand_helpers import engine, taker_of
from tests.web.privacy_watch import CardNames, public_cards
from tests.web.seat_helpers import phone as client_of
from tests.web.test_browser_matches import (  # noqa: F401 (the fixtures)
    Phone,
    join_as,
    phones,
    pytestmark,
    settings,
    table,
)

WAIT_MS = 5000
"""Only a guard against a hanging test: what is awaited comes within milliseconds."""
PLAY_WHEN_ABLE = 0.9
"""How often a player who may play a card does (a round of random draws lasts long)."""
AT_SEQ = "seq => document.getElementById('hand').dataset.seq === String(seq) &&" \
    " document.querySelectorAll('#hand [data-legal], #hand .card.lit').length > 0"
"""The hand is drawn for the state `seq`, with something to tap."""


def _start_with_phones(app: Flask, running: Table, phones: Callable[[], Phone],  # noqa: F811
                       game: str, players: int) -> tuple[list[Phone], Phone]:
    first = start(running, game, players, {"mode": "referee"})
    seated = []
    for seat in range(players):
        made = phones()
        join_as(made, first, seat)
        seated.append(made)
    names = [player.name for player in first.players]
    answer = client_of(app, "192.168.1.9").post("/api/match/start", json={
        "pin": PIN, "game": game, "players": names, "hands": "phones",
        "options": {"target": 1}, "abandon": True})
    assert answer.status_code == 201, answer.get_json()
    spectator = phones()
    spectator.page.goto(spectator.address)
    spectator.page.wait_for_selector("#seat-join", timeout=WAIT_MS)
    return seated, spectator


def _tap_a_play(phone: Phone, snapshot: TableSnapshot, rng: random.Random) -> None:
    """On the phone's hand page: a lit card (then a Wild's colour, or which of Duo's plays),
    most often when there is one, else one of its buttons (Draw, Keep, UNO!, ...)."""
    page = phone.page
    try:
        page.wait_for_function(AT_SEQ, arg=snapshot.seq, timeout=WAIT_MS, polling="raf")
    except Exception as error:
        raise AssertionError(f"{phone.name}'s hand not at #{snapshot.seq}: "
                             f"{page.inner_html('#hand')[:500]}") from error
    cards = page.eval_on_selector_all("#hand .card.lit", "cs => cs.map(c => c.dataset.index)")
    buttons = page.eval_on_selector_all("#hand .hand-action",
                                        "bs => bs.map(b => b.dataset.legal)")
    if cards and (not buttons or rng.random() < PLAY_WHEN_ABLE):
        page.tap(f'#hand .card.lit[data-index="{rng.choice(cards)}"]')
        choice = page.query_selector("#hand-choice")
        if choice is not None:  # a Wild asks its colour (or Duo which play of the card)
            legal = page.eval_on_selector_all("#hand-choice [data-legal]",
                                              "bs => bs.map(b => b.dataset.legal)")
            page.tap(f'#hand-choice [data-legal="{rng.choice(legal)}"]')
    else:
        page.tap(f'#hand .hand-action[data-legal="{rng.choice(buttons)}"]')


def _wait_for_the_table(phone: Phone, running: Table, seq: int) -> None:
    """Until the phone shows a state after `seq` (its play answered, the state streamed)."""
    try:
        phone.page.wait_for_function("seq => Number(document.body.dataset.seq) > seq",
                                     arg=seq, timeout=WAIT_MS, polling="raf")
    except Exception as error:
        said = phone.page.inner_html("#hand")[:1500]
        raise AssertionError(f"{phone.name}'s play at #{seq} was not played: {said}") from error
    snapshot = running.snapshot
    assert snapshot is not None and snapshot.seq > seq


def _play_the_match(running: Table, seated: list[Phone], rng: random.Random) -> set[str]:
    """The whole match, each play a tap on its player's phone; the cards made public."""
    public: set[str] = set()
    for _ in range(3000):
        snapshot = running.snapshot
        assert snapshot is not None
        if snapshot.is_over:
            return public
        if snapshot.chance is not None:  # the table's screen taps Shuffle or Spin
            assert running.post(DrawChance(for_seq=snapshot.seq)).result().applied
        else:
            plays = [a for a in snapshot.legal_actions if isinstance(a, PlayCard | PlayColour)]
            action = rng.choice(plays or list(snapshot.legal_actions))
            taker = seated[taker_of(action, snapshot, len(seated))]
            _tap_a_play(taker, snapshot, rng)
            _wait_for_the_table(taker, running, snapshot.seq)
        state = engine(running)
        public |= public_cards(state)
        # the hands a round's end counted are face up for everyone until the next deal
        public |= {str(card) for hand in state.hands_left() or () for card in hand}
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("game", "players", "seed"),
                         [("classic", 4, 3), ("tiki", 4, 1), ("duo", 2, 2)])
def test_a_whole_match_is_played_by_taps_on_the_phones_hands_and_the_spectator_sees_none(
    app: Flask, server: WebServer, table: Table, phones: Callable[[], Phone],  # noqa: F811
    game: str, players: int, seed: int,
) -> None:
    seated, spectator = _start_with_phones(app, table, phones, game, players)
    deck = CardNames({str(card) for card in engine(table).deck})
    public = _play_the_match(table, seated, random.Random(seed))
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.is_over
    held = {str(card) for hand in engine(table).piles.hands for card in hand if card}
    sent = spectator.line.received.decode(errors="replace")
    assert sent.count("event: state") > 10  # the spectator followed the match
    assert deck.found_in(sent, deck.names - public) == set()  # never a card not made public
    assert deck.found_in(sent, held - public) == set()
    for made in [*seated, spectator]:
        assert made.script_errors == [], made.name
    # the last round's count, face up on every phone: who went out, every hand with its points
    last = (snapshot.public_state() or {})["rounds"][-1]
    for made in [*seated, spectator]:
        made.page.wait_for_selector("#round-end .hand")
        assert made.page.inner_text("#round-end .went-out") == (
            f"{snapshot.players[last['winner']].name} went out.")
        for seat, cards in enumerate(engine(table).hands_left() or ()):
            shown = made.page.inner_text(f'#round-end .hand[data-seat="{seat}"]')
            assert all(str(card) in shown for card in cards), (made.name, seat)
            assert (f"{last['points'][seat]} points" in shown) == bool(cards)
