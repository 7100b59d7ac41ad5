package cgroup

import "testing"

func TestUnescape(t *testing.T) {
	cases := []struct{ in, want string }{
		{"/sys/fs/cgroup", "/sys/fs/cgroup"},
		{`/mnt/with\040blank`, "/mnt/with blank"},
		{`/back\134slash`, `/back\slash`},
		{`/trailing\04`, `/trailing\04`},
		{`/mnt/a\040b\134c`, `/mnt/a b\c`},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := Unescape(c.in); got != c.want {
				t.Errorf("Unescape(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
