package frontend

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// want is an expected diagnostic read from a "// want COL "message"" comment.
type want struct {
	file string
	line int
	col  int
	msg  string
}

var wantRE = regexp.MustCompile(`want (\d+) ("(?:[^"\\]|\\.)*")`)

func readWants(t *testing.T, dir string) []want {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []want
	fset := token.NewFileSet()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := parser.ParseFile(fset, f, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range commentsOf(af) {
			m := wantRE.FindStringSubmatch(c.Text)
			if m == nil {
				continue
			}
			col, _ := strconv.Atoi(m[1])
			msg, err := strconv.Unquote(m[2])
			if err != nil {
				t.Fatalf("%s: bad want comment %s", fset.Position(c.Pos()), c.Text)
			}
			out = append(out, want{file: filepath.Base(f), line: fset.Position(c.Pos()).Line, col: col, msg: msg})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].file != out[j].file {
			return out[i].file < out[j].file
		}
		return out[i].line < out[j].line
	})
	return out
}

// TestDiagnostics checks that every construct outside the kernel subset is reported at its
// file:line:col with the documented message, all in one run, and nothing else is reported.
func TestDiagnostics(t *testing.T) {
	dir := filepath.Join("testdata", "diag")
	res, err := Load(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	wants := readWants(t, dir)
	if len(wants) < 40 {
		t.Fatalf("only %d want comments found", len(wants))
	}
	got := map[string][]Error{}
	for _, e := range res.Errors {
		key := fmt.Sprintf("%s:%d", filepath.Base(e.Pos.Filename), e.Pos.Line)
		got[key] = append(got[key], e)
	}
	matched := map[*Error]bool{}
	for _, w := range wants {
		key := fmt.Sprintf("%s:%d", w.file, w.line)
		t.Run(key, func(t *testing.T) {
			for i := range got[key] {
				e := &got[key][i]
				if e.Pos.Column == w.col && strings.Contains(e.Msg, w.msg) {
					matched[e] = true
					return
				}
			}
			t.Errorf("no diagnostic %q at column %d; got %v", w.msg, w.col, got[key])
		})
	}
	for key, es := range got {
		for i := range es {
			if !matched[&es[i]] {
				t.Errorf("unexpected diagnostic at %s: %s", key, es[i].Error())
			}
		}
	}
	// Every message has the documented shape.
	for _, e := range res.Errors {
		if !strings.Contains(e.Msg, " is not supported in kernels; ") && !strings.HasPrefix(e.Msg, "kernel ") {
			t.Errorf("message without the standard form: %s", e.Error())
		}
	}
	// Errors are sorted by position.
	for i := 1; i < len(res.Errors); i++ {
		a, b := res.Errors[i-1].Pos, res.Errors[i].Pos
		if a.Filename > b.Filename || (a.Filename == b.Filename && (a.Line > b.Line || (a.Line == b.Line && a.Column > b.Column))) {
			t.Errorf("errors out of order: %v before %v", a, b)
		}
	}
	if len(res.Kernels) != 0 {
		t.Errorf("%d kernels translated despite errors", len(res.Kernels))
	}
}

func commentsOf(f *ast.File) []*ast.Comment {
	var out []*ast.Comment
	for _, g := range f.Comments {
		out = append(out, g.List...)
	}
	return out
}
