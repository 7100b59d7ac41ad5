package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress reports long phases on a writer: a phase that is still running after a second is
// announced, with its elapsed time every few seconds, and its duration is printed when it
// ends. Short phases print nothing. It is safe for concurrent use.
type progress struct {
	w     io.Writer
	mu    sync.Mutex
	phase string
	start time.Time
	told  bool
	stop  chan struct{}
	done  chan struct{}
}

func newProgress(w io.Writer) *progress { return &progress{w: w} }

// begin starts a phase, ending the previous one.
func (p *progress) begin(phase string) {
	p.end()
	if p.w == io.Discard {
		return
	}
	p.mu.Lock()
	p.phase, p.start, p.told = phase, time.Now(), false
	p.stop, p.done = make(chan struct{}), make(chan struct{})
	stop, done := p.stop, p.done
	p.mu.Unlock()
	go func() {
		defer close(done)
		t := time.NewTimer(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				p.mu.Lock()
				fmt.Fprintf(p.w, "%s... %.0fs\n", p.phase, time.Since(p.start).Seconds())
				p.told = true
				p.mu.Unlock()
				t.Reset(5 * time.Second)
			}
		}
	}()
}

// end finishes the current phase, printing its duration if it was announced.
func (p *progress) end() {
	p.mu.Lock()
	stop, done := p.stop, p.done
	p.stop, p.done = nil, nil
	p.mu.Unlock()
	if stop == nil {
		return
	}
	close(stop)
	<-done
	p.mu.Lock()
	if p.told {
		fmt.Fprintf(p.w, "%s done in %.1fs\n", p.phase, time.Since(p.start).Seconds())
	}
	p.mu.Unlock()
}
