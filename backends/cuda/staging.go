//go:build cuda

package cuda

import (
	"runtime"
	"sync"
	"unsafe"

	"gorgonia.org/cu"
)

const (
	stageChunk   = 8 << 20 // bytes per pinned buffer
	stageBuffers = 2       // buffers per stager: one fills while the other transfers
	maxStagers   = 4       // concurrent staged copies per device; more go direct
	copySplitMin = 2 << 20 // smallest host copy that is split
)

// copyWorkers is the most goroutines one chunk's host copy is split over, capped by GOMAXPROCS
// (a variable so that benchmarks can compare settings). On an H100 host with 16 cores, 16 moved
// 21.7 GB/s to and 25.7 GB/s from the device, against 20.6 and 21.8 with 8 and 20.0 and 18.9
// with 4.
var copyWorkers = 16

// stager is a set of pinned host buffers, each with an event marking the end of its last
// transfer. One copy uses a stager at a time.
type stager struct {
	buf  [stageBuffers]unsafe.Pointer
	ev   [stageBuffers]cu.Event
	busy [stageBuffers]bool
}

// getStager returns an idle stager, creating one when fewer than maxStagers exist, or nil when
// all are busy or pinned memory cannot be had (the caller then copies directly). The caller
// has entered.
func (d *device) getStager() *stager {
	d.stageMu.Lock()
	if n := len(d.stagers); n > 0 {
		s := d.stagers[n-1]
		d.stagers = d.stagers[:n-1]
		d.stageMu.Unlock()
		return s
	}
	if d.nstage >= maxStagers {
		d.stageMu.Unlock()
		return nil
	}
	d.nstage++
	d.stageMu.Unlock()
	s := &stager{}
	for i := range s.buf {
		p, err := hostAlloc(stageChunk)
		if err == nil {
			s.buf[i] = p
			s.ev[i], err = cu.MakeEvent(cu.DisableTiming)
		}
		if err != nil {
			s.release()
			d.stageMu.Lock()
			d.nstage--
			d.stageMu.Unlock()
			return nil
		}
	}
	return s
}

func (d *device) putStager(s *stager) {
	d.stageMu.Lock()
	d.stagers = append(d.stagers, s)
	d.stageMu.Unlock()
}

func (s *stager) release() {
	for i := range s.buf {
		if s.buf[i] != nil {
			hostFree(s.buf[i])
		}
		if s.ev[i] != (cu.Event{}) {
			cu.DestroyEvent(&s.ev[i])
		}
	}
}

// wait waits for buffer i's last transfer.
func (s *stager) wait(i int) error {
	if !s.busy[i] {
		return nil
	}
	s.busy[i] = false
	return fromCu("cuEventSynchronize", s.ev[i].Synchronize())
}

func (s *stager) waitAll() error {
	var first error
	for i := range s.buf {
		if err := s.wait(i); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// toDevice copies n bytes from src to dst chunk by chunk: the host copies chunk k into buffer
// k%2 while the DMA engine transfers chunk k-1 from the other.
func (s *stager) toDevice(dst cu.DevicePtr, src unsafe.Pointer, n int64) error {
	for k, off := 0, int64(0); off < n; k, off = k+1, off+stageChunk {
		c := min(stageChunk, n-off)
		i := k % stageBuffers
		if err := s.wait(i); err != nil {
			return err
		}
		hostCopy(s.buf[i], unsafe.Add(src, off), c)
		if err := cu.MemcpyHtoDAsync(dst+cu.DevicePtr(off), s.buf[i], c, cu.Stream{}); err != nil {
			s.waitAll()
			return fromCu("cuMemcpyHtoDAsync", err)
		}
		if err := s.ev[i].Record(cu.Stream{}); err != nil {
			s.waitAll()
			return fromCu("cuEventRecord", err)
		}
		s.busy[i] = true
	}
	return s.waitAll()
}

// toHost copies n bytes from src to dst: transfers run up to stageBuffers chunks ahead of the
// host's copies out of the pinned buffers.
func (s *stager) toHost(dst unsafe.Pointer, src cu.DevicePtr, n int64) error {
	chunks := int((n + stageChunk - 1) / stageChunk)
	issue := func(k int) error {
		i := k % stageBuffers
		off := int64(k) * stageChunk
		c := min(stageChunk, n-off)
		if err := cu.MemcpyDtoHAsync(s.buf[i], src+cu.DevicePtr(off), c, cu.Stream{}); err != nil {
			return fromCu("cuMemcpyDtoHAsync", err)
		}
		if err := s.ev[i].Record(cu.Stream{}); err != nil {
			return fromCu("cuEventRecord", err)
		}
		s.busy[i] = true
		return nil
	}
	for k := 0; k < min(chunks, stageBuffers); k++ {
		if err := issue(k); err != nil {
			s.waitAll()
			return err
		}
	}
	for k := 0; k < chunks; k++ {
		i := k % stageBuffers
		if err := s.wait(i); err != nil {
			s.waitAll()
			return err
		}
		off := int64(k) * stageChunk
		hostCopy(unsafe.Add(dst, off), s.buf[i], min(stageChunk, n-off))
		if k+stageBuffers < chunks {
			if err := issue(k + stageBuffers); err != nil {
				s.waitAll()
				return err
			}
		}
	}
	return nil
}

// hostCopy copies n bytes between host buffers, split over several goroutines when large: one
// core's memcpy bandwidth is below a PCIe 4 or 5 link's.
func hostCopy(dst, src unsafe.Pointer, n int64) {
	d := unsafe.Slice((*byte)(dst), n)
	s := unsafe.Slice((*byte)(src), n)
	w := int(min(int64(copyWorkers), n/(copySplitMin/4), int64(runtime.GOMAXPROCS(0))))
	if n < copySplitMin || w < 2 {
		copy(d, s)
		return
	}
	part := (n/int64(w) + 63) &^ 63
	var wg sync.WaitGroup
	for lo := part; lo < n; lo += part {
		hi := min(lo+part, n)
		wg.Go(func() { copy(d[lo:hi], s[lo:hi]) })
	}
	copy(d[:part], s[:part])
	wg.Wait()
}
