package execspace

import (
	"testing"
	"testing/fstest"
)

func TestParseCPUList(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"0-1\n", 2},
		{"0", 1},
		{"0-3,8,10-11", 7},
		{"0-253", 254},
		{"", 0},
		{"3-1", 0},
		{"0-x", 0},
		{"a", 0},
		{"-1", 0},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := parseCPUList(c.in); got != c.want {
				t.Errorf("parseCPUList(%q) = %d, want %d", c.in, got, c.want)
			}
		})
	}
}

func TestParseQuota(t *testing.T) {
	cases := []struct {
		name   string
		v2     bool
		in     [2]string // cpu.max, or cpu.cfs_quota_us and cpu.cfs_period_us
		want   float64
		wantOK bool
	}{
		{"v2 unlimited", true, [2]string{"max 100000\n"}, 0, false},
		{"v2 two CPUs", true, [2]string{"200000 100000\n"}, 2, true},
		{"v2 one and a half", true, [2]string{"150000 100000"}, 1.5, true},
		{"v2 quota only", true, [2]string{"50000"}, 0.5, true},
		{"v2 zero period", true, [2]string{"100000 0"}, 0, false},
		{"v2 garbage", true, [2]string{"lots 100000"}, 0, false},
		{"v2 empty", true, [2]string{""}, 0, false},
		{"v2 extra field", true, [2]string{"1 2 3"}, 0, false},
		{"v1 unlimited", false, [2]string{"-1\n", "100000\n"}, 0, false},
		{"v1 four CPUs", false, [2]string{"400000\n", "100000\n"}, 4, true},
		{"v1 short period", false, [2]string{"25000", "50000"}, 0.5, true},
		{"v1 bad period", false, [2]string{"25000", "-5"}, 0, false},
		{"v1 garbage", false, [2]string{"x", "100000"}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got float64
			var ok bool
			if c.v2 {
				got, ok = parseCPUMax(c.in[0])
			} else {
				got, ok = parseCFS(c.in[0], c.in[1])
			}
			if got != c.want || ok != c.wantOK {
				t.Errorf("got %v, %v; want %v, %v", got, ok, c.want, c.wantOK)
			}
		})
	}
}

func TestUsable(t *testing.T) {
	cases := []struct {
		name string
		l    cpuLimits
		want int
	}{
		{"nothing known", cpuLimits{}, 0},
		{"affinity", cpuLimits{online: 254, affinity: 2}, 2},
		{"online only", cpuLimits{online: 8}, 8},
		{"quota below affinity", cpuLimits{online: 64, affinity: 64, quota: 4}, 4},
		{"fractional quota rounds up", cpuLimits{online: 64, affinity: 64, quota: 1.5}, 2},
		{"quota below one CPU", cpuLimits{affinity: 4, quota: 0.25}, 1},
		{"quota above affinity", cpuLimits{affinity: 2, quota: 16}, 2},
		{"quota alone", cpuLimits{quota: 3}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.l.usable(); got != c.want {
				t.Errorf("%+v: usable %d, want %d", c.l, got, c.want)
			}
		})
	}
}

func TestCgroupCPUQuota(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	const v2mounts = "25 20 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n"
	const v1mounts = "30 22 0:27 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n" +
		"31 30 0:28 /docker/abc /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n" +
		"34 30 0:31 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"
	const hybrid = "30 22 0:27 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n" +
		"31 30 0:28 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n" +
		"32 30 0:29 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n"
	cases := []struct {
		name string
		fs   fstest.MapFS
		want float64
	}{
		{"v2 nested: the smallest level wins", fstest.MapFS{
			"proc/self/cgroup":                     file("0::/user.slice/app\n"),
			"proc/self/mountinfo":                  file(v2mounts),
			"sys/fs/cgroup/user.slice/app/cpu.max": file("max 100000\n"),
			"sys/fs/cgroup/user.slice/cpu.max":     file("150000 100000\n"),
			"sys/fs/cgroup/cpu.max":                file("400000 100000\n"),
		}, 1.5},
		{"v2 in a container", fstest.MapFS{
			"proc/self/cgroup":      file("0::/\n"),
			"proc/self/mountinfo":   file(v2mounts),
			"sys/fs/cgroup/cpu.max": file("200000 100000\n"),
		}, 2},
		{"v2 unlimited", fstest.MapFS{
			"proc/self/cgroup":      file("0::/\n"),
			"proc/self/mountinfo":   file(v2mounts),
			"sys/fs/cgroup/cpu.max": file("max 100000\n"),
		}, 0},
		{"v1 in a container, mount root stripped", fstest.MapFS{
			"proc/self/cgroup":                            file("5:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n"),
			"proc/self/mountinfo":                         file(v1mounts),
			"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us":  file("50000\n"),
			"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": file("100000\n"),
			"sys/fs/cgroup/memory/memory.limit_in_bytes":  file("1000\n"),
		}, 0.5},
		{"v1 unlimited", fstest.MapFS{
			"proc/self/cgroup":                            file("5:cpu,cpuacct:/docker/abc\n"),
			"proc/self/mountinfo":                         file(v1mounts),
			"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us":  file("-1\n"),
			"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": file("100000\n"),
		}, 0},
		{"hybrid: v1 cpu limit, v2 without the cpu controller", fstest.MapFS{
			"proc/self/cgroup":                          file("1:cpu:/batch\n0::/batch\n"),
			"proc/self/mountinfo":                       file(hybrid),
			"sys/fs/cgroup/cpu/batch/cpu.cfs_quota_us":  file("300000\n"),
			"sys/fs/cgroup/cpu/batch/cpu.cfs_period_us": file("100000\n"),
			"sys/fs/cgroup/cpu/cpu.cfs_quota_us":        file("-1\n"),
			"sys/fs/cgroup/cpu/cpu.cfs_period_us":       file("100000\n"),
			"sys/fs/cgroup/unified/batch/cgroup.procs":  file("1\n"),
		}, 3},
		{"no mountinfo", fstest.MapFS{"proc/self/cgroup": file("0::/\n")}, 0},
		{"nothing", fstest.MapFS{}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := cgroupCPUQuota(c.fs); got != c.want {
				t.Errorf("cgroupCPUQuota = %v, want %v", got, c.want)
			}
		})
	}
}
