package frontier

import (
	"encoding/binary"
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

// queueToMarks marks every vertex of a queue in a byte array, with plain stores: each vertex
// appears once, so no two iterations write the same byte. With marksToBits it converts a large
// queue to a bitmap on the host without an atomic per vertex (see Frontier.convert).
//
//gokkos:kernel
type queueToMarks struct {
	Queue views.View1D[int32]
	Marks views.View1D[uint8]
}

// Run marks queue entry i.
func (k queueToMarks) Run(i int) {
	k.Marks.Set(int(k.Queue.At(i)), 1)
}

// marksToBits packs the marks of vertices [32w, 32w+32) ∩ [0, N) into bitmap word w and clears
// them, so that the marks are all zero again after the pass.
//
//gokkos:kernel
type marksToBits struct {
	Marks views.View1D[uint8]
	Bits  views.View1D[uint32]
	N     int
}

// Run packs word w.
func (k marksToBits) Run(w int) {
	word := uint32(0)
	end := min(32*w+32, k.N)
	for v := 32 * w; v < end; v++ {
		// Without a branch: the marks of a large queue are about as often set as not.
		word |= uint32(k.Marks.At(v)) << uint(v-32*w)
		k.Marks.Set(v, 0)
	}
	k.Bits.Set(w, word)
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

// marksToBitsHost is marksToBits on a host space whose views are host memory: it packs eight
// marks at a time (one 64-bit load; a multiplication gathers the low bit of each byte into the
// top byte) and clears them with one store, instead of a load, a shift and a store per mark.
// It is a host kernel (not translated): marksToBitmap launches it only on host spaces.
type marksToBitsHost struct {
	marks []uint8
	bits  []uint32
	n     int
}

// Run packs word w.
func (k marksToBitsHost) Run(w int) {
	lo := 32 * w
	hi := min(lo+32, k.n)
	var word uint32
	if hi-lo == 32 {
		m := k.marks[lo : lo+32 : lo+32]
		for i := 0; i < 32; i += 8 {
			x := binary.LittleEndian.Uint64(m[i:])
			// Marks are 0 or 1: bit 0 of byte j moves to bit 56+j of the product.
			word |= uint32((x*0x0102040810204080)>>56) << uint(i)
			binary.LittleEndian.PutUint64(m[i:], 0)
		}
	} else {
		for v := lo; v < hi; v++ {
			word |= uint32(k.marks[v]) << uint(v-lo)
			k.marks[v] = 0
		}
	}
	k.bits[w] = word
}
