#!/usr/bin/env bash
# The engine against its own one-ply material player (`PlayStyle=oneply`), a series per variant,
# through `tiamat match`: the self-play check of every game issue (no illegal move, crash or time
# forfeit; the search should score at least 95%).
#
#   scripts/series-vs-oneply.sh [games] [concurrency] [variant ...]
#
# Defaults: 100 games at 1s+0.1s, concurrency 1, every variant with an openings file except
# orthodox chess. Each variant's log and PGN go to series/<variant>.log and .pgn; a summary line
# per variant is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-100}"
concurrency="${2:-1}"
shift $(($# < 2 ? $# : 2))
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
    for file in openings/*.txt; do
        name="$(basename "$file" .txt)"
        [ "$name" != chess ] && variants+=("$name")
    done
fi
cargo build --release --quiet
tiamat="${TIAMAT:-target/release/tiamat}"
mkdir -p series
for variant in "${variants[@]}"; do
    "$tiamat" match \
        --engine cmd=self name=tiamat \
        --engine cmd=self name=oneply "option.PlayStyle=oneply" \
        --variant "$variant" --games "$games" --tc 1+0.1 --concurrency "$concurrency" \
        --openings "openings/$variant.txt" --pgn "series/$variant.pgn" >"series/$variant.log" 2>&1
done
for variant in "${variants[@]}"; do
    printf '%-18s %s\n' "$variant" "$(grep '^Final score' "series/$variant.log")"
    grep '^Elo difference' "series/$variant.log" | sed 's/^/                   /'
    grep -E '^(tiamat|oneply):' "series/$variant.log" | sed 's/^/                   /'
done
