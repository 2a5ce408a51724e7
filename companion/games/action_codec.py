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

import copy
import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self, TypeVar

from companion.games.errors import JSONValue, RuleError

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

    `seat` is the seat that takes the action: engines fill it in
    `legal_actions()`, and it is None for chance and for an action anyone
    may take (catching a missed UNO). It is written to JSON when set and left
    out of equality, so ``Draw()`` equals the listed ``Draw(seat=2)``.
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

    @property
    def about_seat(self) -> int | None:
        """The seat an out-of-turn action names (a caught or calling UNO player), else None."""
        return None

    def by(self, seat: int | None) -> Self:
        """The same action, taken by `seat`."""
        if seat == self.seat:
            return self
        fields = getattr(self, "__dict__", None)
        if fields is None:  # a subclass with slots
            taken = copy.copy(self)
        else:  # what copy.copy does, without its generic dispatch: legal_actions() is hot
            taken = object.__new__(type(self))
            taken.__dict__.update(fields)
        object.__setattr__(taken, "seat", seat)
        return taken

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

    Raises:
        ValueError: the type already has one.
    """
    if kind in _VALUE_FORMS:
        raise ValueError(f"{kind.__name__} already has a JSON form.")
    _VALUE_FORMS[kind] = ValueForm(encode, decode, name)


@dataclass(frozen=True)
class _FieldForm:
    name: str
    kind: Any
    required: bool
    omit_none: bool
    source: Callable[[Any], Any] | None


_FIELD_FORMS: dict[type[Action], tuple[_FieldForm, ...]] = {}


def _field_forms(cls: type[Action]) -> tuple[_FieldForm, ...]:
    """How each field of `cls` is written, worked out once per class."""
    known = _FIELD_FORMS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    forms = []
    # The seat (keyword-only, from the base) is written after the action's own fields.
    for item in sorted(dataclasses.fields(cls), key=lambda item: item.kw_only is True):
        if item.metadata.get(_JSON, True) is False:
            continue
        missing = item.default is dataclasses.MISSING
        required = missing and item.default_factory is dataclasses.MISSING
        omit_none = not missing and item.default is None
        forms.append(
            _FieldForm(item.name, hints[item.name], required, omit_none,
                       item.metadata.get(_WRITTEN_AS))
        )  # fmt: skip
    _FIELD_FORMS[cls] = tuple(forms)
    return _FIELD_FORMS[cls]


def action_to_json(action: Action) -> dict[str, JSONValue]:
    """The action as plain JSON: its tag under ``"action"``, then its fields."""
    data: dict[str, JSONValue] = {TAG_KEY: action.tag}
    for form in _field_forms(type(action)):
        value = getattr(action, form.name) if form.source is None else form.source(action)
        if value is None and form.omit_none:
            continue
        data[form.name] = _encode(form.kind, value)
    return data


def _encode(kind: Any, value: Any) -> JSONValue:
    form = _VALUE_FORMS.get(kind) if isinstance(kind, type) else None
    if form is not None:
        return form.encode(value)
    origin = typing.get_origin(kind)
    if origin is tuple:
        return [_encode(typing.get_args(kind)[0], item) for item in value]
    if origin in (typing.Union, types.UnionType):
        return None if value is None else _encode(_inner(kind), value)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return value.value
    if kind in (int, bool, str):
        return value
    raise TypeError(f"An action field of type {kind!r} has no JSON form: register it.")


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


def _decode(kind: Any, raw: Any, where: str) -> Any:
    """Read one field's value; raises RuleError naming `where` when it is not of `kind`."""
    form = _VALUE_FORMS.get(kind) if isinstance(kind, type) else None
    if form is not None:
        if isinstance(raw, str) and len(raw) > MAX_TEXT:
            raise RuleError(f"{where} must be {form.name}, not {_shown(raw)}.")
        try:
            return form.decode(raw)
        except RuleError as error:
            raise RuleError(f"{where}: {error}") from None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
            raise RuleError(f"{where} must be {form.name}, not {_shown(raw)}.") from None
    origin = typing.get_origin(kind)
    if origin is tuple:
        if not isinstance(raw, list | tuple) or len(raw) > MAX_ITEMS:
            raise RuleError(
                f"{where} must be a list of at most {MAX_ITEMS} items, not {_shown(raw)}."
            )
        item = typing.get_args(kind)[0]
        return tuple(_decode(item, value, f"{where}[{index}]") for index, value in enumerate(raw))
    if origin in (typing.Union, types.UnionType):
        return None if raw is None else _decode(_inner(kind), raw, where)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if member.value == raw and type(member.value) is type(raw):
                return member
        allowed = ", ".join(repr(member.value) for member in kind)
        raise RuleError(f"{where} must be one of {allowed}, not {_shown(raw)}.")
    if kind is bool:
        if not isinstance(raw, bool):
            raise RuleError(f"{where} must be true or false, not {_shown(raw)}.")
        return raw
    if kind is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RuleError(f"{where} must be a whole number, not {_shown(raw)}.")
        return raw
    if kind is str:
        if not isinstance(raw, str) or len(raw) > MAX_TEXT:
            raise RuleError(f"{where} must be a text of at most {MAX_TEXT} characters.")
        return raw
    raise TypeError(f"An action field of type {kind!r} has no JSON form: register it.")


def decode_action(cls: type[Action], data: dict[Any, Any]) -> Action:
    """Read an action of class `cls` from its JSON form (the tag already checked).

    Raises:
        RuleError: a field is missing, unknown or of the wrong type.
    """
    forms = _field_forms(cls)
    known = {form.name for form in forms}
    unknown = [key for key in data if key != TAG_KEY and key not in known]
    if unknown:
        raise RuleError(f"The {cls.tag} action has no field {_shown(unknown[0])}.")
    values: dict[str, Any] = {}
    for form in forms:
        if form.name not in data:
            if form.required:
                raise RuleError(f"The {cls.tag} action needs its {form.name!r} field.")
            continue
        values[form.name] = _decode(
            form.kind, data[form.name], f"The {cls.tag} action's {form.name!r}"
        )
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


AnyAction = TypeVar("AnyAction", bound=Action)


def by_seat(actions: Iterable[AnyAction], seat: int | None) -> list[AnyAction]:
    """`actions` as taken by `seat` (what `legal_actions()` returns)."""
    return [action.by(seat) for action in actions]
