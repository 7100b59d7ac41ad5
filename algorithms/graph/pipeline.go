package graph

import (
	"bytes"
	"io"
	"runtime"
)

// textBlockSize is the size of the blocks that text input is cut into, at
// line boundaries, for parallel parsing.
var textBlockSize = 4 << 20

// textBlock is one block of complete lines and what parsing it produced.
type textBlock struct {
	buf  []byte
	data []byte
	line int
	out  edgeChunk
	err  *ParseError
	done chan struct{}
}

// chunkSink receives the parsed blocks of an input in order. data and line
// are the block's text and first line number, for error reporting.
type chunkSink func(c *edgeChunk, data []byte, line int) *ParseError

// fill reads from r until p is full or the input ends; it returns io.EOF only
// when the input ended.
func fill(r io.Reader, p []byte) (int, error) {
	n, empty := 0, 0
	for n < len(p) {
		k, err := r.Read(p[n:])
		n += k
		if err != nil {
			return n, err
		}
		if k == 0 {
			if empty++; empty > 100 {
				return n, io.ErrNoProgress
			}
		}
	}
	return n, nil
}

// parseText parses everything left in r as data lines described by spec,
// numbering lines from firstLine. Blocks are parsed concurrently on up to
// GOMAXPROCS goroutines while the caller's goroutine reads ahead, and sink
// sees the results in input order. The first error in input order is
// returned; goroutines still parsing later blocks finish on their own.
func parseText(r io.Reader, firstLine int, spec *lineSpec, prog *progress, sink chunkSink) error {
	p := runtime.GOMAXPROCS(0)
	maxPending := 2 * p
	var free, pending []*textBlock
	var carry []byte
	line := firstLine
	var edges int64

	finish := func(b *textBlock) error {
		if b.done != nil {
			<-b.done
		}
		// The sink sees the lines before a bad one too, so that a count
		// check failing earlier in the block wins over the parse error.
		if err := sink(&b.out, b.data, b.line); err != nil {
			return err
		}
		if b.err != nil {
			return b.err
		}
		edges += int64(len(b.out.src))
		free = append(free, b)
		prog.tick(edges)
		return nil
	}

	for eof := false; !eof; {
		var b *textBlock
		if k := len(free); k > 0 {
			b, free = free[k-1], free[:k-1]
		} else {
			b = &textBlock{}
		}
		need := max(textBlockSize, 2*len(carry))
		if cap(b.buf) < need {
			b.buf = make([]byte, need)
		}
		buf := b.buf[:cap(b.buf)]
		k := copy(buf, carry)
		nr, err := fill(r, buf[k:])
		if err == io.EOF {
			eof = true
		} else if err != nil {
			return &ParseError{File: spec.file, Line: line, Offset: -1, Msg: "read failed", Err: err}
		}
		data := buf[:k+nr]
		if eof {
			carry = carry[:0]
		} else {
			cut := bytes.LastIndexByte(data, '\n')
			if cut < 0 {
				// A line longer than the block: keep it and read more.
				carry = append(carry[:0], data...)
				free = append(free, b)
				continue
			}
			carry = append(carry[:0], data[cut+1:]...)
			data = data[:cut+1]
		}
		if len(data) == 0 {
			free = append(free, b)
			continue
		}
		b.data, b.line, b.err, b.done = data, line, nil, nil
		b.out.reset()
		line += bytes.Count(data, []byte{'\n'})
		if p == 1 || (eof && len(pending) == 0) {
			b.err = parseChunk(b.data, b.line, spec, &b.out)
			if err := finish(b); err != nil {
				return err
			}
			continue
		}
		b.done = make(chan struct{})
		go func(b *textBlock) {
			b.err = parseChunk(b.data, b.line, spec, &b.out)
			close(b.done)
		}(b)
		pending = append(pending, b)
		for len(pending) >= maxPending {
			if err := finish(pending[0]); err != nil {
				return err
			}
			pending = pending[1:]
		}
	}
	for _, b := range pending {
		if err := finish(b); err != nil {
			return err
		}
	}
	return nil
}
