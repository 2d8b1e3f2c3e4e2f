package cputime

import (
	"testing"
)

var sink int

func spin(n int) {
	for i := range n {
		sink += i * i
	}
}

func TestPerCountsWork(t *testing.T) {
	small := Per(1, func(int) { spin(1 << 10) })
	large := Per(1, func(int) { spin(1 << 22) })
	if !(large > small) || small < 0 {
		t.Fatalf("CPU time for 4M iterations (%v ns) not above that for 1K (%v ns)", large, small)
	}
}

func TestCompare(t *testing.T) {
	a, b := Compare(3, 1000, func(n int) { spin(n) }, func(n int) { spin(n * 64) })
	if a <= 0 || b <= a {
		t.Fatalf("Compare gave %v and %v ns/op, want 0 < a < b", a, b)
	}
}
