package srchash

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
)

// base is a file with a kernel, a helper and a constant group; the tests edit it.
const base = `package p

import "math"

// axpy is a kernel.
//
//gokkos:kernel
type axpy struct {
	A    float64
	X, Y []float64
}

func (k axpy) Run(i int) {
	x := k.X[i] // the input
	if x > 0 {
		x = helper(x, 2)
	}
	k.Y[i] = k.A*x + k.Y[i]
}

func helper(x, y float64) float64 { return math.Max(x*y, limit) }

const (
	limit = iota + 1
	other
)

var table = []int{1, 2, 3}
`

// hashesOf returns the declaration hashes of src.
func hashesOf(t *testing.T, src string) map[string]string {
	t.Helper()
	h, err := Decls("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestDeclKeys(t *testing.T) {
	src := base + `
type (
	g[T any] struct{ v T }
	alias = axpy
)

func (p *g[T]) Set(v T) { p.v = v }
func (g[_]) Get()       {}
func init()             {}
func _()                {}
`
	var keys []string
	for k := range hashesOf(t, src) {
		keys = append(keys, k)
	}
	want := []string{
		"const limit", "const other", "func (axpy) Run", "func (g) Get", "func (g) Set",
		"func helper", "type alias", "type axpy", "type g", "var table",
	}
	sort.Strings(keys)
	if got := strings.Join(keys, "|"); got != strings.Join(want, "|") {
		t.Errorf("keys\n%s\nwant\n%s", got, strings.Join(want, "|"))
	}
}

func TestEdits(t *testing.T) {
	orig := hashesOf(t, base)
	all := []string{"type axpy", "func (axpy) Run", "func helper", "const limit", "const other", "var table"}
	tests := []struct {
		name     string
		old, new string
		changed  []string // keys whose hash changes; the others keep theirs
	}{
		{"comment edited", "// the input", "// what Run reads", nil},
		{"comment removed", "x := k.X[i] // the input", "x := k.X[i]", nil},
		{"doc and directive removed", "// axpy is a kernel.\n//\n//gokkos:kernel\n", "", nil},
		{"spacing", "k.Y[i] = k.A*x + k.Y[i]", "k.Y[i]   =   k.A * x+k.Y[i]", nil},
		{"line breaks and semicolons", "if x > 0 {\n\t\tx = helper(x, 2)\n\t}", "if x > 0 { x = helper(x, 2) }", nil},
		{"explicit semicolons", "x := k.X[i] // the input\n", "x := k.X[i];\n", nil},
		{"struct on one line", "struct {\n\tA    float64\n\tX, Y []float64\n}", "struct{ A float64; X, Y []float64 }", nil},
		{"one-line function split", "{ return math.Max(x*y, limit) }", "{\n\treturn math.Max(\n\t\tx*y,\n\t\tlimit,\n\t)\n}", nil},
		{"trailing comma", "[]int{1, 2, 3}", "[]int{\n\t1,\n\t2,\n\t3,\n}", nil},
		{"operator changed", "k.A*x + k.Y[i]", "k.A*x - k.Y[i]", []string{"func (axpy) Run"}},
		{"constant changed", "x = helper(x, 2)", "x = helper(x, 3)", []string{"func (axpy) Run"}},
		{"helper changed", "x*y, limit", "x/y, limit", []string{"func helper"}},
		{"field type changed", "A    float64", "A    float32", []string{"type axpy"}},
		{"const group reordered", "limit = iota + 1\n\tother", "other = iota + 1\n\tlimit", []string{"const limit", "const other"}},
		{"return split from its value", "{ return math.Max(x*y, limit) }", "{\n\treturn\n\tmath.Max(x*y, limit)\n}", []string{"func helper"}},
		{"literal spelled otherwise", "helper(x, 2)", "helper(x, 2.0)", []string{"func (axpy) Run"}},
		{"declaration added", "var table", "func extra() {}\n\nvar table", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(base, tc.old, tc.new, 1)
			if src == base {
				t.Fatalf("%q is not in the source", tc.old)
			}
			got := hashesOf(t, src)
			want := map[string]bool{}
			for _, k := range tc.changed {
				want[k] = true
			}
			for _, k := range all {
				if changed := got[k] != orig[k]; changed != want[k] {
					t.Errorf("%s: changed %v, want %v", k, changed, want[k])
				}
			}
		})
	}
}

func TestLabel(t *testing.T) {
	tests := []struct{ key, typ, want string }{
		{"func (axpy) Run", "axpy", "Run"},
		{"func (pair) sum", "axpy", "pair.sum"},
		{"func helper", "axpy", "helper"},
		{"type axpy", "axpy", "type axpy"},
		{"const limit", "axpy", "const limit"},
	}
	for _, tc := range tests {
		t.Run(tc.key, func(t *testing.T) {
			if got := Label(tc.key, tc.typ); got != tc.want {
				t.Errorf("Label(%q, %q) = %q, want %q", tc.key, tc.typ, got, tc.want)
			}
		})
	}
}

func TestCombine(t *testing.T) {
	p := []abi.SourcePiece{{File: "a.go", Key: "type a", Hash: "01"}, {File: "a.go", Key: "func (a) Run", Hash: "02"}}
	h := Combine(p)
	if len(h) != 2*hashLen {
		t.Errorf("Combine = %q, want %d hex digits", h, 2*hashLen)
	}
	tests := []struct {
		name   string
		pieces []abi.SourcePiece
	}{
		{"hash", []abi.SourcePiece{p[0], {File: "a.go", Key: "func (a) Run", Hash: "03"}}},
		{"key", []abi.SourcePiece{p[0], {File: "a.go", Key: "func (a) Run2", Hash: "02"}}},
		{"file", []abi.SourcePiece{p[0], {File: "b.go", Key: "func (a) Run", Hash: "02"}}},
		{"order", []abi.SourcePiece{p[1], p[0]}},
		{"one less", p[:1]},
		{"boundary", []abi.SourcePiece{{File: "a.go", Key: "type a", Hash: "0102"}, {File: "a.go", Key: "func (a) Run", Hash: ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if Combine(tc.pieces) == h {
				t.Errorf("Combine(%v) = Combine(%v)", tc.pieces, p)
			}
		})
	}
}

func TestCurrent(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	h := hashesOf(t, base)
	pieces := []abi.SourcePiece{
		{File: "p.go", Key: "func (axpy) Run", Hash: h["func (axpy) Run"]},
		{File: "p.go", Key: "func gone", Hash: "0123456789abcdef"},
		{File: "q.go", Key: "type q", Hash: "0123456789abcdef"},
	}
	want := []abi.SourcePiece{pieces[0], {File: "p.go", Key: "func gone"}, {File: "q.go", Key: "type q"}}
	if got := Current(dir, pieces); !reflect.DeepEqual(got, want) {
		t.Errorf("Current = %v, want %v", got, want)
	}
}
