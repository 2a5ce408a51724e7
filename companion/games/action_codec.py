"""One contract for every game's actions: a frozen value, a tag, one JSON codec.

Every action of every game is a frozen dataclass deriving from `Action` and
registered under a tag by its class statement::

    @dataclass(frozen=True)
    class PlayCard(Action, tag="play"):
        card: Card
        colour: Colour | None = None
        uno: bool = False

Its JSON form is derived from its fields by one type-directed codec: the tag
under ``"action"``, then each field by its type (int, bool, str, ``X | None``,
``tuple[X, ...]``, enums, and the value types a game registers once with
`register_value`: UNO's cards, Yahtzee's tiles, Backgammon's steps). A field
whose value is None is left out when None is its default; a field with
`NOT_IN_JSON` metadata (presentation only) is never written; a field with
`written_as` metadata is written as what a function of the action gives (a
play's notation). ``{"action": "play", "card": "Blue 7", "uno": false, "seat": 2}``.

Each game reads its actions through its own `ActionSet` (tags may repeat
across games: "play" is UNO's card and Backgammon's whole turn);
`GameSpec.actions` points at it, and `companion.games.actions.action_from_json(game,
data)` reads an action of any game by the game's registry name. Chance outcomes (dice, cocked
rolls, shuffles, spins) are `ChanceAction`s, shared by all games in
`companion.games.chance_actions`.

Every action carries the seat that takes it (`Action.seat`, filled in by the
engine's `legal_actions()`; None for chance and for an action anyone may
take), says itself in a short sentence with `describe(seat_name)`, and names
the seat an out-of-turn action is about with `about_seat`.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.games.errors import JSONValue, RuleError
from companion.games.notes import Note

TAG_KEY = "action"
"""The key of an action's tag in its JSON form."""
MAX_ITEMS = 1000
"""The most items a list in an action may hold (a shuffle of the biggest deck has fewer)."""
MAX_TEXT = 200
"""The longest text an action may hold (a card name, a play's notation)."""
_JSON = "json"
_WRITTEN_AS = "written_as"


def plain_seat(seat: int) -> str:
    """A seat named by its number, as an action says it without the players' names."""
    return f"seat {seat}"


@dataclass(frozen=True)
class Action:
    """One thing a player or chance does: a small immutable value with a tag.

    `seat` is the seat that takes the action: engines make the actions
    `legal_actions()` lists with it (seated when made, never copied: that
    list is the hot path of every simulated match). It is None for chance
    and for an action anyone may take (catching a missed UNO). It is written
    to JSON when set and left out of equality, so ``Draw()`` equals the
    listed ``Draw(seat=2)``.
    """

    seat: int | None = field(default=None, kw_only=True, compare=False)
    tag: ClassVar[str] = ""
    """The action's name in JSON: unique within a game's `ActionSet`."""
    is_chance: ClassVar[bool] = False
    """True for a chance outcome (`ChanceAction`), never a player's decision."""

    def __init_subclass__(cls, tag: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if tag is not None:
            cls.tag = tag

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The action in a few words, with any seat it names named by `seat_name`.

        A screen or a phone labels a button with it; the table's log puts the
        acting player's name before it ("Ana: Red 7").
        """
        return self.tag.replace("_", " ")

    def narrate(self, actor: int) -> Note | None:
        """The action told as done, for the screen's last-action line: a sentence whose
        seats are placeholders, the `actor` who took it among them ("{0} drew a card").

        `describe` stays the imperative a button or a legal-action list shows ("draw a
        card") and the log's words ("Ana: draw a card"). None (the default): the action
        has no sentence of its own, and the screen says it as the log does.
        """
        return None

    @property
    def about_seat(self) -> int | None:
        """The seat an out-of-turn action names (a caught or calling UNO player), else None."""
        return None

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON (see `action_to_json`)."""
        return action_to_json(self)

    def __str__(self) -> str:
        return self.describe(plain_seat)


@dataclass(frozen=True)
class ChanceAction(Action):
    """An action that carries a chance outcome: the table takes it only as chance.

    Otherwise a player could choose their own dice.
    """

    is_chance: ClassVar[bool] = True


NOT_IN_JSON: Mapping[str, Any] = types.MappingProxyType({_JSON: False})
"""Field metadata of a presentation-only field, never written to JSON::

    writer: Writer | None = field(default=None, compare=False, repr=False, metadata=NOT_IN_JSON)
"""


def written_as(source: Callable[[Any], Any]) -> Mapping[str, Any]:
    """Field metadata: the field is written to JSON as ``source(action)`` and read back as is.

    A play shown in notation: the engine fills a presentation-only writer,
    and the log keeps the text it wrote::

        text: str = field(default="", compare=False, metadata=written_as(str))
    """
    return types.MappingProxyType({_WRITTEN_AS: source})


def without_written_words(action: Action) -> Action:
    """`action` with every field written from its own words (`written_as`) left at its
    default, so that it says itself in the engine's words, not in words it was sent with."""
    words = {
        each.name: each.default
        for each in dataclasses.fields(action)
        if _WRITTEN_AS in each.metadata and each.default is not dataclasses.MISSING
    }
    return dataclasses.replace(action, **words) if words else action


@dataclass(frozen=True)
class ValueForm:
    """How a value type a game uses in its actions is written and read back."""

    encode: Callable[[Any], JSONValue]
    decode: Callable[[Any], Any]
    """Raises RuleError (or ValueError) for data that is not such a value."""
    name: str
    """What the value is, for errors: "a card", "a tile"."""


_VALUE_FORMS: dict[type, ValueForm] = {}


def register_value(
    kind: type, encode: Callable[[Any], JSONValue], decode: Callable[[Any], Any], name: str
) -> None:
    """Give a value type its JSON form, once (UNO's `Card`, Yahtzee's `Tile`...).

    Call it beside the type's actions, at import: each action class's codec is
    worked out on its first action written or read, with the forms known then.

    Raises:
        ValueError: the type already has one.
    """
    if kind in _VALUE_FORMS:
        raise ValueError(f"{kind.__name__} already has a JSON form.")
    _VALUE_FORMS[kind] = ValueForm(encode, decode, name)


Encoder = Callable[[Any], JSONValue]
"""Writes one field's value as JSON."""
Decoder = Callable[[Any], Any]
"""Reads one field's value from JSON; raises `_Misfit` for data of the wrong kind."""


class _Misfit(Exception):
    """A field's data is not of its type: `rest` ends the sentence that names the field.

    Raised without the field's name, which the caller puts in front (`decode_action`,
    a list's ``[index]``): the sentence is only built when data is refused.
    """

    def __init__(self, rest: str) -> None:
        super().__init__(rest)
        self.rest = rest


@dataclass(frozen=True)
class _FieldForm:
    name: str
    encode: Encoder | None
    """None: the value is written as it is (int, bool, str)."""
    decode: Decoder
    required: bool
    omit_none: bool
    source: Callable[[Any], Any] | None


@dataclass(frozen=True)
class _ClassForm:
    fields: tuple[_FieldForm, ...]
    keys: frozenset[str]
    """Every key its JSON form may hold: the tag's and the fields'."""


_CLASS_FORMS: dict[type[Action], _ClassForm] = {}


def _class_form(cls: type[Action]) -> _ClassForm:
    """How each field of `cls` is written and read, worked out once per class.

    Lazily, on the first action of the class written or read: the class
    statement's `__init_subclass__` runs before `dataclass` has made the fields.
    """
    known = _CLASS_FORMS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    forms = []
    # The seat (keyword-only, from the base) is written after the action's own fields.
    for item in sorted(dataclasses.fields(cls), key=lambda item: item.kw_only is True):
        if item.metadata.get(_JSON, True) is False:
            continue
        kind = hints[item.name]
        missing = item.default is dataclasses.MISSING
        forms.append(
            _FieldForm(
                item.name,
                _encoder(kind),
                _decoder(kind),
                required=missing and item.default_factory is dataclasses.MISSING,
                omit_none=not missing and item.default is None,
                source=item.metadata.get(_WRITTEN_AS),
            )
        )
    keys = frozenset([TAG_KEY, *(form.name for form in forms)])
    _CLASS_FORMS[cls] = _ClassForm(tuple(forms), keys)
    return _CLASS_FORMS[cls]


def action_to_json(action: Action) -> dict[str, JSONValue]:
    """The action as plain JSON: its tag under ``"action"``, then its fields."""
    data: dict[str, JSONValue] = {TAG_KEY: action.tag}
    for form in _class_form(type(action)).fields:
        value = getattr(action, form.name) if form.source is None else form.source(action)
        if value is None and form.omit_none:
            continue
        data[form.name] = value if form.encode is None else form.encode(value)
    return data


def _no_form(kind: Any) -> Callable[[Any], Any]:
    """For a field type with no JSON form: refuses when a value of it is written or read."""

    def refuse(value: Any) -> Any:
        raise TypeError(f"An action field of type {kind!r} has no JSON form: register it.")

    return refuse


def _encoder(kind: Any) -> Encoder | None:
    """How a value of field type `kind` is written; None when it is written as it is."""
    form = _VALUE_FORMS.get(kind) if isinstance(kind, type) else None
    if form is not None:
        return form.encode
    origin = typing.get_origin(kind)
    if origin is tuple:
        item = _encoder(typing.get_args(kind)[0])
        if item is None:
            return list
        return lambda value: [item(each) for each in value]
    if origin in (typing.Union, types.UnionType):
        inner = _encoder(_inner(kind))
        if inner is None:
            return None
        return lambda value: None if value is None else inner(value)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum_value
    if kind in (int, bool, str):
        return None
    return _no_form(kind)


def _enum_value(member: enum.Enum) -> JSONValue:
    value: JSONValue = member.value
    return value


def _inner(kind: Any) -> Any:
    """The X of ``X | None``."""
    return next(arg for arg in typing.get_args(kind) if arg is not type(None))


def _shown(value: Any) -> str:
    """A value for an error sentence, cut short: junk may be huge."""
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} items"  # never its repr: it may nest too deep
    if isinstance(value, dict):
        return f"an object of {len(value)} keys"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _decoder(kind: Any) -> Decoder:
    """How a value of field type `kind` is read back, checking it is one."""
    form = _VALUE_FORMS.get(kind) if isinstance(kind, type) else None
    if form is not None:
        return _value_decoder(form)
    origin = typing.get_origin(kind)
    if origin is tuple:
        return _tuple_decoder(_decoder(typing.get_args(kind)[0]))
    if origin in (typing.Union, types.UnionType):
        inner = _decoder(_inner(kind))
        return lambda raw: None if raw is None else inner(raw)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum_decoder(kind)
    plain = _PLAIN_DECODERS.get(kind)
    return plain if plain is not None else _no_form(kind)


def _value_decoder(form: ValueForm) -> Decoder:
    def decode(raw: Any) -> Any:
        if isinstance(raw, str) and len(raw) > MAX_TEXT:
            raise _Misfit(f" must be {form.name}, not {_shown(raw)}.")
        try:
            return form.decode(raw)
        except RuleError as error:
            raise _Misfit(f": {error}") from None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
            raise _Misfit(f" must be {form.name}, not {_shown(raw)}.") from None

    return decode


def _tuple_decoder(item: Decoder) -> Decoder:
    def decode(raw: Any) -> tuple[Any, ...]:
        if not isinstance(raw, list | tuple) or len(raw) > MAX_ITEMS:
            raise _Misfit(f" must be a list of at most {MAX_ITEMS} items, not {_shown(raw)}.")
        values = []
        for index, value in enumerate(raw):
            try:
                values.append(item(value))
            except _Misfit as misfit:
                raise _Misfit(f"[{index}]{misfit.rest}") from None
        return tuple(values)

    return decode


def _enum_decoder(kind: type[enum.Enum]) -> Decoder:
    members = {member.value: member for member in kind}

    def decode(raw: Any) -> enum.Enum:
        try:
            member = members.get(raw)
        except TypeError:  # unhashable junk
            member = None
        # 1 == True == 1.0: the value must be of the member's own type too.
        if member is not None and type(member.value) is type(raw):
            return member
        allowed = ", ".join(repr(member.value) for member in kind)
        raise _Misfit(f" must be one of {allowed}, not {_shown(raw)}.")

    return decode


def _decode_bool(raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise _Misfit(f" must be true or false, not {_shown(raw)}.")
    return raw


def _decode_int(raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise _Misfit(f" must be a whole number, not {_shown(raw)}.")
    return raw


def _decode_str(raw: Any) -> str:
    if not isinstance(raw, str) or len(raw) > MAX_TEXT:
        raise _Misfit(f" must be a text of at most {MAX_TEXT} characters.")
    return raw


_PLAIN_DECODERS: dict[Any, Decoder] = {bool: _decode_bool, int: _decode_int, str: _decode_str}


def decode_action(cls: type[Action], data: dict[Any, Any]) -> Action:
    """Read an action of class `cls` from its JSON form (the tag already checked).

    Raises:
        RuleError: a field is missing, unknown or of the wrong type.
    """
    form = _class_form(cls)
    unknown = [key for key in data if key not in form.keys]
    if unknown:
        raise RuleError(f"The {cls.tag} action has no field {_shown(unknown[0])}.")
    values: dict[str, Any] = {}
    for field_form in form.fields:
        name = field_form.name
        if name not in data:
            if field_form.required:
                raise RuleError(f"The {cls.tag} action needs its {name!r} field.")
            continue
        try:
            values[name] = field_form.decode(data[name])
        except _Misfit as misfit:
            raise RuleError(f"The {cls.tag} action's {name!r}{misfit.rest}") from None
    try:
        return cls(**values)
    except RuleError:
        raise
    except (ValueError, TypeError) as error:
        raise RuleError(f"That is not a {cls.tag} action: {error}.") from None


class ActionSet:
    """The actions of one game, by tag: what reads its actions back from JSON.

    Built from action classes; a variant extends its base game's set
    (`extended`), and may replace a class by a subclass under the same tag.
    """

    def __init__(self, title: str, classes: Iterable[type[Action]]) -> None:
        """A set named `title` ("UNO Tiki Twist") of `classes`.

        Raises:
            ValueError: a class has no tag, or two unrelated classes share one.
        """
        self.title = title
        self._by_tag: dict[str, type[Action]] = {}
        for cls in classes:
            if not cls.tag:
                raise ValueError(f"{cls.__name__} has no tag: give one in its class statement.")
            known = self._by_tag.get(cls.tag)
            if known is not None and not issubclass(cls, known):
                raise ValueError(f"{cls.__name__} and {known.__name__} share the tag {cls.tag!r}.")
            self._by_tag[cls.tag] = cls

    def extended(self, title: str, *classes: type[Action]) -> ActionSet:
        """This set plus `classes` (a subclass replaces its base under the same tag)."""
        return ActionSet(title, [*self._by_tag.values(), *classes])

    def __iter__(self) -> Iterator[type[Action]]:
        return iter(self._by_tag.values())

    def __len__(self) -> int:
        return len(self._by_tag)

    def __contains__(self, cls: object) -> bool:
        return isinstance(cls, type) and self._by_tag.get(getattr(cls, "tag", "")) is cls

    def from_json(self, data: Any) -> Action:
        """Read back an action of this game written by `action_to_json`.

        Raises:
            RuleError: the data is not an object, names no action of this game, or a
                field is missing, unknown or of the wrong type.
        """
        if not isinstance(data, dict):
            raise RuleError(f"An action is a JSON object, not {_shown(data)}.")
        tag = data.get(TAG_KEY)
        cls = self._by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None:
            tags = ", ".join(sorted(self._by_tag))
            raise RuleError(
                f"{_shown(tag)} is not an action of {self.title}; its actions are: {tags}."
            )
        return decode_action(cls, data)

