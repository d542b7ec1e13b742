package codec

import (
	"errors"
	"strings"
	"testing"
)

func TestNumberSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		size int
		err  string
	}{
		{"0", 1, ""},
		{"-0.000", 1, ""},
		{"12.50", 3, ""}, // significant digits "125": (3+1)/2+1
		{"+7", 2, ""},
		{"1E+125", 2, ""},
		{"1e-130", 2, ""},
		{"12345678901234567890123456789012345678", 20, ""},
		{"1234567890123456789012345678901234567891", 0, "40 significant digits"},
		{"1E126", 0, "too large"},
		{"1E-131", 0, "too small"},
		{"1e99999999999", 0, "too large"},
		{"NaN", 0, "cannot hold it"},
		{"-Infinity", 0, "cannot hold it"},
		{"", 0, "not a decimal number"},
		{"1.2.3", 0, "not a decimal number"},
		{"12abc", 0, "not a decimal number"},
		{"-", 0, "not a decimal number"},
		{"1e", 0, "not a decimal number"},
	} {
		size, err := NumberSize(c.in)
		if c.err == "" {
			if err != nil || size != c.size {
				t.Errorf("NumberSize(%q) = %d, %v; want %d", c.in, size, err, c.size)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("NumberSize(%q) error %v, want %q", c.in, err, c.err)
		}
	}
	if _, err := NumberSize("NaN"); !errors.Is(err, ErrSpecial) {
		t.Errorf("NaN is not ErrSpecial: %v", err)
	}
	if got := CanonicalNumber("1.50"); got != CanonicalNumber("15E-1") || got != "1.5E0" {
		t.Errorf("CanonicalNumber(1.50) = %q", got)
	}
	for in, want := range map[string]string{
		"0.0120": "1.2E-2", "-100": "-1E2", "1001": "1.001E3", "000.5e+2": "5E1", "-0.0": "0", "abc": "abc",
	} {
		if got := CanonicalNumber(in); got != want {
			t.Errorf("CanonicalNumber(%q) = %q, want %q", in, got, want)
		}
	}
}

func BenchmarkNumberSize(b *testing.B) {
	for b.Loop() {
		if _, err := NumberSize("123456.78"); err != nil {
			b.Fatal(err)
		}
	}
}
