package teams

import (
	"fmt"
	"unsafe"

	"github.com/gokkos/gokkos/views"
)

// Scratch is the scratch memory of one team on the host: for each level, a buffer holding the
// team's part followed by one part per member, and bump pointers that TeamScratch and
// ThreadScratch advance. Execution spaces make one per worker and reuse it; application code gets
// scratch through TeamScratch and ThreadScratch.
type Scratch struct {
	buf      [2][]byte
	team     [2]int // bytes per team, per level
	thread   [2]int // bytes per member, per level
	teamUsed [2]int
	thrUsed  [2]int
}

// NewScratch returns scratch whose level l has team[l] bytes for the team and thread[l] bytes
// for each of members members, carved from buf[l] (at least team[l]+members*thread[l] bytes).
func NewScratch(buf [2][]byte, team, thread [2]int, members int) *Scratch {
	for l := 0; l < 2; l++ {
		if need := team[l] + members*thread[l]; len(buf[l]) < need {
			panic(fmt.Sprintf("teams: NewScratch: level %d buffer of %d bytes, need %d", l, len(buf[l]), need))
		}
	}
	return &Scratch{buf: buf, team: team, thread: thread}
}

func (s *Scratch) reset() { s.teamUsed, s.thrUsed = [2]int{}, [2]int{} }

const scratchAlign = 16

func (s *Scratch) take(level int, perThread bool, bytes int, fn string) unsafe.Pointer {
	if level != 0 && level != 1 {
		panic(fmt.Sprintf("teams: %s: scratch level %d; levels are 0 and 1", fn, level))
	}
	if bytes < 0 {
		panic(fmt.Sprintf("teams: %s: negative size", fn))
	}
	var capacity, used, base int
	if s != nil {
		if perThread {
			capacity, used, base = s.thread[level], s.thrUsed[level], s.team[level]
		} else {
			capacity, used = s.team[level], s.teamUsed[level]
		}
	}
	if used+bytes > capacity {
		kind := "per team"
		if perThread {
			kind = "per thread"
		}
		panic(fmt.Sprintf("teams: %s of %d bytes at level %d exceeds the policy's scratch of %d bytes %s (%d in use); request more with TeamPolicy.WithScratch", fn, bytes, level, capacity, kind, used))
	}
	if bytes == 0 {
		return nil
	}
	next := used + (bytes+scratchAlign-1)/scratchAlign*scratchAlign
	if perThread {
		s.thrUsed[level] = min(next, capacity)
	} else {
		s.teamUsed[level] = min(next, capacity)
	}
	return unsafe.Pointer(&s.buf[level][base+used])
}

// TeamScratch returns a view of n elements of the team's scratch at level (0: fast, small; 1:
// large), shared by the team's members. Successive calls in one RunTeam return disjoint views.
// The contents are unspecified on entry. It panics if the request exceeds the per-team scratch
// the policy declared.
func TeamScratch[T views.Scalar](m Member, level, n int) views.View1D[T] {
	var z T
	p := m.s.take(level, false, n*int(unsafe.Sizeof(z)), "TeamScratch")
	return views.ScratchView1D[T](p, n)
}

// ThreadScratch returns a view of n elements of the calling member's own scratch at level.
// It panics if the request exceeds the per-thread scratch the policy declared.
func ThreadScratch[T views.Scalar](m Member, level, n int) views.View1D[T] {
	var z T
	p := m.s.take(level, true, n*int(unsafe.Sizeof(z)), "ThreadScratch")
	return views.ScratchView1D[T](p, n)
}
