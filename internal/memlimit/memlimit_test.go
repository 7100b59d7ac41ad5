package memlimit

import (
	"errors"
	"math"
	"runtime/debug"
	"testing"
)

func TestTightest(t *testing.T) {
	tests := []struct {
		name   string
		limits []Limit
		want   Budget
	}{
		{"none", nil, Budget{Bytes: math.MaxInt64}},
		{"unset limits skipped", []Limit{{"RLIMIT_AS", 0, 5}, {"Go memory limit", -1, 5}}, Budget{Bytes: math.MaxInt64}},
		{"one", []Limit{{"physical memory", 8 << 30, 1 << 30}}, Budget{Bytes: 7 << 30, Source: "physical memory"}},
		{"smallest left wins, not smallest max", []Limit{
			{"physical memory", 16 << 30, 0},
			{"RLIMIT_AS", 4 << 30, 3 << 30},
			{"cgroup memory.max", 2 << 30, 0},
		}, Budget{Bytes: 1 << 30, Source: "RLIMIT_AS"}},
		{"overdrawn is zero", []Limit{{"RLIMIT_DATA", 1 << 20, 2 << 20}}, Budget{Bytes: 0, Source: "RLIMIT_DATA"}},
		{"negative use ignored", []Limit{{"Go memory limit", 100 << 20, -5}}, Budget{Bytes: 100 << 20, Source: "Go memory limit"}},
		{"tie keeps the first", []Limit{{"A", 10 << 20, 0}, {"B", 10 << 20, 0}}, Budget{Bytes: 10 << 20, Source: "A"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Tightest(tc.limits); got != tc.want {
				t.Errorf("Tightest = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	b := Budget{Bytes: 512 << 20, Source: "RLIMIT_AS"}
	tests := []struct {
		name string
		need int64
		msg  string
	}{
		{"fits", 100 << 20, ""},
		{"exactly", 512 << 20, ""},
		{"too large", 2 << 30, "the CSR needs 2.0 GiB but 512 MiB are available (RLIMIT_AS)"},
		{"saturated", math.MaxInt64, "the CSR needs 8.0 EiB but 512 MiB are available (RLIMIT_AS)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := b.Check("the CSR", tc.need)
			if tc.msg == "" {
				if err != nil {
					t.Fatalf("Check(%d) = %v, want nil", tc.need, err)
				}
				return
			}
			if err == nil || err.Error() != tc.msg {
				t.Fatalf("Check(%d) = %v, want %q", tc.need, err, tc.msg)
			}
			if !errors.Is(err, ErrInsufficient) {
				t.Errorf("error does not wrap ErrInsufficient")
			}
			var me *Error
			if !errors.As(err, &me) || me.Need != tc.need || me.Budget != b {
				t.Errorf("error = %#v, want an *Error with Need %d and the budget", err, tc.need)
			}
		})
	}
	t.Run("small requests are not checked", func(t *testing.T) {
		if err := (Budget{Bytes: 0, Source: "RLIMIT_AS"}).Check("x", Unchecked-1); err != nil {
			t.Errorf("Check below Unchecked = %v", err)
		}
		if err := Check("x", Unchecked-1); err != nil {
			t.Errorf("package Check below Unchecked = %v", err)
		}
	})
}

func TestFormat(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 bytes"}, {1, "1 byte"}, {1023, "1023 bytes"}, {1024, "1.0 KiB"},
		{1536, "1.5 KiB"}, {10 << 10, "10 KiB"}, {512 << 20, "512 MiB"},
		{2 << 30, "2.0 GiB"}, {(2 << 30) - 1, "1.9 GiB"}, {64 << 30, "64 GiB"},
		{3 << 40, "3.0 TiB"}, {math.MaxInt64, "8.0 EiB"},
	}
	for _, tc := range tests {
		if got := Format(tc.n); got != tc.want {
			t.Errorf("Format(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestSumMul(t *testing.T) {
	tests := []struct {
		name      string
		got, want int64
	}{
		{"sum", Sum(1, 2, 3), 6},
		{"sum skips negatives", Sum(5, -3, 0), 5},
		{"sum saturates", Sum(math.MaxInt64-1, 2), math.MaxInt64},
		{"mul", Mul(1<<20, 8), 8 << 20},
		{"mul saturates", Mul(math.MaxInt64/2, 3), math.MaxInt64},
		{"mul of negative", Mul(-1, 8), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %d, want %d", tc.got, tc.want)
			}
		})
	}
}

func TestGoLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	debug.SetMemoryLimit(1 << 30)
	l := goLimit(100)
	if l.Max != 1<<30 || l.Used != 100 || l.Source != "Go memory limit" {
		t.Errorf("goLimit with a 1 GiB limit = %+v", l)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	if l := goLimit(100); l.Max != 0 {
		t.Errorf("goLimit without a limit = %+v, want Max 0", l)
	}
	found := false
	debug.SetMemoryLimit(1 << 30)
	for _, l := range Limits() {
		found = found || l.Source == "Go memory limit" && l.Max == 1<<30
	}
	if !found {
		t.Errorf("Limits() = %+v, want the Go memory limit of 1 GiB", Limits())
	}
	if b := Available(); b.Bytes > 1<<30 {
		t.Errorf("Available() = %+v with a 1 GiB Go limit", b)
	}
}
