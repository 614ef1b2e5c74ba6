#!/usr/bin/env bash
# The engine at twice the time against itself, a match per variant: see scripts/series.sh.
#   scripts/scaling.sh [games] [concurrency] [variant ...]
exec "$(dirname "$0")/series.sh" scaling "$@"
