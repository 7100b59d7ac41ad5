package memlimit

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/gokkos/gokkos/internal/cgroup"
)

// Limits returns the limits that apply to the process: physical memory (less what the Go
// runtime uses), the memory cgroup's limit at every level of the process's cgroup (less its
// usage without the page cache), RLIMIT_AS (less the process's virtual size), RLIMIT_DATA
// (less its data segment) and the Go runtime's soft memory limit (less what it uses). Limits
// that are not set or cannot be read are left out.
func Limits() []Limit {
	used := goUsed()
	var ls []Limit
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) == nil {
		ls = append(ls, Limit{Source: "physical memory", Max: int64(si.Totalram) * int64(si.Unit), Used: used})
	}
	root := os.DirFS("/")
	ls = append(ls, cgroupLimits(root)...)
	status, _ := fs.ReadFile(root, "proc/self/status")
	for _, r := range []struct {
		res    int
		source string
		field  string
	}{{unix.RLIMIT_AS, "RLIMIT_AS", "VmSize"}, {unix.RLIMIT_DATA, "RLIMIT_DATA", "VmData"}} {
		var rl unix.Rlimit
		if unix.Getrlimit(r.res, &rl) != nil || rl.Cur == unix.RLIM_INFINITY || rl.Cur >= 1<<62 {
			continue
		}
		u, ok := statusBytes(status, r.field)
		if !ok {
			u = used
		}
		ls = append(ls, Limit{Source: r.source, Max: int64(rl.Cur), Used: u})
	}
	return append(ls, goLimit(used))
}

// statusBytes returns the field of /proc/self/status, given in kB there, in bytes.
func statusBytes(status []byte, field string) (int64, bool) {
	for line := range bytes.Lines(status) {
		name, rest, ok := bytes.Cut(line, []byte(":"))
		if !ok || string(name) != field {
			continue
		}
		f := strings.Fields(string(rest))
		if len(f) == 0 {
			return 0, false
		}
		v, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, false
		}
		return v << 10, true
	}
	return 0, false
}

// cgroupFiles names the files of a memory cgroup hierarchy: the limit, the usage, and the
// memory.stat key of the page cache included in the usage.
type cgroupFiles struct {
	limit, usage, cache string
}

var (
	cgroupV2 = cgroupFiles{"memory.max", "memory.current", "file"}
	cgroupV1 = cgroupFiles{"memory.limit_in_bytes", "memory.usage_in_bytes", "total_cache"}
)

// cgroupLimits returns the memory limits of the process's cgroups, version 2 and version 1,
// at every level from its own cgroup up to the root of the mounted hierarchy, reading
// proc/self/cgroup, proc/self/mountinfo and the cgroup files from root.
func cgroupLimits(root fs.FS) []Limit {
	cg, err := fs.ReadFile(root, "proc/self/cgroup")
	if err != nil {
		return nil
	}
	mi, err := fs.ReadFile(root, "proc/self/mountinfo")
	if err != nil {
		return nil
	}
	var ls []Limit
	for line := range bytes.Lines(cg) {
		// "hierarchy-ID:controller-list:cgroup-path"
		f := strings.SplitN(strings.TrimRight(string(line), "\n"), ":", 3)
		if len(f) != 3 {
			continue
		}
		var files cgroupFiles
		var mnt, mroot string
		switch {
		case f[0] == "0" && f[1] == "":
			files = cgroupV2
			mnt, mroot = cgroup.FindMount(mi, "cgroup2", "")
		case cgroup.HasWord(f[1], "memory"):
			files = cgroupV1
			mnt, mroot = cgroup.FindMount(mi, "cgroup", "memory")
		default:
			continue
		}
		if mnt == "" {
			continue
		}
		rel := f[2]
		if mroot != "/" {
			if rel == mroot || strings.HasPrefix(rel, mroot+"/") {
				rel = strings.TrimPrefix(rel, mroot)
			} else {
				rel = "/"
			}
		}
		top := strings.TrimPrefix(path.Clean(mnt), "/")
		dir := strings.TrimPrefix(path.Join(mnt, rel), "/")
		for {
			if l, ok := cgroupLimit(root, dir, files); ok {
				ls = append(ls, l)
			}
			if dir == top || dir == "." || dir == "" {
				break
			}
			dir = path.Dir(dir)
		}
	}
	return ls
}

// cgroupLimit reads the limit of the cgroup in dir, if it has one.
func cgroupLimit(root fs.FS, dir string, files cgroupFiles) (Limit, bool) {
	lim, ok := readInt(root, path.Join(dir, files.limit))
	if !ok || lim >= 1<<62 {
		return Limit{}, false // missing, "max", or the huge value version 1 uses for none
	}
	use, _ := readInt(root, path.Join(dir, files.usage))
	if st, err := fs.ReadFile(root, path.Join(dir, "memory.stat")); err == nil {
		for line := range bytes.Lines(st) {
			k, v, _ := strings.Cut(strings.TrimSpace(string(line)), " ")
			if k == files.cache {
				if c, err := strconv.ParseInt(v, 10, 64); err == nil && c <= use {
					use -= c
				}
				break
			}
		}
	}
	return Limit{Source: "cgroup " + files.limit, Max: lim, Used: use}, true
}

// readInt reads a file holding one decimal integer.
func readInt(root fs.FS, name string) (int64, bool) {
	b, err := fs.ReadFile(root, name)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	return v, err == nil
}

// LimitAddressSpace sets the process's RLIMIT_AS soft limit to its virtual size now plus extra
// bytes. It is meant for tests that check that large requests are refused, in a child process
// of their own: the limit stays for the rest of the process's life.
func LimitAddressSpace(extra int64) error {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return err
	}
	size, ok := statusBytes(status, "VmSize")
	if !ok {
		return errors.New("memlimit: no VmSize in /proc/self/status")
	}
	var rl unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_AS, &rl); err != nil {
		return err
	}
	rl.Cur = min(uint64(size+extra), rl.Max)
	return unix.Setrlimit(unix.RLIMIT_AS, &rl)
}
