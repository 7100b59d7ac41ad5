package views

import "testing"

// The element accessors run in kernels' inner loops: these benchmarks watch their cost (a
// bounds check and a load or store).

var sink float64

func BenchmarkAt1D(b *testing.B) {
	x := New1D[float64]("x", 4096)
	for b.Loop() {
		s := 0.0
		for i := range 4096 {
			s += x.At(i)
		}
		sink = s
	}
}

func BenchmarkTriad1D(b *testing.B) {
	x, y, z := New1D[float64]("x", 4096), New1D[float64]("y", 4096), New1D[float64]("z", 4096)
	for b.Loop() {
		for i := range 4096 {
			z.Set(i, x.At(i)+2*y.At(i))
		}
	}
}

func BenchmarkAt2D(b *testing.B) {
	x := New2D[float64]("x", 64, 64, LayoutRight)
	for b.Loop() {
		s := 0.0
		for i := range 64 {
			for j := range 64 {
				s += x.At(i, j)
			}
		}
		sink = s
	}
}

// gatherGraph is a CSR-shaped random graph for BenchmarkGather: 2^20 vertices of 8 edges,
// random targets, and a random order of sources to expand.
func gatherGraph() (offs []int64, adj []int32, dist []uint32, order []int32) {
	const n = 1 << 20
	offs = make([]int64, n+1)
	adj = make([]int32, 8*n)
	dist = make([]uint32, n)
	order = make([]int32, n)
	x := uint64(88172645463325252)
	next := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	for i := range n {
		offs[i+1] = offs[i] + 8
		order[i] = int32(next() % n)
	}
	for i := range adj {
		adj[i] = int32(next() % n)
	}
	return
}

var gatherSink uint64

// BenchmarkGather walks a graph's adjacency in a random order of sources and sums a random
// per-vertex load per edge (a relaxation's access pattern), over slices and over views: the
// cost of the views' bounds checks, stride arithmetic and extra registers in a loop that is
// bound by memory latency, which host kernels pay where no generated loop over slices serves
// them. It reports ns per edge.
func BenchmarkGather(b *testing.B) {
	offs, adj, dist, order := gatherGraph()
	b.Run("slices", func(b *testing.B) {
		for b.Loop() {
			var s uint64
			for _, u := range order {
				for e := offs[u]; e < offs[u+1]; e++ {
					s += uint64(dist[adj[e]])
				}
			}
			gatherSink = s
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(adj)), "ns/edge")
	})
	b.Run("views", func(b *testing.B) {
		vo, va, vd, vu := Wrap1D("offsets", offs), Wrap1D("adj", adj), Wrap1D("dist", dist), Wrap1D("order", order)
		for b.Loop() {
			var s uint64
			for i := 0; i < vu.Len(); i++ {
				u := int(vu.At(i))
				end := int(vo.At(u + 1))
				for e := int(vo.At(u)); e < end; e++ {
					s += uint64(vd.At(int(va.At(e))))
				}
			}
			gatherSink = s
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(adj)), "ns/edge")
	})
}
