"""The translation layer: a new language is a catalog, never a code change.

A Welsh catalog is made here as a translator makes one, with
`scripts/translations init` and `compile`, in a temporary locale directory,
and the companion is pointed at it.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from companion import i18n
from companion.games.backgammon import narration
from companion.games.base import Note
from companion.i18n import N_, _, available_languages, ngettext, note_text, use_language
from tests.catalogs import load_script, translated_catalog

WELSH = {
    "Undo": "Dadwneud",
    "{0} doubles: {1} takes or passes.": "Rhaid i {1} dderbyn neu wrthod dwbl {0}.",
    "{0} wins the game.": "{2} sy'n ennill y gêm.",  # a translator's slip: there is no {2}
    "Match length": "Hyd y gornest",
}
COUNTS = range(12)
"""Counts enough to meet every plural form Welsh has (0, 1, 2, 3, 6 and the rest)."""
UNTRANSLATED = "Confirm"


@pytest.fixture(scope="module")
def translations() -> ModuleType:
    return load_script()


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    use_language("en")


def welsh_checkers(forms: int) -> tuple[str, ...]:
    """One translation for each plural form the catalog's rule has, each telling its index."""
    return tuple(f"{{0}} gwerinwr (form {index})" for index in range(forms))


def catalog_plural_rule(locale: Path) -> tuple[int, Callable[[int], int]]:
    """The number of plural forms and the rule that picks one, as the Welsh catalog states them
    in its header (`init` takes them from the language: Babel's data, whatever its release)."""
    catalog = read_catalog(locale / "cy" / "LC_MESSAGES" / "companion.po")
    return catalog.num_plurals, gettext.c2py(catalog.plural_expr)


def write_catalog(path: Path, catalog: Catalog) -> None:
    with path.open("wb") as file:
        write_po(file, catalog)


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


@pytest.fixture
def welsh(tmp_path: Path, translations: ModuleType) -> Path:
    """A locale directory holding a Welsh catalog, started, translated and compiled."""
    template = tmp_path / "companion.pot"
    words = Catalog(project="Tabletop Companion")
    for msgid in [*WELSH, UNTRANSLATED]:
        words.add(msgid)
    words.add(("{0} checker", "{0} checkers"))
    write_catalog(template, words)
    locale = tmp_path / "locale"
    po = translations.init("cy", locale, template)
    catalog = read_catalog(po)
    for msgid, msgstr in WELSH.items():
        catalog[msgid].string = msgstr
    catalog[("{0} checker", "{0} checkers")].string = welsh_checkers(catalog.num_plurals)
    write_catalog(po, catalog)
    translations.compile_catalogs(locale)
    return locale


def test_a_welsh_catalog_is_shown_with_no_code_change(welsh: Path) -> None:
    use_language("cy", locale_dir=welsh)
    assert _("Undo") == "Dadwneud"
    assert i18n.language() == "cy"


def test_a_translation_may_reorder_the_seats_of_an_engines_sentence(welsh: Path) -> None:
    use_language("cy", locale_dir=welsh)
    note = Note("{0} doubles: {1} takes or passes.", (0, 1))
    names = ["Alys", "Bryn"]
    assert note_text(note, names.__getitem__) == "Rhaid i Bryn dderbyn neu wrthod dwbl Alys."


def test_a_translation_naming_a_seat_the_sentence_lacks_shows_the_english(welsh: Path) -> None:
    use_language("cy", locale_dir=welsh)
    assert note_text(Note("{0} wins the game.", (1,)), ["Alys", "Bryn"].__getitem__) == (
        "Bryn wins the game."
    )


def test_counted_phrases_follow_the_languages_own_plural_rule(welsh: Path) -> None:
    forms, rule = catalog_plural_rule(welsh)
    use_language("cy", locale_dir=welsh)
    shown = {count: ngettext("{0} checker", "{0} checkers", count) for count in COUNTS}
    assert shown == {count: welsh_checkers(forms)[rule(count)] for count in COUNTS}


def test_welsh_counts_use_more_forms_than_english_singular_and_plural(welsh: Path) -> None:
    forms, rule = catalog_plural_rule(welsh)
    assert forms > 2
    assert len({rule(count) for count in COUNTS}) == forms


def test_a_word_the_catalog_has_not_translated_stays_in_english(welsh: Path) -> None:
    use_language("cy", locale_dir=welsh)
    assert _(UNTRANSLATED) == UNTRANSLATED


def test_a_word_marked_early_is_translated_when_shown(welsh: Path) -> None:
    label = N_("Match length")
    assert label == "Match length"
    use_language("cy", locale_dir=welsh)
    assert _(label) == "Hyd y gornest"


def test_a_regional_code_uses_its_languages_catalog(welsh: Path) -> None:
    use_language("cy_GB", locale_dir=welsh)
    assert _("Undo") == "Dadwneud"


def test_a_language_with_no_catalog_falls_back_to_english(welsh: Path) -> None:
    use_language("fr", locale_dir=welsh)
    assert _("Undo") == "Undo"
    assert ngettext("{0} checker", "{0} checkers", 2) == "{0} checkers"
    assert not i18n.has_catalog("fr", welsh)
    assert i18n.has_catalog("cy", welsh) and i18n.has_catalog("en_GB", welsh)


def test_english_needs_no_catalog() -> None:
    use_language("en")
    assert _("Undo") == "Undo"
    assert ngettext("{0} checker", "{0} checkers", 1) == "{0} checker"
    assert "en" in available_languages()


def test_the_languages_available_are_english_and_every_catalog_found(welsh: Path) -> None:
    assert available_languages(welsh) == ["cy", "en"]


def test_the_marked_words_are_those_of_underscore_n_underscore_and_ngettext(
    tmp_path: Path, translations: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "screens").mkdir()
    (tmp_path / "screens" / "home.py").write_text(
        "LENGTH = N_('Match length')\n"
        "def labels(n):\n"
        "    # Translators: the button that takes back the last move.\n"
        "    return [_('Undo'), ngettext('{0} checker', '{0} checkers', n),\n"
        "            gettext('not ours'), print('not a word to translate')]\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(translations, "ROOT", tmp_path)
    monkeypatch.setattr(translations, "SOURCES", ("screens",))
    template = tmp_path / "companion.pot"
    assert translations.extract(template)
    catalog = read_catalog(template)
    assert sorted(str(message.id) for message in catalog if message.id) == [
        "('{0} checker', '{0} checkers')",
        "Match length",
        "Undo",
    ]
    assert catalog["Undo"].auto_comments == [
        "Translators: the button that takes back the last move."
    ]
    assert catalog["Undo"].locations == [("screens/home.py", 4)]
    assert not translations.extract(template), "nothing changed, so the file is left alone"


def test_the_shipped_template_lists_every_marked_word(translations: ModuleType) -> None:
    assert translations.template_problems() == []


def test_a_template_missing_or_keeping_words_is_found(
    tmp_path: Path, translations: ModuleType
) -> None:
    stale = Catalog()
    stale.add("A word nobody marks any more")
    template = tmp_path / "companion.pot"
    write_catalog(template, stale)
    problems = translations.template_problems(template)
    stale_problems = [p for p in problems if "'A word nobody marks any more'" in p]
    assert len(stale_problems) == 1
    assert "is no longer marked" in stale_problems[0]
    assert "scripts/translations extract" in stale_problems[0]


def test_every_shipped_compiled_catalog_matches_its_po(translations: ModuleType) -> None:
    assert translations.catalog_problems() == []


def test_a_catalog_changed_but_not_compiled_is_found(
    welsh: Path, translations: ModuleType
) -> None:
    assert translations.catalog_problems(welsh) == []
    po = welsh / "cy" / "LC_MESSAGES" / "companion.po"
    catalog = read_catalog(po)
    catalog[UNTRANSLATED].string = "Cadarnhau"
    write_catalog(po, catalog)
    [problem] = translations.catalog_problems(welsh)
    assert "companion.mo is not compiled from companion.po" in problem
    translations.compile_catalogs(welsh)
    assert translations.catalog_problems(welsh) == []


def test_a_catalog_marked_fuzzy_as_a_whole_is_refused_with_the_fix(
    welsh: Path, translations: ModuleType
) -> None:
    po = welsh / "cy" / "LC_MESSAGES" / "companion.po"
    catalog = read_catalog(po)
    catalog.fuzzy = True
    write_catalog(po, catalog)
    with pytest.raises(translations.TranslationsError, match='delete the "#, fuzzy" line'):
        translations.compile_catalogs(welsh)


@pytest.mark.parametrize("code", ["Welsh", "CY", "cy-GB", "cym"])
def test_starting_a_catalog_needs_a_language_code(
    tmp_path: Path, translations: ModuleType, code: str
) -> None:
    with pytest.raises(translations.TranslationsError, match=r'e\.g\. "cy" or "pt_BR"'):
        translations.init(code, tmp_path / "locale", tmp_path / "companion.pot")


def test_starting_a_catalog_twice_says_to_update_it(welsh: Path, translations: ModuleType) -> None:
    with pytest.raises(translations.TranslationsError, match="translations update"):
        translations.init("cy", welsh, welsh.parent / "companion.pot")


def test_the_check_command_passes_on_the_shipped_catalogs(
    translations: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert translations.main(["check"]) == 0
    assert "up to date" in capsys.readouterr().out


# ----- the engines' sentences, from the shipped template -----

NO_MOVE_IN_WELSH = "Gyda {dice}, ni all {0} symud: collir y tro."
"""A narration sentence with its seat and its value the other way round."""


@pytest.fixture
def welsh_narration(tmp_path: Path) -> Path:
    """Welsh started from the shipped template, a few of the engines' sentences translated."""
    return translated_catalog(
        tmp_path,
        "cy",
        {
            narration.NO_MOVE: NO_MOVE_IN_WELSH,
            narration.OPENING_WON: "{0} sy'n ennill y rholiad cyntaf ac yn chwarae {dcie}.",
            narration.MATCH_TO: "gornest i {length}",
            narration.FIRST_TO_GAMES: "y cyntaf i {count} gêm",
        },
    )


def test_an_engines_sentence_is_translated_with_its_seat_and_value_reordered(
    welsh_narration: Path,
) -> None:
    note, names = narration.no_move_note(1, (6, 6)), ["Alys", "Bryn"]
    assert note.render(names.__getitem__) == "Bryn cannot move with 6-6 and loses the turn."
    use_language("cy", locale_dir=welsh_narration)
    assert note_text(note, names.__getitem__) == "Gyda 6-6, ni all Bryn symud: collir y tro."


def test_a_value_in_words_is_translated_as_a_phrase_of_its_own(welsh_narration: Path) -> None:
    use_language("cy", locale_dir=welsh_narration)
    note = narration.score_note([3, 1], narration.match_goal(5))
    assert note_text(note, ["Alys", "Bryn"].__getitem__) == "Score: Alys 3, Bryn 1 (gornest i 5)."


def test_a_counted_phrase_of_an_engine_takes_the_catalogs_plural(welsh_narration: Path) -> None:
    goal = narration.wins_goal(3)
    assert goal.render(str) == "first to 3 games"
    assert narration.wins_goal(1).render(str) == "first to 1 game"
    use_language("cy", locale_dir=welsh_narration)
    assert note_text(goal, str) == "y cyntaf i 3 gêm"


def test_a_translation_with_a_misspelt_value_shows_the_english(welsh_narration: Path) -> None:
    use_language("cy", locale_dir=welsh_narration)
    note = Note.of(narration.OPENING_WON, (0,), dice="6-3")
    assert note_text(note, ["Alys"].__getitem__) == "Alys wins the opening roll and plays 6-3."


def test_a_counted_sentence_needs_its_count() -> None:
    with pytest.raises(ValueError, match="needs a whole-number count"):
        Note.of(narration.FIRST_TO_GAMES)


def test_the_engines_markers_are_extracted_with_their_plurals(
    tmp_path: Path, translations: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "narration.py").write_text(
        "from companion.games.base import N_, N_counted\n"
        "NO_MOVE = N_('{0} cannot move with {dice}.')\n"
        "POINTS = N_counted('{count} point', '{count} points')\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(translations, "ROOT", tmp_path)
    monkeypatch.setattr(translations, "SOURCES", ("games",))
    template = tmp_path / "companion.pot"
    translations.extract(template)
    catalog = read_catalog(template)
    assert catalog["{0} cannot move with {dice}."] is not None
    assert catalog[("{count} point", "{count} points")].pluralizable


# ----- the shipped Welsh catalog -----

SHIPPED_WELSH = i18n.LOCALE_DIR / "cy" / "LC_MESSAGES" / "companion.po"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def shipped_welsh() -> Catalog:
    return read_catalog(SHIPPED_WELSH)


def _forms(message: Message) -> list[str]:
    return [message.string] if isinstance(message.string, str) else list(message.string)


def test_the_welsh_catalog_translates_every_message_of_the_template() -> None:
    template = read_catalog(i18n.LOCALE_DIR / "companion.pot")
    welsh = shipped_welsh()
    found = {(message.id, message.context): welsh.get(message.id, message.context)
             for message in template if message.id}
    untranslated = [message_id for (message_id, _context), welsh_message in found.items()
                    if welsh_message is None or not all(_forms(welsh_message))
                    or welsh_message.fuzzy]
    assert untranslated == []


def test_every_welsh_translation_keeps_the_placeholders_of_its_message() -> None:
    changed = []
    for message in shipped_welsh():
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = {frozenset(PLACEHOLDER.findall(words)) for words in ids}
        changed += [(message.id, form) for form in _forms(message)
                    if frozenset(PLACEHOLDER.findall(form)) not in wanted]
    assert changed == []


def test_the_welsh_catalog_counts_with_the_six_forms_of_welsh() -> None:
    welsh = shipped_welsh()
    assert (welsh.num_plurals, welsh.plural_expr) == (get_plural("cy").num_plurals,
                                                      get_plural("cy").plural_expr)
    assert welsh.num_plurals == 6
    counted = [message for message in welsh if message.id and message.pluralizable]
    assert counted and all(len(_forms(message)) == 6 for message in counted)


def test_the_shipped_welsh_is_shown_when_chosen() -> None:
    use_language("cy")
    assert _("Undo") == "Dadwneud"
    assert "cy" in available_languages()


def test_a_backgammon_option_out_of_range_is_refused_in_welsh() -> None:
    from companion.games.backgammon.options import BackgammonOptions
    from companion.games.errors import RuleError

    with pytest.raises(RuleError) as refusal:
        BackgammonOptions.from_json({"match_length": 4})
    assert str(refusal.value).startswith("A match is played to an odd number of points")
    assert refusal.value.note is not None
    use_language("cy")
    assert note_text(refusal.value.note, str).startswith(
        "Caiff gornest ei chwarae i odrif o bwyntiau o 1 i ")
