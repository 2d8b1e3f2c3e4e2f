package format

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

func TestAppendInt(t *testing.T) {
	tests := []struct {
		name string
		got  []byte
		want string
	}{
		{"zero", AppendInt(nil, 0), "0"},
		{"nine", AppendInt(nil, 9), "9"},
		{"ten", AppendInt(nil, 10), "10"},
		{"minus one", AppendInt(nil, -1), "-1"},
		{"int8 min", AppendInt(nil, int8(math.MinInt8)), "-128"},
		{"int64 min", AppendInt(nil, int64(math.MinInt64)), "-9223372036854775808"},
		{"int64 max", AppendInt(nil, int64(math.MaxInt64)), "9223372036854775807"},
		{"uint64 max", AppendInt(nil, uint64(math.MaxUint64)), "18446744073709551615"},
		{"uint8 max", AppendInt(nil, uint8(255)), "255"},
		{"1e8", AppendInt(nil, 100000000), "100000000"},
		{"99999999", AppendInt(nil, 99999999), "99999999"},
		{"1e16+1", AppendInt(nil, uint64(1e16+1)), "10000000000000001"},
		{"appends", AppendInt([]byte("x="), 42), "x=42"},
		{"base 16", Base(255, 16).AppendFormat(nil), "ff"},
		{"base 2 neg", Base(-5, 2).AppendFormat(nil), "-101"},
		{"base 36", Base(uint64(math.MaxUint64), 36).AppendFormat(nil), "3w5e11264sgsf"},
		{"base 7 min", Base(int64(math.MinInt64), 7).AppendFormat(nil), strconv.FormatInt(math.MinInt64, 7)},
		{"bad base", Base(5, 37).AppendFormat([]byte("a")), "a5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if string(tt.got) != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

// TestAppendIntPowers checks every power of ten and its neighbours, the
// edges of decLen and of the eight-digit chunks.
func TestAppendIntPowers(t *testing.T) {
	for i := range 20 {
		p := pow10[i]
		for _, u := range []uint64{p - 1, p, p + 1} {
			if got, want := string(AppendInt(nil, u)), strconv.FormatUint(u, 10); got != want {
				t.Fatalf("AppendInt(%d) = %q, want %q", u, got, want)
			}
			if got, want := decLen(u), len(strconv.FormatUint(u, 10)); got != want {
				t.Fatalf("decLen(%d) = %d, want %d", u, got, want)
			}
			if v := uint32(u); uint64(v) == u {
				if got, want := decLen32(v), len(strconv.FormatUint(u, 10)); got != want {
					t.Fatalf("decLen32(%d) = %d, want %d", v, got, want)
				}
			}
		}
	}
}

// TestDecLen32 checks the carry-table digit count at every power of two
// and of ten and their neighbours.
func TestDecLen32(t *testing.T) {
	var vals []uint32
	for i := range 32 {
		vals = append(vals, 1<<i-1, 1<<i, 1<<i+1)
	}
	for i := range 10 {
		vals = append(vals, uint32(pow10[i])-1, uint32(pow10[i]), uint32(pow10[i])+1)
	}
	vals = append(vals, math.MaxUint32)
	for _, v := range vals {
		if got, want := decLen32(v), len(strconv.FormatUint(uint64(v), 10)); got != want {
			t.Errorf("decLen32(%d) = %d, want %d", v, got, want)
		}
	}
}

func FuzzAppendInt(f *testing.F) {
	for _, v := range []int64{0, 1, -1, 99, 100, math.MaxInt64, math.MinInt64, 12345678901} {
		f.Add(v, uint64(v), 10)
	}
	f.Add(int64(-36), uint64(1<<63), 36)
	f.Fuzz(func(t *testing.T, v int64, u uint64, base int) {
		if got, want := string(AppendInt(nil, v)), strconv.FormatInt(v, 10); got != want {
			t.Fatalf("AppendInt(%d) = %q, want %q", v, got, want)
		}
		if got, want := string(AppendInt(nil, u)), strconv.FormatUint(u, 10); got != want {
			t.Fatalf("AppendInt(%d) = %q, want %q", u, got, want)
		}
		// With spare capacity AppendInt takes the branch-free path.
		room := make([]byte, 1, 64)
		if got, want := string(AppendInt(room, v)), "\x00"+strconv.FormatInt(v, 10); got != want {
			t.Fatalf("AppendInt(room, %d) = %q, want %q", v, got, want)
		}
		if got, want := string(AppendInt(room, u)), "\x00"+strconv.FormatUint(u, 10); got != want {
			t.Fatalf("AppendInt(room, %d) = %q, want %q", u, got, want)
		}
		if base < 2 || base > 36 {
			return
		}
		if got, want := string(Base(v, base).AppendFormat(nil)), strconv.FormatInt(v, base); got != want {
			t.Fatalf("Base(%d, %d) = %q, want %q", v, base, got, want)
		}
		if got, want := string(Base(u, base).AppendFormat(nil)), strconv.FormatUint(u, base); got != want {
			t.Fatalf("Base(%d, %d) = %q, want %q", u, base, got, want)
		}
	})
}

func checkFast(t *testing.T, u uint64, neg bool) {
	t.Helper()
	var buf [maxIntLen]byte
	n := putIntFast(buf[:], u, neg)
	want := strconv.FormatUint(u, 10)
	if neg {
		want = "-" + want
	}
	if string(buf[:n]) != want {
		t.Fatalf("putIntFast(%d, %v) = %q, want %q", u, neg, buf[:n], want)
	}
}

// TestPutIntFast checks the SWAR conversion on every value below 10^7 (10^5
// with -short or -race), at every power of ten and its neighbours, and on
// random values of every length.
func TestPutIntFast(t *testing.T) {
	limit := uint64(1e7)
	if testing.Short() || raceEnabled {
		limit = 1e5
	}
	var buf [maxIntLen]byte
	for u := range limit {
		n := putIntFast(buf[:], u, false)
		if v, err := strconv.ParseUint(string(buf[:n]), 10, 64); err != nil || v != u || (n > 1 && buf[0] == '0') {
			t.Fatalf("putIntFast(%d) = %q", u, buf[:n])
		}
	}
	for i := range 20 {
		for _, d := range []uint64{pow10[i] - 1, pow10[i], pow10[i] + 1} {
			checkFast(t, d, false)
			checkFast(t, d, true)
		}
	}
	checkFast(t, math.MaxUint64, false)
	checkFast(t, 1<<63, true)
	r := rand.New(rand.NewPCG(7, 8))
	for range 100000 {
		checkFast(t, r.Uint64()>>r.UintN(64), r.UintN(2) == 0)
	}
}

// TestPutDec checks the exact-length writer on every value below 10^7
// (10^5 with -short or -race, and every value below 10^8, all that
// putShort takes, under FASTIO_STRESS=1), at the neighbours of every power
// of ten and on random values of every length.
func TestPutDec(t *testing.T) {
	limit := uint64(1e7)
	switch {
	case os.Getenv("FASTIO_STRESS") == "1":
		limit = 1e8
	case testing.Short() || raceEnabled:
		limit = 1e5
	}
	var buf, want [20]byte
	check := func(u uint64) {
		n := decLen(u)
		putDec(buf[:n], u)
		if w := strconv.AppendUint(want[:0], u, 10); string(buf[:n]) != string(w) {
			t.Fatalf("putDec(%d) = %q", u, buf[:n])
		}
	}
	for u := range limit {
		check(u)
	}
	for _, p := range pow10 {
		check(p - 1)
		check(p)
		check(p + 1)
	}
	check(math.MaxUint64)
	r := rand.New(rand.NewPCG(9, 10))
	for range 100000 {
		check(r.Uint64() >> r.UintN(64))
	}
}

// TestAppendIntAllocs checks that AppendInt does not allocate when dst
// has room: for the widest value (the 8-byte-store path) or only for the
// digits (the exact-length path).
func TestAppendIntAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	for _, v := range []int64{7, -1234567, math.MinInt64, 12345678901234} {
		if n := testing.AllocsPerRun(100, func() { buf = AppendInt(buf[:0], v) }); n != 0 {
			t.Errorf("AppendInt(room, %d): %v allocations", v, n)
		}
		exact := buf[:0:len(strconv.FormatInt(v, 10))]
		if n := testing.AllocsPerRun(100, func() { AppendInt(exact, v) }); n != 0 {
			t.Errorf("AppendInt(exact room, %d): %v allocations", v, n)
		}
	}
}
