"""The lobby: the players the screen sets a match up for, offered to phones before it starts."""

from __future__ import annotations

import threading

from companion.table.lobby import Lobby, LobbyPlayer

ANA, BEN = LobbyPlayer("Ana", "blue"), LobbyPlayer("Ben", "green")


def test_a_closed_lobby_offers_nobody() -> None:
    lobby = Lobby()
    assert lobby.players == () and not lobby.offers("Ana")


def test_the_lobby_offers_the_players_the_screen_sets_up_in_seat_order() -> None:
    lobby = Lobby()
    lobby.offer([BEN, ANA])
    assert lobby.players == (BEN, ANA)
    assert lobby.offers("Ana") and not lobby.offers("Cleo")


def test_a_new_offer_replaces_the_old_one_and_closing_takes_it_back() -> None:
    lobby = Lobby()
    lobby.offer([ANA, BEN])
    lobby.offer([ANA])
    assert not lobby.offers("Ben")
    lobby.close()
    assert not lobby.offers("Ana")


def test_every_screen_attached_is_rung_when_phones_change_and_a_detached_one_is_not() -> None:
    lobby = Lobby()
    heard: list[str] = []

    def first() -> None:
        heard.append("first")

    lobby.attach(first)
    lobby.attach(lambda: heard.append("second"))
    lobby.phones_changed()
    lobby.detach(first)
    lobby.detach(first)  # twice is safe
    lobby.phones_changed()
    assert heard == ["first", "second", "second"]


def test_the_screen_is_rung_on_the_phone_pages_thread() -> None:
    lobby = Lobby()
    rung = threading.Event()
    lobby.attach(rung.set)
    threading.Thread(target=lobby.phones_changed).start()
    assert rung.wait(10)
