"""Plays a short game against Tiamat through python-chess's XBoard (CECP) client.

Usage: python3 xboard_game.py <path to the tiamat binary>
Exit status 0 on success; 77 when python-chess is missing (the caller skips).
"""
import os

from engine_game import SET_UP_FEN, assert_plays_legal, chess, play_short_game, run


# A value other than the default for every option the engine offers over CECP, by name
# (python-chess's own `random`, `computer`, `name` and ratings, the engine's `memory`, `cores`
# and `feature option=` options).
OPTION_VALUES = {
    "random": True,
    "computer": True,
    "name": "python-chess",
    "engine_rating": 2000,
    "opponent_rating": 1800,
    "memory": 8,
    "cores": 2,
    "PlayStyle": "oneply",
    "DebugLogFile": os.devnull,
}


def configure_every_option(engine):
    """Sets each option by its name, then plays a move so that the engine reads them all."""
    assert set(engine.options) == set(OPTION_VALUES), sorted(engine.options)
    for name, value in OPTION_VALUES.items():
        engine.configure({name: value})
    result = engine.play(chess.Board(), chess.engine.Limit(time=5))
    assert result.move in chess.Board().legal_moves, result.move
    engine.configure({"PlayStyle": "search", "cores": 1})


def main(binary):
    engine = chess.engine.SimpleEngine.popen_xboard([binary], timeout=120)
    try:
        assert engine.id.get("name", "").startswith("Tiamat"), engine.id
        configure_every_option(engine)
        limits = [chess.engine.Limit(depth=2), chess.engine.Limit(time=0.1),
                  chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1)]
        board = play_short_game(engine, limits)
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        assert "score" in info or "pv" in info, info
        # Stopped by time: python-chess sends `.` and `exit`.
        info = engine.analyse(board, chess.engine.Limit(time=0.5))
        assert "pv" in info, info
        assert_plays_legal(engine, chess.Board(SET_UP_FEN))
    finally:
        engine.quit()


if __name__ == "__main__":
    run(main)
