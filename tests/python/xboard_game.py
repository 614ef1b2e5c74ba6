"""Plays a short game against Tiamat through python-chess's XBoard (CECP) client.

Usage: python3 xboard_game.py <path to the tiamat binary>
Exit status 0 on success; 77 when python-chess is missing (the caller skips).
"""
import sys

try:
    import chess
    import chess.engine
except ImportError:
    print("python-chess is not installed")
    sys.exit(77)


def main(binary):
    engine = chess.engine.SimpleEngine.popen_xboard([binary], timeout=120)
    try:
        assert engine.id.get("name", "").startswith("Tiamat"), engine.id
        board = chess.Board()
        limits = [chess.engine.Limit(depth=2), chess.engine.Limit(time=0.1),
                  chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1)]
        for ply in range(16):
            # The second half of the game ponders between moves.
            result = engine.play(board, limits[ply % len(limits)], ponder=ply >= 8)
            assert result.move in board.legal_moves, (board.fen(), result.move)
            board.push(result.move)
            if board.is_game_over(claim_draw=True):
                break
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        assert "score" in info or "pv" in info, info
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        result = engine.play(board, chess.engine.Limit(depth=2))
        assert result.move in board.legal_moves, result.move
        print("played", " ".join(m.uci() for m in board.move_stack))
    finally:
        engine.quit()


if __name__ == "__main__":
    main(sys.argv[1])
