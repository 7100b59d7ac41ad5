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

// want is an expected diagnostic read from a "// want COL "message"" comment; a comment may
// hold several.
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
			for _, m := range wantRE.FindAllStringSubmatch(c.Text, -1) {
				col, _ := strconv.Atoi(m[1])
				msg, err := strconv.Unquote(m[2])
				if err != nil {
					t.Fatalf("%s: bad want comment %s", fset.Position(c.Pos()), c.Text)
				}
				out = append(out, want{file: filepath.Base(f), line: fset.Position(c.Pos()).Line, col: col, msg: msg})
			}
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

// diagText is the part of a diagnostic that want comments match: the message, preceded for a
// construct found in another package by its context and origin, with the origin's file name
// reduced to its base name.
func diagText(e Error) string {
	if e.Context == "" {
		return e.Msg
	}
	o := e.Origin
	return fmt.Sprintf("%s (%s:%d:%d): %s", e.Context, filepath.Base(o.Filename), o.Line, o.Column, e.Msg)
}

// TestDiagnostics checks that every construct outside the kernel subset is reported at its
// file:line:col with the documented message, all in one run, and nothing else is reported.
// The xpkg corpus reports constructs of other packages at the calls and instantiations in the
// loaded package.
func TestDiagnostics(t *testing.T) {
	tests := []struct {
		name     string
		dir      string
		minWants int
	}{
		{"diag", filepath.Join("testdata", "diag"), 60},
		{"xpkg", filepath.Join("testdata", "xpkg", "baduser"), 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkCorpus(t, tc.dir, tc.minWants)
		})
	}
}

// checkCorpus loads the package in dir and compares its diagnostics with its want comments.
func checkCorpus(t *testing.T, dir string, minWants int) {
	res, err := Load(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	wants := readWants(t, dir)
	if len(wants) < minWants {
		t.Fatalf("only %d want comments found, want at least %d", len(wants), minWants)
	}
	got := map[string][]Error{}
	for _, e := range res.Errors {
		key := fmt.Sprintf("%s:%d", filepath.Base(e.Pos.Filename), e.Pos.Line)
		got[key] = append(got[key], e)
	}
	matched := map[*Error]bool{}
	for _, w := range wants {
		line := got[fmt.Sprintf("%s:%d", w.file, w.line)]
		t.Run(fmt.Sprintf("%s:%d:%d", w.file, w.line, w.col), func(t *testing.T) {
			for i := range line {
				if e := &line[i]; e.Pos.Column == w.col && strings.Contains(diagText(*e), w.msg) {
					matched[e] = true
					return
				}
			}
			t.Errorf("no diagnostic %q at column %d; got %v", w.msg, w.col, line)
		})
	}
	for key, es := range got {
		for i := range es {
			if !matched[&es[i]] {
				t.Errorf("unexpected diagnostic at %s: %s", key, es[i].Error())
			}
		}
	}
	// Every message has the documented shape, and none lies outside the package.
	for _, e := range res.Errors {
		if !strings.Contains(e.Msg, " is not supported in kernels; ") && !strings.Contains(e.Msg, " are not supported in kernels; ") && !strings.HasPrefix(e.Msg, "kernel ") {
			t.Errorf("message without the standard form: %s", e.Error())
		}
		if filepath.Dir(e.Pos.Filename) != filepath.Dir(res.Package.GoFiles[0]) {
			t.Errorf("diagnostic outside the package: %s", e.Error())
		}
		if (e.Context == "") != (e.Origin.Filename == "") {
			t.Errorf("diagnostic with a context but no origin, or the reverse: %s", e.Error())
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
