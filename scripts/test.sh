#!/usr/bin/env bash
# test.sh: gokkos' full check, as CI runs it, on any Linux x86-64 machine with Go (no GPU).
#
#   1. fetches the CUDA 11.8 build-time files (cuda.h, the libcuda.so link stub, ptxas) into
#      .cuda-sdk/ with scripts/cuda-sdk.sh, the first time only;
#   2. checks formatting (gofmt) and vets the code with and without -tags cuda;
#   3. regenerates every translated kernel (go generate) and fails if a generated file changed;
#   4. runs every test with the race detector, assembling all generated PTX with ptxas for
#      sm_70 and sm_90 (GOKKOS_REQUIRE_PTXAS=1 makes a missing ptxas an error, not a skip); the
#      conformance suite and the kernel corpus run on the host and on the simulated device;
#   5. runs the algorithm tests on the simulated device (the PTX of every algorithm, on the
#      graphs of the matrix that a simulator runs in minutes);
#   6. checks a downstream module's workflow end to end (scripts/downstream.sh);
#   7. builds the CUDA test binaries and programs (scripts/build-gpu.sh), which only a machine
#      with an NVIDIA GPU can run (docs/gpu.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n== %s\n' "$*"; }

step "CUDA 11.8 build-time files"
sdk_env=$(scripts/cuda-sdk.sh env) || { echo "test.sh: scripts/cuda-sdk.sh failed (see above)"; exit 1; }
eval "$sdk_env"
[[ -n ${PTXAS:-} && -x $PTXAS ]] || { echo "test.sh: scripts/cuda-sdk.sh gave no ptxas"; exit 1; }
export GOKKOS_REQUIRE_PTXAS=1

step "go.mod is tidy"
go mod tidy -diff || { echo "go mod tidy would change go.mod or go.sum: run go mod tidy and commit them"; exit 1; }

step "gofmt"
bad=$(gofmt -l $(git ls-files '*.go'))
if [[ -n $bad ]]; then
  echo "gofmt would change:"; echo "$bad"; exit 1
fi

step "go vet"
go vet ./...
CGO_ENABLED=1 go vet -tags cuda ./...

step "generated files are fresh"
go generate ./...
if ! git diff --exit-code --stat -- '*_gen.go'; then
  echo "go generate changed generated files: run go generate ./... and commit them"; exit 1
fi
if [[ -n $(git ls-files --others --exclude-standard -- '*_gen.go') ]]; then
  echo "go generate made new files:"; git ls-files --others --exclude-standard -- '*_gen.go'; exit 1
fi

step "go test -race ./..."
go test -race -timeout 30m ./...

step "algorithm tests on the simulated device (GOKKOS_SPACE=sim, graphs that fit)"
# Every algorithm's PTX runs on the simulator here; the long paths and cycles of the host
# matrix (thousands of levels, each several simulated launches) are left to a GPU.
GOKKOS_SPACE=sim go test -count=1 -timeout 20m ./algorithms/dgraph/ ./algorithms/wcc/ ./algorithms/frontier/
go test -count=1 -timeout 20m -run TestSimulatedDevice ./cmd/gokkos/
GOKKOS_SPACE=sim go test -count=1 -timeout 20m -run 'TestBFS/(star|rmat|grid|smallworld)/|TestFusedPrefetch|TestReachOnlyPulls/grow=true/(star|rmat|smallworld)/' ./algorithms/bfs/
GOKKOS_SPACE=sim go test -count=1 -timeout 20m -run 'TestSSSP/[a-z]+/(star|rmat)/|TestBins/(star|rmat)' ./algorithms/sssp/
GOKKOS_SPACE=sim go test -count=1 -timeout 20m -run 'TestColoring/(star|rmat|grid)/' ./algorithms/coloring/
GOKKOS_SPACE=sim go test -count=1 -timeout 20m -run 'TestMatchesTarjanAndGonum/(giant|rmat-13|smallworld|pair-chain)/' ./algorithms/scc/

step "a downstream module: go get -tool, go generate, go test on host and sim"
scripts/downstream.sh

step "CUDA test binaries (build only: no GPU here)"
scripts/build-gpu.sh >/dev/null
ls .gpu
echo
echo "all checks passed"
