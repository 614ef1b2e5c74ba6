#!/usr/bin/env bash
# A match per variant through `tiamat match`, of one of two kinds:
#   oneply   the engine against its own one-ply material player (`PlayStyle=oneply`) at 1s+0.1s:
#            the self-play check of every game issue (no illegal move, crash or time forfeit; the
#            search should score at least 95%); by default every variant with an openings file
#            but orthodox chess. Logs and PGN under series/.
#   scaling  the engine at twice the time against itself (2s+0.2s against 1s+0.1s through each
#            engine's own tc=); by default every variant with an openings file, orthodox chess
#            included, the random-setup files left out. Logs and PGN under scaling/.
#
#   scripts/series.sh oneply|scaling [games] [concurrency] [variant ...]
#
# Defaults: 100 games, concurrency 1. TIAMAT=path picks the binary (else it is built);
# MAX_PLIES=n adjudicates a game still going at ply n a draw (the match runner's --max-plies).
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:?oneply or scaling}"
shift
games="${1:-100}"
concurrency="${2:-1}"
shift $(($# < 2 ? $# : 2))
case "$kind" in
    oneply)
        dir=series
        engines=(--engine cmd=self name=tiamat --engine cmd=self name=oneply "option.PlayStyle=oneply")
        names='tiamat|oneply'
        ;;
    scaling)
        dir=scaling
        engines=(--engine cmd=self name=2x tc=2+0.2 --engine cmd=self name=1x)
        names='2x|1x'
        ;;
    *) echo "unknown kind '$kind': oneply or scaling" >&2; exit 2 ;;
esac
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
    for file in openings/*.txt; do
        name="$(basename "$file" .txt)"
        case "$kind:$name" in
            oneply:chess | scaling:*random) ;;
            *) variants+=("$name") ;;
        esac
    done
fi
[ -n "${TIAMAT:-}" ] || cargo build --release --quiet
tiamat="${TIAMAT:-target/release/tiamat}"
limits=()
[ -z "${MAX_PLIES:-}" ] || limits=(--max-plies "$MAX_PLIES")
mkdir -p "$dir"
for variant in "${variants[@]}"; do
    "$tiamat" match "${engines[@]}" \
        --variant "$variant" --games "$games" --tc 1+0.1 --concurrency "$concurrency" "${limits[@]}" \
        --openings "openings/$variant.txt" --pgn "$dir/$variant.pgn" >"$dir/$variant.log" 2>&1
done
for variant in "${variants[@]}"; do
    printf '%-18s %s\n' "$variant" "$(grep '^Final score' "$dir/$variant.log")"
    grep '^Elo difference' "$dir/$variant.log" | sed 's/^/                   /'
    grep -E "^($names):" "$dir/$variant.log" | sed 's/^/                   /'
done
