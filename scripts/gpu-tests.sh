#!/usr/bin/env bash
# gpu-tests.sh: run, on a machine with an NVIDIA GPU and its driver, the CUDA test binaries that
# scripts/build-gpu.sh left in .gpu/, each the way docs/gpu.md's table of what runs on the GPU
# says, and print that table with each row's result. No Go and no CUDA toolkit are needed
# there, only this checkout (tests read files of their package) and .gpu/.
#
#   scripts/gpu-tests.sh                 every row whose binary is in .gpu/
#   scripts/gpu-tests.sh bfs scc         only the rows whose names contain one of the words
#
# Rows: the CUDA space's tests (the conformance suite among them), the translator corpus on the
# GPU against the host (-test.run TestGPU: its other tests translate kernels and need Go), the
# algorithm packages (run with no arguments, so that the default space is the GPU), and the
# command line's GPU end-to-end test. With BUNDLE set to a folder made by
# `GOKKOS_PTX_BUNDLE=folder go test ./kernelc/ptx -run TestGPUBundle` on a machine with Go, the
# translator's bundle of generated PTX runs too (python3 kernelc/ptx/testdata/gpurun.py).
# Environment: GPU (the folder of binaries, default .gpu), OUT (the folder for each row's log,
# default a temporary one, kept). The exit status is 1 when a row failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)
GPU=${GPU:-$root/.gpu}
GPU=$(cd "$GPU" && pwd) || { echo "gpu-tests: no folder $GPU (run scripts/build-gpu.sh first)" >&2; exit 2; }
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

if command -v nvidia-smi >/dev/null; then
  echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
else
  echo "gpu-tests: nvidia-smi not found; the rows will fail without a GPU driver" >&2
fi

ROWS=() status=0
# row NAME DIR BINARY [ENV=VALUE ...] -- [ARGS ...]: runs BINARY from DIR with ARGS and records
# the result, unless the binary is missing or NAME is not selected.
row() {
  local name=$1 dir=$2 bin=$GPU/$3
  shift 3
  local env=()
  while [[ $# -gt 0 && $1 != -- ]]; do env+=("$1"); shift; done
  [[ ${1:-} == -- ]] && shift
  if [[ ${#WANT[@]} -gt 0 ]]; then
    local hit=""
    for w in "${WANT[@]}"; do [[ $name == *"$w"* ]] && hit=1; done
    [[ -n $hit ]] || return 0
  fi
  if [[ ! -x $bin ]]; then
    ROWS+=("| $name | — | not built |")
    return 0
  fi
  local log=$OUT/${name//[^A-Za-z0-9]/_}.log t0 t1 result
  t0=$(date +%s.%N)
  if (cd "$root/$dir" && env "${env[@]}" "$bin" "$@") >"$log" 2>&1; then
    result=PASS
  else
    result="FAIL (see $log)"
    status=1
  fi
  t1=$(date +%s.%N)
  ROWS+=("$(printf '| %s | %.1f | %s |' "$name" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" "$result")")
  echo "${ROWS[-1]}" >&2
}

WANT=("$@")
row "cuda space (conformance suite)" backends/cuda backends-cuda.test --
row "translator corpus on the GPU" kernelc/corpus kernelc-corpus.test -- -test.run TestGPU
for pkg in dgraph frontier bfs coloring sssp wcc scc; do
  row "algorithms/$pkg" "algorithms/$pkg" "algorithms-$pkg.test" -- -test.count=1
done
row "command line, GPU against host" cmd/gokkos cmd-gokkos.test GOKKOS_TEST_CUDA=1 -- -test.run TestEndToEnd
if [[ -n ${BUNDLE:-} ]]; then
  if [[ ${#WANT[@]} -eq 0 || " ${WANT[*]} " == *" bundle "* ]]; then
    t0=$(date +%s.%N)
    if python3 kernelc/ptx/testdata/gpurun.py "$BUNDLE" "$OUT/bundle-report.json" >"$OUT/bundle.log" 2>&1; then
      result=PASS
    else
      result="FAIL (see $OUT/bundle.log)"
      status=1
    fi
    t1=$(date +%s.%N)
    ROWS+=("$(printf '| %s | %.1f | %s |' "translator PTX bundle" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" "$result")")
  fi
fi

echo
echo "| row | seconds | result |"
echo "| --- | ---: | --- |"
printf '%s\n' "${ROWS[@]}"
echo
echo "logs: $OUT"
exit $status
