#!/usr/bin/env bash
# cuda-sdk.sh: fetch the CUDA build-time files gokkos needs for -tags cuda on a machine without a
# GPU or a CUDA installation: cuda.h and the libcuda.so link stub (Debian package nvidia-cuda-dev)
# and ptxas (nvidia-cuda-toolkit, used only to check PTX text). Both are CUDA 11.8 packages from
# Debian's non-free component. They are downloaded with `apt-get download` and unpacked with
# `dpkg-deb -x` into .cuda-sdk/ at the repository root (gitignored); nothing is installed
# system-wide. Running it again reuses what is there.
#
#   scripts/cuda-sdk.sh         fetch if needed, then print the export lines (same as env)
#   scripts/cuda-sdk.sh env     print: export CGO_CFLAGS=... CGO_LDFLAGS=... PTXAS=...
#   scripts/cuda-sdk.sh path    print the folder
#
# Typical use:  eval "$(scripts/cuda-sdk.sh env)"
#
# Needs apt-get and dpkg-deb (Debian or Ubuntu) and an apt source with the non-free component
# (Debian) or multiverse (Ubuntu). With root rights and a Debian deb822 source that lacks it, the
# script adds "contrib non-free non-free-firmware" to /etc/apt/sources.list.d/debian.sources.
# The first run downloads about 860 MB (the toolkit package holds ptxas) and takes a few
# minutes. Set CUDA_SDK_NO_PTXAS=1 to skip the toolkit package when ptxas is not wanted.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${GOKKOS_CUDA_SDK:-$root/.cuda-sdk}
want=("$dir/include/cuda.h" "$dir/lib/libcuda.so")
if [[ ${CUDA_SDK_NO_PTXAS:-0} != 1 ]]; then
  want+=("$dir/bin/ptxas")
fi

have_all() {
  local f
  for f in "${want[@]}"; do [[ -s $f ]] || return 1; done
}

enable_nonfree() {
  local src=/etc/apt/sources.list.d/debian.sources
  if [[ -f $src && -w $src ]] && ! grep -q 'non-free' "$src"; then
    echo "cuda-sdk: enabling the contrib and non-free components in $src" >&2
    sed -i 's/^Components: main$/Components: main contrib non-free non-free-firmware/' "$src"
  fi
}

# retry runs a command until it succeeds, for up to 10 minutes while another process holds the
# apt or dpkg lock (an unattended upgrade, say); other failures end it at once.
retry() {
  local i out
  for i in $(seq 60); do
    if out=$("$@" 2>&1); then
      [[ -z $out ]] || echo "$out" >&2
      return 0
    fi
    if ! grep -qiE 'lock|resource temporarily unavailable' <<<"$out"; then
      echo "$out" >&2
      return 1
    fi
    echo "cuda-sdk: apt is locked by another process; retrying in 10 s ($i/60)" >&2
    sleep 10
  done
  echo "$out" >&2
  return 1
}

fetch() {
  command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || {
    echo "cuda-sdk: needs apt-get and dpkg-deb (Debian or Ubuntu)" >&2
    exit 1
  }
  enable_nonfree
  if [[ $(id -u) == 0 ]]; then
    retry apt-get update -qq || { echo "cuda-sdk: apt-get update failed" >&2; exit 1; }
  fi
  local pkgs=(nvidia-cuda-dev)
  [[ ${CUDA_SDK_NO_PTXAS:-0} == 1 ]] || pkgs+=(nvidia-cuda-toolkit)
  tmp=$(mktemp -d)
  trap 'rm -rf "${tmp:-}"' EXIT
  chmod 777 "$tmp" # apt's download sandbox user must be able to write here
  echo "cuda-sdk: downloading ${pkgs[*]} into $tmp" >&2
  (cd "$tmp" && retry apt-get download -q "${pkgs[@]}") || {
    echo "cuda-sdk: apt-get download failed; is the non-free (Debian) or multiverse (Ubuntu) component enabled?" >&2
    exit 1
  }
  mkdir -p "$tmp/x" "$dir/include" "$dir/lib" "$dir/bin"
  local deb
  for deb in "$tmp"/*.deb; do
    echo "cuda-sdk: unpacking $(basename "$deb")" >&2
    dpkg-deb -x "$deb" "$tmp/x"
  done
  install -m 0644 "$tmp/x/usr/include/cuda.h" "$dir/include/cuda.h"
  local stub
  stub=$(find "$tmp/x" -path '*stubs/libcuda.so' | head -n1)
  [[ -n $stub ]] || { echo "cuda-sdk: no stubs/libcuda.so in nvidia-cuda-dev" >&2; exit 1; }
  install -m 0644 "$stub" "$dir/lib/libcuda.so"
  if [[ ${CUDA_SDK_NO_PTXAS:-0} != 1 ]]; then
    install -m 0755 "$tmp/x/usr/bin/ptxas" "$dir/bin/ptxas"
  fi
}

tmp=
if ! have_all; then
  mkdir -p "$dir"
  if command -v flock >/dev/null; then
    # One fetch at a time; a second caller waits and then finds the files.
    exec 9>"$dir/.lock"
    flock 9
  fi
  have_all || fetch
fi
have_all || { echo "cuda-sdk: could not assemble $dir" >&2; exit 1; }

case "${1:-env}" in
  env)
    echo "export CGO_CFLAGS=\"-I$dir/include\""
    echo "export CGO_LDFLAGS=\"-L$dir/lib\""
    if [[ -x $dir/bin/ptxas ]]; then
      echo "export PTXAS=\"$dir/bin/ptxas\""
    fi
    ;;
  path) echo "$dir" ;;
  *) echo "usage: scripts/cuda-sdk.sh [env|path]" >&2; exit 2 ;;
esac
