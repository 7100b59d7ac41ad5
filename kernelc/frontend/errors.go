package frontend

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
)

// Error is a diagnostic at a source position.
//
// A construct found outside the translated package (in a function of another package that a
// kernel calls, or in a generic kernel type of another package that the package instantiates)
// is reported in the translated package: Pos is the call or the instantiation there, Context
// says which ("in call to lib.F", "in kernel tmpl.Frontier[user.op] instantiated here"), and Origin
// is the construct's own position.
type Error struct {
	Pos     token.Position
	Msg     string
	Context string
	Origin  token.Position
}

// Error formats the diagnostic as "file:line:col: message", or as
// "file:line:col: context (origin): message" when it has a context.
func (e Error) Error() string {
	if e.Context != "" {
		return fmt.Sprintf("%s: %s (%s): %s", e.Pos, e.Context, e.Origin, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
}

// Relative returns the diagnostic with its file names made relative to dir when the files lie
// below dir.
func (e Error) Relative(dir string) Error {
	e.Pos.Filename = relativeTo(dir, e.Pos.Filename)
	e.Origin.Filename = relativeTo(dir, e.Origin.Filename)
	return e
}

func relativeTo(dir, file string) string {
	if file == "" {
		return file
	}
	if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

// ErrorList is the diagnostics of a run, sorted by position.
type ErrorList []Error

// Error joins the diagnostics, one per line.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

func sortErrors(l []Error) []Error {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if l[i].Msg != l[j].Msg {
			return l[i].Msg < l[j].Msg
		}
		if l[i].Context != l[j].Context {
			return l[i].Context < l[j].Context
		}
		return l[i].Origin.String() < l[j].Origin.String()
	})
	// Drop exact duplicates (a construct inlined twice reports once).
	out := l[:0]
	for i, e := range l {
		if i > 0 && e == l[i-1] {
			continue
		}
		out = append(out, e)
	}
	return out
}
