package graph

import (
	"bytes"
	"math"
	"strconv"
)

// valueKind says what, if anything, follows the two ids on a text line.
type valueKind uint8

const (
	valNone  valueKind = iota // no third column
	valFloat                  // a floating-point weight
	valInt                    // an integer weight (Matrix Market "integer")
)

// idStyle selects how id errors are worded.
type idStyle uint8

const (
	styleEdgeList     idStyle = iota // 0-based ids with no declared count
	styleDeclared                    // 0-based ids below a declared count
	styleMatrixMarket                // 1-based row and column indices
)

// lineSpec describes the data lines of one text format.
type lineSpec struct {
	file  string
	style idStyle
	base  int64     // subtracted from each id as written
	limit int64     // ids, after base, must be below limit
	value valueKind // third column
	sym   bool      // also emit the reverse of every off-diagonal entry
}

// edgeChunk is what parsing one block of lines produces.
type edgeChunk struct {
	src, dst []int32
	w        []float64
	entries  int64 // data lines parsed
	maxID    int32 // largest id seen, or -1
}

func (c *edgeChunk) reset() {
	c.src, c.dst, c.w = c.src[:0], c.dst[:0], c.w[:0]
	c.entries, c.maxID = 0, -1
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// isDelim reports whether c may end a field.
func isDelim(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// token returns the field starting at data[i], shortened for messages.
func token(data []byte, i int) string {
	j := i
	for j < len(data) && !isDelim(data[j]) {
		j++
	}
	if j-i > 40 {
		return string(data[i:i+37]) + "..."
	}
	return string(data[i:j])
}

// skipBlanks returns the index of the first byte at or after i that is not a
// space or tab.
func skipBlanks(data []byte, i int) int {
	for i < len(data) && isBlank(data[i]) {
		i++
	}
	return i
}

// atLineEnd reports whether data[i:] starts with an end of line: the end of
// data, "\n" or "\r\n".
func atLineEnd(data []byte, i int) bool {
	return i == len(data) || data[i] == '\n' || (data[i] == '\r' && (i+1 == len(data) || data[i+1] == '\n'))
}

// scanInt parses an optionally signed decimal integer at data[i]. It returns
// the value, the index after it, and ok=false if there are no digits, the
// digits are not followed by a delimiter, or the value overflows int64.
func scanInt(data []byte, i int) (v int64, next int, ok bool) {
	neg := false
	if i < len(data) && (data[i] == '-' || data[i] == '+') {
		neg = data[i] == '-'
		i++
	}
	start := i
	var u uint64
	for i < len(data) {
		d := data[i] - '0'
		if d > 9 {
			break
		}
		u = u*10 + uint64(d)
		i++
	}
	nd := i - start
	if nd == 0 || (i < len(data) && !isDelim(data[i])) {
		return 0, i, false
	}
	if nd > 18 {
		// Slow path for long digit strings: strip leading zeros and retry.
		x, err := strconv.ParseInt(string(data[start:i]), 10, 64)
		if err != nil {
			return 0, i, false
		}
		u = uint64(x)
	}
	if neg {
		return -int64(u), i, true
	}
	return int64(u), i, true
}

var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// Outcomes of scanFloat besides success.
const (
	floatOK       = iota
	floatSyntax   // not a decimal number
	floatOverflow // a decimal number beyond the float64 range
)

// scanFloat parses a weight at data[i]: a finite decimal number, that is an
// optional sign, digits with an optional fraction (at least one digit in
// all), and an optional exponent ("e" or "E", an optional sign, digits).
// Anything else that strconv.ParseFloat would take, such as "inf", "NaN",
// hexadecimal floats or "_" digit separators, is a syntax error, and so is a
// number whose magnitude rounds beyond the largest float64 (floatOverflow);
// one that rounds to zero or a subnormal is accepted. Plain decimals with at
// most 15 significant digits take an exact fast path (a small integer divided
// by an exact power of ten is correctly rounded); the rest go through
// strconv.ParseFloat, so the value always equals ParseFloat's.
func scanFloat(data []byte, i int) (v float64, next int, status int) {
	start := i
	neg := false
	if i < len(data) && (data[i] == '-' || data[i] == '+') {
		neg = data[i] == '-'
		i++
	}
	var mant uint64
	nd, frac := 0, 0
	for i < len(data) {
		d := data[i] - '0'
		if d > 9 {
			break
		}
		mant = mant*10 + uint64(d)
		nd++
		i++
	}
	if i < len(data) && data[i] == '.' {
		i++
		for i < len(data) {
			d := data[i] - '0'
			if d > 9 {
				break
			}
			mant = mant*10 + uint64(d)
			nd++
			frac++
			i++
		}
	}
	if nd > 0 && nd <= 15 && (i == len(data) || isDelim(data[i])) {
		v = float64(mant) / pow10[frac]
		if neg {
			v = -v
		}
		return v, i, floatOK
	}
	j := start
	for j < len(data) && !isDelim(data[j]) {
		j++
	}
	if !isDecimal(data[start:j]) {
		return 0, j, floatSyntax
	}
	v, err := strconv.ParseFloat(string(data[start:j]), 64)
	if err != nil {
		// The syntax was checked, so this is ErrRange: ParseFloat reports
		// overflow only, returning ±Inf.
		return 0, j, floatOverflow
	}
	return v, j, floatOK
}

// isDecimal reports whether s is a decimal number as scanFloat accepts it:
// [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?
func isDecimal(s []byte) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}

// parseChunk parses the complete lines in data, the first of which is line
// number line of the input, appending edges to out. It skips blank lines and
// lines whose first non-blank byte is '#' or '%'. It stops at the first
// malformed line and returns an error naming it.
func parseChunk(data []byte, line int, spec *lineSpec, out *edgeChunk) *ParseError {
	var err *ParseError
	var entries int64
	out.src, out.dst, out.w, entries, out.maxID, err = parseLines(data, line, spec, out.src, out.dst, out.w, out.maxID)
	out.entries += entries
	return err
}

// parseLines is the loop of parseChunk, written with every piece of state in
// local variables so that they stay in registers.
func parseLines(data []byte, line int, spec *lineSpec, src, dst []int32, ws []float64, maxID int32) (
	_, _ []int32, _ []float64, entries int64, _ int32, err *ParseError) {
	n := len(data)
	base, limit := spec.base, spec.limit
	value, sym := spec.value, spec.sym
	i := 0
	for i < n {
		c := data[i]
		for c == ' ' || c == '\t' {
			i++
			if i == n {
				return src, dst, ws, entries, maxID, nil
			}
			c = data[i]
		}
		switch c {
		case '\n':
			i++
			line++
			continue
		case '\r':
			if atLineEnd(data, i) {
				i += 2
				line++
				continue
			}
			return src, dst, ws, entries, maxID, lineErr(spec.file, line, "unexpected carriage return")
		case '#', '%':
			j := bytes.IndexByte(data[i:], '\n')
			if j < 0 {
				return src, dst, ws, entries, maxID, nil
			}
			i += j + 1
			line++
			continue
		}

		// First id.
		a, j, ok := scanInt(data, i)
		if !ok {
			return src, dst, ws, entries, maxID, spec.badID(line, data, i)
		}
		a -= base
		if uint64(a) >= uint64(limit) {
			return src, dst, ws, entries, maxID, spec.idRange(line, a+base)
		}
		i = skipBlanks(data, j)
		if i == j || atLineEnd(data, i) {
			return src, dst, ws, entries, maxID, spec.missing(line, 1)
		}
		// Second id.
		b, j, ok := scanInt(data, i)
		if !ok {
			return src, dst, ws, entries, maxID, spec.badID(line, data, i)
		}
		b -= base
		if uint64(b) >= uint64(limit) {
			return src, dst, ws, entries, maxID, spec.idRange(line, b+base)
		}
		i = skipBlanks(data, j)
		// Optional value.
		var w float64
		if value != valNone {
			if i == j || atLineEnd(data, i) {
				return src, dst, ws, entries, maxID, spec.missing(line, 2)
			}
			status := floatOK
			if value == valFloat {
				w, j, status = scanFloat(data, i)
			} else {
				var x int64
				x, j, ok = scanInt(data, i)
				w = float64(x)
				if !ok {
					status = floatSyntax
				}
			}
			if status != floatOK {
				return src, dst, ws, entries, maxID, spec.badValue(line, data, i, status)
			}
			i = skipBlanks(data, j)
		}
		if !atLineEnd(data, i) {
			return src, dst, ws, entries, maxID, spec.extra(line, data, i)
		}
		if i < n && data[i] == '\r' {
			i++
		}
		if i < n {
			i++ // '\n'
		}
		line++

		u, v := int32(a), int32(b)
		maxID = max(maxID, u, v)
		src = append(src, u)
		dst = append(dst, v)
		if value != valNone {
			ws = append(ws, w)
		}
		if sym && u != v {
			src = append(src, v)
			dst = append(dst, u)
			if value != valNone {
				ws = append(ws, w)
			}
		}
		entries++
	}
	return src, dst, ws, entries, maxID, nil
}

// lineOfEntry returns the line number of the k-th (0-based) data line of
// data, whose first line is line, or -1 if data has fewer data lines.
func lineOfEntry(data []byte, line int, k int64) int {
	for len(data) > 0 {
		end := bytes.IndexByte(data, '\n')
		var ln []byte
		if end < 0 {
			ln, data = data, nil
		} else {
			ln, data = data[:end], data[end+1:]
		}
		ln = bytes.TrimLeft(ln, " \t")
		if len(ln) > 0 && ln[0] != '#' && ln[0] != '%' && ln[0] != '\r' {
			if k == 0 {
				return line
			}
			k--
		}
		line++
	}
	return -1
}

func (s *lineSpec) badID(line int, data []byte, i int) *ParseError {
	if s.style == styleMatrixMarket {
		return lineErr(s.file, line, "invalid index %q", token(data, i))
	}
	return lineErr(s.file, line, "invalid vertex id %q", token(data, i))
}

func (s *lineSpec) idRange(line int, raw int64) *ParseError {
	switch s.style {
	case styleMatrixMarket:
		return lineErr(s.file, line, "index %d out of range [1, %d]", raw, s.limit)
	case styleDeclared:
		return lineErr(s.file, line, "vertex id %d out of range [0, %d)", raw, s.limit)
	}
	if raw < 0 {
		return lineErr(s.file, line, "negative vertex id %d", raw)
	}
	return lineErr(s.file, line, "vertex id %d too large (largest allowed is %d)", raw, s.limit-1)
}

func (s *lineSpec) missing(line, have int) *ParseError {
	switch {
	case have == 1 && s.style == styleMatrixMarket:
		return lineErr(s.file, line, "missing column index")
	case have == 1:
		return lineErr(s.file, line, "missing destination vertex id")
	case s.style == styleMatrixMarket:
		return lineErr(s.file, line, "missing value")
	}
	return lineErr(s.file, line, "missing weight")
}

func (s *lineSpec) badValue(line int, data []byte, i, status int) *ParseError {
	what := "weight"
	if s.style == styleMatrixMarket {
		what = "value"
	}
	switch {
	case s.value == valInt:
		return lineErr(s.file, line, "invalid integer value %q", token(data, i))
	case status == floatOverflow:
		return lineErr(s.file, line, "%s %q is out of range: weights must be finite, at most %g in magnitude", what, token(data, i), math.MaxFloat64)
	}
	return lineErr(s.file, line, "invalid %s %q: want a finite decimal number such as 3, -0.25 or 1.5e-3", what, token(data, i))
}

func (s *lineSpec) extra(line int, data []byte, i int) *ParseError {
	tok := token(data, i)
	switch {
	case tok == "":
		return lineErr(s.file, line, "unexpected character %q", data[i])
	case s.style == styleMatrixMarket && s.value == valNone:
		return lineErr(s.file, line, "unexpected extra field %q (pattern matrices have no values)", tok)
	case s.style == styleMatrixMarket:
		return lineErr(s.file, line, "unexpected extra field %q", tok)
	case s.value == valNone:
		return lineErr(s.file, line, "unexpected extra field %q (weighted edge lists use the .wel format)", tok)
	}
	return lineErr(s.file, line, "unexpected extra field %q", tok)
}
