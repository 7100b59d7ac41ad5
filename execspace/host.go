package execspace

// HostExecutor is implemented by spaces that run compiled Go kernel bodies on the host's cores
// (backends/host). portable drives it; application code does not call it.
type HostExecutor interface {
	Space
	// ForRange calls body for disjoint subranges [lo, hi) that together cover [begin, end),
	// concurrently on the space's workers, and returns when every call has returned. chunk <= 0
	// lets the space choose. A panic in body is re-raised on the caller's goroutine after the
	// other workers finish. ForRange is safe to call from several goroutines at once; a launch
	// that finds the workers busy (another goroutine's launch, or a launch from inside a kernel)
	// runs on the calling goroutine alone. It returns an error, and calls nothing, when the
	// space is closed.
	ForRange(begin, end, chunk int, sched Schedule, body func(w *Worker, lo, hi int)) error
	// Workers returns the number of workers, and so the largest Worker.ID plus one.
	Workers() int
	// ScratchLimit returns the most scratch bytes one team may use at level 0 or 1.
	ScratchLimit(level int) int
}

// Worker is the state of one host worker that a ForRange body receives: its index, and scratch
// buffers that persist across launches. A Worker is used by one goroutine at a time.
type Worker struct {
	// ID is the worker's index in [0, Workers()).
	ID      int
	scratch [2][]byte
}

// Scratch returns a buffer of at least bytes bytes for scratch level (0 or 1), reused across
// launches. Its contents are unspecified.
func (w *Worker) Scratch(level, bytes int) []byte {
	b := w.scratch[level]
	if len(b) < bytes {
		b = make([]byte, max(bytes, 2*len(b)))
		w.scratch[level] = b
	}
	return b[:bytes]
}
