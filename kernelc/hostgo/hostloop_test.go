package hostgo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/frontend"
	"github.com/gokkos/gokkos/kernelc/ptx"
)

// loopsGen is the generation of testdata/loops, as if written to its package directory.
type loopsGen struct {
	dir   string // the package directory, absolute
	out   string // where the file would be written
	src   []byte
	notes []string
	res   *frontend.Result
	// imported are portable and execspace, loaded with the package.
	imported []*packages.Package
}

var (
	loopsOnce sync.Once
	loops     loopsGen
	loopsErr  error
)

func generateLoops(t *testing.T) *loopsGen {
	t.Helper()
	loopsOnce.Do(func() {
		dir, err := filepath.Abs(filepath.Join("testdata", "loops"))
		if err != nil {
			loopsErr = err
			return
		}
		out := filepath.Join(dir, "gokkos_kernels_gen.go")
		res, imported, src, notes, err := generate(dir, out)
		loops, loopsErr = loopsGen{dir: dir, out: out, src: src, notes: notes, res: res, imported: imported}, err
	})
	if loopsErr != nil {
		t.Fatal(loopsErr)
	}
	return &loops
}

// loopFunc returns the text of the host loop function of the kernel type spelled typ (as in
// the doc comment: "gscale[E]"), from its doc comment to its closing brace.
func loopFunc(src []byte, typ string) string {
	re := regexp.MustCompile(`(?ms)^// gokkosHostLoop\d+ runs ` + regexp.QuoteMeta(typ) + `\.Run .*?^}\n`)
	return string(re.Find(src))
}

func TestHostLoopCode(t *testing.T) {
	g := generateLoops(t)
	tests := []struct {
		name, typ string
		want      []string
		not       []string
	}{
		{"early returns", "early", []string{
			// The fast loop over the span of Out, then the view loop.
			"k := *gokkosK\n\tif gokkosS0 := k.Out.Span(gokkosLo, gokkosHi); gokkosS0 != nil {\n\t\tfor gokkosJ := range gokkosS0 {\n\t\t\ti := gokkosLo + gokkosJ\n//line loops.go:23\n\t\t\tif i >= k.Stop {\n\t\t\t\tcontinue\n\t\t\t}",
			"gokkosS0[gokkosJ] = -1\n\t\t\t\tcontinue\n",
			"gokkosS0[gokkosJ] = int64(i) * 2\n\t\t}\n//line gokkos_kernels_gen.go:",
			"\t\treturn\n\t}\n\tfor i := gokkosLo; i < gokkosHi; i++ {\n//line loops.go:23\n\t\tif i >= k.Stop {\n\t\t\tcontinue\n\t\t}",
			"k.Out.Set(i, -1)\n\t\t\tcontinue\n",
			"k.Out.Set(i, int64(i)*2)\n\t}\n//line gokkos_kernels_gen.go:",
		}, []string{"\t\t\treturn", "gokkosNext", "gokkosKV"}},
		{"return inside a loop", "search", []string{
			"gokkosNextSpan:\n\t\tfor gokkosJ := range gokkosS0 {",
			"continue gokkosNextSpan\n",
			"gokkosNext:\n\tfor i := gokkosLo; i < gokkosHi; i++ {",
			"continue gokkosNext\n",
		}, []string{"\t\t\treturn"}},
		{"labels of the body", "labels", []string{
			"\touter:\n\t\tfor a := 0; a < 4; a++ {", "continue outer", "break outer",
		}, []string{"gokkosNext", "Span("}},
		{"spans and view accesses", "spanMix", []string{
			"k.Y.At(i)\n", "if gokkosS0, gokkosS1, gokkosS2 := k.X.Span(gokkosLo, gokkosHi), k.Out.Span(gokkosLo, gokkosHi), k.Y.Span(gokkosLo, gokkosHi); gokkosS0 != nil && gokkosS1 != nil && gokkosS2 != nil {\n\t\tgokkosS1 = gokkosS1[:len(gokkosS0)]\n\t\tgokkosS2 = gokkosS2[:len(gokkosS0)]\n",
			"x := gokkosS0[gokkosJ]\n",
			"x += k.X.At(i + 1)",
			"gokkosS1[gokkosJ] = x*k.A + gokkosS2[gokkosJ]\n",
		}, nil},
		{"no other use of the index", "gpair[G, J]", []string{
			"for gokkosJ := range gokkosS0 {\n//line loops.go:",
			"gokkosS0[gokkosJ] = J(gokkosS1[gokkosJ]) * 2",
		}, []string{"gokkosLo + gokkosJ"}},
		{"reduction over spans", "spanDot", []string{
			"\tgokkosAccV := *acc\n",
			"gokkosAccV += gokkosS0[gokkosJ] * gokkosS1[gokkosJ]",
			"\t\t*acc = gokkosAccV\n\t\treturn\n",
			"gokkosAccV += k.X.At(i) * k.Y.At(i)",
			"\t*acc = gokkosAccV\n}",
		}, []string{"*acc +="}},
		{"receiver changed", "mutRecv", []string{
			"gokkosKV := *gokkosK\n\tfor i := gokkosLo; i < gokkosHi; i++ {\n\t\tk := gokkosKV\n//line loops.go:80\n\t\tk.A += int64(i)",
		}, []string{"k := *gokkosK", "Span("}},
		{"index changed", "mutIndex", []string{
			"for gokkosI := gokkosLo; gokkosI < gokkosHi; gokkosI++ {\n\t\ti := gokkosI\n",
		}, []string{"_ = i", "Span(gokkosLo"}},
		{"pointer method on the receiver", "ptrMethod", []string{
			"gokkosKV := *gokkosK", "k := gokkosKV\n", "k.C.bump(int64(i))",
		}, nil},
		{"generic, renamed type parameter", "gscale[E]", []string{
			"[E num](gokkosK *gscale[E], gokkosLo, gokkosHi int) {",
			"var two E = 2",
		}, nil},
		{"two type parameters", "gpair[G, J]", []string{
			"[G num, J ~int32 | ~int64](gokkosK *gpair[G, J], gokkosLo, gokkosHi int) {",
			"J(k.X.At(i))*2",
		}, nil},
		{"generic reduce", "gsum[V]", []string{
			"[V num](gokkosK *gsum[V], gokkosLo, gokkosHi int, acc *V) {",
			"gokkosAccV += V(math.Sqrt(float64(k.X.At(i))))",
		}, nil},
		{"blank type parameter", "gblank[_]", []string{
			"[gokkosT0 num](gokkosK *gblank[gokkosT0], gokkosLo, gokkosHi int) {",
		}, nil},
		{"reduce over ValLoc", "minAt", []string{
			"(gokkosK *minAt, gokkosLo, gokkosHi int, acc *portable.ValLoc[float64]) {",
			"acc.Val, acc.Loc = x, i",
		}, []string{"gokkosAccV"}},
		{"no receiver or index name", "count", []string{
			"(gokkosK *count, gokkosLo, gokkosHi int, acc *int64) {\n\tgokkosAccV := *acc\n\tfor gokkosI := gokkosLo; gokkosI < gokkosHi; gokkosI++ {",
		}, []string{":= *gokkosK"}},
		{"scan", "scanSkip", []string{
			"acc *int64, final bool) {", "if final {", "\t\t\tcontinue\n",
			"\t\t\t\tgokkosS0[gokkosJ] = gokkosAccV\n",
		}, nil},
		{"scan changing final", "scanMut", []string{
			"acc *int64, gokkosFinal bool) {", "\t\tfinal := gokkosFinal\n//line loops.go:200\n\t\tfinal = final && i%2 == 0",
		}, nil},
		{"gathers and helpers", "gatherMix", []string{
			"gokkosG0 := k.L.Next.Span(0, k.L.Next.Len())",
			"j := int(gokkosG0[i])",
			"gokkosimpl.AtomicCompareAndSwapInt32(&gokkosG",
			"goto gokkosRet",
			"bump(k.L.Count, i)",
			"gokkosimpl.AtomicMinInt64(&gokkosG",
			"Helper", // find and tally are called as clones
		}, nil},
		{"exchange on a gather path", "swapMark", []string{
			"gokkosimpl.AtomicExchangeInt32(&gokkosG",
			"gokkosimpl.AtomicAddInt64(&gokkosG",
		}, nil},
		{"helper whose name a local hides", "shadowMax", []string{
			"max := int64(i % 5)",
			"Helper0((i*7)%len(gokkosG0), max, gokkosG0)",
		}, []string{"gokkosRet"}},
		{"import of another file", "clashA", []string{
			"uint32(m.OnesCount32(k.X.At(i)))", "//line clash.go:14\n",
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fn := loopFunc(g.src, tc.typ)
			if fn == "" {
				t.Fatalf("no host loop for %s in\n%s", tc.typ, g.src)
			}
			for _, w := range tc.want {
				if !strings.Contains(fn, w) {
					t.Errorf("lacks %q:\n%s", w, fn)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(fn, w) {
					t.Errorf("has %q:\n%s", w, fn)
				}
			}
		})
	}
}

func TestHostLoopRegistration(t *testing.T) {
	g := generateLoops(t)
	src := string(g.src)
	for _, want := range []string{
		`m "math/bits"`,
		"\t\"math\"\n",
		"gokkosimpl.RegisterHostRange[early](gokkosHostLoop",
		"gokkosimpl.RegisterHostRange[gscale[float32]](gokkosHostLoop9[float32])",
		"gokkosimpl.RegisterHostRange[gscale[float64]](gokkosHostLoop9[float64])",
		"gokkosimpl.RegisterHostRange[gpair[float64, int32]](gokkosHostLoop11[float64, int32])",
		"gokkosimpl.RegisterHostReduce[gsum[float64], float64](gokkosHostLoop12[float64])",
		"gokkosimpl.RegisterHostReduce[minAt, portable.ValLoc[float64]](gokkosHostLoop",
		"gokkosimpl.RegisterHostScan[scanMut, int64](gokkosHostLoop",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
	// Kernels without a loop: registered for devices only, with a note saying why.
	for _, tc := range []struct{ typ, note string }{
		{"dotted", "dot.go:12: kernel loops.dotted: no host loop: the body uses Sqrt from a dot import"},
		{"clashB", "clash2.go:12: kernel loops.clashB: no host loop: import name m means math/bits in another kernel's file"},
		{"promoted", "kernel loops.promoted: no host loop: Run is promoted from an embedded field"},
		{"tagged", "tagged.go:10: kernel loops.tagged: no host loop: file tagged.go has build constraints"},
		// Left out after type-checking the generated file.
		{"zblank[float64, [2]float64]", "zblank.go:9: kernel loops.zblank[float64, [2]float64]: no host loop: the loop does not type-check: cannot use _ as value or type"},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			if !strings.Contains(src, "gokkosimpl.Register["+tc.typ+"](") {
				t.Errorf("%s is not registered", tc.typ)
			}
			if strings.Contains(src, "RegisterHostRange["+tc.typ+"]") || loopFunc(g.src, strings.SplitN(tc.typ, "[", 2)[0]) != "" {
				t.Errorf("%s has a host loop", tc.typ)
			}
			found := false
			for _, n := range g.notes {
				found = found || strings.HasSuffix(n, tc.note)
			}
			if !found {
				t.Errorf("no note %q in %q", tc.note, g.notes)
			}
		})
	}
	if strings.Contains(src, g.dir) || strings.Contains(src, "//line /") {
		t.Error("generated file holds an absolute path")
	}
}

// inlinesHelper reports whether n holds a helper's body inlined by a gather path: a block that
// declares the helper's slices (gokkosG names).
func inlinesHelper(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
			for _, l := range a.Lhs {
				if id, ok := l.(*ast.Ident); ok && strings.HasPrefix(id.Name, "gokkosG") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// TestHostLoopPositions checks, with go/parser (which applies //line directives relative to
// the directory of the generated file), that every statement of an inlined body is attributed
// to its own line in the kernel's file, and that the code after each body is attributed to the
// generated file again.
func TestHostLoopPositions(t *testing.T) {
	g := generateLoops(t)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, g.out, g.src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	// The original body of each kernel's Run, by the name of its kernel type.
	bodies := map[string]*ast.BlockStmt{}
	for _, file := range g.res.Package.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Name.Name == "Run" {
				bodies[recvTypeName(fd.Recv.List[0].Type)] = fd.Body
			}
		}
	}
	stmts := func(list []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range list {
			ast.Inspect(s, func(n ast.Node) bool {
				if s, ok := n.(ast.Stmt); ok {
					if _, block := s.(*ast.BlockStmt); !block {
						out = append(out, s)
					}
				}
				return true
			})
		}
		return out
	}
	checked := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !strings.HasPrefix(fd.Name.Name, "gokkosHostLoop") || strings.Contains(fd.Name.Name, "Helper") {
			continue // not a loop, or a helper's clone
		}
		typ := recvTypeName(fd.Type.Params.List[0].Type.(*ast.StarExpr).X)
		orig := bodies[typ]
		if orig == nil {
			t.Fatalf("%s: no Run for %s", fd.Name.Name, typ)
		}
		want := orig.List
		if _, ok := want[len(want)-1].(*ast.ReturnStmt); ok {
			want = want[:len(want)-1]
		}
		// The index loops: the view loop, a statement of the function, and the fast loop
		// over spans, in the if statement before it. Each holds the whole body.
		var loops []*ast.BlockStmt
		for _, s := range fd.Body.List {
			switch s := s.(type) {
			case *ast.LabeledStmt:
				loops = append(loops, s.Stmt.(*ast.ForStmt).Body)
			case *ast.ForStmt:
				loops = append(loops, s.Body)
			case *ast.IfStmt:
				for _, s := range s.Body.List {
					if l, ok := s.(*ast.LabeledStmt); ok {
						s = l.Stmt
					}
					switch s := s.(type) {
					case *ast.RangeStmt:
						loops = append(loops, s.Body)
					case *ast.ForStmt, *ast.IfStmt:
						// The gather path: its index loop and its span loop. A helper's
						// body inlined in them adds statements, whose lines are the helper's.
						if !inlinesHelper(s) {
							if f, ok := s.(*ast.ForStmt); ok {
								loops = append(loops, f.Body)
							}
							if i, ok := s.(*ast.IfStmt); ok {
								for _, s := range i.Body.List {
									if l, ok := s.(*ast.LabeledStmt); ok {
										s = l.Stmt
									}
									if r, ok := s.(*ast.RangeStmt); ok {
										loops = append(loops, r.Body)
									}
								}
							}
						}
					}
				}
				// After the fast loop, the generated file's own lines again.
				end := s.Body.List[len(s.Body.List)-1]
				if p := fset.Position(end.Pos()); p.Filename != g.out || p.Line != fset.PositionFor(end.Pos(), false).Line {
					t.Errorf("%s: the return after the fast loop is at %s:%d", fd.Name.Name, p.Filename, p.Line)
				}
			}
		}
		if len(loops) == 0 {
			t.Fatalf("%s: no index loop", fd.Name.Name)
		}
		for _, loop := range loops {
			var got []ast.Stmt
			for _, s := range loop.List {
				if fset.Position(s.Pos()).Filename == g.out {
					continue // a per-index copy
				}
				got = append(got, s)
			}
			gs, ws := stmts(got), stmts(want)
			if len(gs) != len(ws) {
				t.Errorf("%s: %d statements, want %d", fd.Name.Name, len(gs), len(ws))
				continue
			}
			for i := range gs {
				gp, wp := fset.Position(gs[i].Pos()), g.res.Package.Fset.Position(ws[i].Pos())
				if gp.Filename != wp.Filename || gp.Line != wp.Line {
					t.Errorf("%s: statement %d at %s:%d, want %s:%d", fd.Name.Name, i, gp.Filename, gp.Line, wp.Filename, wp.Line)
				}
				checked++
			}
		}
		end := fset.Position(fd.Body.Rbrace)
		if raw := fset.PositionFor(fd.Body.Rbrace, false); end.Filename != g.out || end.Line != raw.Line {
			t.Errorf("%s: closing brace at %s:%d, want %s:%d", fd.Name.Name, end.Filename, end.Line, g.out, raw.Line)
		}
	}
	if checked < 40 {
		t.Errorf("checked only %d statements", checked)
	}
}

func recvTypeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return recvTypeName(e.X)
	case *ast.IndexListExpr:
		return recvTypeName(e.X)
	}
	return ""
}

// TestHostLoopsRun compiles testdata/loops with its generated file and runs its tests, which
// compare every loop with the method it inlines and check the position of a panic in a loop.
// The generated file and a map from kernel names to loop functions are laid over the package
// directory with go test -overlay.
func TestHostLoopsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs another test binary")
	}
	g := generateLoops(t)
	f, err := parser.ParseFile(token.NewFileSet(), g.out, g.src, 0)
	if err != nil {
		t.Fatal(err)
	}
	// gokkosimpl.RegisterHostX[K, ...](loop) → "K": loop
	entries := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "init" {
			continue
		}
		for _, s := range fd.Body.List {
			es, ok := s.(*ast.ExprStmt)
			if !ok {
				continue
			}
			call, ok := es.X.(*ast.CallExpr)
			if !ok {
				continue
			}
			var typ ast.Expr
			switch fun := call.Fun.(type) {
			case *ast.IndexExpr:
				typ = fun.Index
			case *ast.IndexListExpr:
				typ = fun.Indices[0]
			}
			if sel, ok := ast.Unparen(indexed(call.Fun)).(*ast.SelectorExpr); !ok || !strings.HasPrefix(sel.Sel.Name, "RegisterHost") {
				continue
			}
			entries[exprString(typ)] = exprString(call.Args[0])
		}
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var m bytes.Buffer
	m.WriteString("package loops\n\n// hostLoops returns the generated loops by kernel type.\nfunc hostLoops() map[string]any {\n\treturn map[string]any{\n")
	for _, k := range keys {
		fmt.Fprintf(&m, "\t\t%q: %s,\n", k, entries[k])
	}
	m.WriteString("\t}\n}\n")

	tmp := t.TempDir()
	genPath, mapPath := filepath.Join(tmp, "gen.go"), filepath.Join(tmp, "map_test.go")
	if err := os.WriteFile(genPath, g.src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mapPath, m.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {
		g.out: genPath,
		filepath.Join(g.dir, "hostloops_test.go"): mapPath,
	}})
	ovPath := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovPath, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-overlay", ovPath, "-v", ".")
	cmd.Dir = g.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test in testdata/loops: %v\n%s", err, out)
	}
	t.Logf("%s", out)
	for _, want := range []string{"--- PASS: TestHostLoops/gsum[float64]", "--- PASS: TestPanicPosition"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func indexed(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.IndexExpr:
		return e.X
	case *ast.IndexListExpr:
		return e.X
	}
	return e
}

func exprString(e ast.Expr) string {
	var b bytes.Buffer
	printer.Fprint(&b, token.NewFileSet(), e)
	return b.String()
}

// TestCheckGenerated checks that a loop that does not type-check is attributed to its kernel,
// and that an error outside every loop counts against all of them.
func TestCheckGenerated(t *testing.T) {
	g := generateLoops(t)
	loops, _ := selectHostLoops(g.res)
	tests := []struct {
		name     string
		old, new string
		bad      []int // nil: all loops
	}{
		{"body", "var two E = 2", "var two E = undefinedName", []int{9}},
		{"registration", "(gokkosHostLoop12[float64])", "(gokkosHostLoop12[int])", []int{12}},
		{"elsewhere", "func init() {", "var _ = undefinedName\n\nfunc init() {", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := bytes.Replace(g.src, []byte(tc.old), []byte(tc.new), 1)
			if bytes.Equal(src, g.src) {
				t.Fatalf("%q is not in the generated file", tc.old)
			}
			bad := checkGenerated(g.res.Package, g.imported, src, loops, g.out)
			var ids []int
			for id := range bad {
				ids = append(ids, id)
			}
			sort.Ints(ids)
			want := tc.bad
			if want == nil {
				seen := map[int]bool{}
				for _, h := range loops {
					if h != nil && !seen[h.id] {
						seen[h.id] = true
						want = append(want, h.id)
					}
				}
				sort.Ints(want)
			}
			if fmt.Sprint(ids) != fmt.Sprint(want) {
				t.Errorf("bad loops %v, want %v (%v)", ids, want, bad)
			}
		})
	}
	if bad := checkGenerated(g.res.Package, g.imported, g.src, loops, g.out); len(bad) > 0 {
		t.Errorf("the generated file does not type-check: %v", bad)
	}
}

// TestHostLoopNewImports generates a package that imports neither portable nor execspace: the
// generated file, which does, must still type-check and keep its loop.
func TestHostLoopNewImports(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "plain"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, src, notes, err := generate(dir, filepath.Join(t.TempDir(), "gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "gokkosimpl.RegisterHostRange[double](gokkosHostLoop0)") || len(notes) > 0 {
		t.Errorf("no host loop for double; notes:\n%s", strings.Join(notes, "\n"))
	}
}

// generate runs the toolchain's passes up to this package's over the package in dir, as
// kernelc.Generate does (which this package's tests cannot import), loading the runtime packages
// the generated file imports with it.
func generate(dir, out string) (*frontend.Result, []*packages.Package, []byte, []string, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: frontend.LoadMode, Dir: dir}, ".", ImplPath, ABIPath)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var target *packages.Package
	var imported []*packages.Package
	for _, p := range pkgs {
		if (p.PkgPath == ImplPath || p.PkgPath == ABIPath) && p.Dir != dir {
			imported = append(imported, p)
		} else {
			target = p
		}
	}
	res := frontend.Translate(target)
	if len(res.Errors) > 0 {
		return nil, nil, nil, nil, fmt.Errorf("%v", res.Errors)
	}
	specs := make([]*abi.KernelSpec, len(res.Kernels))
	for i, k := range res.Kernels {
		mod, err := ptx.Compile(k.IR)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		specs[i] = mod.Spec(k.IR)
	}
	src, notes, err := File(res, specs, out, imported...)
	return res, imported, src, notes, err
}
