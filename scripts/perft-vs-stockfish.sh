#!/usr/bin/env bash
# Single-thread perft speed of tiamat next to Stockfish, timed in the same run.
#
#   scripts/perft-vs-stockfish.sh [runs]      (default: best of 3 runs per engine and position)
#
# Needs Stockfish (Debian: apt-get install stockfish). Both engines are timed the same way: CPU
# time (user + system) of the whole process minus that of a depth-1 run of the same position, so
# start-up (Stockfish loads its network) is not counted against either, and other load on the
# machine does not count against the one that happens to share a core with it. Stockfish's
# `go perft` is single-threaded; tiamat runs with --threads 1.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"

stockfish="$(command -v stockfish || true)"
[ -z "$stockfish" ] && [ -x /usr/games/stockfish ] && stockfish=/usr/games/stockfish
if [ -z "$stockfish" ]; then
    echo "stockfish not found (Debian: apt-get install stockfish)" >&2
    exit 1
fi
cargo build --release --quiet
tiamat=target/release/tiamat

# Least CPU time (user + system, seconds) of "$@" over $runs runs.
best_time() {
    local best="" t TIMEFORMAT='%3U %3S'
    for _ in $(seq "$runs"); do
        t=$({ time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }')
        best=$(awk -v t="$t" -v b="$best" 'BEGIN { print (b == "" || t < b) ? t : b }')
    done
    echo "$best"
}

run_tiamat() { "$tiamat" perft --threads 1 --fen "$1" --depth "$2"; }
run_stockfish() { printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$stockfish"; }

echo "Stockfish: $("$stockfish" quit </dev/null | head -1)"
echo "CPU: $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)"
printf '%-10s %5s %12s %14s %14s %7s\n' position depth nodes "tiamat Mnps" "Stockfish Mnps" ratio
while IFS='|' read -r name fen depth; do
    nodes=$(run_tiamat "$fen" "$depth" | awk '/^Nodes:/ { print $2 }')
    sf_nodes=$(run_stockfish "$fen" "$depth" | awk '/^Nodes searched:/ { print $3 }')
    if [ "$nodes" != "$sf_nodes" ]; then
        echo "$name: tiamat counts $nodes, Stockfish $sf_nodes" >&2
        exit 1
    fi
    t_tiamat=$(awk -v a="$(best_time run_tiamat "$fen" "$depth")" -v b="$(best_time run_tiamat "$fen" 1)" 'BEGIN { print a - b }')
    t_sf=$(awk -v a="$(best_time run_stockfish "$fen" "$depth")" -v b="$(best_time run_stockfish "$fen" 1)" 'BEGIN { print a - b }')
    awk -v name="$name" -v d="$depth" -v n="$nodes" -v tt="$t_tiamat" -v ts="$t_sf" 'BEGIN {
        printf "%-10s %5d %12d %14.1f %14.1f %7.2f\n", name, d, n, n / tt / 1e6, n / ts / 1e6, ts / tt }'
done <<'POSITIONS'
start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6
kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5
POSITIONS
