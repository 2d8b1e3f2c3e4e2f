package core_test

import (
	"testing"

	"github.com/fastio-go/fastio/core"
)

// countByte serves string and []byte alike, without conversion.
func countByte[T core.Text](s T, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// digits counts decimal digits of any integer width.
func digits[T core.Integer](v T) int {
	n := 1
	for v/10 != 0 {
		v /= 10
		n++
	}
	return n
}

func half[T core.Float](v T) T { return v / 2 }

type myString string
type myInt int16

func TestConstraints(t *testing.T) {
	tests := []struct {
		name string
		got  int
		want int
	}{
		{"string", countByte("a,b,c", ','), 2},
		{"bytes", countByte([]byte("a,b,c,"), ','), 3},
		{"named string", countByte(myString(",,"), ','), 2},
		{"int8", digits(int8(-128)), 3},
		{"uint64", digits(uint64(18446744073709551615)), 20},
		{"named int16", digits(myInt(9999)), 4},
		{"uintptr", digits(uintptr(7)), 1},
		{"float32", int(half(float32(5))), 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Fatalf("got %d, want %d", tc.got, tc.want)
			}
		})
	}
	if n := testing.AllocsPerRun(100, func() { countByte([]byte("x,y"), ',') }); n != 0 {
		t.Fatalf("Text constraint allocated %v times", n)
	}
}
