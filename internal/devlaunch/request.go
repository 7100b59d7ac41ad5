package devlaunch

import (
	"fmt"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
)

// Policy describes launch l's request for messages, such as "range [0, 1000)" or "league 64,
// team Auto, vector 1, level-0 scratch 512 B/team + 0 B/thread".
func Policy(l *execspace.Launch) string {
	switch l.Kernel.Form {
	case abi.FormTeam, abi.FormTeamReduce:
		ts, vl := "Auto", "Auto"
		if l.TeamSize != execspace.Auto {
			ts = fmt.Sprint(l.TeamSize)
		}
		if l.VectorLength != execspace.Auto {
			vl = fmt.Sprint(l.VectorLength)
		}
		s := fmt.Sprintf("league %d, team %s, vector %s", l.League, ts, vl)
		for lv, sc := range l.Scratch {
			if sc.Team != 0 || sc.Thread != 0 {
				s += fmt.Sprintf(", level-%d scratch %d B/team + %d B/thread", lv, sc.Team, sc.Thread)
			}
		}
		return s
	}
	return fmt.Sprintf("range [%d, %d)", l.Begin, l.End)
}

// CheckArgs is a cheap sanity check of a launch's argument slots: their count against k.Params,
// and that each view of at least one element has a device address. check, when not nil, is
// called with the address of each such view and may reject it.
func CheckArgs(k *abi.KernelSpec, args []uint64, check func(addr uint64) error) error {
	want := 0
	for _, p := range k.Params {
		want += p.Kind.Slots()
	}
	if len(args) != want {
		return fmt.Errorf("kernel takes %d argument slots, the launch passes %d", want, len(args))
	}
	i := 0
	for _, p := range k.Params {
		if p.Kind == abi.KindView1D || p.Kind == abi.KindView2D {
			addr, n := args[i], args[i+1]
			if p.Kind == abi.KindView2D {
				n *= args[i+2]
			}
			if addr == 0 && n > 0 {
				return fmt.Errorf("kernel field %s: view of %d elements has no device address (a host view, or a freed one)", p.Name, n)
			}
			if check != nil && n > 0 {
				if err := check(addr); err != nil {
					return fmt.Errorf("kernel field %s: %w", p.Name, err)
				}
			}
		}
		i += p.Kind.Slots()
	}
	return nil
}
