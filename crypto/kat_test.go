package crypto

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"os"
	"strconv"
	"strings"
	"testing"
)

// katSum is one line of testdata/fips180-4.txt.
type katSum struct {
	line int
	alg  Algorithm
	msg  []byte
	want []byte
}

func loadSumKAT(t *testing.T, path string) []katSum {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []katSum
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		name, rest, _ := strings.Cut(s, " ")
		alg, err := ParseAlgorithm(name)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		rest = strings.TrimSpace(rest)
		end := strings.LastIndexByte(rest, '"')
		if rest == "" || rest[0] != '"' || end <= 0 {
			t.Fatalf("%s:%d: message is not quoted", path, line)
		}
		msg := rest[1:end]
		rest = rest[end+1:]
		reps := 1
		if strings.HasPrefix(rest, "*") {
			num, r, _ := strings.Cut(rest[1:], " ")
			if reps, err = strconv.Atoi(num); err != nil {
				t.Fatalf("%s:%d: %v", path, line, err)
			}
			rest = r
		}
		want, err := hex.DecodeString(strings.TrimSpace(rest))
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, katSum{line, alg, []byte(strings.Repeat(msg, reps)), want})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// katMAC is one case of testdata/rfc2202.txt or rfc4231.txt.
type katMAC struct {
	name      string
	key, data []byte
	trunc     int
	want      map[Algorithm][]byte
}

// parseKATBytes decodes hex with optional "xx*n" repetition.
func parseKATBytes(s string) ([]byte, error) {
	if h, n, ok := strings.Cut(s, "*"); ok {
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, err
		}
		reps, err := strconv.Atoi(n)
		if err != nil {
			return nil, err
		}
		return []byte(strings.Repeat(string(b), reps)), nil
	}
	return hex.DecodeString(s)
}

func loadMACKAT(t *testing.T, path string) []katMAC {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []katMAC
	var cur *katMAC
	for i, s := range strings.Split(string(data), "\n") {
		s = strings.TrimSpace(s)
		if s == "" || s[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(s, "=")
		if !ok {
			t.Fatalf("%s:%d: no '='", path, i+1)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if k == "case" {
			out = append(out, katMAC{name: v, want: map[Algorithm][]byte{}})
			cur = &out[len(out)-1]
			continue
		}
		if cur == nil {
			t.Fatalf("%s:%d: %s before the first case", path, i+1, k)
		}
		var err error
		switch k {
		case "key":
			cur.key, err = parseKATBytes(v)
		case "data":
			cur.data, err = parseKATBytes(v)
		case "truncate":
			cur.trunc, err = strconv.Atoi(v)
		default:
			var a Algorithm
			if a, err = ParseAlgorithm(k); err == nil {
				cur.want[a], err = hex.DecodeString(v)
			}
		}
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
	}
	return out
}

func TestKnownAnswersFIPS180(t *testing.T) {
	for _, c := range loadSumKAT(t, "testdata/fips180-4.txt") {
		for _, k := range kernelsFor(c.alg) {
			t.Run(c.alg.String()+"/line"+strconv.Itoa(c.line)+"/"+k.name, func(t *testing.T) {
				defer k.use()()
				testSumKAT(t, c.alg, c.msg, c.want)
			})
		}
	}
}

// testSumKAT checks one digest known answer through the device, in one
// write and in pieces, and the one-shot Sum.
func testSumKAT(t *testing.T, alg Algorithm, msg, want []byte) {
	h, err := New(alg)
	if err != nil {
		t.Fatal(err)
	}
	h.Write(msg)
	if got := h.Sum(nil); !bytes.Equal(got, want) {
		t.Errorf("device: got %x, want %x", got, want)
	}
	// Again through odd write sizes, after a Reset.
	h.Reset()
	for p := msg; len(p) > 0; {
		n := min(len(p), 1+len(p)%13)
		h.Write(p[:n])
		p = p[n:]
	}
	if !h.Verify(want) {
		t.Errorf("device in pieces: got %x, want %x", h.Sum(nil), want)
	}
	d, err := Sum(alg, msg)
	if err != nil || !bytes.Equal(d.Bytes(), want) {
		t.Errorf("Sum: got %x, %v; want %x", d.Bytes(), err, want)
	}
	if d, err := Sum(alg, string(msg)); err != nil || !bytes.Equal(d.Bytes(), want) {
		t.Errorf("Sum(string): got %v, %v; want %x", d, err, want)
	}
	if !h.VerifyHex(strings.ToUpper(hex.EncodeToString(want))) {
		t.Error("VerifyHex rejects the upper-case digest")
	}
}

func testMACKAT(t *testing.T, path string) {
	for _, c := range loadMACKAT(t, path) {
		for a, want := range c.want {
			for _, k := range kernelsFor(a) {
				t.Run("case"+c.name+"/"+a.String()+"/"+k.name, func(t *testing.T) {
					defer k.use()()
					testMACCase(t, a, c.key, c.data, c.trunc, want)
				})
			}
		}
	}
}

func testMACCase(t *testing.T, a Algorithm, key, data []byte, trunc int, want []byte) {
	h, err := NewHMAC(a, key)
	if err != nil {
		t.Fatal(err)
	}
	h.Write(data)
	got := h.Sum(nil)
	if trunc > 0 {
		if len(want) != trunc {
			t.Fatalf("testdata: %d-byte answer for truncate = %d", len(want), trunc)
		}
		if !h.VerifyTruncated(want) {
			t.Errorf("VerifyTruncated rejects %x (full MAC %x)", want, got)
		}
		got = got[:trunc]
	} else if !h.Verify(want) {
		t.Errorf("Verify rejects %x", want)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("device: got %x, want %x", got, want)
	}
	d, err := MAC(a, key, data)
	if err != nil || !bytes.Equal(d.Bytes()[:len(want)], want) {
		t.Errorf("MAC: got %v, %v; want %x", d, err, want)
	}
	// Reset keeps the key.
	h.Reset()
	for _, b := range data {
		h.WriteByte(b)
	}
	if got := h.Sum(nil)[:len(want)]; !bytes.Equal(got, want) {
		t.Errorf("after Reset: got %x, want %x", got, want)
	}
}

func TestKnownAnswersRFC2202(t *testing.T) { testMACKAT(t, "testdata/rfc2202.txt") }
func TestKnownAnswersRFC4231(t *testing.T) { testMACKAT(t, "testdata/rfc4231.txt") }
