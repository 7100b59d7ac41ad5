package hugepage

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// vmFlags returns the VmFlags of the mapping of this process that holds address p, from
// /proc/self/smaps.
func vmFlags(t *testing.T, p uintptr) []string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no smaps: %v", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 && strings.Contains(line[:strings.IndexByte(line, ' ')], "-") {
			in = lo <= p && p < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.Fields(strings.TrimPrefix(line, "VmFlags:"))
		}
	}
	t.Skipf("smaps shows no VmFlags for %#x", p)
	return nil
}

func TestMake(t *testing.T) {
	cases := []struct {
		name  string
		on    bool
		bytes int
		want  bool // the middle of the view is in a mapping marked for huge pages ("hg")
	}{
		{"large", true, 32 << 20, true},
		{"switched off", false, 32 << 20, false},
		{"small", true, 1 << 20, false},
	}
	// Every slice stays reachable to the end, so that no case's slice reuses the memory of an
	// earlier one, whose mapping may carry its advice.
	var keep [][]int64
	defer runtime.KeepAlive(&keep)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func(old bool) { Enabled = old }(Enabled)
			Enabled = c.on
			s := Make[int64](c.bytes/8, c.bytes/8)
			keep = append(keep, s)
			mid := uintptr(unsafe.Pointer(&s[len(s)/2]))
			got := false
			for _, f := range vmFlags(t, mid) {
				got = got || f == "hg"
			}
			if got != c.want {
				t.Errorf("huge pages asked for %d bytes: %v, want %v", c.bytes, got, c.want)
			}
		})
	}
}
