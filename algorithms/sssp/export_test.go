package sssp

// SetBinEntries sets the pool capacity of binned delta-stepping, so that tests can make it
// run out.
func SetBinEntries(s *SSSP, n int) { s.binEntries = n }

// ForceBins makes DeltaStepping run binned on any space with integer distances, devices
// included, so that tests run the binned kernel on the simulated device and on GPUs.
func ForceBins(s *SSSP) { s.forceBins = true }
