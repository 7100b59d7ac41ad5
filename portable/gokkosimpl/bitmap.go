package gokkosimpl

// FirstSet returns the index of the first element u of row whose bit is set in bits (bit u&31
// of word u>>5), or -1 when there is none. It is the scan of a generated host pull loop (see
// RegisterHostPull), small enough for the compiler to inline. It panics, as an index out of
// range, when an element of row is negative or beyond bits.
func FirstSet(row []int32, bits []uint32) int {
	for i, u := range row {
		if bits[uint32(u)>>5]&(uint32(1)<<(uint32(u)&31)) != 0 {
			return i
		}
	}
	return -1
}
