package execspace

import (
	"bytes"
	"io/fs"
	"math"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/gokkos/gokkos/internal/cgroup"
)

// cpuLimits is what the operating system says about the CPUs: how many are online on the
// machine, how many the process's scheduler affinity mask holds, and the cgroup CPU quota.
type cpuLimits struct {
	online   int
	affinity int
	quota    float64
}

// hostLimits reads the CPU limits once, at the first call.
var hostLimits = sync.OnceValue(func() cpuLimits {
	root := os.DirFS("/")
	l := cpuLimits{affinity: affinityCount(), quota: cgroupCPUQuota(root)}
	if b, err := fs.ReadFile(root, "sys/devices/system/cpu/online"); err == nil {
		l.online = parseCPUList(string(b))
	}
	return l
})

// usable returns the CPUs the process may use: those of its affinity mask (else those online),
// capped by the cgroup quota rounded up; 0 when nothing is known.
func (l cpuLimits) usable() int {
	n := l.affinity
	if n == 0 {
		n = l.online
	}
	if l.quota > 0 {
		q := int(math.Ceil(l.quota))
		if n == 0 || q < n {
			n = q
		}
	}
	return n
}

// UsableCPUs returns the number of CPUs this process may use: the CPUs in its scheduler affinity
// mask, capped by its cgroup's CPU bandwidth quota rounded up (1.5 CPUs of quota make 2), or 0
// when the operating system says neither. It is read once, at the first call of UsableCPUs or
// HostCPU. The Go runtime derives GOMAXPROCS from the same limits, but never sets it below 2
// for a quota, and the GOMAXPROCS environment variable overrides it.
func UsableCPUs() int { return hostLimits().usable() }

// parseCPUList returns the number of CPUs in a Linux CPU list such as "0-3,8,10-11" (the format
// of /sys/devices/system/cpu/online), or 0 when it is malformed.
func parseCPUList(s string) int {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	n := 0
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return 0
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return 0
			}
		}
		n += b - a + 1
	}
	return n
}

// parseCPUMax parses a cgroup version 2 cpu.max file ("$MAX $PERIOD", such as "150000 100000"
// or "max 100000") into CPUs; ok is false when there is no limit or the text is malformed.
func parseCPUMax(s string) (cpus float64, ok bool) {
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 2 || f[0] == "max" {
		return 0, false
	}
	period := "100000" // the kernel's default, when the file gives only the quota
	if len(f) == 2 {
		period = f[1]
	}
	return quotaCPUs(f[0], period)
}

// parseCFS parses cgroup version 1 cpu.cfs_quota_us and cpu.cfs_period_us into CPUs; ok is
// false when there is no limit (a quota of -1) or the text is malformed.
func parseCFS(quota, period string) (cpus float64, ok bool) {
	return quotaCPUs(strings.TrimSpace(quota), strings.TrimSpace(period))
}

func quotaCPUs(quota, period string) (float64, bool) {
	q, err := strconv.ParseInt(quota, 10, 64)
	if err != nil || q <= 0 {
		return 0, false
	}
	p, err := strconv.ParseInt(period, 10, 64)
	if err != nil || p <= 0 {
		return 0, false
	}
	return float64(q) / float64(p), true
}

// cgroupCPUQuota returns the smallest CPU bandwidth limit, in CPUs, of the process's cgroups,
// version 2 (cpu.max) and version 1 (cpu.cfs_quota_us over cpu.cfs_period_us), at every level
// from its own cgroup up to the root of the mounted hierarchy, reading proc/self/cgroup,
// proc/self/mountinfo and the cgroup files from root; 0 when there is none.
func cgroupCPUQuota(root fs.FS) float64 {
	cg, err := fs.ReadFile(root, "proc/self/cgroup")
	if err != nil {
		return 0
	}
	mi, err := fs.ReadFile(root, "proc/self/mountinfo")
	if err != nil {
		return 0
	}
	var limit float64
	for line := range bytes.Lines(cg) {
		// "hierarchy-ID:controller-list:cgroup-path"
		f := strings.SplitN(strings.TrimRight(string(line), "\n"), ":", 3)
		if len(f) != 3 {
			continue
		}
		v2 := f[0] == "0" && f[1] == ""
		var mnt, mroot string
		switch {
		case v2:
			mnt, mroot = cgroup.FindMount(mi, "cgroup2", "")
		case cgroup.HasWord(f[1], "cpu"):
			mnt, mroot = cgroup.FindMount(mi, "cgroup", "cpu")
		default:
			continue
		}
		if mnt == "" {
			continue
		}
		rel := f[2]
		if mroot != "/" {
			// Inside a container the mount's root is the container's cgroup: strip it, or
			// start from the mount point when the process's cgroup lies outside it.
			if rel == mroot || strings.HasPrefix(rel, mroot+"/") {
				rel = strings.TrimPrefix(rel, mroot)
			} else {
				rel = "/"
			}
		}
		top := strings.TrimPrefix(path.Clean(mnt), "/")
		dir := strings.TrimPrefix(path.Join(mnt, rel), "/")
		for {
			var cpus float64
			var ok bool
			if v2 {
				if b, err := fs.ReadFile(root, path.Join(dir, "cpu.max")); err == nil {
					cpus, ok = parseCPUMax(string(b))
				}
			} else {
				q, err1 := fs.ReadFile(root, path.Join(dir, "cpu.cfs_quota_us"))
				p, err2 := fs.ReadFile(root, path.Join(dir, "cpu.cfs_period_us"))
				if err1 == nil && err2 == nil {
					cpus, ok = parseCFS(string(q), string(p))
				}
			}
			if ok && (limit == 0 || cpus < limit) {
				limit = cpus
			}
			if dir == top || dir == "." || dir == "" {
				break
			}
			dir = path.Dir(dir)
		}
	}
	return limit
}
