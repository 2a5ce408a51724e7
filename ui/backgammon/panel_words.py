"""The backgammon family's words on the screen: what happened, what chance the table
waits for, what the match is played to, a finishing place."""

from __future__ import annotations

from companion.games.backgammon import BackgammonGame, FamilyGame, MiniGamGame, MultiGamGame
from companion.games.base import ChanceRequest, GameSpec
from companion.i18n import _, ngettext, note_text
from companion.table import TableSnapshot, event_line


def event_words(snapshot: TableSnapshot) -> str:
    """What happened last, in the table's language: the log's line, sentence by sentence
    (nothing after an undo: the screen says what it took back). A match rebuilt from the
    log has only the line, in English (the engines' narration is not saved)."""
    if snapshot.took_back is not None or not snapshot.last_notes:
        return "" if snapshot.took_back is not None else snapshot.last_event
    players = snapshot.players
    return event_line(note_text(note, lambda seat: players[seat].name)
                      for note in snapshot.last_notes)


def chance_words(request: ChanceRequest, snapshot: TableSnapshot) -> str:
    """What chance the table waits for, in the table's language ("Ana: roll two dice.").

    An engine that gives its prompt only in English (no `note`) is shown so.
    """
    if request.note is None:
        return request.prompt
    players = snapshot.players
    return note_text(request.note, lambda seat: players[seat].name)


def match_words(snapshot: TableSnapshot, spec: GameSpec) -> str:
    """What the backgammon-family match of `snapshot` is played to (`goal_words`)."""
    game = snapshot.game_state(spec)
    assert isinstance(game, FamilyGame), f"{spec.name} is not a backgammon-family game"
    return goal_words(game)


def goal_words(game: FamilyGame) -> str:
    """What a backgammon-family match is played to: "Match to 5", "First to 3 wins"."""
    words = []
    if isinstance(game, BackgammonGame):
        length = game.score.match_length
        words.append(_("Match to {n}").format(n=length) if length else _("Money game"))
        if game.score.crawford_game:
            words.append(_("Crawford game"))
    elif isinstance(game, MiniGamGame):
        words.append(_("First to {n} wins").format(n=game.score.wins_needed))
    elif isinstance(game, MultiGamGame):
        target, games = game.score.target_score, game.score.games
        words.append(_("To {n} points").format(n=target) if target
                     else ngettext("{n} game", "{n} games", games).format(n=games))
    return " · ".join(words)


def ordinal(place: int) -> str:
    """A finishing place in words: 1st, 2nd, 3rd, 4th."""
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(place, _("{n}th").format(n=place))


__all__ = ["chance_words", "event_words", "goal_words", "match_words", "ordinal"]
