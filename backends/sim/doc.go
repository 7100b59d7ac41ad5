// Package sim is gokkos' simulated device: an execution space, registered as "sim", that runs
// each kernel's generated PTX (the translation go generate registered with
// portable/gokkosimpl) in the PTX simulator of kernelc/ptxsim, with the launch semantics of
// backends/cuda: warps of 32 threads, blocks as teams with barriers and warp shuffles,
// level-0 scratch in shared memory, level-1 scratch in global memory, atomics, and the same
// grid, block and shared-memory choices (internal/devlaunch), the same reduce (one launch of
// Main, whose last block combines the partials) and scan (Up, Mid, Down) sequences. Views allocated in its memory space live in the
// simulator's global memory, which Go code cannot address: the host reaches them only through
// views.DeepCopy and friends, as with a GPU.
//
// It needs no GPU, no cgo and no build tag. It is for tests: it checks the device code paths
// of kernels and algorithms (the translated PTX, team-sized teams, device-only branches,
// host/device copies) on any machine, at the speed of an interpreter: tens of millions of
// simulated instructions per second (Space.Stats counts them), about 0.1 ms for a launch of one
// block. It is not for measuring performance.
//
// Importing github.com/gokkos/gokkos/backends links it, at a priority below the host's, so
// execspace.Default never picks it; select it with GOKKOS_SPACE=sim (every test that uses the
// default space then runs on it) or execspace.Open("sim", cfg). Importing this package alone,
//
//	import _ "github.com/gokkos/gokkos/backends/sim"
//
// registers it too.
//
// The simulated hardware is a small GPU: 2 multiprocessors of 2048 resident threads (at most 16
// blocks), warp size 32, 1024 threads per block, 96 KiB of shared memory per block and 100 KiB
// per multiprocessor, 1 GiB of global memory; registers limit nothing. Launches run one at a
// time, to completion, before Launch returns; the blocks of a launch run one after another, and
// the threads of a block run in turn, each until it waits at a barrier or a shuffle or exits, so
// results are deterministic. What a GPU would not guarantee is therefore not exercised: threads
// of a warp do not run in lock step, races between threads come out one fixed way, accesses to
// freed memory and past a view's end (inside the simulated heap) are not caught.
package sim
