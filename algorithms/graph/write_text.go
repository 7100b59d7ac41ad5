package graph

import (
	"bufio"
	"errors"
	"io"
	"strconv"
)

// writeText writes g, which must be well formed, in one of the text formats.
// Edges go out in CSR order. Weights are written in the shortest form that
// reads back to the same float64. FormatEL and FormatMS drop weights;
// FormatWEL needs them.
func writeText(w io.Writer, g *CSR, f Format) error {
	weighted := g.Weights != nil
	base := int64(0)
	bw := bufio.NewWriterSize(w, 1<<20)
	var buf []byte
	switch f {
	case FormatMS:
		buf = strconv.AppendInt(buf, int64(g.N), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, g.NumEdges(), 10)
		buf = append(buf, '\n')
		weighted = false
	case FormatEL:
		weighted = false
	case FormatWEL:
		if !weighted {
			return errors.New("graph: the wel format needs a weighted graph")
		}
	case FormatMTX:
		base = 1
		field := "pattern"
		if weighted {
			field = "real"
		}
		buf = append(buf, "%%MatrixMarket matrix coordinate "+field+" general\n"...)
		buf = strconv.AppendInt(buf, int64(g.N), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(g.N), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, g.NumEdges(), 10)
		buf = append(buf, '\n')
	}
	for v := 0; v < g.N; v++ {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			buf = strconv.AppendInt(buf, int64(v)+base, 10)
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(g.Adj[e])+base, 10)
			if weighted {
				buf = append(buf, ' ')
				buf = strconv.AppendFloat(buf, g.Weights[e], 'g', -1, 64)
			}
			buf = append(buf, '\n')
			if len(buf) >= 60<<10 {
				if _, err := bw.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
	}
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	return bw.Flush()
}
