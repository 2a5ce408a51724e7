"""Decks as data files: the built-in decks and a user's own (broken) deck file."""

from collections import Counter
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.decks import load_deck_file
from companion.games.registry import game_specs
from companion.games.uno.cards import Card, Colour, Kind
from companion.games.uno.classic import ClassicUno
from companion.games.uno.deck_file import (
    DeckFileError,
    builtin_deck,
    parse_deck_file,
    parse_deck_text,
)
from companion.games.uno.options import ClassicOptions


def kinds(deck_name: str) -> Counter[Kind]:
    return Counter(card.kind for card in builtin_deck(deck_name).cards)


def test_classic_deck_has_108_cards() -> None:
    assert len(builtin_deck("classic108").cards) == 108


def test_classic_deck_per_colour_has_one_zero_and_two_of_each_other_card() -> None:
    deck = builtin_deck("classic108")
    for colour in Colour:
        assert deck.count(Card(Kind.NUMBER, colour, 0)) == 1
        for value in range(1, 10):
            assert deck.count(Card(Kind.NUMBER, colour, value)) == 2
        for kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO):
            assert deck.count(Card(kind, colour)) == 2


def test_classic_deck_has_four_wild_and_four_wild_draw_four() -> None:
    assert kinds("classic108")[Kind.WILD] == 4
    assert kinds("classic108")[Kind.WILD_DRAW_FOUR] == 4


def test_classic_112_deck_adds_four_blank_wilds() -> None:
    deck = builtin_deck("classic112")
    assert len(deck.cards) == 112
    assert kinds("classic112")[Kind.BLANK_WILD] == 4
    assert Counter(deck.cards) - Counter(builtin_deck("classic108").cards) == Counter(
        {Card(Kind.BLANK_WILD): 4}
    )


def test_unknown_builtin_deck_is_refused() -> None:
    with pytest.raises(DeckFileError, match="no built-in deck called 'nope'"):
        builtin_deck("nope")


def write(tmp_path: Path, text: str, name: str = "family.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_users_deck_file_is_read_with_its_counts(tmp_path: Path) -> None:
    path = write(tmp_path, 'title = "Family"\n[cards]\n"Blue 7" = 3\n"Wild" = 1\n"Red 0" = 0\n')
    deck = load_deck_file(path)
    assert deck.title == "Family"
    assert [str(card) for card in deck.cards] == ["Blue 7", "Blue 7", "Blue 7", "Wild"]


def test_users_deck_file_may_be_json(tmp_path: Path) -> None:
    path = write(tmp_path, '{"cards": {"Blue 7": 2}}', "deck.json")
    assert len(load_deck_file(path).cards) == 2


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ('[cards]\n"Blue 7" = 2\n"Purple 7" = 2\n', 3, "'Purple 7' is not an UNO card"),
        ('[cards]\n"Blue 7" = 2\n"Red 5" = -1\n', 3, "count of Red 5 must be a whole number"),
        ('[cards]\n"Blue 7" = "two"\n', 2, "count of Blue 7"),
        ('[cards]\n"Blue 7" = 2\n"b7" = 1\n', 3, "'b7' is Blue 7 again"),
        ('title = "x"\n\n"Blue 7" = 2\n', 3, "unknown setting 'Blue 7'"),
        ('title = "x"\n', 1, "needs a [cards] table"),
        ('[cards]\n"Blue 7" = \n', 2, "not valid TOML"),
        ('[cards]\n"Blue 7" = 0\n', 1, "the deck has no cards"),
        ('colours = 5\n[cards]\n"Blue 7" = 1\n', 1, "unknown setting 'colours'"),
        ('[cards]\n"Red 5" = 2\n[cards.sub]\nx = 1\n', 3, "'sub' is not an UNO card"),
        ('[cards]\n"Red 5" = 2\n\n[cards."Blue 7"]\n', 4, "count of Blue 7 must be a whole"),
        ('cards = { "Red 5" = 2, "Purple 1" = 1 }\n', 1, "'Purple 1' is not an UNO card"),
        ('[cards]\n"Red 5" = 2\n"Blue 7" = 1\n"Red 5" = 1\n', 4,
         "'Red 5' is listed twice (first on line 2)"),
        ('[cards]\n"Red 5" = [1,\n', 2, "not valid TOML"),
        ('[cards]\n"Red 1" = 2000000000\n', 2, "count of Red 1 must be a whole number of copies"
         " from 0 to 100"),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", 1, "nested too deeply"),
        ('title = """' + '"' + "=" * 20_000 + '"""\n[cards]\n"Purple 1" = 1\n', 3,
         "'Purple 1' is not an UNO card"),
    ],
)
def test_broken_deck_file_error_names_file_line_and_problem(
    tmp_path: Path, text: str, line: int | str, problem: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(DeckFileError) as error:
        load_deck_file(path)
    message = str(error.value)
    assert message.startswith(f"{path}, line {line}:")
    assert problem in message


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ('{"cards": {\n"Red 5": 2,\n"Blue 7": 1,\n"Red 5": 0\n}}', 4,
         "'Red 5' is listed twice (first on line 2); list each card once"),
        ('{"cards": {"Red 5": 2,\n "Red\\u00205": 1}}', 2, "'Red 5' is listed twice"),
        ('{\n"cards": {"Red 5": 2},\n"cards": {"Red 5": 1}}', 3, "'cards' is listed twice"),
        ('{"cards": {\n"Red 5": 2,\n"sub": {"x": 1}}}', 3, "'sub' is not an UNO card"),
        ('{"cards": {\n"Red 5": 2,\n"Blue 7": "two"}}', 3, "count of Blue 7"),
        ('{"cards": ' + "[" * 100_000 + "]" * 100_000 + "}", 1, "nested too deeply"),
    ],
)
def test_broken_json_deck_error_names_file_line_and_problem(
    tmp_path: Path, text: str, line: int, problem: str
) -> None:
    path = write(tmp_path, text, "deck.json")
    with pytest.raises(DeckFileError) as error:
        load_deck_file(path)
    assert str(error.value).startswith(f"{path}, line {line}:")
    assert problem in str(error.value)


def test_a_file_too_big_to_be_a_deck_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = write(tmp_path, "# " + "x" * 300_000 + "\n[cards]\n\"Red 1\" = 1\n")
    with pytest.raises(DeckFileError) as error:
        load_deck_file(path)
    assert str(error.value).startswith(f"{path} holds 300")
    assert "too many for a deck file" in str(error.value)


def test_a_deck_file_that_is_not_utf8_names_the_line_of_the_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('[cards]\n"Red 5" = 2\n# Bl\u00e9 7\n"Blue 7" = 1\n'.encode("latin-1"))
    with pytest.raises(DeckFileError) as error:
        load_deck_file(path)
    assert str(error.value).startswith(f"{path}, line 3: this is not UTF-8 text (byte 0xe9")
    assert "save the file as UTF-8" in str(error.value)


def test_the_deck_parser_reads_bytes_without_touching_files() -> None:
    deck = parse_deck_file(b'{"cards": {"Blue 7": 2}}', "deck.json")
    assert [str(card) for card in deck.cards] == ["Blue 7", "Blue 7"]
    with pytest.raises(DeckFileError, match=r"^deck.toml, line 1: this is not UTF-8"):
        parse_deck_file(b"\xff\xfe garbage", "deck.toml")


def test_broken_json_deck_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, '{"cards": {\n"Blue 7": 2,\n}}', "deck.json")
    with pytest.raises(DeckFileError, match=r"deck.json, line 3: this is not valid JSON"):
        load_deck_file(path)


def test_missing_deck_file_is_a_sentence_naming_it(tmp_path: Path) -> None:
    with pytest.raises(DeckFileError, match=r"Cannot read the deck file .*missing.toml"):
        load_deck_file(tmp_path / "missing.toml")


def test_broken_deck_file_starts_nothing_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, '[cards]\n"Blue 7" = 2\n"Purple 7" = 2\n')
    assert main(["uno", "simulate", "--deck", str(path), "--seed", "1"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{path}, line 3: 'Purple 7' is not an UNO card" in captured.err


def test_users_deck_plays_a_whole_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = builtin_deck("classic108")
    lines = "\n".join(f'"{card}" = {text.count(card)}' for card in dict.fromkeys(text.cards))
    path = write(tmp_path, f"[cards]\n{lines}\n")
    assert main(["uno", "simulate", "--deck", str(path), "--seed", "3", "--json"]) == 0
    assert '"winners"' in capsys.readouterr().out


def test_a_deck_too_small_to_deal_is_refused() -> None:
    small = parse_deck_text('[cards]\n"Blue 7" = 2\n"Red 7" = 2\n', "small.toml")
    options = ClassicOptions(deck_cards=tuple(str(card) for card in small.cards))
    with pytest.raises(ValueError, match="cannot deal 7 cards to 2 players"):
        ClassicUno(2, options)


@pytest.mark.parametrize("game", ["classic", "duo"])
def test_a_deck_with_tiki_faces_is_refused_by_games_without_the_idol(game: str) -> None:
    from companion.games.uno import UnfitDeckError

    deck = [*(["Red 1"] * 40), "Tiki Discard 2", "Tiki Discard 2", "Wild"]
    with pytest.raises(UnfitDeckError, match="has no Tiki idol to play Tiki Faces, and this deck "
                       "holds Tiki Discard 2: play it as UNO Tiki Twist"):
        game_specs()[game].new(2, {"deck_cards": deck})
    assert game_specs()["tiki"].new(2, {"deck_cards": deck}).deck.count(
        Card.parse("Tiki Discard 2")) == 2


@pytest.mark.parametrize(
    ("name", "text"),
    [("deck.toml", '[cards]\n"Blue 7" = 2\n'), ("deck.json", '{"cards": {"Blue 7": 2}}')],
)
def test_a_deck_file_saved_with_a_byte_order_mark_is_read(name: str, text: str) -> None:
    with_mark = parse_deck_file(b"\xef\xbb\xbf" + text.encode(), name)
    assert with_mark == parse_deck_file(text.encode(), name)
