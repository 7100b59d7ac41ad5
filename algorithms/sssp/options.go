package sssp

import (
	"fmt"
	"strings"

	"github.com/gokkos/gokkos/algorithms/frontier"
)

// Method is a shortest-path method. The zero value is Auto.
type Method uint8

// The methods; see the package documentation.
const (
	// Auto is BellmanFord for graphs with negative weights. Otherwise it is DeltaStepping on the
	// host; on a device space New first estimates the graph's diameter with four bounded
	// forward searches in one launch (dgraph.Graph.SampleBalls: 16384 vertices or 64 levels)
	// and picks BellmanFord when a search filled its ball and none needed 64 levels (R-MAT,
	// uniform and small-world graphs, where a device runs Bellman-Ford's few wide steps faster
	// than delta-stepping's buckets), DeltaStepping otherwise (grids, road networks, chains)
	// and whenever Options.Delta is set. Stats.Method and SSSP.Method say which it chose.
	Auto Method = iota
	BellmanFord
	Ordered
	DeltaStepping
	EdgeList
	numMethods
)

var methodNames = [...]string{"auto", "bellman-ford", "ordered", "delta", "edgelist"}

// String returns the method's name: "auto", "bellman-ford", "ordered", "delta" or "edgelist".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod returns the method named s (case-insensitive; "bf", "dijkstra",
// "delta-stepping" and "edge-list" are accepted too).
func ParseMethod(s string) (Method, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return Auto, nil
	case "bellman-ford", "bellmanford", "bf", "unordered":
		return BellmanFord, nil
	case "ordered", "dijkstra":
		return Ordered, nil
	case "delta", "delta-stepping", "deltastepping":
		return DeltaStepping, nil
	case "edgelist", "edge-list", "el":
		return EdgeList, nil
	}
	return Auto, fmt.Errorf("sssp: unknown method %q (want %s)", s, strings.Join(methodNames[:], ", "))
}

// Options configures a shortest-path computation. The zero value picks the method from the
// weights and uses the template's adaptive runtime.
type Options struct {
	// Method selects the method.
	Method Method
	// Strategy is the template's loop strategy (frontier.Auto: adaptive). EdgeList ignores it.
	Strategy frontier.Strategy
	// Format fixes the worklist format of BellmanFord (frontier.AutoFormat: adaptive). The
	// ordered methods expand queues.
	Format frontier.Format
	// Delta is DeltaStepping's bucket width; 0 picks the largest weight on a device space and
	// the largest weight divided by the average degree (at least the smallest positive weight)
	// on the host, a quarter of it where the host runs binned delta-stepping (integer
	// distances). Binned delta-stepping rounds it down to an integer, at least 1.
	Delta float64
	// SegmentBytes is EdgeList's segment of the distance array, in bytes; 0 means half of
	// the space's cache (execspace.Info.CacheBytes).
	SegmentBytes int64
	// SampleEvery is the adaptive runtime's inspection period (see frontier.Options).
	SampleEvery int
	// Tuning overrides the template's launch parameters.
	Tuning frontier.Tuning
	// FloatDistances keeps float64 distances even where the weights allow integer ones
	// (see SSSP.IntegerDistances).
	FloatDistances bool
	// Trace records every template step in Stats.Steps (BellmanFord, Ordered, DeltaStepping).
	Trace bool
}
