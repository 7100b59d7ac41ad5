#!/usr/bin/env bash
# peers.sh: gokkos beside the established graph codes, on the same files, roots and thread
# count, in one run; prints a table of medians and the ratio gokkos / peer.
#
#   GAPBS=~/src/gapbs MULTISTEP=~/src/Connectivity/multistep scripts/peers.sh
#   SCALES=18 TRIALS=5 GAPBS=... MULTISTEP=... scripts/peers.sh          # a small machine
#   SPACES=host,cuda GOKKOS=./gokkos-cuda ECLSCC=~/src/ECL-SCC ECLCC=~/src/ECL-Suite \
#     GARDENIA=~/src/gardenia GAPBS=... MULTISTEP=... scripts/peers.sh    # a GPU machine
#
# Peers (each optional; a peer whose directory is not given is left out of the table):
#   GAPBS      a checkout of the GAP benchmark suite (github.com/sbeamer/gapbs): bfs, sssp, cc
#              are built with make; BFS and SSSP from the same root as gokkos, cc with -s.
#   MULTISTEP  the multistep/ folder of github.com/HPCGraphAnalysis/Connectivity: scc_main.cpp
#              and cc_main.cpp are built with g++ -O3 -fopenmp.
#   ECLSCC     a folder holding ECL-SCC_10.cu (github.com/burtscher/ECL-SCC); GPU, needs nvcc.
#   ECLCC      a folder holding ECL-CC_11.cu and ECLgraph.h (github.com/burtscher/ECL-Suite);
#              GPU, needs nvcc. Both ECL codes are built on a copy whose two uses of
#              cudaDeviceProp clock-rate fields (gone in CUDA 13) print 0 instead.
#   GARDENIA   a checkout of github.com/chenxuhao/gardenia at 0af62da887b64ea8eb12f00bea60587bea03ffb1
#              (July 2020, the last commit whose SSSP reads the edge weights; later ones give every
#              edge weight 1); GPU, needs nvcc. Its data-driven, load-balanced SSSP
#              (src/sssp/linear_lb.cu, the variant its Makefile builds) runs from the same root
#              as gokkos on the graph's .mtx file; its own timer (the solve, not the reading or
#              the copies to the GPU) is taken, from runs whose distances its Dijkstra check
#              finds correct. Built on a copy where __any becomes __any_sync (as later Gardenia
#              has it) and the unused cuSPARSE helpers are left out.
#
# Environment: SCALES (comma-separated, default 22), KINDS (rmat,uniform; also smallworld,
# grid, road, citation: gokkos gen's kinds, grids of 2^(s/2) × 2^(s-s/2) vertices, the grid
# with a quarter of its edges dropped), TRIALS (5: gokkos'
# median of TRIALS after a warm-up; GAP's median of its TRIALS trials), PEER_TRIALS (3: Multistep
# and ECL time one run per process, and read their input each time; they are run PEER_TRIALS
# times and their own timers' median is taken), GARDENIA_TRIALS (PEER_TRIALS: Gardenia reads
# its .mtx file in each run, tens of seconds at scale 22), SPACES (host; add cuda with a gokkos
# binary built with -tags cuda), GOKKOS_NUM_THREADS (default: every CPU; OMP_NUM_THREADS is set
# to the same), GOKKOS (a prebuilt gokkos binary; default: go build ./cmd/gokkos), OUT (the
# working folder for graph files and peer builds; default a temporary one, kept), ARCH (nvcc
# -arch, default sm_90), SSSP_DELTA (GAP sssp's -d; default GAP's own), TASKS (comma-separated
# among bfs, sssp, scc and wcc, default all: the rows to measure, on every space), ROUNDS (1: on the host,
# every peer and gokkos task runs that many times, each peer right before the matching gokkos
# run, and the rows give the medians over the rounds: on a machine whose load moves, as a shared
# virtual machine's does, both sides of a ratio then see the same moments; with more than one
# round the output lists each round's times too), CORES (unset: N runs every code on N CPUs of
# distinct physical cores, one hardware thread each, with N threads, through taskset; the
# machine section names the CPUs and the topology).
#
# Graphs: gokkos gen's R-MAT (a=0.57, b=c=0.19, ids permuted) and uniform random graphs with
# 2^scale vertices and 16 edges per vertex (and the other kinds above), directed, without
# duplicate edges or self loops, integer weights 1..255 (road graphs: their street lengths);
# written once, in the formats the run's codes read: .gkg (gokkos), .el/.wel (GAP, whose
# converter turns them once into its .sg, .sym.sg and .wsg) and .ms (Multistep) when SPACES has
# host, .egr and .sym.egr (ECL) when those peers are given, and
# .mtx (Gardenia, when it is given). The root of BFS and SSSP is the vertex of largest out-degree.
# Every timer excludes reading the file and building the graph. GAP cc, Multistep cc and ECL-CC
# time the labelling of the vertices (every vertex gets a member of its component); gokkos' WCC
# also numbers and counts the components, so its rows come twice: "wcc", the whole run, and
# "wcc (labels)", its labelling alone (the JSON's label_seconds), like for like with the peers.
# The same holds for SCC: Multistep's and ECL-SCC's timers stop once every vertex has a
# representative of its component, gokkos' SCC also numbers the components densely and counts
# them and their sizes, so every SCC row comes with a "(labels)" row too.
set -euo pipefail

# CORES=N: run everything on N CPUs of distinct physical cores (the first hardware thread of
# each core, leaving out CPU 0's core when the machine has more than N), with N threads.
if [[ -n ${CORES:-} && -z ${PEERS_PINNED:-} ]]; then
  if ! [[ $CORES =~ ^[1-9][0-9]*$ ]]; then
    echo "peers.sh: CORES=$CORES; want a positive count of physical cores" >&2
    exit 2
  fi
  if ! command -v lscpu >/dev/null || ! command -v taskset >/dev/null; then
    echo "peers.sh: CORES needs lscpu and taskset (util-linux)" >&2
    exit 2
  fi
  # One CPU per (socket, core), in CPU order, among the CPUs this process may use.
  mapfile -t firsts < <(lscpu -p=CPU,CORE,SOCKET | grep -v '^#' |
    awk -F, -v allowed="$(taskset -pc $$ | sed 's/.*: //')" '
      BEGIN { n = split(allowed, r, ","); for (i = 1; i <= n; i++) { m = split(r[i], ab, "-"); lo = ab[1]; hi = (m > 1 ? ab[2] : ab[1]); for (c = lo; c <= hi; c++) ok[c] = 1 } }
      ok[$1] && !seen[$3 "," $2]++ { print $1 }')
  if ((${#firsts[@]} > CORES)) && [[ ${firsts[0]} == 0 ]]; then firsts=("${firsts[@]:1}"); fi
  if ((${#firsts[@]} < CORES)); then
    echo "peers.sh: CORES=$CORES, but only ${#firsts[@]} physical cores are available here" >&2
    exit 2
  fi
  list=$(IFS=,; echo "${firsts[*]:0:CORES}")
  PEERS_PINNED=$list GOKKOS_NUM_THREADS=$CORES exec taskset -c "$list" "${BASH_SOURCE[0]}" "$@"
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SCALES=${SCALES:-22}
KINDS=${KINDS:-rmat,uniform}
TRIALS=${TRIALS:-5}
PEER_TRIALS=${PEER_TRIALS:-3}
GARDENIA_TRIALS=${GARDENIA_TRIALS:-$PEER_TRIALS}
ROUNDS=${ROUNDS:-1}
TASKS=${TASKS:-bfs,sssp,scc,wcc}
SPACES=${SPACES:-host}
ARCH=${ARCH:-sm_90}
THREADS=${GOKKOS_NUM_THREADS:-$(nproc)}
export GOKKOS_NUM_THREADS=$THREADS OMP_NUM_THREADS=$THREADS
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

if [[ -z ${GOKKOS:-} ]]; then
  GOKKOS=$OUT/gokkos
  go build -o "$GOKKOS" ./cmd/gokkos
fi
GOKKOS=$(cd "$(dirname "$GOKKOS")" && pwd)/$(basename "$GOKKOS")

log() { printf '%s\n' "$*" >&2; }

# want reports whether TASKS names the task.
want() { [[ ,$TASKS, == *,$1,* ]]; }
for task in ${TASKS//,/ }; do
  case $task in
    bfs | sssp | scc | wcc) ;;
    *) log "peers.sh: TASKS names $task; the tasks are bfs, sssp, scc and wcc"; exit 2 ;;
  esac
done

# median reads numbers, one per line, and prints their median (the lower one of an even count).
median() { sort -g | awk '{a[NR]=$1} END {if (NR) print a[int((NR+1)/2)]}'; }

# ---- build the peers (in parallel, each into OUT/peers)
mkdir -p "$OUT/peers"
declare -A HAVE=()
build() { # name, command...
  local name=$1; shift
  if ("$@") >"$OUT/peers/$name.log" 2>&1; then HAVE[$name]=1; else log "building $name failed: see $OUT/peers/$name.log"; fi
}
if [[ -n ${GAPBS:-} ]]; then
  rm -rf "$OUT/peers/gapbs" && cp -r "$GAPBS" "$OUT/peers/gapbs"
  build gap make -C "$OUT/peers/gapbs" -j"$THREADS" bfs sssp cc converter
fi
if [[ -n ${MULTISTEP:-} ]]; then
  build msscc g++ -O3 -fopenmp -o "$OUT/peers/msscc" "$MULTISTEP/scc_main.cpp"
  build mscc g++ -O3 -fopenmp -o "$OUT/peers/mscc" "$MULTISTEP/cc_main.cpp"
fi
eclpatch() { sed -e 's/deviceProp\.clockRate \* 0\.001/0.0/g' -e 's/deviceProp\.memoryClockRate \* 0\.001/0.0/g' "$1" >"$2"; }
if [[ -n ${ECLSCC:-} ]]; then
  mkdir -p "$OUT/peers/eclscc-src" && cp "$ECLSCC"/*.h "$OUT/peers/eclscc-src/" 2>/dev/null || true
  eclpatch "$ECLSCC/ECL-SCC_10.cu" "$OUT/peers/eclscc-src/ECL-SCC_10.cu"
  build eclscc nvcc -O3 -arch="$ARCH" -I"$OUT/peers/eclscc-src" -o "$OUT/peers/eclscc" "$OUT/peers/eclscc-src/ECL-SCC_10.cu"
fi
if [[ -n ${ECLCC:-} ]]; then
  mkdir -p "$OUT/peers/eclcc-src" && cp "$ECLCC"/ECLgraph.h "$OUT/peers/eclcc-src/"
  eclpatch "$ECLCC/ECL-CC_11.cu" "$OUT/peers/eclcc-src/ECL-CC_11.cu"
  build eclcc nvcc -O3 -arch="$ARCH" -I"$OUT/peers/eclcc-src" -o "$OUT/peers/eclcc" "$OUT/peers/eclcc-src/ECL-CC_11.cu"
fi
if [[ -n ${GARDENIA:-} ]]; then
  # One folder holds the headers and the SSSP sources, so that the patched cutil_subset.h is
  # the one every quoted include finds; the cub submodule is not used (CUDA's own CUB is).
  gsrc=$OUT/peers/gardenia-src
  rm -rf "$gsrc" && mkdir -p "$gsrc"
  cp "$GARDENIA"/include/*.h "$GARDENIA"/include/*.hpp "$GARDENIA"/src/sssp/{sssp.h,main.cc,verifier.cc} "$gsrc/"
  sed 's/__any(/__any_sync(0xFFFFFFFF, /' "$GARDENIA/src/sssp/linear_lb.cu" >"$gsrc/linear_lb.cu"
  sed '/#include <cusparse_v2.h>/,/#define CudaSparseCheck/d' "$GARDENIA/include/cutil_subset.h" >"$gsrc/cutil_subset.h"
  build gardenia nvcc -O3 -w -arch="$ARCH" -I"$gsrc" -o "$OUT/peers/gardenia-sssp" "$gsrc/main.cc" "$gsrc/linear_lb.cu" "$gsrc/verifier.cc"
fi

# ---- machine
log "== machine"
{
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), threads: $THREADS"
  if command -v lscpu >/dev/null; then
    echo "topology: $(lscpu | sed -n 's/^\(Thread(s) per core\|Core(s) per socket\|Socket(s)\): *\(.*\)/\1 \2/p' | paste -sd ';' | sed 's/;/; /g')"
  fi
  if [[ -n ${PEERS_PINNED:-} ]]; then echo "pinned: CPUs $PEERS_PINNED (one per physical core)"; fi
  if command -v nvidia-smi >/dev/null; then echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"; fi
} >&2

# ---- runners: each prints one number, seconds (median), or nothing on failure
gk() { # space, gokkos run args...
  local space=$1; shift
  "$GOKKOS" run -space "$space" -trials "$TRIALS" -quiet -json "$@" 2>>"$OUT/gokkos.log" |
    sed -n 's/.*"seconds": \([0-9.e+-]*\).*/\1/p'
}
gklabels() { # algo, space, gokkos run args...: the median time and the median of the labelling alone
  local algo=$1 space=$2; shift 2
  "$GOKKOS" run -space "$space" -algo "$algo" -trials "$TRIALS" -quiet -json "$@" 2>>"$OUT/gokkos.log" |
    sed -n 's/.*"seconds": \([0-9.e+-]*\),.*"label_seconds": \([0-9.e+-]*\).*/\1 \2/p'
}
gap() { # binary, args...
  local b=$1; shift
  "$OUT/peers/gapbs/$b" -n "$TRIALS" "$@" 2>&1 | sed -n 's/^Trial Time: *\([0-9.]*\).*/\1/p' | median
}
repeat() { # sed expression picking seconds, command...
  local expr=$1; shift
  for ((i = 0; i < PEER_TRIALS; i++)); do "$@" 2>&1 | sed -n "$expr"; done | median
}
gardenia() { # .mtx file, root: Gardenia's SSSP, GARDENIA_TRIALS runs; the median of its timer (ms) of those it verified
  local i out
  for ((i = 0; i < GARDENIA_TRIALS; i++)); do
    # Eager module loading keeps the loading of its kernels out of its timer (gokkos warms up).
    out=$(CUDA_MODULE_LOADING=EAGER "$OUT/peers/gardenia-sssp" "$1" "$2" 1 2>&1) || true
    printf '%s\n' "$out" >>"$OUT/gardenia.log"
    if grep -qx 'Correct' <<<"$out"; then
      sed -n 's/^[[:space:]]*runtime \[linear_lb\] = \([0-9.]*\) ms.*/\1/p' <<<"$out"
    else
      log "Gardenia sssp on $1: a run failed or its distances were wrong: see $OUT/gardenia.log"
    fi
  done | median | awk '{printf "%.9g\n", $1 / 1000}'
}

# ---- table
ROWS=() SHAPES=() SPREADS=()
# shape records the levels (steps) of one traversal and the kernel launches it took.
shape() { # algorithm, graph name, space, gokkos run args...
  local algo=$1 name=$2 space=$3; shift 3
  local out levels launches
  out=$("$GOKKOS" run -space "$space" -algo "$algo" -trials 1 -quiet -json -trace "$@" 2>&1) || return 0
  if [[ $algo == bfs ]]; then
    levels=$(sed -n 's/.*"depth": \([0-9]*\).*/\1/p' <<<"$out"); [[ -n $levels ]] && levels=$((levels + 1))
  else
    levels=$(sed -n 's/.*"iterations": \([0-9]*\).*/\1/p' <<<"$out")
  fi
  launches=$(sed -n 's/^trace: [0-9]* kernels, \([0-9]*\) launches.*/\1/p' <<<"$out")
  [[ -n $levels && -n $launches && $levels -gt 0 ]] || return 0
  SHAPES+=("$(printf '| %s | %s | %s | %s | %s | %.2f |' "$algo" "$name" "$space" "$levels" "$launches" "$(awk -v a="$launches" -v b="$levels" 'BEGIN {print a / b}')")")
}
row() { # task, graph, gokkos space, gokkos seconds, peer name, peer seconds
  local ratio=""
  if [[ -n $4 && -n $6 ]]; then ratio=$(awk -v a="$4" -v b="$6" 'BEGIN {printf "%.2f", a / b}'); fi
  ROWS+=("$(printf '| %s | %s | %s | %s | %s | %s | %s |' "$1" "$2" "$3" "$(ms "$4")" "$5" "$(ms "$6")" "$ratio")")
  log "${ROWS[-1]}"
}
ms() { [[ -n $1 ]] && awk -v s="$1" 'BEGIN {printf "%.2f", s * 1000}' || echo "—"; }

IFS=, read -ra scales <<<"$SCALES"
IFS=, read -ra kinds <<<"$KINDS"
IFS=, read -ra spaces <<<"$SPACES"
for s in "${scales[@]}"; do
  for k in "${kinds[@]}"; do
    g=$OUT/$k$s
    base=(-kind "$k" -seed 1)
    case $k in
      rmat) base+=(-scale "$s") ;;
      grid) base+=(-rows $((1 << (s / 2))) -cols $((1 << (s - s / 2))) -drop 0.25) ;;
      road) base+=(-rows $((1 << (s / 2))) -cols $((1 << (s - s / 2)))) ;;
      *) base+=(-n $((1 << s))) ;;
    esac
    args=("${base[@]}" -dedup -noloops)
    weights=(-weights int -wmin 1 -wmax 255)
    if [[ $k == road ]]; then weights=(); fi # road graphs carry their own street lengths
    # Each file only once, and only in the formats that a code of this run reads: .gkg for
    # gokkos, .el/.wel/.ms for the CPU peers, .egr/.sym.egr for ECL's codes (.mtx below).
    unweighted=()
    if [[ $k == road ]]; then unweighted=(-weights none); fi
    want=("$g.gkg")
    if [[ ,$SPACES, == *,host,* ]]; then want+=("$g.wel" "$g.el" "$g.ms"); fi
    if [[ -n ${HAVE[eclscc]:-} ]]; then want+=("$g.egr"); fi
    if [[ -n ${HAVE[eclcc]:-} ]]; then want+=("$g.sym.egr"); fi
    for f in "${want[@]}"; do
      [[ -s $f ]] && continue
      log "== generating $f"
      case $f in
        *.gkg | *.wel) "$GOKKOS" gen "${args[@]}" "${weights[@]}" -o "$f" >&2 ;;
        *.sym.egr) "$GOKKOS" gen "${base[@]}" "${unweighted[@]}" -undirected -o "$f" >&2 ;;
        *) "$GOKKOS" gen "${args[@]}" "${unweighted[@]}" -o "$f" >&2 ;;
      esac
    done
    # GAP reads its graphs in its own serialized form (.sg, .wsg; the symmetrized one as
    # .sym.sg), converted once from the edge lists, so that each of its runs does not parse
    # the text again (its timer excludes reading either way; the graphs are the same).
    if [[ -n ${HAVE[gap]:-} && ,$SPACES, == *,host,* ]]; then
      convs=()
      if want bfs; then convs+=("sg:-f $g.el -b $g.sg"); fi
      if want bfs || want wcc; then convs+=("sym.sg:-f $g.el -s -b $g.sym.sg"); fi
      if want sssp; then convs+=("wsg:-f $g.wel -wb $g.wsg"); fi
      for c in "${convs[@]}"; do
        [[ -s $g.${c%%:*} ]] && continue
        log "== converting $g.${c%%:*}"
        # shellcheck disable=SC2086 # the arguments are words
        "$OUT/peers/gapbs/converter" ${c#*:} >&2
      done
    fi
    root=$("$GOKKOS" run -algo bfs -graph "$g.gkg" -trials 1 -quiet -json -space host | sed -n 's/.*"root": \([0-9]*\).*/\1/p')
    log "== $k$s (root $root)"
    name=$k-$s
    for sp in "${spaces[@]}"; do
      if [[ $sp == host ]]; then
        # ROUNDS rounds, each running every peer right before the matching gokkos run, so
        # that a change in the machine's load between them falls on both sides; each row's
        # times are the medians over the rounds.
        declare -A RT=()
        for ((round = 0; round < ROUNDS; round++)); do
          if want bfs; then
            if [[ -n ${HAVE[gap]:-} ]]; then RT[pbfs]+=" $(gap bfs -f "$g.sg" -r "$root")"; fi
            RT[gbfs]+=" $(gk host -algo bfs -graph "$g.gkg" -root "$root")"
            if [[ -n ${HAVE[gap]:-} ]]; then RT[pbfss]+=" $(gap bfs -f "$g.sym.sg" -r "$root")"; fi
            RT[gbfss]+=" $(gk host -algo bfs -graph "$g.gkg" -root "$root" -undirected)"
          fi
          if want sssp; then
            if [[ -n ${HAVE[gap]:-} ]]; then RT[psssp]+=" $(gap sssp -f "$g.wsg" -r "$root" ${SSSP_DELTA:+-d "$SSSP_DELTA"})"; fi
            RT[gsssp]+=" $(gk host -algo sssp -graph "$g.gkg" -root "$root")"
          fi
          if want scc; then
            if [[ -n ${HAVE[msscc]:-} ]]; then RT[pscc]+=" $(repeat 's/^Multistep SCC time: *\([0-9.]*\).*/\1/p' "$OUT/peers/msscc" "$g.ms")"; fi
            read -r t tl <<<"$(gklabels scc host -method multistep -graph "$g.gkg")"
            RT[gscc]+=" $t" RT[gsccl]+=" $tl"
          fi
          if want wcc; then
            if [[ -n ${HAVE[gap]:-} ]]; then RT[pcc]+=" $(gap cc -f "$g.sym.sg")"; fi
            if [[ -n ${HAVE[mscc]:-} ]]; then RT[pmscc]+=" $(repeat 's/^Multistep CC time: *\([0-9.]*\).*/\1/p' "$OUT/peers/mscc" "$g.ms")"; fi
            read -r t tl <<<"$(gklabels wcc host -graph "$g.gkg")"
            RT[gwcc]+=" $t" RT[gwccl]+=" $tl"
          fi
        done
        m() { tr ' ' '\n' <<<"${RT[$1]:-}" | grep . | median; }
        # spread records each round's times of a row (ms), so that the table's medians can be
        # read against the run's noise.
        perRound() { tr ' ' '\n' <<<"${RT[$1]:-}" | grep . | awk '{printf "%s%.2f", (NR > 1 ? ", " : ""), $1 * 1000}'; }
        spread() { # task, gokkos key, peer key
          local g p
          g=$(perRound "$2") p=$(perRound "$3")
          SPREADS+=("| $1 | $name | ${g:-—} | ${p:-—} |")
        }
        if ((ROUNDS > 1)); then
          if want bfs; then spread bfs gbfs pbfs; spread "bfs (symmetrized)" gbfss pbfss; fi
          if want sssp; then spread sssp gsssp psssp; fi
          if want scc; then spread "scc multistep" gscc pscc; fi
          if want wcc; then spread wcc gwcc pcc; fi
        fi
        if want bfs; then
          row bfs "$name" host "$(m gbfs)" "GAP bfs" "$(m pbfs)"
          row "bfs (symmetrized)" "$name" host "$(m gbfss)" "GAP bfs -s" "$(m pbfss)"
        fi
        if want sssp; then row sssp "$name" host "$(m gsssp)" "GAP sssp" "$(m psssp)"; fi
        if want scc; then
          row "scc multistep" "$name" host "$(m gscc)" "Multistep scc" "$(m pscc)"
          row "scc multistep (labels)" "$name" host "$(m gsccl)" "Multistep scc" "$(m pscc)"
        fi
        if want wcc; then
          row wcc "$name" host "$(m gwcc)" "GAP cc" "$(m pcc)"
          row "wcc (labels)" "$name" host "$(m gwccl)" "GAP cc" "$(m pcc)"
          row wcc "$name" host "$(m gwcc)" "Multistep cc" "$(m pmscc)"
          row "wcc (labels)" "$name" host "$(m gwccl)" "Multistep cc" "$(m pmscc)"
        fi
        unset RT
      else
        ecl_scc="" ecl_cc="" gd_sssp="" gd_name="—"
        if want scc && [[ -n ${HAVE[eclscc]:-} ]]; then ecl_scc=$(repeat 's/^compute time: *\([0-9.]*\) s.*/\1/p' "$OUT/peers/eclscc" "$g.egr"); fi
        if want wcc && [[ -n ${HAVE[eclcc]:-} ]]; then ecl_cc=$( (ulimit -s unlimited; repeat 's/^compute time: *\([0-9.]*\) s.*/\1/p' "$OUT/peers/eclcc" "$g.sym.egr")); fi
        if want sssp && [[ -n ${HAVE[gardenia]:-} ]]; then
          [[ -s $g.mtx ]] || "$GOKKOS" gen "${args[@]}" "${weights[@]}" -o "$g.mtx" >&2
          gd_sssp=$(gardenia "$g.mtx" "$root") gd_name="Gardenia sssp (GPU)"
        fi
        if want bfs; then t=$(gk "$sp" -algo bfs -graph "$g.gkg" -root "$root"); row bfs "$name" "$sp" "$t" "—" ""; fi
        if want sssp; then t=$(gk "$sp" -algo sssp -graph "$g.gkg" -root "$root"); row sssp "$name" "$sp" "$t" "$gd_name" "$gd_sssp"; fi
        if want scc; then
          for m in multistep fbtrim hybrid auto; do
            read -r t tl <<<"$(gklabels scc "$sp" -method "$m" -graph "$g.gkg")"
            row "scc $m" "$name" "$sp" "$t" "ECL-SCC" "$ecl_scc"
            row "scc $m (labels)" "$name" "$sp" "$tl" "ECL-SCC" "$ecl_scc"
          done
        fi
        if want wcc; then
          read -r t tl <<<"$(gklabels wcc "$sp" -graph "$g.gkg")"
          row wcc "$name" "$sp" "$t" "ECL-CC" "$ecl_cc"
          row "wcc (labels)" "$name" "$sp" "$tl" "ECL-CC" "$ecl_cc"
        fi
      fi
      if want bfs; then shape bfs "$name" "$sp" -graph "$g.gkg" -root "$root"; fi
      if want sssp; then shape sssp "$name" "$sp" -graph "$g.gkg" -root "$root"; fi
    done
  done
done

echo
echo "threads $THREADS; medians in ms; ratio = gokkos / peer (below 1: gokkos is faster)"
echo
echo "| task | graph | space | gokkos ms | peer | peer ms | ratio |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${ROWS[@]}"
if ((${#SPREADS[@]})); then
  echo
  echo "each round's times on the host (ms, in round order; wcc's peer: GAP cc):"
  echo
  echo "| task | graph | gokkos | peer |"
  echo "| --- | --- | --- | --- |"
  printf '%s\n' "${SPREADS[@]}"
fi
echo
echo "levels (BFS) or steps (SSSP) of one run and the kernel launches it took (gokkos run -trace):"
echo
echo "| task | graph | space | levels | launches | per level |"
echo "| --- | --- | --- | ---: | ---: | ---: |"
printf '%s\n' "${SHAPES[@]}"
echo
echo "files and logs: $OUT"
