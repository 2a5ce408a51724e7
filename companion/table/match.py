"""One match on the table as pure data: its state, its log lines, undo and replay.

`RunningMatch` knows nothing of threads, files or clocks: the table's worker
calls it with one command at a time and writes each `AppliedEvent` it returns to the
event log. The same code rebuilds a match from its log after a crash.

Undo and chance (see docs/table.md): undo takes back the last event that
still stands, whatever it was: a mis-tapped play, a die the tray misread, a
shuffle. Replay applies every event that still stands, in order. So that undo
cannot be used to re-roll the companion's own dice, an undone draw of the
companion's own dice or shuffle is kept and served again to the next draw that
asks for exactly the same thing; a draw that asks for something else forgets
the kept ones. Outcomes from devices and touch (dice really thrown, the idol
really spun) are what happened at the table and are not kept.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError
from companion.games.actions import Action, action_to_json
from companion.games.base import (
    N_,
    ChanceRequest,
    GameSpec,
    GameState,
    JSONValue,
    Note,
    RuleError,
    RuleOptions,
    check_outcome,
)
from companion.records import AppliedEvent, Event, Player
from companion.table.chance import (
    ChanceSource,
    check_source,
    checked_outcome,
    request_to_json,
    same_request,
)
from companion.table.hands import engine_options, hands_option
from companion.table.lines import (
    SOFTWARE_PICK,
    SUBJECTS,
    chance_note,
    event_line,
    play_note,
    undo_note,
    winners_note,
)
from companion.table.refusals import (
    ACTION_AS_JSON,
    ACTION_OF_ANOTHER,
    CHANCE_AS_PLAY,
    DEVICE_FAILED,
    MATCH_OVER,
    NO_CHANCE,
    NO_SUCH_SEAT,
    NOT_A_LEGAL_PLAY,
    NOT_YOUR_TURN,
    NOTHING_TO_REDO,
    NOTHING_TO_UNDO,
    refused,
)
from companion.table.state_text import canonical_json, canonical_text, plain_json, sha

KEPT_KINDS = ("dice", "shuffle")
# Translators: a line of the log as it was written, in English (a redo of an event applied
# before the companion restarted): leave it as it is.
AS_LOGGED = N_("{line}")


class ReplayError(RuleError):
    """A logged match cannot be rebuilt from its events."""


class EngineFault(CompanionError, RuntimeError):
    """The engine failed after it had changed the state: a bug, not a refusal.

    Engines refuse with `RuleError` before they change anything; a `RuleError`
    from describing a state already reached (its JSON, scores or legal
    actions) is turned into this, so that the table undoes the change.
    """


@dataclass
class RunningMatch:
    """The match in progress: engine state, the events that stand, kept outcomes."""

    spec: GameSpec
    players: tuple[Player, ...]
    options: dict[str, JSONValue]
    state: GameState[RuleOptions]
    seq: int = 0
    standing: list[Event] = field(default_factory=list)
    kept: list[tuple[dict[str, Any], Any]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    """The match scores after the last event, to notice when a round was scored."""
    rounds: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    """The seq and the scores after each standing event that changed the scores: the
    log's rounds (`Store.rounds`: UNO's rounds, backgammon's games, Yahtzee's claims)."""
    undone: list[Event] = field(default_factory=list)
    """The events taken back since the last play or chance, the last undone last: what
    `redo` plays again. A new play or chance forgets them."""
    last_kind: str = ""
    """The kind of the last event ("play", "chance", "undo"; empty before the first)."""
    said: dict[int, tuple[Note, ...]] = field(default_factory=dict)
    """The sentences of each event applied since the match came on the table, by seq
    (a match rebuilt from the log has only their English lines)."""
    told: dict[int, tuple[Note, ...]] = field(default_factory=dict)
    """The same events as the screens tell them, by seq: a player's action as done ("Ana
    played Red 7", its card named for translation), where `said` keeps the log's "Ana: Red
    7" (which a redo logs again)."""

    @classmethod
    def start(
        cls, spec: GameSpec, players: Sequence[Player], options: dict[str, JSONValue]
    ) -> RunningMatch:
        """A fresh match.

        Raises:
            RuleError: the engine refuses the player count or an option.
        """
        spec.check_players(len(players))
        state = spec.new(len(players), engine_options(options))
        state.name_seats([player.name for player in players])
        return cls(
            spec=spec,
            players=tuple(players),
            options={**state.options.to_json(), **hands_option(options)},
            state=state,
            scores=list(state.scores()),
        )

    def seat_name(self, seat: int | None) -> str:
        """The name of the player in `seat` ("the table" for no seat)."""
        if seat is None or not 0 <= seat < len(self.players):
            return "The table"
        return self.players[seat].name

    def play(self, action: Any, seat: int | None, now: str) -> AppliedEvent:
        """Apply a player's action (an action object or its JSON).

        Raises:
            RuleError: not this seat's turn, or the engine refuses the action.
        """
        if self.state.is_over:
            raise refused(MATCH_OVER)
        to_move = self.state.to_move
        if seat is not None and not 0 <= seat < len(self.players):
            raise refused(NO_SUCH_SEAT, seat=seat)
        action_json = plain_json(action_to_json(action) if isinstance(action, Action) else action)
        if not isinstance(action_json, dict):
            raise refused(ACTION_AS_JSON)
        parsed = self._parse_action(action_json)
        if parsed.is_chance:
            raise refused(CHANCE_AS_PLAY)
        named = parsed.about_seat
        if named is None and seat is not None and to_move is not None and seat != to_move:
            raise refused(NOT_YOUR_TURN, (to_move, seat), self.seat_name)
        if named is not None and not 0 <= named < len(self.players):
            raise refused(NO_SUCH_SEAT, seat=named)
        # "Ana: Red 7", "Ben: 24/18 13/11", "Cleo: draw a card": engines name their actions
        # as cards, moves or verb phrases, and a scoresheet line reads well with all three.
        # An out-of-turn action ("Dev: call UNO") names its own seat.
        acting = to_move if named is None else named
        if parsed.seat is not None and parsed.seat != acting:
            if acting is None:  # nobody's turn (a chance is awaited): said as before, in English
                raise RuleError(f"That action is {self.seat_name(parsed.seat)}'s, but it is"
                                " The table's to take; use one from the legal plays.")
            raise refused(ACTION_OF_ANOTHER, (parsed.seat, acting), self.seat_name)
        # The listed action, not the one sent: its words and its JSON are the engine's own,
        # whatever text came with the one sent (equal actions differ only in their words).
        listed = self.state.as_listed(parsed)
        self.state.apply(listed)
        own = play_note(acting, listed.describe(self.seat_name))
        told = None if acting is None else listed.narrate(acting)
        return self._record("play", acting, action_to_json(listed), {}, own, now, told)

    def supply(self, outcome: Any, source: str, now: str) -> AppliedEvent:
        """Apply a chance outcome that came from a device or a touch.

        Raises:
            RuleError: the source is not a device or a person's name for one, no chance
                is pending, the table moved on, or the outcome does not fit.
        """
        check_source(source)
        request = self.state.accepted_chance()
        if request is None:
            raise refused(NO_CHANCE)
        outcome = plain_json(outcome)
        check_outcome(request, outcome, self.state.seat_name)
        return self._apply_chance(request, outcome, source, False, now)

    def draw(self, chance: ChanceSource, spinner: ChanceSource, now: str) -> AppliedEvent:
        """Let the companion supply the pending chance (kept undone draws first), or the dice
        a player may throw unasked (a backgammon player who may double: rolling instead).

        Raises:
            RuleError: no chance is pending, the table moved on, or the source failed or
                gave an outcome that does not fit.
        """
        # Dice a player may throw unasked (rolling rather than doubling) the companion may
        # roll too: the tray button at the start of a backgammon turn means "roll".
        request = self.state.chance() or self.state.unasked_chance()
        if request is None:
            raise refused(NO_CHANCE)
        if request.kind in KEPT_KINDS and self.kept and same_request(self.kept[-1][0], request):
            return self._apply_chance(request, self.kept[-1][1], "table", True, now)
        name = "spinner" if request.kind == "spin" else "table"
        try:
            outcome = checked_outcome(spinner if request.kind == "spin" else chance, request)
            if name == "spinner" and getattr(spinner, "last_pick_in_software", False):
                name = SOFTWARE_PICK
        except RuleError:
            raise
        except Exception as error:  # a device that failed: nothing has changed yet
            raise refused(DEVICE_FAILED, subject=Note.of(SUBJECTS[name]),
                          error=f"{type(error).__name__}: {error}") from None
        return self._apply_chance(request, plain_json(outcome), name, False, now)

    def undo(self, now: str) -> AppliedEvent:
        """Take back the last event that still stands.

        Raises:
            RuleError: nothing is left to undo.
        """
        if not self.standing:
            raise refused(NOTHING_TO_UNDO)
        last = self.standing[-1]
        self.state = self._rebuild(self.standing[:-1])
        self.standing.pop()
        self._keep_if_drawn(last)
        self.undone.append(last)
        own = undo_note(last.seq, last.text)
        return self._record("undo", None, None, {"undoes": last.seq}, own, now)

    def redo(self, now: str) -> AppliedEvent:
        """Play again the event the last undo took back (a player undid one too many).

        The event comes back as it was: the same play, or the same chance outcome (a
        companion's own draw is served from the kept ones, as the next draw would be).

        Raises:
            RuleError: nothing was undone since the last play or chance.
        """
        if not self.undone:
            raise refused(NOTHING_TO_REDO)
        again = self.undone[-1]
        self.state.apply(self._parse_action(again.action or {}))
        self.undone.pop()
        detail = {**again.detail, "redoes": again.seq}
        if again.kind == "chance" and again.detail.get("source") == "table":
            detail["reused"] = True
            self._follow_draw(True)
        # The event again, in its own words: the history reads as the match went.
        said = self.said.get(again.seq, (Note.of(AS_LOGGED, line=again.text),))
        told = self.told.get(again.seq, said)
        return self._record(again.kind, again.seat, again.action, detail, said[0], now,
                            told[0], again=said[1:])

    def would_take_back(self) -> tuple[Note, ...] | str | None:
        """What an undo would take back now: the last standing event's sentences, or its
        English line (applied before the match was rebuilt from the log); None: nothing."""
        if not self.standing:
            return None
        last = self.standing[-1]
        return self.told.get(last.seq, last.text)

    def took_back(self) -> tuple[Note, ...] | str | None:
        """What the last event took back when it is an undo: that event's sentences, or
        its English line when it was applied before the match was rebuilt from the log."""
        if not self.undone or self.last_kind != "undo":
            return None
        last = self.undone[-1]
        return self.told.get(last.seq, last.text)

    @classmethod
    def replay(
        cls,
        spec: GameSpec,
        players: Sequence[Player],
        options: dict[str, JSONValue],
        events: Sequence[Event],
    ) -> tuple[RunningMatch, list[str]]:
        """Rebuild a match from its logged events; returns it and any warnings.

        Every event that still stands is applied once, in order; the state
        reached is checked against the hash logged when it was last shown.

        Raises:
            ReplayError: the events do not fit the game (a damaged or foreign log).
        """
        try:
            match = cls.start(spec, players, options)
        except RuleError as error:
            raise ReplayError(str(error)) from None
        for event in events:
            match._take_event(event)
        warnings = match._replay_standing(events)
        match.scores = list(match.state.scores())
        return match, warnings

    def _take_event(self, event: Event) -> None:
        """Follow one logged event through the standing stack and the kept outcomes."""
        if event.seq != self.seq + 1:
            raise ReplayError(f"The log jumps from #{self.seq} to #{event.seq}.")
        self.seq = event.seq
        self.last_kind = event.kind
        if event.kind == "undo":
            if not self.standing or self.standing[-1].seq != event.detail.get("undoes"):
                raise ReplayError(f"Event #{event.seq} undoes an event that does not stand.")
            taken = self.standing.pop()
            self._keep_if_drawn(taken)
            self.undone.append(taken)
            return
        if event.kind not in ("play", "chance"):
            raise ReplayError(f"Event #{event.seq} is of an unknown kind {event.kind!r}.")
        self._follow_redo(event.detail.get("redoes"), event.seq)
        if event.kind == "chance" and event.detail.get("source") == "table":
            self._follow_draw(bool(event.detail.get("reused")))
        self.standing.append(event)

    def _replay_standing(self, events: Sequence[Event]) -> list[str]:
        """Apply the standing events to the fresh state and check the result.

        Only the final state is compared with the hash logged when it was
        shown: serialising every intermediate state would make replay slow
        for engines whose JSON grows with the match.
        """
        scores = tuple(self.state.scores())
        for event in self.standing:
            try:
                self.state.apply(self._parse_action(event.action or {}))
            except RuleError as error:
                raise ReplayError(f"Event #{event.seq} no longer applies: {error}") from None
            # An undo restores the scores before the event it takes back, so the log's
            # rounds are the standing events that changed them.
            before, scores = scores, tuple(self.state.scores())
            if scores != before:
                self.rounds.append((event.seq, scores))
        if events and not self._shows(events[-1].state_sha):
            return [
                f"Replaying up to #{events[-1].seq} gave a different state than was shown;"
                " play goes on from the replayed state."
            ]
        return []

    def _shows(self, state_sha: str) -> bool:
        """True when the state is the one whose hash was logged (in today's or an earlier form)."""
        if sha(canonical_json(self.state)) == state_sha:
            return True
        forms = self.state.earlier_json_forms()
        return any(sha(canonical_text(form)) == state_sha for form in forms)

    def _apply_chance(
        self, request: ChanceRequest, outcome: Any, source: str, reused: bool, now: str
    ) -> AppliedEvent:
        action = self.state.chance_action(outcome)
        action_json = plain_json(action_to_json(action))
        self.state.apply(action)
        if source == "table":
            self._follow_draw(reused)
        detail = {
            "source": source,
            "outcome": outcome,
            "request": request_to_json(request),
            "reused": reused,
        }
        own = chance_note(request, outcome, source)
        return self._record("chance", None, action_json, detail, own, now)

    def _follow_redo(self, redoes: Any, seq: int) -> None:
        """A logged play or chance: a redo plays the last undone event again, anything else
        forgets the undone ones.

        Raises:
            ReplayError: a redo of an event that is not the last undone.
        """
        if redoes is None:
            self.undone.clear()
        elif self.undone and self.undone[-1].seq == redoes:
            self.undone.pop()
        else:
            raise ReplayError(f"Event #{seq} redoes an event that was not just undone.")

    def _follow_draw(self, reused: bool) -> None:
        if reused:
            self.kept.pop()
        else:
            self.kept.clear()

    def _keep_if_drawn(self, event: Event) -> None:
        request = event.detail.get("request")
        if (
            event.kind == "chance"
            and event.detail.get("source") == "table"
            and isinstance(request, dict)
            and request.get("kind") in KEPT_KINDS
        ):
            self.kept.append((request, event.detail.get("outcome")))

    def _parse_action(self, action_json: dict[str, JSONValue]) -> Action:
        try:
            return self.spec.actions.from_json(action_json)
        except RuleError as error:
            said = error.note if error.note is not None else str(error)
            raise refused(NOT_A_LEGAL_PLAY, refusal=said) from None

    def _rebuild(self, events: Sequence[Event]) -> GameState[RuleOptions]:
        state = self.spec.new(len(self.players), engine_options(self.options))
        state.name_seats([player.name for player in self.players])
        for event in events:
            state.apply(self._parse_action(event.action or {}))
        return state

    def _record(
        self,
        kind: str,
        seat: int | None,
        action: dict[str, JSONValue] | None,
        detail: dict[str, JSONValue],
        own: Note,
        now: str,
        told: Note | None = None,
        again: tuple[Note, ...] | None = None,
    ) -> AppliedEvent:
        """Log line, hash and scores of the state just reached.

        The line is the command's `own` sentence, what the engine says it
        caused, and the match's winners when it ended, in English; the
        sentences themselves go with the event for the screens, a player's
        action `told` as done ("Ana drew a card") in place of the log's
        "Ana: draw a card" when the action has a sentence of its own. A redo
        (`again`: the rest of the redone event's sentences) says what the redone
        event said.

        Raises:
            EngineFault: the engine cannot describe that state.
        """
        with engine_must_describe():
            state_json = canonical_json(self.state)
            over, winners, scores = self.state.is_over, self.state.winners(), self.state.scores()
            # What the action caused, as the engine tells it: "The spinner points at
            # Dev. Dev draws 2 cards (Tiki Draw 2)." One line, seats named.
            if again is not None:
                notes = [own, *again]
            else:
                notes = [own] if kind == "undo" else [own, *self.state.narration()]
        if kind != "undo" and over and again is None:
            notes.append(winners_note(winners))
        text = event_line(note.render(self.seat_name) for note in notes)
        self.seq += 1
        event = Event(self.seq, kind, seat, action, detail, text, sha(state_json), now)
        if kind != "undo":
            self.standing.append(event)
            if again is None:
                self.undone.clear()
        self.last_kind = kind
        self.said[self.seq] = tuple(notes)
        changed = kind != "undo" and list(scores) != self.scores
        self.scores = list(scores)
        if kind == "undo":  # as the log forgets the round of the event taken back
            self.rounds = [kept for kept in self.rounds if kept[0] != detail["undoes"]]
        elif changed:
            self.rounds.append((self.seq, tuple(self.scores)))
        shown = tuple(notes) if told is None else (told, *notes[1:])
        self.told[self.seq] = shown
        return AppliedEvent(
            event, state_json, round_scores=self.scores if changed else None, notes=shown
        )


@contextmanager
def engine_must_describe() -> Iterator[None]:
    """Around the engine describing a state it has reached: a refusal there is a fault.

    Raises:
        EngineFault: the engine raised `RuleError`.
    """
    try:
        yield
    except RuleError as error:
        raise EngineFault(f"it cannot describe the state it reached: {error}") from error
