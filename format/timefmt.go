package format

import "time"

// TimeFormat is the manipulator of a time.Time in RFC 3339 (the ISO 8601
// profile of the Internet): 2006-01-02T15:04:05.999999999Z07:00, with the
// fraction of a second trimmed of trailing zeros by default, "Z" for a zero
// offset and ±hh:mm otherwise. Make one with Time.
type TimeFormat struct {
	t    time.Time
	frac int8
}

// Time formats t in RFC 3339 with as many fractional digits as needed,
// byte-identical to t.Format(time.RFC3339Nano) for years 0 to 9999.
func Time(t time.Time) TimeFormat { return TimeFormat{t: t, frac: -1} }

// Frac writes exactly n fractional digits (0 to 9, clamped), truncating
// as time.Format does: Frac(3) gives milliseconds, Frac(0) none.
func (f TimeFormat) Frac(n int) TimeFormat { f.frac = int8(min(max(n, 0), 9)); return f }

// AppendFormat appends the time to dst.
func (f TimeFormat) AppendFormat(dst []byte) []byte {
	_, off := f.t.Zone()
	return appendTime(dst, f.t, off, f.frac)
}

// appendTime appends t's date and clock (in its own location), then
// frac fractional digits (-1: as many as needed) and the zone offset off
// in seconds.
func appendTime(dst []byte, t time.Time, off int, frac int8) []byte {
	year, month, day := t.Date()
	hour, minute, sec := t.Clock()
	if year < 0 {
		dst = append(dst, '-')
		year = -year
	}
	if year > 9999 {
		dst = AppendInt(dst, year)
	} else {
		dst = append4(dst, year)
	}
	dst = append(dst, '-', pairs[2*month], pairs[2*month+1], '-', pairs[2*day], pairs[2*day+1], 'T',
		pairs[2*hour], pairs[2*hour+1], ':', pairs[2*minute], pairs[2*minute+1], ':', pairs[2*sec], pairs[2*sec+1])
	ns := t.Nanosecond()
	switch {
	case frac > 0:
		var buf [9]byte
		putDec9(&buf, uint32(ns))
		dst = append(dst, '.')
		dst = append(dst, buf[:frac]...)
	case frac < 0 && ns != 0:
		var buf [9]byte
		putDec9(&buf, uint32(ns))
		n := 9
		for buf[n-1] == '0' {
			n--
		}
		dst = append(dst, '.')
		dst = append(dst, buf[:n]...)
	}
	if off == 0 {
		return append(dst, 'Z')
	}
	zone := off / 60
	sign := byte('+')
	if zone < 0 {
		sign = '-'
		zone = -zone
	}
	h, m := zone/60, zone%60
	dst = append(dst, sign)
	if h > 99 {
		dst = AppendInt(dst, h)
	} else {
		dst = append(dst, pairs[2*h], pairs[2*h+1])
	}
	return append(dst, ':', pairs[2*m], pairs[2*m+1])
}

// putDec9 writes v (< 1e9) as nine zero-padded digits.
func putDec9(buf *[9]byte, v uint32) {
	buf[0] = byte('0' + v/1e8)
	putDec8(buf[1:], v%1e8)
}

// append4 appends y (0 to 9999) as four zero-padded digits.
func append4(dst []byte, y int) []byte {
	hi, lo := y/100, y%100
	return append(dst, pairs[2*hi], pairs[2*hi+1], pairs[2*lo], pairs[2*lo+1])
}

// DurFormat is the manipulator of a time.Duration, written as
// Duration.String writes it ("1h2m3.5s", "1.5µs", "0s"). Make one with Dur.
type DurFormat struct{ d time.Duration }

// Dur formats d as d.String() does, without allocating.
func Dur(d time.Duration) DurFormat { return DurFormat{d} }

// AppendFormat appends the duration to dst.
func (f DurFormat) AppendFormat(dst []byte) []byte {
	var buf [32]byte
	i := len(buf)
	u := uint64(f.d)
	if f.d < 0 {
		u = -u
	}
	put := func(s string) {
		i -= len(s)
		copy(buf[i:], s)
	}
	if u < uint64(time.Second) {
		// Below a second the unit shrinks so that the integer part is not
		// zero: ns, µs (three fractional digits at most), ms (six).
		var digits int
		switch {
		case u == 0:
			return append(dst, "0s"...)
		case u < uint64(time.Microsecond):
			put("ns")
		case u < uint64(time.Millisecond):
			put("µs")
			digits = 3
		default:
			put("ms")
			digits = 6
		}
		i, u = putFrac(buf[:i], u, digits)
		i = putUint(buf[:i], u)
	} else {
		put("s")
		i, u = putFrac(buf[:i], u, 9)
		i = putUint(buf[:i], u%60)
		if u /= 60; u > 0 {
			put("m")
			i = putUint(buf[:i], u%60)
			if u /= 60; u > 0 {
				put("h")
				i = putUint(buf[:i], u)
			}
		}
	}
	if f.d < 0 {
		put("-")
	}
	return append(dst, buf[i:]...)
}

// putFrac writes the last digits decimal digits of v as a fraction ending
// at len(buf), dropping trailing zeros and the point when nothing is left.
// It returns the new start and v with those digits removed.
func putFrac(buf []byte, v uint64, digits int) (int, uint64) {
	i := len(buf)
	started := false
	for range digits {
		d := byte(v % 10)
		v /= 10
		if started || d != 0 {
			started = true
			i--
			buf[i] = '0' + d
		}
	}
	if started {
		i--
		buf[i] = '.'
	}
	return i, v
}

// putUint writes v in decimal ending at len(buf) and returns the start.
func putUint(buf []byte, v uint64) int {
	n := decLen(v)
	putDec(buf[len(buf)-n:], v)
	return len(buf) - n
}
