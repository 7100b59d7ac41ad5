// Package sweep chooses which combinations the algorithm tests run. By default a test that
// crosses test graphs with configurations (strategy × format × direction, methods, tunings)
// runs a covering subset: every configuration on some graphs and every graph with several
// configurations, so that the whole suite fits a small machine. With GOKKOS_TEST_EXHAUSTIVE=1
// (scripts/test-exhaustive.sh) every test runs the full cross product.
package sweep

import "os"

// Exhaustive reports whether GOKKOS_TEST_EXHAUSTIVE=1 asks for every combination.
func Exhaustive() bool { return exhaustive }

var exhaustive = os.Getenv("GOKKOS_TEST_EXHAUSTIVE") == "1"

// Pick reports whether case c (a graph, or a graph and root, numbered from 0 in a fixed order)
// runs configuration j of n when each case runs about per configurations: configuration j runs
// on the cases with c ≡ j (mod ⌈n/per⌉), so any ⌈n/per⌉ consecutive cases together run all n.
// Pick always reports true in exhaustive mode or when per ≥ n.
func Pick(c, j, n, per int) bool {
	if exhaustive || per >= n || per <= 0 {
		return true
	}
	stride := (n + per - 1) / per
	return j%stride == c%stride
}
