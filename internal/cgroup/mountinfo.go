// Package cgroup reads what the memory and CPU limits of a Linux process need from
// /proc/self/mountinfo: where the cgroup hierarchies are mounted.
package cgroup

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
)

// FindMount returns the mount point and the mounted root of the first mount of type fstype in
// the mountinfo text mi whose super options include option (any when option is empty).
func FindMount(mi []byte, fstype, option string) (mountPoint, root string) {
	sc := bufio.NewScanner(bytes.NewReader(mi))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		// "id parent major:minor root mount-point options [optional...] - type source super-options"
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		a, b := strings.Fields(pre), strings.Fields(post)
		if len(a) < 5 || len(b) < 1 || b[0] != fstype {
			continue
		}
		if option != "" && (len(b) < 3 || !HasWord(b[2], option)) {
			continue
		}
		return Unescape(a[4]), Unescape(a[3])
	}
	return "", ""
}

// HasWord reports whether the comma-separated list holds w.
func HasWord(list, w string) bool {
	for x := range strings.SplitSeq(list, ",") {
		if x == w {
			return true
		}
	}
	return false
}

// Unescape undoes mountinfo's octal escapes of blanks and backslashes ("\040").
func Unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
