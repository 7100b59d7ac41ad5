package interp

import (
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
	"github.com/gokkos/gokkos/views"
)

// copyKernel builds Out[i] = X[i] + 1 over a view parameter pair by hand.
func copyKernel() *ir.Kernel {
	k := &ir.Kernel{Name: "test.copy", Form: abi.FormRange}
	x := k.NewView("k.X", 1, ir.I32, ir.Global)
	out := k.NewView("k.Out", 1, ir.I32, ir.Global)
	k.Params = []*ir.Param{
		{Param: abi.Param{Name: "X", Field: []int{0}, Kind: abi.KindView1D, Elem: abi.KindInt32}, View: x},
		{Param: abi.Param{Name: "Out", Field: []int{1}, Kind: abi.KindView1D, Elem: abi.KindInt32, Written: true}, View: out},
	}
	k.Index = k.NewLocal("i", ir.I64)
	t := k.NewLocal("", ir.I32)
	k.Body = ir.Block{
		&ir.Load{Dst: t, View: x, Index: []ir.Expr{k.Index}},
		&ir.Store{View: out, Index: []ir.Expr{k.Index}, Val: &ir.Binary{Op: ir.Add, X: t, Y: ir.IntConst(ir.I32, 1)}},
	}
	return k
}

type copyArgs struct{ X, Out views.View1D[int32] }

func TestRunRange(t *testing.T) {
	k := copyKernel()
	if err := ir.Verify(k); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		begin, end int64
		outLen     int
		wantErr    string
	}{
		{"full", 0, 50, 50, ""},
		{"offset", 10, 37, 50, ""},
		{"empty", 5, 5, 50, ""},
		{"out of range", 0, 60, 50, "out of range for dimension 0 of k.Out (extent 50)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := views.New1D[int32]("x", 60)
			for i := range 60 {
				x.Set(i, int32(i*i))
			}
			a := copyArgs{X: x, Out: views.New1D[int32]("out", tc.outLen)}
			mem := &Memory{}
			slots, err := Bind(k, a, mem)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Run(k, slots, mem, Config{Begin: tc.begin, End: tc.end, Blocks: 3, Threads: 4})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.outLen {
				want := int32(0)
				if int64(i) >= tc.begin && int64(i) < tc.end {
					want = int32(i*i) + 1
				}
				if got := a.Out.At(i); got != want {
					t.Fatalf("Out[%d] = %d, want %d", i, got, want)
				}
			}
		})
	}
}

func TestScratchOverflow(t *testing.T) {
	k := &ir.Kernel{Name: "test.scratch", Form: abi.FormTeam}
	v := k.NewView("s", 1, ir.F64, ir.Shared)
	k.Body = ir.Block{
		&ir.ScratchAlloc{Dst: v, Level: 0, Count: ir.IntConst(ir.I64, 8)},
		&ir.Barrier{},
		&ir.ScratchAlloc{Dst: v, Level: 0, Count: ir.IntConst(ir.I64, 8)},
	}
	if err := ir.Verify(k); err != nil {
		t.Fatal(err)
	}
	mem := &Memory{}
	cfg := Config{League: 3, TeamSize: 4, Scratch: [2]execspace.ScratchSize{{Team: 100}}}
	_, err := Run(k, nil, mem, cfg)
	if err == nil || !strings.Contains(err.Error(), "exceeds the 100 bytes per team") {
		t.Fatalf("error %v, want a scratch overflow", err)
	}
	cfg.Scratch[0].Team = 128
	if _, err := Run(k, nil, &Memory{}, cfg); err != nil {
		t.Fatal(err)
	}
}

func TestArgCount(t *testing.T) {
	if _, err := Run(copyKernel(), []uint64{1, 2}, &Memory{}, Config{}); err == nil {
		t.Fatal("no error for a wrong slot count")
	}
}

// TestLeagueBarrier runs a team kernel in which each team writes its slot, meets the others
// at a league barrier, and then reads the slot of the next team: every read must see the
// write, so the barrier must hold back each team until all have written. A league larger
// than the workers cannot run at once and is refused.
func TestLeagueBarrier(t *testing.T) {
	k := &ir.Kernel{Name: "test.league", Form: abi.FormTeam}
	x := k.NewView("k.X", 1, ir.I64, ir.Global)
	y := k.NewView("k.Y", 1, ir.I64, ir.Global)
	k.Params = []*ir.Param{
		{Param: abi.Param{Name: "X", Field: []int{0}, Kind: abi.KindView1D, Elem: abi.KindInt64, Written: true}, View: x},
		{Param: abi.Param{Name: "Y", Field: []int{1}, Kind: abi.KindView1D, Elem: abi.KindInt64, Written: true}, View: y},
	}
	rank := &ir.Special{Kind: ir.LeagueRank}
	next := &ir.Binary{Op: ir.Rem, X: &ir.Binary{Op: ir.Add, X: rank, Y: ir.IntConst(ir.I64, 1)}, Y: &ir.Special{Kind: ir.LeagueSize}}
	got := k.NewLocal("", ir.I64)
	k.Body = ir.Block{
		&ir.Store{View: x, Index: []ir.Expr{rank}, Val: &ir.Binary{Op: ir.Add, X: rank, Y: ir.IntConst(ir.I64, 100)}},
		&ir.LeagueBarrier{},
		&ir.Load{Dst: got, View: x, Index: []ir.Expr{next}},
		&ir.Store{View: y, Index: []ir.Expr{rank}, Val: got},
	}
	if err := ir.Verify(k); err != nil {
		t.Fatal(err)
	}
	if !k.UsesLeagueBarrier() || !k.Spec().LeagueBarrier {
		t.Fatal("UsesLeagueBarrier is false for a kernel with a league barrier")
	}
	for _, tc := range []struct {
		name            string
		league, workers int
		wantErr         string
	}{
		{"one team", 1, 4, ""},
		{"four teams", 4, 4, ""},
		{"more teams than workers", 5, 4, "needs every team at once"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := copyArgs64{X: views.New1D[int64]("x", 8), Y: views.New1D[int64]("y", 8)}
			mem := &Memory{}
			slots, err := Bind(k, a, mem)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Run(k, slots, mem, Config{League: tc.league, TeamSize: 3, Workers: tc.workers})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for r := range tc.league {
				if got, want := a.Y.At(r), int64((r+1)%tc.league+100); got != want {
					t.Fatalf("team %d read %d, want %d", r, got, want)
				}
			}
		})
	}
}

type copyArgs64 struct{ X, Y views.View1D[int64] }
