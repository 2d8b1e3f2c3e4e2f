package format

import (
	"fmt"
	"math"
	"strconv"
	"testing"
	"time"
)

func str(a Appender) string { return string(a.AppendFormat(nil)) }

func TestManipulators(t *testing.T) {
	de := NewLocale(",", ".", 3)
	in := NewLocale(".", "\u202f", 4)
	tests := []struct {
		name string
		a    Appender
		want string
	}{
		{"dec", Base(-42, 10), "-42"},
		{"hex", Base(255, 16), "ff"},
		{"hex prefix upper", Base(255, 16).Prefix().Upper(), "0XFF"},
		{"hex negative", Base(-255, 16).Prefix(), "-0xff"},
		{"oct prefix", Base(8, 8).Prefix(), "0o10"},
		{"bin prefix", Base(5, 2).Prefix(), "0b101"},
		{"base 36 no prefix", Base(uint64(math.MaxUint64), 36).Prefix().Upper(), "3W5E11264SGSF"},
		{"bad base is 10", Base(12, 99), "12"},
		{"plus", Base(5, 10).Plus(), "+5"},
		{"plus zero", Base(0, 10).Plus(), "+0"},
		{"plus negative", Base(-5, 10).Plus(), "-5"},
		{"group", Base(1234567, 10).Group(), "1,234,567"},
		{"group short", Base(123, 10).Group(), "123"},
		{"group negative", Base(-1234, 10).Group(), "-1,234"},
		{"group locale", Base(1234567, 10).Group().In(de), "1.234.567"},
		{"group multibyte", Base(12345, 10).Group().In(in), "1\u202f2345"},
		{"group hex", Base(uint32(0xdeadbeef), 16).Prefix().Group(), "0xdead_beef"},
		{"zeros", Base(-42, 10).Zeros(6), "-00042"},
		{"zeros prefix", Base(255, 16).Prefix().Zeros(8), "0x0000ff"},
		{"zeros narrow", Base(12345, 10).Zeros(3), "12345"},
		{"pad right", Pad(Base(42, 10), 5), "   42"},
		{"pad left", Pad(Base(42, 10), 5).Left(), "42   "},
		{"pad center", Pad(Base(42, 10), 7).Center(), "  42   "},
		{"pad center odd", Pad(Plain("abc"), 6).Center().Fill('-'), "-abc--"},
		{"pad fill rune", Pad(Plain("é"), 3).Fill('·'), "··é"},
		{"pad negative width", Pad(Plain("x"), -3), "x"},
		{"shortest", General(0.1, -1), "0.1"},
		{"shortest float32", General(float32(0.1), -1), "0.1"},
		{"fixed", Fixed(math.Pi, 3), "3.142"},
		{"fixed group", Fixed(1234567.891, 2).Group(), "1,234,567.89"},
		{"fixed locale", Fixed(1234567.891, 2).Group().In(de), "1.234.567,89"},
		{"fixed locale no group", Fixed(-0.5, 1).In(de), "-0,5"},
		{"sci", Sci(123456.0, 2), "1.23e+05"},
		{"sci upper", Sci(123456.0, 2).Upper(), "1.23E+05"},
		{"general", General(1e-7, 3), "1e-07"},
		{"hexfloat", HexFloat(1.0, -1), "0x1p+00"},
		{"float plus", Fixed(2.0, 1).Plus(), "+2.0"},
		{"float plus negative zero", Fixed(math.Copysign(0, -1), 1).Plus(), "-0.0"},
		{"float plus inf", General(math.Inf(1), -1).Plus(), "+Inf"},
		{"float plus nan", General(math.NaN(), -1).Plus(), "NaN"},
		{"float zeros", Fixed(-1.5, 2).Zeros(8), "-0001.50"},
		{"float zeros inf", General(math.Inf(-1), -1).Zeros(6), "  -Inf"},
		{"float group inf", General(math.Inf(1), -1).Group(), "+Inf"},
		{"quote", Quote("a\"b\n"), `"a\"b\n"`},
		{"quote bytes", Quote([]byte("é")), `"é"`},
		{"text", Plain("plain"), "plain"},
		{"char", Char('世'), "世"},
		{"char invalid", Char(-1), "\uFFFD"},
		{"nil pointer", pointerFormat{}, "0x0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := str(tt.a); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestManipulatorsMatchFmt checks the integer manipulators against fmt's
// verbs over many values.
func TestManipulatorsMatchFmt(t *testing.T) {
	vals := []int64{0, 1, -1, 7, -8, 255, -256, 65535, math.MaxInt64, math.MinInt64, 1234567890}
	for _, v := range vals {
		checks := []struct {
			a    Appender
			want string
		}{
			{Base(v, 16), strconv.FormatInt(v, 16)},
			{Base(v, 16).Upper().Prefix(), fmt.Sprintf("%#X", v)},
			{Base(v, 8).Prefix(), fmt.Sprintf("%O", v)},
			{Base(v, 2), fmt.Sprintf("%b", v)},
			{Base(v, 10).Plus(), fmt.Sprintf("%+d", v)},
			{Base(v, 10).Zeros(12), fmt.Sprintf("%012d", v)},
			{Pad(Base(v, 10), 12), fmt.Sprintf("%12d", v)},
			{Pad(Base(v, 10), 12).Left(), fmt.Sprintf("%-12d", v)},
		}
		for i, c := range checks {
			if got := str(c.a); got != c.want {
				t.Errorf("%d, check %d: got %q, want %q", v, i, got, c.want)
			}
		}
	}
}

func TestFloatModesMatchStrconv(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, 0.1, 1.0 / 3, 2.5, 1e23, 5e-324, math.MaxFloat64,
		math.SmallestNonzeroFloat64, 0x1p-1022, 123456789.125, 1e21, 1e-5, math.Inf(1), math.Inf(-1), math.NaN()}
	for _, v := range vals {
		for _, prec := range []int{-1, 0, 1, 3, 17, 30} {
			for _, m := range []struct {
				a    FloatFormat
				mode byte
				prec int
			}{
				{Fixed(v, prec), 'f', prec}, {Sci(v, prec), 'e', prec}, {General(v, prec), 'g', prec},
				{HexFloat(v, prec), 'x', prec}, {Sci(v, prec).Upper(), 'E', prec},
				{General(v, prec).Upper(), 'G', prec}, {HexFloat(v, prec).Upper(), 'X', prec},
				{Fixed(v, prec).Upper(), 'f', prec}, {General(v, -1).Upper(), 'G', -1},
			} {
				if got, want := str(m.a), strconv.FormatFloat(v, m.mode, m.prec, 64); got != want {
					t.Errorf("%v %c %d: got %q, want %q", v, m.mode, m.prec, got, want)
				}
			}
		}
	}
}

func TestTime(t *testing.T) {
	tests := []struct {
		name string
		t    time.Time
	}{
		{"utc", time.Date(2024, 2, 29, 13, 4, 5, 0, time.UTC)},
		{"frac", time.Date(2024, 2, 29, 13, 4, 5, 120000000, time.UTC)},
		{"nanos", time.Date(1999, 12, 31, 23, 59, 59, 999999999, time.UTC)},
		{"plus offset", time.Date(2024, 1, 1, 0, 0, 0, 1, time.FixedZone("", 5*3600+30*60))},
		{"minus offset", time.Date(2024, 1, 1, 0, 0, 0, 1000, time.FixedZone("", -8*3600))},
		{"offset seconds", time.Date(1900, 1, 1, 0, 0, 0, 0, time.FixedZone("", 1050))},
		{"year zero", time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"year 9999", time.Date(9999, 12, 31, 23, 59, 59, 5, time.UTC)},
		{"unix zero", time.Unix(0, 0).UTC()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := str(Time(tt.t)), tt.t.Format(time.RFC3339Nano); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
			if got, want := str(Time(tt.t).Frac(3)), tt.t.Format("2006-01-02T15:04:05.000Z07:00"); got != want {
				t.Errorf("Frac(3): got %q, want %q", got, want)
			}
			if got, want := str(Time(tt.t).Frac(0)), tt.t.Format(time.RFC3339); got != want {
				t.Errorf("Frac(0): got %q, want %q", got, want)
			}
		})
	}
	// Years outside 0..9999 are not RFC 3339; they are written in full.
	if got, want := str(Time(time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC))), "-0001-01-01T00:00:00Z"; got != want {
		t.Errorf("year -1: got %q, want %q", got, want)
	}
	if got, want := str(Time(time.Date(12345, 1, 1, 0, 0, 0, 0, time.UTC))), "12345-01-01T00:00:00Z"; got != want {
		t.Errorf("year 12345: got %q, want %q", got, want)
	}
}

func FuzzTime(f *testing.F) {
	f.Add(int64(0), int64(0), 0)
	f.Add(int64(1709211845), int64(120000000), 3600)
	f.Add(int64(-62135596800), int64(999999999), -45000)
	f.Fuzz(func(t *testing.T, sec, nsec int64, off int) {
		// Stay within years 0..9999 where RFC 3339 is defined.
		sec = sec%(253402300799+62167219200) - 62167219200
		if sec < -62167219200+86400 {
			sec += 86400 * 2
		}
		off %= 24 * 3600
		tm := time.Unix(sec, nsec%1e9).In(time.FixedZone("", off))
		if got, want := str(Time(tm)), tm.Format(time.RFC3339Nano); got != want {
			t.Fatalf("got %q, want %q", got, want)
		}
	})
}

func TestDur(t *testing.T) {
	vals := []time.Duration{0, 1, -1, 999, 1000, 1001, 1500, 999999, 1000000, 1234567, -1234567,
		time.Second, 1500 * time.Millisecond, time.Minute, 90 * time.Minute, time.Hour + time.Nanosecond,
		math.MaxInt64, math.MinInt64, 100 * time.Hour}
	for _, d := range vals {
		t.Run(d.String(), func(t *testing.T) {
			if got, want := str(Dur(d)), d.String(); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

func FuzzDur(f *testing.F) {
	f.Add(int64(0))
	f.Add(int64(math.MinInt64))
	f.Add(int64(3723004005006))
	f.Fuzz(func(t *testing.T, d int64) {
		if got, want := str(Dur(time.Duration(d))), time.Duration(d).String(); got != want {
			t.Fatalf("got %q, want %q", got, want)
		}
	})
}
