#!/usr/bin/env bash
# Perft and search speed of every variant, single-threaded, as a Markdown table.
#
#   scripts/speed-table.sh [variant ...]      (default: every variant with a start position)
#
# Speeds are per CPU-second (user + system time of the process), so other load on the machine
# does not count against the engine; the process's own wall time is shown beside them. Perft runs
# from the start position at the depth given below (bulk-counted last ply where the game allows
# it); the search figure is `tiamat bench` at the depth given below (its fixed positions, one
# thread, a fresh table each).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
tiamat="${TIAMAT:-target/release/tiamat}"
times="$(mktemp)"
trap 'rm -f "$times"' EXIT

# variant perft-depth bench-depth
table="chess 6 13
croatianties 5 9
mayanascendancy 4 9
ageofaquarius 4 8
mirandasveil 4 5
nineteen 4 6
classical14 4 9
croatianties14 4 8
classical20 3 8
croatianties20 3 7
classical26 3 7
croatianties26 3 6
dao 4 7
dragonchess 4 8
dynamo 3 4
makromachy 4 7"

# Runs "$@" and prints "<cpu seconds> <wall seconds>" followed by its output.
timed() {
    local start end out cpu
    start=$(date +%s.%N)
    out=$(/usr/bin/time -f '%U %S' -o "$times" "$@" 2>&1)
    end=$(date +%s.%N)
    cpu=$(awk '{ print $1 + $2 }' "$times")
    echo "$cpu $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')"
    echo "$out"
}

echo "| variant | perft | nodes | Mnps (CPU) | wall s | bench | nodes | k nps (CPU) | wall s |"
echo "|---|---|---|---|---|---|---|---|---|"
while read -r variant pdepth bdepth; do
    if [ $# -gt 0 ] && [[ " $* " != *" $variant "* ]]; then
        continue
    fi
    perft=$(timed "$tiamat" perft --variant "$variant" --depth "$pdepth" --threads 1)
    read -r pcpu pwall <<<"$(head -n 1 <<<"$perft")"
    pnodes=$(grep '^Nodes:' <<<"$perft" | awk '{ print $2 }')
    bench=$(timed "$tiamat" bench "$bdepth" "$variant")
    read -r bcpu bwall <<<"$(head -n 1 <<<"$bench")"
    bnodes=$(grep '^Nodes searched:' <<<"$bench" | awk '{ print $3 }')
    awk -v v="$variant" -v pd="$pdepth" -v pn="$pnodes" -v pc="$pcpu" -v pw="$pwall" \
        -v bd="$bdepth" -v bn="$bnodes" -v bc="$bcpu" -v bw="$bwall" 'BEGIN {
        printf "| %s | d%s | %d | %.1f | %s | d%s | %d | %.0f | %s |\n",
            v, pd, pn, pn / (pc > 0 ? pc : 0.001) / 1e6, pw, bd, bn, bn / (bc > 0 ? bc : 0.001) / 1e3, bw
    }'
done <<<"$table"
