package sweep

import "testing"

func TestPickCovers(t *testing.T) {
	if Exhaustive() {
		t.Skip("exhaustive mode picks everything")
	}
	tests := []struct{ cases, n, per int }{
		{22, 37, 6}, {17, 19, 4}, {5, 5, 1}, {3, 10, 10}, {30, 26, 3},
	}
	for _, tc := range tests {
		stride := (tc.n + tc.per - 1) / tc.per
		runs := make([]int, tc.n)
		for c := 0; c < tc.cases; c++ {
			k := 0
			for j := 0; j < tc.n; j++ {
				if Pick(c, j, tc.n, tc.per) {
					runs[j]++
					k++
				}
			}
			if k == 0 || k > tc.per {
				t.Errorf("%+v: case %d runs %d configurations, want 1..%d", tc, c, k, tc.per)
			}
		}
		for j, r := range runs {
			if tc.cases >= stride && r == 0 {
				t.Errorf("%+v: configuration %d never runs", tc, j)
			}
		}
	}
}
