package scc

// The bit fields of the per-vertex status word.
const (
	stFW   uint32 = 1 << 0 // reached by the forward traversal of the current step
	stBW   uint32 = 1 << 1 // reached by the backward traversal of the current step
	stDone uint32 = 1 << 2 // assigned to a component (trimmed or found)
	stFX   uint32 = 1 << 3 // expanded by the forward traversal (topology-driven sweeps)
	stBX   uint32 = 1 << 4 // expanded by the backward traversal
	stTQ   uint32 = 1 << 5 // queued for another trimming check
	stCQ   uint32 = 1 << 6 // colour raised and not yet propagated

	stStep = stFW | stBW | stFX | stBX // the bits a step clears when it ends
)
