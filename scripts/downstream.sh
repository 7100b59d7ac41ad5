#!/usr/bin/env bash
# downstream.sh: the workflow of a new user, checked end to end. It copies the module in
# scripts/downstream/ (a range kernel, a team kernel and a frontier-template operator) to a
# temporary folder, requires gokkos from this checkout (go mod edit -replace), installs the
# generator as a Go tool, generates the kernels, and runs the module's tests on the host space
# and on the simulated device (GOKKOS_SPACE=sim). Needs Go and the module proxy (or a module cache
# holding gokkos' dependencies); no GPU.
#
#   scripts/downstream.sh          run it; the folder is removed afterwards
#   KEEP=1 scripts/downstream.sh   keep the folder and print its path
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d)
if [[ ${KEEP:-0} == 1 ]]; then
  echo "downstream: module in $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi
cp "$root"/scripts/downstream/*.go "$root"/scripts/downstream/go.mod "$tmp"/
cd "$tmp"
run() { echo "+ $*"; "$@"; }
# What a user types (docs/getting-started.md), with a replace in place of a published version.
# The module proxy does not know this checkout, so the lookups of go get run with GOPROXY=off;
# the checksums of gokkos' own dependencies come from its go.sum, as a user's come from the
# checksum database.
run go mod edit -require=github.com/gokkos/gokkos@v0.0.0 -replace=github.com/gokkos/gokkos="$root"
cp "$root/go.sum" go.sum
GOPROXY=off run go get -tool github.com/gokkos/gokkos/cmd/gokkos-gen
GOPROXY=off run go mod tidy
run go generate ./...
[[ -s gokkos_kernels_gen.go ]] || { echo "downstream: go generate wrote no gokkos_kernels_gen.go"; exit 1; }
run go vet ./...
run go test -count=1 ./...
GOKKOS_SPACE=sim run go test -count=1 ./...
echo "downstream: ok"
