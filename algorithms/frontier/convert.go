package frontier

import (
	"math/bits"

	"github.com/gokkos/gokkos/views"
)

// bitsToQueue writes the vertices of a bitmap, in increasing order, to a queue: an exclusive
// scan of the words' population counts gives each word its position.
//
//gokkos:kernel
type bitsToQueue struct {
	Bits  views.View1D[uint32]
	Queue views.View1D[int32]
}

// Run counts word i and, in the final pass, writes its vertices.
func (k bitsToQueue) Run(i int, acc *int64, final bool) {
	w := k.Bits.At(i)
	if final {
		p := int(*acc)
		x := w
		for x != 0 {
			b := bits.TrailingZeros32(x)
			k.Queue.Set(p, int32(i*32+b))
			p++
			x &= x - 1
		}
	}
	*acc += int64(bits.OnesCount32(w))
}

// queueToBits sets the bit of every vertex of a queue in a cleared bitmap.
//
//gokkos:kernel
type queueToBits struct {
	Queue views.View1D[int32]
	Bits  views.View1D[uint32]
}

// Run sets the bit of queue entry i.
func (k queueToBits) Run(i int) {
	v := k.Queue.At(i)
	k.Bits.AtomicOr(int(v>>5), uint32(1)<<uint(v&31))
}

// fillAll sets the bits of vertices [0, N) of a bitmap and clears the bits past N in the last
// word.
//
//gokkos:kernel
type fillAll struct {
	Bits views.View1D[uint32]
	N    int
}

// Run sets word i.
func (k fillAll) Run(i int) {
	w := ^uint32(0)
	if rest := k.N - i*32; rest < 32 {
		w = uint32(1)<<uint(rest) - 1
	}
	k.Bits.Set(i, w)
}

// iotaQueue fills a queue with 0, 1, ..., N-1.
//
//gokkos:kernel
type iotaQueue struct {
	Queue views.View1D[int32]
}

// Run sets entry i.
func (k iotaQueue) Run(i int) { k.Queue.Set(i, int32(i)) }

// popCount counts the set bits of a bitmap.
//
//gokkos:kernel
type popCount struct {
	Bits views.View1D[uint32]
}

// Run counts word i.
func (k popCount) Run(i int, acc *int64) { *acc += int64(bits.OnesCount32(k.Bits.At(i))) }
