package inflate

import (
	"bufio"
	"bytes"
	stdflate "compress/flate"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
	kflate "github.com/klauspost/compress/flate"
)

// chunky serves its data in pieces of random size (1 byte at the least).
type chunky struct {
	data []byte
	rng  *rand.Rand
	max  int
}

func (c *chunky) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(c.data), 1+c.rng.IntN(c.max))
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}

// inflateChunked inflates stream through a core.Reader fed in random
// fills, reading the output in random sizes. It returns the output, the
// error, and what the source holds after the stream.
func inflateChunked(d *Decoder, stream, dict []byte, seed uint64) ([]byte, []byte, error) {
	rng := rand.New(rand.NewPCG(seed, 7))
	maxFill := []int{1, 3, 17, 512, 1 << 20}[rng.IntN(5)]
	size := []int{64, 100, 4096, 1 << 16}[rng.IntN(4)]
	src := core.NewReaderSize(&chunky{data: stream, rng: rng, max: maxFill}, size)
	d.Reset(src, dict)
	var out []byte
	buf := make([]byte, 1<<17)
	for {
		n := []int{1, 7, 300, 4096, 1 << 17}[rng.IntN(5)]
		var k int
		var err error
		if rng.IntN(2) == 0 {
			k, err = d.Read(buf[:n])
			out = append(out, buf[:k]...)
		} else {
			// Next hands out the decoder's buffer: the same bytes.
			var q []byte
			q, err = d.Next(n)
			if len(q) > n || len(q) == 0 && err == nil {
				return out, nil, fmt.Errorf("Next(%d) returned %d bytes, %v", n, len(q), err)
			}
			out = append(out, q...)
		}
		if err == io.EOF {
			rest, _ := io.ReadAll(src)
			return out, rest, nil
		}
		if err != nil {
			return out, nil, err
		}
	}
}

// verdict classes an error: "" for none, "truncated", "corrupt", or
// the message of anything else.
func verdict(err error) string {
	var ce stdflate.CorruptInputError
	var ke kflate.CorruptInputError
	switch {
	case err == nil:
		return ""
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "truncated"
	case errors.Is(err, ErrCorrupt), errors.As(err, &ce), errors.As(err, &ke):
		return "corrupt"
	}
	return err.Error()
}

func stdInflate(stream, dict []byte) ([]byte, error) {
	r := stdflate.NewReaderDict(bytes.NewReader(stream), dict)
	return io.ReadAll(r)
}

func kInflate(stream, dict []byte) ([]byte, error) {
	r := kflate.NewReaderDict(bytes.NewReader(stream), dict)
	return io.ReadAll(r)
}

// check compares the decoder with the standard library and klauspost on
// stream, at several chunkings.
func check(t *testing.T, d *Decoder, stream, dict []byte, seeds int) {
	t.Helper()
	want, werr := stdInflate(stream, dict)
	kwant, kerr := kInflate(stream, dict)
	for s := range seeds {
		got, rest, err := inflateChunked(d, stream, dict, uint64(s))
		if (err == nil) != (werr == nil) || (err == nil) != (kerr == nil) {
			t.Fatalf("seed %d: error %v, standard library %v, klauspost %v", s, err, werr, kerr)
		}
		if err == nil {
			if !bytes.Equal(got, want) || !bytes.Equal(got, kwant) {
				t.Fatalf("seed %d: output differs (%d bytes, want %d)", s, len(got), len(want))
			}
			if len(rest) != 0 {
				t.Fatalf("seed %d: %d bytes left after the stream", s, len(rest))
			}
			continue
		}
		if verdict(err) != verdict(werr) && verdict(err) != verdict(kerr) {
			t.Fatalf("seed %d: verdict %q (%v), standard library %q, klauspost %q", s, verdict(err), err, verdict(werr), verdict(kerr))
		}
		if !bytes.HasPrefix(want, got) && werr == nil {
			t.Fatalf("seed %d: output before the error is not a prefix", s)
		}
	}
}

func deflate(t testing.TB, data []byte, level int, dict []byte) []byte {
	var b bytes.Buffer
	w, err := stdflate.NewWriterDict(&b, level, dict)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func kdeflate(t testing.TB, data []byte, level int) []byte {
	var b bytes.Buffer
	w, err := kflate.NewWriter(&b, level)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func text(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("the quick brown fox jumps over a lazy dog while seven zebras quietly graze near an old river bank 12345 and")
	var b []byte
	for len(b) < n {
		b = append(b, words[rng.IntN(len(words))]...)
		b = append(b, " \n"[rng.IntN(10)/9])
	}
	return b[:n]
}

func random(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 3))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// pattern returns data whose matches have exactly the distances 1..8 and
// long lengths: runs of a period-p pattern.
func pattern() []byte {
	var b []byte
	for p := 1; p <= 40; p++ {
		unit := random(p, uint64(p))
		for range 600 / p {
			b = append(b, unit...)
		}
		b = append(b, random(5, uint64(100+p))...)
	}
	return b
}

func TestDifferential(t *testing.T) {
	var d Decoder
	far := random(40000, 9)
	far = append(far, far[:300]...) // a match at distance 40000: beyond the window, not found
	edge := random(32768, 10)
	edge = append(edge, edge[:1000]...) // matches at distance 32768, length 258
	inputs := map[string][]byte{
		"empty":   {},
		"one":     {'x'},
		"text":    text(300 << 10),
		"random":  random(100<<10, 4),
		"zeros":   make([]byte, 1<<20),
		"pattern": pattern(),
		"edge":    edge,
		"far":     far,
	}
	for name, data := range inputs {
		for _, level := range []int{stdflate.HuffmanOnly, 0, 1, 5, 9} {
			t.Run(name, func(t *testing.T) {
				check(t, &d, deflate(t, data, level, nil), nil, 6)
				check(t, &d, kdeflate(t, data, level), nil, 3)
			})
		}
	}
}

func TestDictionary(t *testing.T) {
	var d Decoder
	dict := text(50 << 10)
	data := append(append([]byte{}, dict[len(dict)-20000:]...), text(10000)...)
	for _, level := range []int{1, 6, 9} {
		check(t, &d, deflate(t, data, level, dict), dict, 6)
	}
}

func TestMatchEdges(t *testing.T) {
	// Hand-checked cases: distance 32768 exactly and lengths 3 and 258.
	var d Decoder
	for _, dist := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 32767, 32768} {
		data := random(dist, uint64(dist))
		for range 3 {
			data = append(data, data[len(data)-dist:len(data)-dist+min(dist, 258)]...)
		}
		check(t, &d, deflate(t, data, 9, nil), nil, 4)
	}
}

func TestCorruptEverywhere(t *testing.T) {
	var d Decoder
	stream := deflate(t, text(5000), 6, nil)
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range stream {
		bad := append([]byte{}, stream...)
		bad[i] ^= byte(1 << rng.IntN(8))
		check(t, &d, bad, nil, 2)
		check(t, &d, stream[:i], nil, 2)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"empty", nil, "truncated"},
		{"block type 3", []byte{0x07, 0, 0}, "corrupt"},
		{"stored length", []byte{0x01, 0x05, 0x00, 0x00, 0x00}, "corrupt"},
		{"stored short", []byte{0x01, 0x05, 0x00, 0xfa, 0xff, 'a'}, "truncated"},
		{"fixed literal only", []byte{0x4b, 0x04}, "truncated"},
		{"distance too far", fixedStream(257, 0), "corrupt"},
		{"length symbol 286", fixedStream(286), "corrupt"},
		{"distance symbol 30", fixedStream('a', 257, 30), "corrupt"},
		{"fixed ok", fixedStream('a', 257, 0, 256), ""},
	}
	var d Decoder
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := inflateChunked(&d, tc.in, nil, 1)
			if got := verdict(err); got != tc.want {
				t.Errorf("verdict %q (%v), want %q", got, err, tc.want)
			}
			_, werr := stdInflate(tc.in, nil)
			if verdict(werr) != tc.want {
				t.Errorf("standard library says %q", verdict(werr))
			}
			check(t, &d, tc.in, nil, 3)
		})
	}
}

// fixedStream encodes a final fixed-code block of the given symbols: a
// literal/length symbol, and after a length symbol (extra bits 0) the
// distance symbol. It does not add the end-of-block symbol.
func fixedStream(syms ...int) []byte {
	var acc uint64
	var n uint
	var out []byte
	put := func(v uint64, k uint) {
		acc |= v << n
		n += k
		for n >= 8 {
			out = append(out, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	code := func(c uint32, l uint) { put(uint64(reverse(c, l)), l) }
	put(1, 1)
	put(1, 2)
	dist := false
	for _, s := range syms {
		switch {
		case dist:
			code(uint32(s), 5)
			dist = false
		case s < 144:
			code(uint32(0x30+s), 8)
		case s < 256:
			code(uint32(0x190+s-144), 9)
		case s < 280:
			code(uint32(s-256), 7)
			dist = s > 256
		default:
			code(uint32(0xc0+s-280), 8)
			dist = true
		}
	}
	put(0, 7)
	return out
}

func TestTrailingBytesStay(t *testing.T) {
	var d Decoder
	stream := deflate(t, text(20000), 6, nil)
	tail := []byte("TRAILER-1234567890")
	for s := range 20 {
		got, rest, err := inflateChunked(&d, append(append([]byte{}, stream...), tail...), nil, uint64(s))
		if err != nil || !bytes.Equal(got, text(20000)) || !bytes.Equal(rest, tail) {
			t.Fatalf("seed %d: err %v, rest %q", s, err, rest)
		}
		if d.InputOffset() != int64(len(stream)) {
			t.Fatalf("InputOffset %d, want %d", d.InputOffset(), len(stream))
		}
	}
}

func TestAllocs(t *testing.T) {
	stream := deflate(t, text(100<<10), 6, nil)
	var d Decoder
	src := core.NewSpanReader(stream)
	buf := make([]byte, 32<<10)
	n := testing.AllocsPerRun(20, func() {
		src.Reset(stream)
		d.Reset(src, nil)
		for {
			if _, err := d.Read(buf); err != nil {
				break
			}
		}
	})
	if n != 0 {
		t.Errorf("%v allocations per stream, want 0", n)
	}
}

func FuzzDecoder(f *testing.F) {
	f.Add(deflate(f, text(3000), 6, nil), uint64(1))
	f.Add(deflate(f, pattern(), 1, nil), uint64(2))
	f.Add(deflate(f, random(500, 1), 0, nil), uint64(3))
	f.Add(deflate(f, text(500), stdflate.HuffmanOnly, nil), uint64(4))
	f.Add([]byte{0x07, 0, 0}, uint64(5))
	var d, di Decoder // di: ResetInto's, so that d's input offset is checked below
	f.Fuzz(func(t *testing.T, stream []byte, seed uint64) {
		// A small stream may inflate to megabytes, read here in pieces
		// of a few bytes: bound the work per input.
		if n, _ := io.Copy(io.Discard, io.LimitReader(stdflate.NewReader(bytes.NewReader(stream)), 1<<20)); n >= 1<<20 {
			return
		}
		want, werr := stdInflate(stream, nil)
		kwant, kerr := kInflate(stream, nil)
		got, _, err := inflateChunked(&d, stream, nil, seed)
		if (err == nil) != (werr == nil) || (err == nil) != (kerr == nil) {
			t.Fatalf("error %v, standard library %v, klauspost %v", err, werr, kerr)
		}
		if err == nil && (!bytes.Equal(got, want) || !bytes.Equal(got, kwant)) {
			t.Fatalf("output differs")
		}
		// Into a buffer of the output's size: the same bytes, or with
		// less room than the bytes need, ErrFull after a prefix.
		room := len(got) + IntoSlack - int(seed%2)*(len(got)/2+1)
		into, ierr := inflateInto(t, &di, stream, max(0, room))
		switch {
		case errors.Is(ierr, ErrFull):
			if room > len(got)+IntoSlack-1 || !bytes.HasPrefix(got, into) {
				t.Fatalf("ResetInto with room for %d: ErrFull after %d bytes, Reset made %d", room, len(into), len(got))
			}
		case err == nil && (ierr != nil || !bytes.Equal(into, got)):
			t.Fatalf("ResetInto: %d bytes, %v; Reset: %d bytes", len(into), ierr, len(got))
		case err != nil && verdict(ierr) != verdict(err):
			t.Fatalf("ResetInto: verdict %q, Reset's %q", verdict(ierr), verdict(err))
		}
		if haveAsm {
			bothLoops(t, &d, stream, seed)
		}
		// When the last bits of the input begin no valid codeword, the
		// stream is both truncated and corrupt, and the peers disagree on
		// which they say (klauspost and the standard library differ there
		// too); elsewhere the verdict must be one of theirs.
		atEnd := d.InputOffset() == int64(len(stream))
		both := func(v string) bool { return v == "truncated" || v == "corrupt" }
		if atEnd && both(verdict(err)) && both(verdict(kerr)) && both(verdict(werr)) {
			return
		}
		if err != nil && verdict(err) != verdict(kerr) && verdict(err) != verdict(werr) {
			t.Fatalf("verdict %q (%v), klauspost %q (%v), standard library %q", verdict(err), err, verdict(kerr), kerr, verdict(werr))
		}
	})
}

// haveAsm says whether the build has the assembly loop (useAsm starts
// out true): the tests then run the Go loop too and compare.
var haveAsm = useAsm

// bothLoops inflates stream with the assembly loop and with the Go loop
// at the same chunking and reports any difference in output, verdict,
// input offset or count of bytes produced.
func bothLoops(t *testing.T, d *Decoder, stream []byte, seed uint64) {
	t.Helper()
	defer func() { useAsm = haveAsm }()
	useAsm = true
	a, _, ea := inflateChunked(d, stream, nil, seed)
	offA, prodA := d.InputOffset(), d.Produced()
	useAsm = false
	b, _, eb := inflateChunked(d, stream, nil, seed)
	offB, prodB := d.InputOffset(), d.Produced()
	if !bytes.Equal(a, b) || verdict(ea) != verdict(eb) || offA != offB || prodA != prodB {
		t.Fatalf("seed %d, %d-byte stream: assembly %d bytes, %v, offset %d, produced %d; Go %d bytes, %v, offset %d, produced %d",
			seed, len(stream), len(a), ea, offA, prodA, len(b), eb, offB, prodB)
	}
}

// TestBothLoops runs the assembly loop and the Go loop on the same
// streams: every level of the test inputs, and a stream cut and
// corrupted at every offset.
func TestBothLoops(t *testing.T) {
	if !haveAsm {
		t.Skip("this build has only the Go loop (purego, not amd64, or a CPU without BMI2)")
	}
	var d Decoder
	edge := random(32768, 10)
	edge = append(edge, edge[:1000]...)
	inputs := [][]byte{text(300 << 10), random(100<<10, 4), make([]byte, 1<<20), pattern(), edge}
	for dist := 1; dist <= 40; dist++ {
		data := random(dist, uint64(dist))
		for range 30 {
			data = append(data, data[len(data)-dist:]...)
			data = append(data, random(dist%5, uint64(len(data)))...)
		}
		inputs = append(inputs, data)
	}
	for i, data := range inputs {
		for _, level := range []int{stdflate.HuffmanOnly, 0, 1, 5, 9} {
			bothLoops(t, &d, deflate(t, data, level, nil), uint64(i))
			bothLoops(t, &d, kdeflate(t, data, level), uint64(i+level))
		}
	}
	stream := deflate(t, text(5000), 6, nil)
	rng := rand.New(rand.NewPCG(6, 6))
	for i := range stream {
		bad := append([]byte{}, stream...)
		bad[i] ^= byte(1 << rng.IntN(8))
		bothLoops(t, &d, bad, uint64(i))
		bothLoops(t, &d, stream[:i], uint64(i))
	}
}

// TestSmallWindow decodes from sources whose windows are smaller than
// the fast loop's input slack: the careful loop does all the work.
func TestSmallWindow(t *testing.T) {
	data := text(20 << 10)
	stream := deflate(t, data, 6, nil)
	for _, size := range []int{16, inSlack - 1, inSlack, inSlack + 1} {
		var d Decoder
		src := core.WrapReader(bufio.NewReaderSize(bytes.NewReader(stream), size))
		d.Reset(src, nil)
		got, err := io.ReadAll(&d)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("window of %d bytes: %d bytes, %v", size, len(got), err)
		}
	}
}

// reverse returns the n low bits of c in reverse order, as deflate sends
// a Huffman codeword.
func reverse(c uint32, n uint) uint32 { return bits.Reverse32(c) >> (32 - n) }

// inflateInto inflates stream with ResetInto into a buffer of capacity
// n, checking that Next hands out consecutive pieces of it.
func inflateInto(t testing.TB, d *Decoder, stream []byte, n int) ([]byte, error) {
	t.Helper()
	buf := make([]byte, 0, n)
	d.ResetInto(core.NewSpanReader(stream), buf)
	total := 0
	for {
		q, err := d.Next(1 << 16)
		if len(q) > 0 && &q[0] != &buf[:cap(buf)][total] {
			t.Fatalf("Next returned bytes at another place than offset %d of the buffer", total)
		}
		total += len(q)
		if err == io.EOF {
			return buf[:total], nil
		}
		if err != nil {
			return buf[:total], err
		}
	}
}

func TestResetInto(t *testing.T) {
	var d Decoder
	inputs := map[string][]byte{
		"empty":   {},
		"text":    text(300 << 10),
		"random":  random(100<<10, 4),
		"zeros":   make([]byte, 1<<20),
		"pattern": pattern(),
	}
	for name, data := range inputs {
		for _, level := range []int{stdflate.HuffmanOnly, 0, 1, 9} {
			stream := deflate(t, data, level, nil)
			got, err := inflateInto(t, &d, stream, len(data)+IntoSlack)
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("%s level %d: %d bytes, %v; want %d bytes", name, level, len(got), err, len(data))
			}
			if len(data) < 2 {
				continue
			}
			// Half the room: the bytes that fit, then ErrFull.
			got, err = inflateInto(t, &d, stream, len(data)/2+IntoSlack)
			if !errors.Is(err, ErrFull) || !bytes.HasPrefix(data, got) {
				t.Fatalf("%s level %d, half the room: %d bytes, %v; want a prefix and ErrFull", name, level, len(got), err)
			}
		}
	}
	// Corrupt and truncated streams give the verdict Reset gives.
	stream := deflate(t, text(5000), 6, nil)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range stream {
		bad := append([]byte{}, stream...)
		bad[i] ^= byte(1 << rng.IntN(8))
		for _, s := range [][]byte{bad, stream[:i]} {
			want, _, werr := inflateChunked(&d, s, nil, 1)
			got, err := inflateInto(t, &d, s, 5000+IntoSlack)
			if verdict(err) != verdict(werr) && !errors.Is(err, ErrFull) {
				t.Fatalf("byte %d: verdict %q, Reset's %q", i, verdict(err), verdict(werr))
			}
			if !bytes.HasPrefix(want, got) && !bytes.HasPrefix(got, want) {
				t.Fatalf("byte %d: output differs from Reset's", i)
			}
		}
	}
}
