package ir

import (
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
)

// axpy builds Y[i] = A*X[i] + Y[i] by hand.
func axpy() *Kernel {
	k := &Kernel{Name: "main.axpy", Pos: "axpy.go:3", Form: abi.FormRange}
	a := k.NewLocal("k.A", F64)
	x := k.NewView("k.X", 1, F64, Global)
	y := k.NewView("k.Y", 1, F64, Global)
	k.Params = []*Param{
		{Param: abi.Param{Name: "A", Field: []int{0}, Kind: abi.KindFloat64}, Local: a},
		{Param: abi.Param{Name: "X", Field: []int{1}, Kind: abi.KindView1D, Elem: abi.KindFloat64}, View: x},
		{Param: abi.Param{Name: "Y", Field: []int{2}, Kind: abi.KindView1D, Elem: abi.KindFloat64, Written: true}, View: y},
	}
	k.Index = k.NewLocal("i", I64)
	t1 := k.NewLocal("", F64)
	t2 := k.NewLocal("", F64)
	k.Body = Block{
		&Load{Dst: t1, View: x, Index: []Expr{k.Index}, ReadOnly: true},
		&Load{Dst: t2, View: y, Index: []Expr{k.Index}},
		&Store{View: y, Index: []Expr{k.Index}, Val: &Binary{Op: Add, X: &Binary{Op: Mul, X: a, Y: t1}, Y: t2}},
	}
	return k
}

func TestVerifyAndDump(t *testing.T) {
	k := axpy()
	if err := Verify(k); err != nil {
		t.Fatal(err)
	}
	want := `kernel main.axpy range at axpy.go:3
param A f64 = %k.A.0
param X View1D[f64] = v0(%k.X.addr.1:ptr, %k.X.ext0.2:i64, %k.X.stride0.3:i64)
param Y View1D[f64] written = v1(%k.Y.addr.4:ptr, %k.Y.ext0.5:i64, %k.Y.stride0.6:i64)
index %i.7
view v0 k.X rank1 f64 global(%k.X.addr.1:ptr, %k.X.ext0.2:i64, %k.X.stride0.3:i64)
view v1 k.Y rank1 f64 global(%k.Y.addr.4:ptr, %k.Y.ext0.5:i64, %k.Y.stride0.6:i64)
body {
  %8 = load v0[%i.7] ro
  %9 = load v1[%i.7]
  store v1[%i.7] = ((%k.A.0 * %8) + %9)
}
`
	if got := k.String(); got != want {
		t.Errorf("dump:\n%s\nwant:\n%s", got, want)
	}
}

func TestVerifyRejects(t *testing.T) {
	tests := []struct {
		name  string
		build func(k *Kernel)
		want  string
	}{
		{"type mismatch", func(k *Kernel) {
			l := k.NewLocal("x", I32)
			k.Body = append(k.Body, &Assign{Dst: l, Src: IntConst(I64, 1)})
		}, "assignment writes i32"},
		{"use before def", func(k *Kernel) {
			a, b := k.NewLocal("a", I64), k.NewLocal("b", I64)
			k.Body = append(k.Body, &Assign{Dst: b, Src: a})
		}, "read before it is assigned"},
		{"def in one branch only", func(k *Kernel) {
			a, b := k.NewLocal("a", I64), k.NewLocal("b", I64)
			k.Body = append(k.Body,
				&If{Cond: BoolConst(true), Then: Block{&Assign{Dst: a, Src: IntConst(I64, 1)}}},
				&Assign{Dst: b, Src: a})
		}, "a.10 read before"},
		{"def in both branches", func(k *Kernel) {
			a, b := k.NewLocal("a", I64), k.NewLocal("b", I64)
			k.Body = append(k.Body,
				&If{Cond: BoolConst(true), Then: Block{&Assign{Dst: a, Src: IntConst(I64, 1)}}, Else: Block{&Return{}}},
				&Assign{Dst: b, Src: a})
		}, ""},
		{"break outside loop", func(k *Kernel) { k.Body = append(k.Body, &Break{}) }, "no target loop"},
		{"loop exits by break only", func(k *Kernel) {
			a, b := k.NewLocal("a", I64), k.NewLocal("b", I64)
			k.Body = append(k.Body,
				&Loop{Body: Block{&Assign{Dst: a, Src: IntConst(I64, 1)}, &Break{}}},
				&Assign{Dst: b, Src: a})
		}, ""},
		{"barrier in range form", func(k *Kernel) { k.Body = append(k.Body, &Barrier{}) }, "barrier outside a team form"},
		{"shift by signed count", func(k *Kernel) {
			a := k.NewLocal("a", U8)
			k.Body = append(k.Body, &Assign{Dst: a, Src: &Binary{Op: Shl, X: IntConst(U8, 1), Y: IntConst(I64, -1)}})
		}, ""},
		{"float remainder", func(k *Kernel) {
			a := k.NewLocal("a", F64)
			k.Body = append(k.Body, &Assign{Dst: a, Src: &Binary{Op: Rem, X: FloatConst(F64, 1), Y: FloatConst(F64, 2)}})
		}, "binary % on f64"},
		{"builtin signature", func(k *Kernel) {
			a := k.NewLocal("a", I64)
			k.Body = append(k.Body, &Assign{Dst: a, Src: &Call{Fn: OnesCount, Args: []Expr{IntConst(I64, 3)}, T: I64}})
		}, "call popc"},
		{"bad index count", func(k *Kernel) {
			k.Body = append(k.Body, &Store{View: k.Views[0], Index: []Expr{k.Index, k.Index}, Val: FloatConst(F64, 0)})
		}, "2 indices for rank-1"},
		{"unregistered local", func(k *Kernel) {
			k.Body = append(k.Body, &Assign{Dst: &Local{ID: 99, T: I64}, Src: IntConst(I64, 0)})
		}, "not registered"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k := axpy()
			tc.build(k)
			err := Verify(k)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && err == nil:
				t.Fatalf("no error, want %q", tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Fatalf("error %q, want %q", err, tc.want)
			}
		})
	}
}

func TestTeamLoopTargets(t *testing.T) {
	mk := func(body Block) *Kernel {
		k := &Kernel{Name: "t", Form: abi.FormTeam}
		v := k.NewLocal("i", I64)
		k.Body = Block{&Loop{Body: Block{&TeamLoop{Kind: ThreadRange, Var: v, Begin: IntConst(I64, 0), End: &Special{Kind: TeamSize}, Body: body}, &Break{}}}}
		return k
	}
	tests := []struct {
		name string
		body Block
		want string
	}{
		{"continue own team loop", Block{&Continue{}}, ""},
		{"break team loop", Block{&Break{}}, "break out of a team loop"},
		{"continue outer loop", Block{&Continue{Depth: 1}}, "crosses a team loop"},
		{"return", Block{&Return{}}, "return inside"},
		{"barrier", Block{&Barrier{}}, "barrier inside"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Verify(mk(tc.body))
			if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		t      Type
		in     uint64
		extend bool
		want   uint64
	}{
		{I8, 0xff, true, ^uint64(0)},
		{I8, 0x1ff, false, 0xff},
		{U16, 0x12345, true, 0x2345},
		{I32, 0x80000000, true, 0xffffffff80000000},
		{Bool, 3, false, 1},
		{I64, 5, true, 5},
	}
	for _, tc := range tests {
		t.Run(tc.t.String(), func(t *testing.T) {
			if got := Normalize(tc.t, tc.in, tc.extend); got != tc.want {
				t.Fatalf("Normalize(%s, %#x, %v) = %#x, want %#x", tc.t, tc.in, tc.extend, got, tc.want)
			}
		})
	}
}
