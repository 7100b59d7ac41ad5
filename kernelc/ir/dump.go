package ir

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gokkos/gokkos/execspace/abi"
)

// Dump writes a deterministic textual form of k to w. README.md describes the format.
func Dump(w io.Writer, k *Kernel) error {
	var b strings.Builder
	d := &dumper{b: &b}
	fmt.Fprintf(&b, "kernel %s %s at %s\n", k.Name, k.Form, k.Pos)
	for _, p := range k.Params {
		if p.View != nil {
			fmt.Fprintf(&b, "param %s %s[%s]", p.Name, p.Kind, TypeOf(p.Elem))
			if p.Written {
				b.WriteString(" written")
			}
			fmt.Fprintf(&b, " = v%d%s\n", p.View.ID, d.locals(p.View.Locals()))
		} else if p.Local != nil {
			fmt.Fprintf(&b, "param %s %s = %s\n", p.Name, TypeOf(p.Kind), d.local(p.Local))
		}
	}
	if k.Index != nil {
		fmt.Fprintf(&b, "index %s\n", d.local(k.Index))
	}
	if len(k.Acc) > 0 {
		fmt.Fprintf(&b, "acc %s%s\n", valueString(k.Value), d.locals(k.Acc))
	}
	if k.Final != nil {
		fmt.Fprintf(&b, "final %s\n", d.local(k.Final))
	}
	if len(k.ReduceOps) > 0 {
		b.WriteString("ops")
		for _, op := range k.ReduceOps {
			b.WriteString(" " + op.String())
		}
		b.WriteString("\n")
	}
	for _, v := range k.Views {
		fmt.Fprintf(&b, "view v%d %s rank%d %s %s%s\n", v.ID, v.Name, v.Rank, v.Elem, v.Space, d.locals(v.Locals()))
	}
	b.WriteString("body {\n")
	d.block(k.Body, 1)
	b.WriteString("}\n")
	for _, f := range []struct {
		name string
		fn   *Func
	}{{"init", k.Init}, {"join", k.Join}} {
		if f.fn == nil {
			continue
		}
		fmt.Fprintf(&b, "%s dst%s", f.name, d.locals(f.fn.Dst))
		if f.fn.Src != nil {
			fmt.Fprintf(&b, " src%s", d.locals(f.fn.Src))
		}
		b.WriteString(" {\n")
		d.block(f.fn.Body, 1)
		b.WriteString("}\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String returns Dump's text for k.
func (k *Kernel) String() string {
	var b strings.Builder
	_ = Dump(&b, k)
	return b.String()
}

func valueString(v abi.Value) string {
	if v.Loc {
		return "valloc[" + TypeOf(v.Kind).String() + "]"
	}
	return TypeOf(v.Kind).String()
}

type dumper struct{ b *strings.Builder }

func (d *dumper) local(l *Local) string {
	if l == nil {
		return "_"
	}
	if l.Name == "" {
		return fmt.Sprintf("%%%d", l.ID)
	}
	return fmt.Sprintf("%%%s.%d", l.Name, l.ID)
}

func (d *dumper) locals(ls []*Local) string {
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = d.local(l) + ":" + l.T.String()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (d *dumper) line(depth int, format string, args ...any) {
	d.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(d.b, format, args...)
	d.b.WriteString("\n")
}

func (d *dumper) index(v *View, idx []Expr) string {
	parts := make([]string, len(idx))
	for i, e := range idx {
		parts[i] = d.expr(e)
	}
	return fmt.Sprintf("v%d[%s]", v.ID, strings.Join(parts, ", "))
}

func (d *dumper) block(b Block, depth int) {
	for _, s := range b {
		d.stmt(s, depth)
	}
}

func (d *dumper) stmt(s Stmt, n int) {
	switch s := s.(type) {
	case *Assign:
		d.line(n, "%s = %s", d.local(s.Dst), d.expr(s.Src))
	case *Load:
		ro := ""
		if s.ReadOnly {
			ro = " ro"
		}
		d.line(n, "%s = load %s%s", d.local(s.Dst), d.index(s.View, s.Index), ro)
	case *Store:
		d.line(n, "store %s = %s", d.index(s.View, s.Index), d.expr(s.Val))
	case *Prefetch:
		d.line(n, "prefetch %s", d.index(s.View, s.Index))
	case *Atomic:
		args := ""
		if s.Cmp != nil {
			args += " " + d.expr(s.Cmp)
		}
		if s.Val != nil {
			args += " " + d.expr(s.Val)
		}
		d.line(n, "%s = atomic.%s %s%s", d.local(s.Dst), s.Op, d.index(s.View, s.Index), args)
	case *ViewCopy:
		d.line(n, "v%d = v%d", s.Dst.ID, s.Src.ID)
	case *SubView:
		args := make([]string, len(s.Args))
		for i, a := range s.Args {
			args[i] = d.expr(a)
		}
		d.line(n, "v%d = %s v%d(%s)", s.Dst.ID, s.Kind, s.Src.ID, strings.Join(args, ", "))
	case *If:
		d.line(n, "if %s {", d.expr(s.Cond))
		d.block(s.Then, n+1)
		if len(s.Else) > 0 {
			d.line(n, "} else {")
			d.block(s.Else, n+1)
		}
		d.line(n, "}")
	case *Loop:
		d.line(n, "loop {")
		d.block(s.Body, n+1)
		if len(s.Post) > 0 {
			d.line(n, "} post {")
			d.block(s.Post, n+1)
		}
		d.line(n, "}")
	case *Break:
		d.line(n, "break %d", s.Depth)
	case *Continue:
		d.line(n, "continue %d", s.Depth)
	case *Return:
		d.line(n, "return")
	case *TeamLoop:
		d.line(n, "range.%s %s in [%s, %s) {", s.Kind, d.local(s.Var), d.expr(s.Begin), d.expr(s.End))
		d.block(s.Body, n+1)
		d.line(n, "}")
	case *RangeReduce:
		d.line(n, "%s = reduce.%s.%s %s in [%s, %s) acc %s {", d.local(s.Dst), s.Kind, s.Op, d.local(s.Var), d.expr(s.Begin), d.expr(s.End), d.local(s.Acc))
		d.block(s.Body, n+1)
		d.line(n, "}")
	case *RangeScan:
		d.line(n, "%s = scan.%s %s in [%s, %s) acc %s final %s {", d.local(s.Dst), s.Kind, d.local(s.Var), d.expr(s.Begin), d.expr(s.End), d.local(s.Acc), d.local(s.Final))
		d.block(s.Body, n+1)
		d.line(n, "}")
	case *TeamReduce:
		d.line(n, "%s = team.reduce.%s %s", d.local(s.Dst), s.Op, d.expr(s.Val))
	case *TeamScan:
		d.line(n, "%s, %s = team.scan %s", d.local(s.Prefix), d.local(s.Total), d.expr(s.Val))
	case *Broadcast:
		d.line(n, "%s = team.broadcast %s from %s", d.local(s.Dst), d.expr(s.Val), d.expr(s.From))
	case *Barrier:
		d.line(n, "team.barrier")
	case *LeagueBarrier:
		d.line(n, "league.barrier")
	case *Single:
		d.line(n, "team.single {")
		d.block(s.Body, n+1)
		d.line(n, "}")
	case *ScratchAlloc:
		kind := "team"
		if s.PerThread {
			kind = "thread"
		}
		d.line(n, "v%d = scratch.%s level %d count %s", s.Dst.ID, kind, s.Level, d.expr(s.Count))
	default:
		d.line(n, "<unknown statement %T>", s)
	}
}

func (d *dumper) expr(e Expr) string {
	switch e := e.(type) {
	case nil:
		return "<nil>"
	case *Local:
		return d.local(e)
	case *Const:
		return constString(e)
	case *Unary:
		return e.Op.String() + d.expr(e.X)
	case *Binary:
		return "(" + d.expr(e.X) + " " + e.Op.String() + " " + d.expr(e.Y) + ")"
	case *Convert:
		return e.To.String() + "(" + d.expr(e.X) + ")"
	case *Select:
		return "select(" + d.expr(e.Cond) + ", " + d.expr(e.X) + ", " + d.expr(e.Y) + ")"
	case *Special:
		return "@" + e.Kind.String()
	case *Call:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = d.expr(a)
		}
		return e.Fn.String() + "(" + strings.Join(args, ", ") + "):" + e.T.String()
	}
	return fmt.Sprintf("<unknown expression %T>", e)
}

func constString(c *Const) string {
	switch {
	case c.T == Bool:
		return strconv.FormatBool(c.Bits != 0)
	case c.T.IsFloat():
		f := c.Float()
		var s string
		switch {
		case math.IsNaN(f):
			s = fmt.Sprintf("nan(%#x)", c.Bits)
		case c.T == F32:
			s = strconv.FormatFloat(f, 'g', -1, 32)
		default:
			s = strconv.FormatFloat(f, 'g', -1, 64)
		}
		return s + ":" + c.T.String()
	case c.T.IsUnsigned():
		return strconv.FormatUint(Normalize(c.T, c.Bits, false), 10) + ":" + c.T.String()
	}
	return strconv.FormatInt(c.Int(), 10) + ":" + c.T.String()
}
