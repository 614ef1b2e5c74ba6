#!/usr/bin/env bash
# SPRT of the working tree's engine against an earlier commit's, at a fixed node count (the
# result does not depend on the machine's load), from the 3,000 openings of openings/sprt/.
#
#   scripts/sprt.sh [base-commit] [nodes] [elo0,elo1,alpha,beta] [concurrency]
#
# Defaults: HEAD~1, 15000 nodes a move, 0,15,0.1,0.1, two games at a time. The base is built
# in target/sprt-base/ from the commit's files (git archive); the log goes to sprt.log.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-HEAD~1}"
nodes="${2:-15000}"
sprt="${3:-0,15,0.1,0.1}"
concurrency="${4:-2}"
cargo build --release --quiet
work="target/sprt-base"
rm -rf "$work/src" && mkdir -p "$work/src"
git archive "$base" | tar -x -C "$work/src"
(cd "$work/src" && CARGO_TARGET_DIR="../target" cargo build --release --quiet)
./target/release/tiamat match \
    --engine cmd=target/release/tiamat name=new \
    --engine cmd="$work/target/release/tiamat" name=base \
    --variant chess --games 20000 --tc "nodes=$nodes" --concurrency "$concurrency" \
    --openings openings/sprt/chess.txt --sprt "$sprt" | tee sprt.log | grep -v '^Finished game'
