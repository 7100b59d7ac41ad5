// Package host is gokkos' host execution space: a persistent pool of worker goroutines that runs
// the compiled Go bodies of kernels, with static and dynamic schedules, optional pinning of
// workers to CPUs, and per-worker team scratch. Importing it registers the space "host" with
// execspace (lowest priority: Default picks it when no device space opens).
//
// The pool is created once; a launch wakes the workers (which spin briefly after each launch,
// then sleep), runs a share of the work on the launching goroutine itself, and returns when every
// share is done. Launches from several goroutines at once are safe: the one that finds the
// workers busy runs its work alone on its own goroutine, which also makes a launch from inside a
// kernel safe. Close is safe at any moment: launches that begin after it fail with ErrClosed,
// those in flight finish first, and a Close from inside one of the space's kernels returns
// ErrCloseInKernel instead of waiting for itself.
package host
