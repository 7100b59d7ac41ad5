package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Program is a module loaded on a device.
type Program struct {
	d            *Device
	m            *Module
	globalAddr   map[string]uint64
	sharedAddr   map[string]uint64
	staticShared int
	dynSym       string
	// Limit bounds the instructions one thread may execute per launch (0: 1e8).
	Limit    int64
	cache    runCache
	executed int64
}

// runCache holds a launch's threads, registers and shared memory for the next launch.
type runCache struct {
	ths     []thread
	roots   []frame
	threads []*thread
	regs    []uint64
	shared  []byte
}

// Load places the module's global variables in d's memory.
func Load(d *Device, m *Module) *Program {
	p := &Program{d: d, m: m, globalAddr: map[string]uint64{}, sharedAddr: map[string]uint64{}}
	off := sharedStart
	for _, g := range m.globals {
		switch {
		case g.space == "global":
			a := d.Alloc(g.size)
			if len(g.init) > 0 {
				d.Write(a, g.init)
			}
			p.globalAddr[g.name] = a
		case g.extern:
			p.dynSym = g.name
		default:
			off = (off + 15) &^ 15
			p.sharedAddr[g.name] = uint64(off)
			off += g.size
		}
	}
	p.staticShared = (off + 15) &^ 15
	if p.dynSym != "" {
		p.sharedAddr[p.dynSym] = uint64(p.staticShared)
	}
	return p
}

// HasEntry reports whether the module has a kernel entry (.entry) called name.
func (p *Program) HasEntry(name string) bool {
	f := p.m.funcs[name]
	return f != nil && f.entry
}

// StaticShared returns the bytes of shared memory every block of the module's entries uses
// before its dynamic shared memory: the module's .shared variables, 16-byte aligned.
func (p *Program) StaticShared() int { return p.staticShared }

// Launch describes one kernel launch.
type Launch struct {
	Entry string
	Grid  int
	// Block is (x, y): blockDim.x (the vector length of team forms) and blockDim.y.
	Block [2]int
	// Shared is the dynamic shared memory per block in bytes.
	Shared int
	Params []uint64
}

// Run executes the launch, block after block. A Program runs one launch at a time: Run is not
// safe for concurrent use (nor is the Device, which launches write).
func (p *Program) Run(l Launch) error {
	f := p.m.funcs[l.Entry]
	if f == nil || !f.entry {
		return fmt.Errorf("sim: no entry %s", l.Entry)
	}
	if len(l.Params) < len(f.params) {
		return fmt.Errorf("sim: entry %s takes %d parameters, launch passes %d", l.Entry, len(f.params), len(l.Params))
	}
	if l.Block[1] == 0 {
		l.Block[1] = 1
	}
	// One block's threads, reused by every block of the launch and kept for the next launch.
	n := l.Block[0] * l.Block[1]
	c := &p.cache
	if cap(c.threads) < n {
		c.ths, c.roots, c.threads = make([]thread, n), make([]frame, n), make([]*thread, n)
	}
	if cap(c.regs) < n*f.nregs {
		c.regs = make([]uint64, n*f.nregs)
	}
	if cap(c.shared) < p.staticShared+l.Shared+8 {
		c.shared = make([]byte, p.staticShared+l.Shared+8)
	}
	ths, roots, regs := c.ths[:n], c.roots[:n], c.regs[:n*f.nregs]
	blk := &block{p: p, nctaid: l.Grid, ntid: l.Block, params: l.Params[:len(f.params)],
		shared: c.shared[:p.staticShared+l.Shared+8], threads: c.threads[:n]}
	clear(blk.shared)
	clear(regs)
	for t := range ths {
		th := &ths[t]
		*th = thread{b: blk, flat: t, tid: [2]int{t % l.Block[0], t / l.Block[0]}}
		roots[t] = frame{fn: f, regs: regs[t*f.nregs : (t+1)*f.nregs : (t+1)*f.nregs]}
		blk.threads[t] = th
	}
	for b := 0; b < l.Grid; b++ {
		blk.ctaid = b
		if b > 0 {
			clear(blk.shared)
			clear(regs)
		}
		for t, th := range blk.threads {
			roots[t].pc, roots[t].ret = 0, nil
			th.frames = append(th.frames[:0], &roots[t])
			th.state, th.steps = running, 0
		}
		err := blk.run()
		for _, th := range blk.threads {
			p.executed += th.steps
		}
		if err != nil {
			return fmt.Errorf("sim: %s block %d: %w", l.Entry, b, err)
		}
	}
	return nil
}

// Executed returns the number of instructions the threads of p's launches have executed (those
// skipped by a false guard included).
func (p *Program) Executed() int64 { return p.executed }

type block struct {
	p       *Program
	ctaid   int
	nctaid  int
	ntid    [2]int
	shared  []byte
	threads []*thread
	params  []uint64 // the entry's parameters, in order
}

const (
	running = iota
	atBar
	atShfl
	exited
)

type thread struct {
	b      *block
	tid    [2]int
	flat   int
	frames []*frame
	state  int
	steps  int64
	// A pending shuffle.
	shIn   *inst
	shVal  uint64
	shB    uint64
	shC    uint64
	shMask uint32
}

type frame struct {
	fn   *function
	regs []uint64
	pc   int
	ret  []int // registers of the caller that receive the results
}

func (b *block) run() error {
	for {
		progress := false
		for _, th := range b.threads {
			if th.state == running {
				if err := th.run(); err != nil {
					return fmt.Errorf("thread (%d, %d): %w", th.tid[0], th.tid[1], err)
				}
				progress = true
			}
		}
		if b.resolveShuffles() {
			progress = true
		}
		live, atb := 0, 0
		for _, th := range b.threads {
			if th.state != exited {
				live++
			}
			if th.state == atBar {
				atb++
			}
		}
		if live == 0 {
			return nil
		}
		if atb == live {
			for _, th := range b.threads {
				th.state = running
			}
			progress = true
		}
		if !progress {
			var waits []string
			for _, th := range b.threads {
				if th.state == atBar || th.state == atShfl {
					fr := th.frames[len(th.frames)-1]
					waits = append(waits, fmt.Sprintf("(%d,%d) at %q", th.tid[0], th.tid[1], fr.fn.code[fr.pc-1].text))
				}
			}
			if len(waits) > 6 {
				waits = waits[:6]
			}
			return fmt.Errorf("deadlock: %d live threads, %d at a barrier; waiting: %s", live, atb, strings.Join(waits, "; "))
		}
	}
}

// resolveShuffles completes every shuffle whose member lanes are all waiting.
func (b *block) resolveShuffles() bool {
	done := false
	nw := (len(b.threads) + 31) / 32
	for w := 0; w < nw; w++ {
		lanes := b.threads[w*32 : min(len(b.threads), w*32+32)]
		for _, th := range lanes {
			if th.state != atShfl {
				continue
			}
			mask := th.shMask
			ready := true
			for l := 0; l < 32; l++ {
				if mask&(1<<l) == 0 {
					continue
				}
				if l >= len(lanes) || lanes[l].state != atShfl || lanes[l].shMask != mask || lanes[l].shIn.text != th.shIn.text {
					ready = false
					break
				}
			}
			if !ready {
				continue
			}
			type res struct {
				v uint64
				p bool
			}
			out := make([]res, 32)
			for l := 0; l < 32; l++ {
				if mask&(1<<l) == 0 {
					continue
				}
				t := lanes[l]
				mode := t.shIn.mods[1]
				c := uint32(t.shC)
				bv := uint32(t.shB) & 31 // the hardware reads b[4:0]
				segmask := (c >> 8) & 31
				maxLane := (uint32(l) & segmask) | (c & 31 &^ segmask)
				minLane := uint32(l) & segmask
				var j int
				var pv bool
				switch mode {
				case "up":
					j = l - int(bv)
					pv = j >= int(maxLane)
				case "down":
					j = l + int(bv)
					pv = j <= int(maxLane)
				case "bfly":
					j = l ^ int(bv)
					pv = j <= int(maxLane)
				case "idx":
					j = int(minLane | (bv & 31 &^ segmask))
					pv = j <= int(maxLane)
				}
				if !pv {
					j = l
				}
				if j < 0 || j > 31 || mask&(1<<j) == 0 || j >= len(lanes) {
					out[l] = res{0xDEADBEEF, pv}
					if pv {
						// Reading a lane outside the mask is undefined on the device.
						out[l].v = 0xBAD0BAD0
					}
					continue
				}
				out[l] = res{lanes[j].shVal, pv}
			}
			for l := 0; l < 32; l++ {
				if mask&(1<<l) == 0 {
					continue
				}
				t := lanes[l]
				fr := t.frames[len(t.frames)-1]
				d := t.shIn.args[0]
				fr.regs[d.reg] = out[l].v & 0xffffffff
				if d.pred >= 0 {
					fr.regs[d.pred] = b2u(out[l].p)
				}
				t.state = running
			}
			done = true
		}
	}
	return done
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// run executes instructions until the thread blocks or exits.
func (th *thread) run() error {
	limit := th.b.p.Limit
	if limit == 0 {
		limit = 1e8
	}
	for th.state == running {
		fr := th.frames[len(th.frames)-1]
		if fr.pc >= len(fr.fn.code) {
			return fmt.Errorf("%s: fell off the end", fr.fn.name)
		}
		in := &fr.fn.code[fr.pc]
		fr.pc++
		th.steps++
		if th.steps > limit {
			return fmt.Errorf("instruction limit exceeded at %q", in.text)
		}
		if in.guard >= 0 {
			g := fr.regs[in.guard] != 0
			if g == in.guardNeg {
				continue
			}
		}
		if err := th.exec(fr, in); err != nil {
			return fmt.Errorf("%s line %d %q: %w", fr.fn.name, in.line, in.text, err)
		}
	}
	return nil
}

// typeInfo describes a PTX type suffix.
type typeInfo struct {
	width  int
	signed bool
	float  bool
	pred   bool
}

func tinfo(s string) (typeInfo, bool) {
	if s == "pred" {
		return typeInfo{width: 1, pred: true}, true
	}
	if len(s) < 2 {
		return typeInfo{}, false
	}
	w, err := strconv.Atoi(s[1:])
	if err != nil {
		return typeInfo{}, false
	}
	switch s[0] {
	case 's':
		return typeInfo{width: w, signed: true}, true
	case 'u', 'b':
		return typeInfo{width: w}, true
	case 'f':
		return typeInfo{width: w, float: true}, true
	}
	return typeInfo{}, false
}

// lastType returns the type of the instruction (its last type modifier).
func lastType(mods []string) typeInfo {
	for i := len(mods) - 1; i >= 0; i-- {
		if t, ok := tinfo(mods[i]); ok {
			return t
		}
	}
	return typeInfo{}
}

func hasMod(mods []string, m string) bool {
	for _, x := range mods {
		if x == m {
			return true
		}
	}
	return false
}

func mask(w int) uint64 {
	if w >= 64 {
		return math.MaxUint64
	}
	return 1<<uint(w) - 1
}

// sext sign-extends the low w bits of v.
func sext(v uint64, w int) int64 {
	if w >= 64 {
		return int64(v)
	}
	s := uint(64 - w)
	return int64(v<<s) >> s
}

func (th *thread) special(name string) uint64 {
	b := th.b
	switch name {
	case "%tid.x":
		return uint64(th.tid[0])
	case "%tid.y":
		return uint64(th.tid[1])
	case "%tid.z", "%ctaid.y", "%ctaid.z":
		return 0
	case "%ntid.x":
		return uint64(b.ntid[0])
	case "%ntid.y":
		return uint64(b.ntid[1])
	case "%ntid.z", "%nctaid.y", "%nctaid.z":
		return 1
	case "%ctaid.x":
		return uint64(b.ctaid)
	case "%nctaid.x":
		return uint64(b.nctaid)
	case "%laneid":
		return uint64(th.flat % 32)
	}
	panic("sim: special register " + name)
}

// get reads an operand's raw bits.
func (th *thread) get(fr *frame, o *operand) uint64 {
	switch o.kind {
	case oReg:
		return fr.regs[o.reg]
	case oImm:
		return o.imm
	case oSpecial:
		return th.special(o.sym)
	case oSym:
		return th.symAddr(o.sym)
	}
	panic(fmt.Sprintf("sim: cannot read operand %+v", o))
}

// symAddr returns the address of the module variable sym.
func (th *thread) symAddr(sym string) uint64 {
	if a, ok := th.b.p.globalAddr[sym]; ok {
		return a
	}
	if a, ok := th.b.p.sharedAddr[sym]; ok {
		return a
	}
	panic(fmt.Sprintf("sim: no variable %s", sym))
}

// getF reads a float operand of width w as float64.
func (th *thread) getF(fr *frame, o *operand, w int) float64 {
	v := th.get(fr, o)
	if w == 32 {
		return float64(math.Float32frombits(uint32(v)))
	}
	return math.Float64frombits(v)
}

func putF(x float64, w int) uint64 {
	if w == 32 {
		return uint64(math.Float32bits(float32(x)))
	}
	return math.Float64bits(x)
}

func (th *thread) set(fr *frame, o *operand, v uint64, w int) {
	if o.kind == oSink {
		return
	}
	if o.kind != oReg {
		panic(fmt.Sprintf("sim: cannot write operand %+v", o))
	}
	if w == 1 {
		v &= 1
	} else if w < 64 {
		v &= mask(max(w, 32)) // 8- and 16-bit results live in 32-bit registers
	}
	fr.regs[o.reg] = v
}
