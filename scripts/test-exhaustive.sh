#!/usr/bin/env bash
# test-exhaustive.sh: the algorithm tests with every combination of test graph and
# configuration (strategy × worklist format × direction, every method and tuning), instead of
# the covering subset that scripts/test.sh runs (internal/sweep). Run it after changing the
# frontier template or an algorithm; it needs no GPU.
#
#   scripts/test-exhaustive.sh            with the race detector (slow: see README)
#   RACE=0 scripts/test-exhaustive.sh     without it
#   scripts/test-exhaustive.sh ./algorithms/bfs/   only these packages
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
race=-race
[[ ${RACE:-1} == 0 ]] && race=
pkgs=("$@")
[[ ${#pkgs[@]} -gt 0 ]] || pkgs=(./algorithms/...)
export GOKKOS_TEST_EXHAUSTIVE=1
exec go test $race -count=1 -timeout 120m "${pkgs[@]}"
