#!/usr/bin/env bash
# bench-algorithms.sh: GTEPS of gokkos' graph algorithms per algorithm × strategy × graph,
# and optionally the GAP benchmark suite's BFS and SSSP on the same graphs for comparison.
#
#   scripts/bench-algorithms.sh                  # scales 20 and 22, every algorithm, host
#   SCALES=20 TRIALS=5 scripts/bench-algorithms.sh
#   ALGOS=bfs STRATEGIES=auto,baseline scripts/bench-algorithms.sh
#   SPACE=cuda scripts/bench-algorithms.sh       # with a binary built with -tags cuda
#   GAPBS=/path/to/gapbs scripts/bench-algorithms.sh   # also run GAP's bfs and sssp
#
# Environment: SCALES (comma-separated, default 20,22), GRAPHS (rmat,uniform,grid,smallworld),
# ALGOS (default: every algorithm and SSSP method), STRATEGIES (baseline,hierarchical,ml,mg,
# auto), TRIALS (3), SPACE (host), GOKKOS_NUM_THREADS (default: every CPU), OUT (a directory
# for the generated graph files GAP reads; default a temporary one), GAPBS (a built gapbs
# checkout: its bfs and sssp binaries), GOKKOS (a prebuilt gokkos binary to use instead of
# building one).
#
# The graphs are gokkos' own generators at 2^scale vertices: R-MAT and uniform random with 16
# edges per vertex, a square grid and a bow-tie small world, all undirected (symmetrized, no
# duplicates or self loops) except the small world, with integer weights in [1, 255]. GAP
# reads the same graphs as .el/.wel files (OMP_NUM_THREADS is set to the same thread count)
# and runs from the same root, the vertex of largest out-degree.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SCALES=${SCALES:-20,22}
GRAPHS=${GRAPHS:-rmat,uniform,grid,smallworld}
ALGOS=${ALGOS:-bfs,coloring,sssp:method=delta,sssp:method=bellman-ford,sssp:method=ordered,sssp:method=edgelist}
STRATEGIES=${STRATEGIES:-baseline,hierarchical,ml,mg,auto}
TRIALS=${TRIALS:-3}
SPACE=${SPACE:-host}
THREADS=${GOKKOS_NUM_THREADS:-$(nproc)}
export GOKKOS_NUM_THREADS=$THREADS

if [[ -z ${GOKKOS:-} ]]; then
  GOKKOS=$(mktemp -d)/gokkos
  go build -o "$GOKKOS" ./cmd/gokkos
fi

echo "== machine"
"$GOKKOS" info | sed -n '1,8p'
echo "go $(go env GOVERSION), GOKKOS_NUM_THREADS=$THREADS, commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo
echo "== gokkos bench -space $SPACE -scales $SCALES -graphs $GRAPHS -trials $TRIALS"
"$GOKKOS" bench -space "$SPACE" -scales "$SCALES" -graphs "$GRAPHS" -algos "$ALGOS" -strategies "$STRATEGIES" -trials "$TRIALS"

if [[ -z ${GAPBS:-} ]]; then
  exit 0
fi
OUT=${OUT:-$(mktemp -d)}
echo
echo "== GAP benchmark suite ($GAPBS, OMP_NUM_THREADS=$THREADS) and gokkos (strategy auto; sssp: delta-stepping with"
echo "   GAP given gokkos' bucket width) on the same files: fastest of TRIALS runs after a warm-up, in seconds"
printf '%-14s %-5s %12s %12s %8s\n' graph algo gap gokkos ratio
IFS=, read -ra scales <<<"$SCALES"
IFS=, read -ra kinds <<<"$GRAPHS"
for scale in "${scales[@]}"; do
  n=$((1 << scale))
  for kind in "${kinds[@]}"; do
    case $kind in
      rmat) gen=(-kind rmat -scale "$scale" -edgefactor 16 -undirected) ;;
      uniform) gen=(-kind uniform -n "$n" -m $((16 * n)) -undirected) ;;
      grid) side=$((1 << (scale / 2))); gen=(-kind grid -rows "$side" -cols $((n / side)) -undirected) ;;
      smallworld) gen=(-kind smallworld -n "$n" -dedup) ;;
    esac
    base="$OUT/$kind-$scale"
    [[ -f $base.wel ]] || "$GOKKOS" gen "${gen[@]}" -weights int -wmin 1 -wmax 255 -seed 1 -o "$base.wel" >/dev/null
    [[ -f $base.gkg ]] || "$GOKKOS" gen "${gen[@]}" -weights int -wmin 1 -wmax 255 -seed 1 -o "$base.gkg" >/dev/null
    [[ -f $base.el ]] || cut -d' ' -f1,2 "$base.wel" >"$base.el"
    root=$("$GOKKOS" run -algo bfs -graph "$base.gkg" -trials 1 -json -quiet | sed 's/.*"root": \([0-9]*\).*/\1/')
    for algo in bfs sssp; do
      file=$base.el
      extra=()
      gapextra=()
      if [[ $algo == sssp ]]; then file=$base.wel; extra=(-method delta); fi
      json=$("$GOKKOS" run -algo "$algo" -graph "$base.gkg" -root "$root" -trials "$TRIALS" -json -quiet "${extra[@]}")
      ours=$(sed 's/.*"seconds_min": \([0-9.e-]*\).*/\1/' <<<"$json")
      if [[ $algo == sssp ]]; then
        delta=$(sed 's/.*"delta": \([0-9.e+-]*\).*/\1/' <<<"$json")
        gapextra=(-d "$(python3 -c "import math; print(max(1, math.ceil($delta)))")")
      fi
      # GAP's first trial is its warm-up.
      gap=$(OMP_NUM_THREADS=$THREADS "$GAPBS/$algo" -f "$file" -r "$root" -n $((TRIALS + 1)) "${gapextra[@]}" |
        awk '/Trial Time/ {n++; if (n > 1 && (best == "" || $3 < best)) best = $3} END {print best}')
      printf '%-14s %-5s %12.5f %12.5f %8.2f\n' "$kind-$scale" "$algo" "$gap" "$ours" "$(echo "$ours / $gap" | bc -l)"
    done
  done
done
