"""What the python-chess game scripts share: the skip when python-chess is missing, and the
short game both protocols play.

Exit status 77 when python-chess is missing (the caller skips).
"""
import logging
import sys

try:
    import chess
    import chess.engine
except ImportError:
    print("python-chess is not installed")
    sys.exit(77)

# A position the engine must take by FEN rather than by moves from the start.
SET_UP_FEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"


def play_short_game(engine, limits, plies=16):
    """Plays `plies` moves from the start, cycling through `limits`; returns the board."""
    board = chess.Board()
    for ply in range(plies):
        # The second half of the game ponders between moves.
        result = engine.play(board, limits[ply % len(limits)], ponder=ply >= plies // 2)
        assert result.move in board.legal_moves, (board.fen(), result.move)
        board.push(result.move)
        if board.is_game_over(claim_draw=True):
            break
    return board


def assert_plays_legal(engine, board):
    """The engine's move in `board` at depth 2 is legal; prints the line for the caller."""
    result = engine.play(board, chess.engine.Limit(depth=2))
    assert result.move in board.legal_moves, result.move
    print("played", " ".join(m.uci() for m in board.move_stack))


class _Warnings(logging.Handler):
    """Collects python-chess's warnings: each is output it could not read cleanly."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []

    def emit(self, record):
        self.records.append(record)


def run(main):
    """Runs `main(binary)` with the binary named on the command line; fails on any warning
    python-chess logs meanwhile."""
    warnings = _Warnings()
    logger = logging.getLogger("chess.engine")
    logger.setLevel(logging.WARNING)
    logger.addHandler(warnings)
    main(sys.argv[1])
    messages = [record.getMessage() for record in warnings.records]
    assert not messages, messages
