"""Plays a short game against Tiamat through python-chess's XBoard (CECP) client.

Usage: python3 xboard_game.py <path to the tiamat binary>
Exit status 0 on success; 77 when python-chess is missing (the caller skips).
"""
from engine_game import SET_UP_FEN, assert_plays_legal, chess, play_short_game, run


def main(binary):
    engine = chess.engine.SimpleEngine.popen_xboard([binary], timeout=120)
    try:
        assert engine.id.get("name", "").startswith("Tiamat"), engine.id
        limits = [chess.engine.Limit(depth=2), chess.engine.Limit(time=0.1),
                  chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1)]
        board = play_short_game(engine, limits)
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        assert "score" in info or "pv" in info, info
        assert_plays_legal(engine, chess.Board(SET_UP_FEN))
    finally:
        engine.quit()


if __name__ == "__main__":
    run(main)
