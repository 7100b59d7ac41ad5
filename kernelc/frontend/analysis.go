package frontend

import (
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// viewOrigin is what memory a view may address: parameters by index, and scratch.
type viewOrigin struct {
	params  map[int]bool
	shared  bool // level-0 scratch
	global1 bool // level-1 scratch
}

// analyzeViews determines, for every view, which parameters and scratch it may address; from
// that each view's memory space, which view parameters the kernel writes (Param.Written), and
// which loads may use the read-only path (Load.ReadOnly).
func analyzeViews(k *ir.Kernel) {
	orig := make([]viewOrigin, len(k.Views))
	for i := range orig {
		orig[i].params = map[int]bool{}
	}
	for i, p := range k.Params {
		if p.View != nil {
			orig[p.View.ID].params[i] = true
		}
	}
	blocks := []ir.Block{k.Body}
	if k.Init != nil {
		blocks = append(blocks, k.Init.Body, k.Join.Body)
	}
	walk := func(fn func(ir.Stmt)) {
		for _, b := range blocks {
			ir.Walk(b, func(s ir.Stmt) bool { fn(s); return true })
		}
	}
	walk(func(s ir.Stmt) {
		if a, ok := s.(*ir.ScratchAlloc); ok {
			if a.Level == 0 {
				orig[a.Dst.ID].shared = true
			} else {
				orig[a.Dst.ID].global1 = true
			}
		}
	})
	merge := func(dst, src *ir.View) bool {
		d, s := &orig[dst.ID], &orig[src.ID]
		changed := false
		for p := range s.params {
			if !d.params[p] {
				d.params[p] = true
				changed = true
			}
		}
		if s.shared && !d.shared {
			d.shared, changed = true, true
		}
		if s.global1 && !d.global1 {
			d.global1, changed = true, true
		}
		return changed
	}
	for changed := true; changed; {
		changed = false
		walk(func(s ir.Stmt) {
			switch s := s.(type) {
			case *ir.ViewCopy:
				changed = merge(s.Dst, s.Src) || changed
			case *ir.SubView:
				changed = merge(s.Dst, s.Src) || changed
			}
		})
	}
	for i, v := range k.Views {
		o := orig[i]
		switch {
		case o.shared && (len(o.params) > 0 || o.global1):
			v.Space = ir.Generic
		case o.shared:
			v.Space = ir.Shared
		default:
			v.Space = ir.Global
		}
	}
	written := map[int]bool{}
	walk(func(s ir.Stmt) {
		var w *ir.View
		switch s := s.(type) {
		case *ir.Store:
			w = s.View
		case *ir.Atomic:
			if s.Op != ir.AtomicLoad {
				w = s.View
			}
		}
		if w != nil {
			for p := range orig[w.ID].params {
				written[p] = true
			}
		}
	})
	for i, p := range k.Params {
		if p.Kind == abi.KindView1D || p.Kind == abi.KindView2D {
			p.Written = written[i]
		}
	}
	walk(func(s ir.Stmt) {
		ld, ok := s.(*ir.Load)
		if !ok {
			return
		}
		o := orig[ld.View.ID]
		ro := len(o.params) > 0 && !o.shared && !o.global1
		for p := range o.params {
			if written[p] {
				ro = false
			}
		}
		ld.ReadOnly = ro
	})
}
