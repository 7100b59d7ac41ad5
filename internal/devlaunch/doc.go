// Package devlaunch holds the launch-shape decisions that every device execution space makes the
// same way: the block size and grid of range-like launches, the team shape of team launches
// (team size Auto, vector length, dynamic shared memory, level-1 scratch), the block of the
// single-block entry (scan Mid), and the checks and descriptions of a launch
// request. backends/cuda answers its questions about the hardware (occupancy, per-entry limits)
// with the CUDA driver, backends/sim with its model of a small GPU; both then launch the same
// shapes, so a kernel that runs on the simulated device runs with the GPU's grid, blocks and
// shared memory layout.
//
// Everything here is pure Go: no cgo, no driver, no build tag. Applications do not use it.
package devlaunch
