package scc

import (
	"testing"

	"github.com/gokkos/gokkos/views"
)

// TestSerialWorkspace checks that the serial finish's workspace is reused while large enough
// and grows, with a quarter to spare, when a run needs more.
func TestSerialWorkspace(t *testing.T) {
	tests := []struct {
		name       string
		have, need int
		wantLen    int
		wantReused bool
	}{
		{"empty", 0, 10, 12, false},
		{"enough", 100, 80, 100, true},
		{"exact", 100, 100, 100, true},
		{"grow", 100, 101, 126, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v views.View1D[int32]
			if tc.have > 0 {
				var err error
				if v, err = views.Alloc1D[int32](views.HostSpace, "have", tc.have); err != nil {
					t.Fatal(err)
				}
				v.Set(0, 7)
			}
			got, err := growView(views.HostSpace, v, "need", tc.need)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Free()
			if got.Len() != tc.wantLen {
				t.Fatalf("len %d, want %d", got.Len(), tc.wantLen)
			}
			if reused := tc.have > 0 && got.Label() == "have"; reused != tc.wantReused {
				t.Fatalf("reused %v, want %v", reused, tc.wantReused)
			}
			s := growSlice(make([]int64, 0, tc.have), tc.need)
			if len(s) != tc.need || (tc.wantReused && cap(s) != tc.have) {
				t.Fatalf("slice len %d cap %d for need %d from capacity %d", len(s), cap(s), tc.need, tc.have)
			}
		})
	}
}
