#!/usr/bin/env bash
# The README's orthodox-chess strength matches: 200 games at 10s+0.1s, one game at a time,
# against Stockfish with UCI_LimitStrength at UCI_Elo 2400 and against Fairy-Stockfish at full
# strength (apt-get install stockfish fairy-stockfish). Logs and PGN go to strength/; the load
# average is sampled every minute into strength/load.txt, as both engines suffer the load alike
# but the figure needs it beside it. Both opponents get a 50 ms move overhead: at its default of
# 10 ms Stockfish loses many games on time on a loaded machine, which measures the machine.
#
#   scripts/strength-matches.sh [games]
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-200}"
cargo build --release --quiet
mkdir -p strength
(while true; do echo "$(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)" >> strength/load.txt; sleep 60; done) &
sampler=$!
trap 'kill $sampler' EXIT
T=./target/release/tiamat
$T match --engine cmd=self name=tiamat \
    --engine cmd=/usr/games/stockfish name=sf2400 option.UCI_LimitStrength=true option.UCI_Elo=2400 \
    'option.Move Overhead=50' \
    --variant chess --games "$games" --tc 10+0.1 --concurrency 1 --openings openings/chess.txt \
    --pgn strength/sf2400.pgn > strength/sf2400.log
tail -n 6 strength/sf2400.log
$T match --engine cmd=self name=tiamat --engine cmd=/usr/games/fairy-stockfish name=fsf 'option.Move Overhead=50' \
    --variant chess --games "$games" --tc 10+0.1 --concurrency 1 --openings openings/chess.txt \
    --pgn strength/fsf.pgn > strength/fsf.log
tail -n 6 strength/fsf.log
