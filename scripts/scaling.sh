#!/usr/bin/env bash
# Self-play scaling: the engine at twice the time against itself (time odds through each
# engine's own tc=), a match per variant through `tiamat match`.
#
#   scripts/scaling.sh [games] [concurrency] [variant ...]
#
# Defaults: 100 games, 2s+0.2s against 1s+0.1s, concurrency 1, every variant with an openings
# file (orthodox chess included). Each variant's log and PGN go to scaling/<variant>.log and
# .pgn; a summary line per variant is printed at the end. TIAMAT=path picks the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-100}"
concurrency="${2:-1}"
shift $(($# < 2 ? $# : 2))
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
    for file in openings/*.txt; do
        name="$(basename "$file" .txt)"
        case "$name" in *random) ;; *) variants+=("$name") ;; esac
    done
fi
[ -n "${TIAMAT:-}" ] || cargo build --release --quiet
tiamat="${TIAMAT:-target/release/tiamat}"
mkdir -p scaling
for variant in "${variants[@]}"; do
    "$tiamat" match \
        --engine cmd=self name=2x tc=2+0.2 \
        --engine cmd=self name=1x \
        --variant "$variant" --games "$games" --tc 1+0.1 --concurrency "$concurrency" \
        --openings "openings/$variant.txt" --pgn "scaling/$variant.pgn" >"scaling/$variant.log" 2>&1
done
for variant in "${variants[@]}"; do
    printf '%-18s %s\n' "$variant" "$(grep '^Final score' "scaling/$variant.log")"
    grep '^Elo difference' "scaling/$variant.log" | sed 's/^/                   /'
    grep -E '^(2x|1x):' "scaling/$variant.log" | sed 's/^/                   /'
done
