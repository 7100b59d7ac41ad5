package graph

import "fmt"

// ParseError reports malformed or inconsistent graph input. It names the file
// and either the 1-based line (text formats) or the byte offset (binary
// formats) where the problem was found.
//
// Error formats it as "file:line: msg" when Line > 0, as
// "file: byte offset N: msg" when Line is 0 and Offset >= 0, and as
// "file: msg" otherwise; the zero value therefore prints byte offset 0.
type ParseError struct {
	// File is the name of the input, as given to Read or ReadFile.
	File string
	// Line is the 1-based line number of the problem, or 0 if the position
	// is a byte offset or unknown.
	Line int
	// Offset is the byte offset of the problem when Line is 0, or -1 when
	// no position applies.
	Offset int64
	// Msg describes the problem.
	Msg string
	// Err is the underlying error, such as an I/O error, or nil.
	Err error
}

// Error returns the message in the "file:line: msg" form described on
// [ParseError].
func (e *ParseError) Error() string {
	msg := e.Msg
	if e.Err != nil {
		if msg == "" {
			msg = e.Err.Error()
		} else {
			msg += ": " + e.Err.Error()
		}
	}
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	case e.Offset >= 0:
		return fmt.Sprintf("%s: byte offset %d: %s", e.File, e.Offset, msg)
	default:
		return fmt.Sprintf("%s: %s", e.File, msg)
	}
}

// Unwrap returns the underlying error, if any.
func (e *ParseError) Unwrap() error { return e.Err }

func lineErr(file string, line int, format string, args ...any) *ParseError {
	return &ParseError{File: file, Line: line, Offset: -1, Msg: fmt.Sprintf(format, args...)}
}

func offsetErr(file string, off int64, format string, args ...any) *ParseError {
	return &ParseError{File: file, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func fileErr(file string, err error, format string, args ...any) *ParseError {
	return &ParseError{File: file, Offset: -1, Msg: fmt.Sprintf(format, args...), Err: err}
}
