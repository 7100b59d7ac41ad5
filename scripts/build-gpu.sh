#!/usr/bin/env bash
# build-gpu.sh: build gokkos' CUDA test binaries and benchmark programs into .gpu/ at the
# repository root (gitignored), on any Linux x86-64 machine with Go: no GPU and no CUDA
# installation needed. Copy .gpu/ to a machine with an NVIDIA GPU and driver and run the
# binaries there (docs/gpu.md).
#
#   scripts/build-gpu.sh              every package with files tagged cuda (test binaries) and
#                                     every main package under cmd/ and examples/
#   scripts/build-gpu.sh PKG...       only these packages (test binaries for packages with
#                                     tests, programs for main packages)
#
# Test binaries are named after the package path (backends/cuda -> .gpu/backends-cuda.test);
# programs after their folder (.gpu/NAME). The CUDA headers and link stub come from
# scripts/cuda-sdk.sh unless CGO_CFLAGS and CGO_LDFLAGS are already set. PTXAS is not needed at
# build time.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
if [[ -z ${CGO_CFLAGS:-} || -z ${CGO_LDFLAGS:-} ]]; then
  eval "$(scripts/cuda-sdk.sh env)"
fi
export CGO_ENABLED=1 GOOS=linux GOARCH=amd64
out=$root/.gpu
mkdir -p "$out"

if [[ $# -gt 0 ]]; then
  pkgs=("$@")
else
  mapfile -t tagged < <(grep -rl --include='*.go' '^//go:build .*\bcuda\b' . 2>/dev/null |
    grep -v '^./\.' | xargs -r -n1 dirname | sort -u)
  mapfile -t mains < <(go list -tags cuda -f '{{if eq .Name "main"}}{{.Dir}}{{end}}' ./cmd/... ./examples/... 2>/dev/null | sed "s|^$root|.|")
  pkgs=("${tagged[@]}" "${mains[@]}")
fi
[[ ${#pkgs[@]} -gt 0 ]] || { echo "build-gpu: nothing to build" >&2; exit 1; }

status=0
for p in "${pkgs[@]}"; do
  [[ $p == ./* || $p == /* || $p == *.* ]] || p=./$p
  info=$(go list -tags cuda -f '{{.Name}} {{len .TestGoFiles}} {{len .XTestGoFiles}} {{.ImportPath}}' "$p") || { status=1; continue; }
  read -r name tests xtests path <<<"$info"
  rel=${path#github.com/gokkos/gokkos/}
  if [[ $name == main ]]; then
    dst=$out/$(basename "$rel")
    echo "build-gpu: go build -tags cuda -o ${dst#$root/} $p" >&2
    go build -tags cuda -o "$dst" "$p" || status=1
  fi
  if [[ $((tests + xtests)) -gt 0 ]]; then
    dst=$out/${rel//\//-}.test
    echo "build-gpu: go test -c -tags cuda -o ${dst#$root/} $p" >&2
    go test -c -tags cuda -o "$dst" "$p" || status=1
  fi
done
ls -l "$out" >&2
exit $status
