#!/usr/bin/env bash
# The conversion suite: won endings against a lone (or nearly lone) King on 14x14, 20x20 and
# 26x26 (openings/mopup/<variant>.txt, each ending with White strong and with Black strong),
# played by the engine against itself at a fixed number of nodes a move; each position is
# played twice (the match runner's colour pair). Prints one line a game and how many the strong
# side mated, and in how many of its moves, before the 50-move rule or the ply cap drew.
#
#   scripts/mopup-suite.sh [binary] [nodes] [variant ...]
#
# Defaults: ./target/release/tiamat, 10000 nodes, croatianties14 croatianties20 croatianties26.
# PGN under mopup/.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-./target/release/tiamat}"
nodes="${2:-10000}"
shift $(($# < 2 ? $# : 2))
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(croatianties14 croatianties20 croatianties26)
mkdir -p mopup
for variant in "${variants[@]}"; do
    file="openings/mopup/$variant.txt"
    positions=$(grep -cv '^#' "$file")
    pgn="mopup/$variant-$nodes.pgn"
    rm -f "$pgn"
    "$bin" match --engine cmd="$bin" name=a --engine cmd="$bin" name=b --variant "$variant" \
        --games $((2 * positions)) --tc nodes="$nodes" --concurrency 1 --max-plies 400 \
        --openings "$file" --pgn "$pgn" > "mopup/$variant-$nodes.log"
    python3 - "$pgn" "$file" <<'PY'
import re, sys
pgn, openings = sys.argv[1], sys.argv[2]
labels = ["KQ v K", "KR v K", "K2R v K", "KQR v KP", "KRE v K"]
games = [dict(re.findall(r'^\[(\w+) "(.*)"\]$', g, re.M)) for g in open(pgn).read().split("\n\n[Event")]
mated, moves = 0, []
for i, g in enumerate(games):
    opening = i // 2
    strong = "White" if g["FEN"].split()[1] == "w" else "Black"
    won = g["Result"] == ("1-0" if strong == "White" else "0-1")
    plies = int(g["PlyCount"])
    n = (plies + 1) // 2
    if won:
        mated += 1
        moves.append(n)
    print(f'{g["Variant"]:15} {labels[opening // 2]:9} {strong:5} {g["Result"]:7} {n:4} moves  {g["Termination"]}')
mean = sum(moves) / len(moves) if moves else 0
print(f"{games[0]['Variant']}: {mated}/{len(games)} mated, mean {mean:.1f} moves, max {max(moves, default=0)}")
PY
done
