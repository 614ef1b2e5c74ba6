#!/usr/bin/env bash
# The engine against its own one-ply player, a series per variant: see scripts/series.sh.
#   scripts/series-vs-oneply.sh [games] [concurrency] [variant ...]
exec "$(dirname "$0")/series.sh" oneply "$@"
