"""Plays a short game against Tiamat through python-chess's UCI client.

Usage: python3 uci_game.py <path to the tiamat binary>
Exit status 0 on success; 77 when python-chess is missing (the caller skips).
"""
import os

from engine_game import SET_UP_FEN, assert_plays_legal, chess, play_short_game, run


# A value for every option python-chess lets a caller set (it manages MultiPV, Ponder and
# UCI_Variant itself); `None` presses a button.
OPTION_VALUES = {
    "Hash": 8,
    "Threads": 2,
    "Move Overhead": 50,
    "Clear Hash": None,
    "PlayStyle": "oneply",
    "UseNNUE": True,
    "SearchParams": "lmr_base=80,rfp_margin=90",
    "Debug Log File": os.devnull,
}
MANAGED = {"MultiPV", "Ponder", "UCI_Variant"}


def main(binary):
    engine = chess.engine.SimpleEngine.popen_uci([binary], timeout=120)
    try:
        assert engine.id.get("name", "").startswith("Tiamat"), engine.id
        assert set(engine.options) == set(OPTION_VALUES) | MANAGED, list(engine.options)
        for name, value in OPTION_VALUES.items():
            engine.configure({name: value})
        engine.configure({"Threads": 1, "PlayStyle": "search"})
        limits = [chess.engine.Limit(depth=2), chess.engine.Limit(time=0.05),
                  chess.engine.Limit(nodes=500),
                  chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05, black_inc=0.05)]
        board = play_short_game(engine, limits)
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        assert "score" in info, info
        # A position given by FEN after moves.
        board = chess.Board(SET_UP_FEN)
        board.push_uci("f1b5")
        assert_plays_legal(engine, board)
    finally:
        engine.quit()


if __name__ == "__main__":
    run(main)
