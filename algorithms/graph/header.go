package graph

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// lineReader reads the header lines of a text file one at a time, counting
// them, before the bulk of the file goes to parseText.
type lineReader struct {
	br       *bufio.Reader
	name     string
	line     int   // number of lines consumed so far
	consumed int64 // number of bytes consumed so far
}

// next returns the next line without its line terminator and its number. At
// the end of the input it returns io.EOF; other errors are *ParseError.
func (lr *lineReader) next() ([]byte, int, error) {
	b, err := lr.br.ReadBytes('\n')
	if err != nil && !(errors.Is(err, io.EOF) && len(b) > 0) {
		if errors.Is(err, io.EOF) {
			return nil, lr.line + 1, io.EOF
		}
		return nil, lr.line + 1, &ParseError{File: lr.name, Line: lr.line + 1, Offset: -1, Msg: "read failed", Err: err}
	}
	lr.line++
	lr.consumed += int64(len(b))
	b = bytes.TrimSuffix(b, []byte{'\n'})
	b = bytes.TrimSuffix(b, []byte{'\r'})
	return b, lr.line, nil
}

// nextData returns the next line that is neither blank nor a comment (first
// non-blank byte '#' or '%').
func (lr *lineReader) nextData() ([]byte, int, error) {
	for {
		b, ln, err := lr.next()
		if err != nil {
			return nil, ln, err
		}
		t := bytes.TrimLeft(b, " \t")
		if len(t) == 0 || t[0] == '#' || t[0] == '%' {
			continue
		}
		return b, ln, nil
	}
}

// headerInts parses a line holding exactly k non-negative integers
// separated by blanks.
func headerInts(b []byte, k int) ([]int64, bool) {
	vals := make([]int64, 0, k)
	i := skipBlanks(b, 0)
	for i < len(b) {
		if len(vals) == k || b[i] == '-' {
			return nil, false
		}
		v, j, ok := scanInt(b, i)
		if !ok {
			return nil, false
		}
		vals = append(vals, v)
		i = skipBlanks(b, j)
		if i == j && i < len(b) {
			return nil, false
		}
	}
	return vals, len(vals) == k
}

// countFields returns the number of blank-separated fields in b.
func countFields(b []byte) int {
	n := 0
	for i := skipBlanks(b, 0); i < len(b); i = skipBlanks(b, i) {
		n++
		for i < len(b) && !isBlank(b[i]) {
			i++
		}
	}
	return n
}
