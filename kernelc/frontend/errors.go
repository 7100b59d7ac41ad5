package frontend

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
)

// Error is a diagnostic at a source position.
type Error struct {
	Pos token.Position
	Msg string
}

// Error formats the diagnostic as file:line:col: message.
func (e Error) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// Relative returns the diagnostic with its file name made relative to dir when the file lies
// below dir.
func (e Error) Relative(dir string) Error {
	if rel, err := filepath.Rel(dir, e.Pos.Filename); err == nil && !strings.HasPrefix(rel, "..") {
		e.Pos.Filename = rel
	}
	return e
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
		return l[i].Msg < l[j].Msg
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
