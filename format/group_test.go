package format

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// Zeros with Group follows Python's rule: the zeros are grouped like the
// digits, and a group never starts with a separator.
func TestGroupZeros(t *testing.T) {
	de := NewLocale(",", ".", 3)
	in := NewLocale(".", "\u202f", 4)
	tests := []struct {
		name string
		a    Appender
		want string
	}{
		{"width below the digits", Base(155, 10).Group().Zeros(2), "155"},
		{"width of the digits", Base(155, 10).Group().Zeros(3), "155"},
		{"one more: a group of one zero", Base(155, 10).Group().Zeros(4), "0,155"},
		{"two more", Base(155, 10).Group().Zeros(6), "00,155"},
		{"a whole group", Base(155, 10).Group().Zeros(7), "000,155"},
		{"a separator would come first", Base(155, 10).Group().Zeros(8), "0,000,155"},
		{"python 034,d", Base(155, 10).Group().Zeros(34), "00,000,000,000,000,000,000,000,155"},
		{"negative", Base(-155, 10).Group().Zeros(5), "-0,155"},
		{"negative wider", Base(-155, 10).Group().Zeros(8), "-000,155"},
		{"plus", Base(155, 10).Plus().Group().Zeros(9), "+0,000,155"},
		{"zero", Base(0, 10).Group().Zeros(5), "0,000"},
		{"already grouped", Base(1234567, 10).Group().Zeros(9), "1,234,567"},
		{"grouped, wider", Base(1234567, 10).Group().Zeros(11), "001,234,567"},
		{"hex with prefix", Base(255, 16).Prefix().Group().Zeros(11), "0x0000_00ff"},
		{"hex separator first", Base(255, 16).Prefix().Group().Zeros(7), "0x0_00ff"},
		{"binary", Base(5, 2).Group().Zeros(6), "0_0101"},
		{"locale separator", Base(155, 10).Group().In(de).Zeros(8), "0.000.155"},
		{"multibyte separator counts as one character", Base(155, 10).Group().In(in).Zeros(7), "00\u202f0155"},
		{"no group: plain zeros", Base(155, 10).Zeros(8), "00000155"},
		{"float", Fixed(1234.5, 1).Group().Zeros(10), "0,001,234.5"},
		{"float exact width", Fixed(1234.5, 1).Group().Zeros(9), "001,234.5"},
		{"float negative", Fixed(-1.5, 1).Group().Zeros(7), "-0,001.5"},
		{"float locale", Fixed(1234.5, 1).Group().In(de).Zeros(10), "0.001.234,5"},
		{"float sci", Sci(1.5e10, 1).Group().Zeros(11), "0,001.5e+10"},
		{"float inf: spaces", Fixed(math.Inf(1), 1).Group().Zeros(6), "  +Inf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(tt.a.AppendFormat(nil)); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			// Print packs manipulators into Args: the same text.
			if a := V(tt.a); string(a.appendFormat(nil)) != tt.want {
				got := string(a.appendFormat(nil))
				t.Fatalf("through an Arg: got %q, want %q", got, tt.want)
			}
		})
	}
}

// groupCase is one number formatted by Python and by this package.
type groupCase struct {
	spec string // Python's format spec
	v    string // Python's literal of the value
	a    Appender
}

// TestGroupZerosPython compares zero-padded grouped numbers with Python's
// format over random values, widths, signs, bases and group separators.
func TestGroupZerosPython(t *testing.T) {
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 cannot start a process: the python3 peer needs a host")
	}
	python := coretest.Peer(t, "python3", "python3")
	r := rand.New(rand.NewPCG(7, 11))
	underscore := NewLocale(".", "_", 3)
	var cases []groupCase
	for range 4000 {
		v := int64(r.Uint64() >> r.IntN(64))
		if r.IntN(2) == 0 {
			v = -v
		}
		w := r.IntN(40)
		sign := ""
		if r.IntN(4) == 0 {
			sign = "+"
		}
		lit := fmt.Sprint(v)
		switch r.IntN(6) {
		case 0, 1:
			f := Base(v, 10).Group().Zeros(w)
			if sign == "+" {
				f = f.Plus()
			}
			cases = append(cases, groupCase{fmt.Sprintf("%s0%d,d", sign, w), lit, f})
		case 2:
			f := Base(v, 10).Group().In(underscore).Zeros(w)
			if sign == "+" {
				f = f.Plus()
			}
			cases = append(cases, groupCase{fmt.Sprintf("%s0%d_d", sign, w), lit, f})
		case 3:
			f := Base(v, 16).Prefix().Group().Zeros(w)
			if sign == "+" {
				f = f.Plus()
			}
			cases = append(cases, groupCase{fmt.Sprintf("%s#0%d_x", sign, w), lit, f})
		case 4:
			f := Base(v, 2).Group().Zeros(w)
			if sign == "+" {
				f = f.Plus()
			}
			cases = append(cases, groupCase{fmt.Sprintf("%s0%d_b", sign, w), lit, f})
		case 5:
			fv := float64(v) / float64(int64(1)<<r.IntN(40))
			prec := r.IntN(4)
			f := Fixed(fv, prec).Group().Zeros(w)
			if sign == "+" {
				f = f.Plus()
			}
			cases = append(cases, groupCase{fmt.Sprintf("%s0%d,.%df", sign, w, prec), fmt.Sprintf("%v", math.Float64bits(fv)), f})
		}
	}
	var script strings.Builder
	script.WriteString("import sys, struct\nfor line in sys.stdin:\n    spec, v = line.split()\n" +
		"    x = struct.unpack('<d', struct.pack('<Q', int(v)))[0] if spec.endswith('f') else int(v)\n" +
		"    print(format(x, spec))\n")
	var in bytes.Buffer
	for _, c := range cases {
		fmt.Fprintf(&in, "%s %s\n", c.spec, c.v)
	}
	cmd := exec.Command(python, "-c", script.String())
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	fails, i := 0, 0
	for ; sc.Scan(); i++ {
		if i >= len(cases) {
			t.Fatal("python3 printed more lines than cases")
		}
		if got := string(cases[i].a.AppendFormat(nil)); got != sc.Text() {
			t.Errorf("format(%s, %q): python %q, fastio %q", cases[i].v, cases[i].spec, sc.Text(), got)
			if fails++; fails > 20 {
				t.FailNow()
			}
		}
	}
	if i != len(cases) {
		t.Fatalf("python3 printed %d lines for %d cases", i, len(cases))
	}
}
