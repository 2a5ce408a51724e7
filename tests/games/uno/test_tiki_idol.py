"""The Tiki idol: its stack of Tiki Faces and the active one."""

from companion.games.uno.idol import Idol


def test_idol_starts_empty_with_no_active_tiki_face() -> None:
    idol: Idol[str] = Idol()
    assert idol.is_empty
    assert idol.active_tiki_face is None


def test_newest_tiki_face_in_the_idol_is_the_active_one() -> None:
    idol: Idol[str] = Idol()
    idol.put("Draw 4")
    idol.put("Go To")
    assert idol.active_tiki_face == "Go To"
    assert idol.faces == ["Draw 4", "Go To"]


def test_reshuffle_takes_every_face_except_the_one_showing() -> None:
    idol = Idol(["Draw 1", "Discard 2", "Draw 4"])
    assert idol.take_hidden_faces() == ["Draw 1", "Discard 2"]
    assert idol.faces == ["Draw 4"]
    assert idol.active_tiki_face == "Draw 4"


def test_reshuffle_of_an_empty_idol_takes_nothing() -> None:
    idol: Idol[str] = Idol()
    assert idol.take_hidden_faces() == []
    assert idol.is_empty

