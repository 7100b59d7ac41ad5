package memlimit

import (
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

func TestCgroupLimits(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	const v2mounts = "25 20 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n"
	const v1mounts = "30 22 0:27 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n" +
		"31 30 0:28 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n" +
		"34 30 0:31 /docker/abc /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"
	tests := []struct {
		name string
		fs   fstest.MapFS
		want []Limit
	}{
		{"v2 nested, page cache not counted", fstest.MapFS{
			"proc/self/cgroup":                            file("0::/user.slice/app\n"),
			"proc/self/mountinfo":                         file(v2mounts),
			"sys/fs/cgroup/user.slice/app/memory.max":     file("1073741824\n"),
			"sys/fs/cgroup/user.slice/app/memory.current": file("300000000\n"),
			"sys/fs/cgroup/user.slice/app/memory.stat":    file("anon 100000000\nfile 200000000\n"),
			"sys/fs/cgroup/user.slice/memory.max":         file("max\n"),
			"sys/fs/cgroup/memory.max":                    file("4294967296\n"),
			"sys/fs/cgroup/memory.current":                file("1000\n"),
		}, []Limit{
			{"cgroup memory.max", 1 << 30, 100000000},
			{"cgroup memory.max", 4 << 30, 1000},
		}},
		{"v2 unlimited", fstest.MapFS{
			"proc/self/cgroup":         file("0::/\n"),
			"proc/self/mountinfo":      file(v2mounts),
			"sys/fs/cgroup/memory.max": file("max\n"),
		}, nil},
		{"v1 in a container, mount root stripped", fstest.MapFS{
			"proc/self/cgroup":                           file("5:cpu:/docker/abc\n4:memory:/docker/abc\n"),
			"proc/self/mountinfo":                        file(v1mounts),
			"sys/fs/cgroup/memory/memory.limit_in_bytes": file("536870912\n"),
			"sys/fs/cgroup/memory/memory.usage_in_bytes": file("200000000\n"),
			"sys/fs/cgroup/memory/memory.stat":           file("cache 1\ntotal_cache 150000000\n"),
		}, []Limit{{"cgroup memory.limit_in_bytes", 512 << 20, 50000000}}},
		{"v1 no limit", fstest.MapFS{
			"proc/self/cgroup":                           file("4:memory:/docker/abc\n"),
			"proc/self/mountinfo":                        file(v1mounts),
			"sys/fs/cgroup/memory/memory.limit_in_bytes": file("9223372036854771712\n"),
		}, nil},
		{"v1 path missing below the mount: its parents count", fstest.MapFS{
			"proc/self/cgroup":                           file("4:memory:/docker/abc/gone\n"),
			"proc/self/mountinfo":                        file(v1mounts),
			"sys/fs/cgroup/memory/memory.limit_in_bytes": file("1048576000\n"),
		}, []Limit{{"cgroup memory.limit_in_bytes", 1048576000, 0}}},
		{"no mountinfo", fstest.MapFS{"proc/self/cgroup": file("0::/\n")}, nil},
		{"nothing", fstest.MapFS{}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := cgroupLimits(tc.fs); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("cgroupLimits = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestStatusBytes(t *testing.T) {
	status := []byte("Name:\tx\nVmPeak:\t 3060 kB\nVmSize:\t 2048 kB\nVmData:\t     360 kB\n")
	tests := []struct {
		field string
		want  int64
		ok    bool
	}{{"VmSize", 2 << 20, true}, {"VmData", 360 << 10, true}, {"VmRSS", 0, false}, {"Name", 0, false}}
	for _, tc := range tests {
		got, ok := statusBytes(status, tc.field)
		if got != tc.want || ok != tc.ok {
			t.Errorf("statusBytes(%s) = %d, %v; want %d, %v", tc.field, got, ok, tc.want, tc.ok)
		}
	}
}

// TestRlimitAS checks, in a child process under RLIMIT_AS, that the budget names the limit
// and that it is about the limit less the process's size.
func TestRlimitAS(t *testing.T) {
	if os.Getenv("MEMLIMIT_TEST_CHILD") == "1" {
		if err := LimitAddressSpace(256 << 20); err != nil {
			t.Fatal(err)
		}
		b := Available()
		if b.Source != "RLIMIT_AS" || b.Bytes > 256<<20 || b.Bytes < 128<<20 {
			t.Fatalf("Available() under RLIMIT_AS = VmSize + 256 MiB: %+v", b)
		}
		return
	}
	if raceEnabled {
		t.Skip("the race detector's shadow memory does not fit under RLIMIT_AS")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRlimitAS$", "-test.v")
	cmd.Env = append(os.Environ(), "MEMLIMIT_TEST_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
