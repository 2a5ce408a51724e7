"""A player at the table who acts only through the script driver's lines, as a person taps."""

from __future__ import annotations

import random

from companion.games.backgammon.actions import Double, Pass, Take, TurnPlay
from companion.games.backgammon.phase import Phase
from ui.backgammon.scene import BoardScene
from ui.backgammon.turn import TurnView

MAX_LINES = 20_000


def board_scene(screen) -> BoardScene:
    scene = screen.app.scene
    assert isinstance(scene, BoardScene), f"the board is not on screen but {scene.name}"
    return scene


def play_turn_lines(view: TurnView, scene: BoardScene, play: TurnPlay) -> list[str]:
    """The taps that make `play`: source then destination for each step, then confirm."""
    layout = scene._layout
    lines = []
    for step in play.steps:
        lines.append(f"tap {layout.point_name(step.source)}")
        lines.append(f"tap {layout.point_name(step.destination)}")
    return [*lines, "tap confirm"]


def play_out(screen, rng: random.Random, *, doubles: float = 0.0, takes: float = 1.0,
             stop_after_games: int | None = None) -> list[str]:
    """Play the match on screen to its end with random legal choices; returns the lines run."""
    played: list[str] = []
    start_game = None
    for _ in range(MAX_LINES):
        scene = board_scene(screen)
        view = scene.view
        assert view is not None
        snapshot = view.snapshot
        state = snapshot.state()
        start_game = start_game or state["game_number"]
        if scene.notice is not None:
            if snapshot.is_over:
                return played
            if (stop_after_games is not None
                    and state["game_number"] - start_game >= stop_after_games):
                return played
            lines = ["tap confirm"] if scene.notice.kind == "lost_turn" else ["tap next"]
        elif snapshot.chance is not None:
            dice = snapshot.chance.dice
            lines = ["roll " + " ".join(str(rng.randint(1, 6)) for _ in range(dice))]
        elif view.game.phase is Phase.DECIDE:
            can_double = any(isinstance(a, Double) for a in snapshot.legal_actions)
            if can_double and rng.random() < doubles:
                lines = ["tap double"]
            else:
                lines = ["roll " + " ".join(str(rng.randint(1, 6)) for _ in range(2))]
        elif view.game.phase is Phase.DOUBLED:
            can_take = any(isinstance(a, Take) for a in snapshot.legal_actions)
            lines = ["tap take" if can_take and rng.random() < takes else "tap pass"]
            assert any(isinstance(a, Pass) for a in snapshot.legal_actions)
        elif view.game.phase is Phase.MOVE:
            plays = [a for a in snapshot.legal_actions if isinstance(a, TurnPlay)]
            assert plays, "a turn in play with no legal play listed"
            lines = play_turn_lines(view, scene, rng.choice(plays))
        else:
            raise AssertionError(f"nothing to do in phase {view.game.phase}")
        for line in lines:
            screen.run(line)
            played.append(line)
            message = screen.app.message
            assert message is None or not message.refusal, (
                f"{line!r} was refused: {message.text}")
    raise AssertionError("the match did not end")
