#!/usr/bin/env bash
# `tiamat bench` of two binaries side by side in one run, per variant, as a Markdown table.
#
#   scripts/bench-compare.sh OLD_BINARY NEW_BINARY [variant ...]
#
# Each variant's bench runs with the old binary, then the new one, at the depth of
# scripts/speed-table.sh; speeds are per CPU-second (user + system time of the process), so the
# other load on the machine does not count against either.
set -euo pipefail
old="$1"
new="$2"
shift 2
times="$(mktemp)"
trap 'rm -f "$times"' EXIT

table="chess 13
croatianties 9
mayanascendancy 9
ageofaquarius 8
mirandasveil 5
nineteen 6
hemerasdawn 5
classical14 9
croatianties14 8
classical20 8
croatianties20 7
classical26 7
croatianties26 6
dao 7
dragonchess 8
dynamo 4
makromachy 7"

# Prints "<nodes> <cpu seconds>" of one bench run.
bench() {
    local nodes
    nodes=$(/usr/bin/time -f '%U %S' -o "$times" "$1" bench "$2" "$3" 2>&1 |
        grep '^Nodes searched:' | awk '{ print $3 }')
    echo "$nodes $(awk '{ print $1 + $2 }' "$times")"
}

echo "| variant | depth | nodes before | k nps before (CPU) | nodes after | k nps after (CPU) | speed-up |"
echo "|---|---|---|---|---|---|---|"
while read -r variant depth; do
    if [ $# -gt 0 ] && [[ " $* " != *" $variant "* ]]; then
        continue
    fi
    read -r onodes ocpu <<<"$(bench "$old" "$depth" "$variant")"
    read -r nnodes ncpu <<<"$(bench "$new" "$depth" "$variant")"
    awk -v v="$variant" -v d="$depth" -v on="$onodes" -v oc="$ocpu" -v nn="$nnodes" -v nc="$ncpu" 'BEGIN {
        o = on / (oc > 0 ? oc : 0.001) / 1e3; n = nn / (nc > 0 ? nc : 0.001) / 1e3
        printf "| %s | d%s | %d | %.0f | %d | %.0f | %.2fx |\n", v, d, on, o, nn, n, n / o
    }'
done <<<"$table"
