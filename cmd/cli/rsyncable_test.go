package cli

import (
	"bytes"
	stdgzip "compress/gzip"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/fastio-go/fastio/compress"
)

// rsyncText is compressible pseudo-random text of n bytes.
func rsyncText(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 3))
	words := []string{"alpha ", "beta ", "gamma ", "delta\n", "epsilon ", "zeta, ", "eta ", "theta. ", "iota ", "kappa\n"}
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(words[r.IntN(len(words))])
		if r.IntN(7) == 0 {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
	}
	return b.Bytes()[:n]
}

// rsyncBinary is n bytes of a skewed random distribution, with a reset
// point every few KiB.
func rsyncBinary(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 4))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.IntN(256) * r.IntN(256) / 256)
	}
	return b
}

// naivePoints recomputes the reset points from their definition: after
// byte i (i >= rsyncWindow) when the sum of bytes i-4095 ... i is a
// multiple of 4096, at least rsyncMinPiece bytes after the previous point.
func naivePoints(p []byte) []int {
	pre := make([]int, len(p)+1) // pre[i] is the sum of p[:i]
	for i, c := range p {
		pre[i+1] = pre[i] + int(c)
	}
	var pts []int
	last := 0
	for i := rsyncWindow; i < len(p); i++ {
		sum := pre[i+1] - pre[i+1-rsyncWindow]
		if sum%rsyncWindow == 0 && i+1-last >= rsyncMinPiece {
			pts = append(pts, i+1)
			last = i + 1
		}
	}
	return pts
}

// TestRsyncPoints: the rolling sum finds the points of the definition,
// whatever the sizes of the pieces it is fed.
func TestRsyncPoints(t *testing.T) {
	inputs := map[string][]byte{
		"text":  rsyncText(200<<10, 1),
		"bin":   rsyncBinary(200<<10, 1),
		"zeros": make([]byte, 20<<10),
		"mixed": append(append(rsyncText(30<<10, 2), make([]byte, 9000)...), rsyncText(30<<10, 3)...),
		"short": rsyncText(rsyncWindow, 4),
	}
	for name, in := range inputs {
		want := naivePoints(in)
		if name == "bin" && len(want) < 10 {
			t.Fatalf("%s: only %d points; the test needs more", name, len(want))
		}
		for _, chunk := range []int{1, 7, 4096, 1 << 20} {
			var r rsyncPoints
			var got []int
			fed := 0
			for off := 0; off < len(in); {
				end := min(off+chunk, len(in))
				p := in[off:end]
				for len(p) > 0 {
					k := r.next(p)
					if k < 0 {
						fed += len(p)
						break
					}
					fed += k
					got = append(got, fed)
					p = p[k:]
				}
				off = end
			}
			if !equalInts(got, want) {
				t.Errorf("%s in pieces of %d: %d points %v..., want %d %v...", name, chunk, len(got), head(got), len(want), head(want))
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func head(a []int) []int { return a[:min(len(a), 5)] }

// rsyncCompress compresses in with --rsyncable (or without) as gzip -c
// does.
func rsyncCompress(t testing.TB, in []byte, rsyncable bool) []byte {
	t.Helper()
	g := &gzipRun{sf: formatGzip, o: &gzipOptions{rsyncable: rsyncable, procs: 1}, level: 6}
	var out bytes.Buffer
	h := compress.Header{Name: "f", OS: 3}
	var err error
	if rsyncable {
		err = g.deflateRsyncable(bytes.NewReader(in), h, &out)
	} else {
		err = g.deflateStream(bytes.NewReader(in), h, &out)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func commonSuffix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// TestRsyncableResyncs: with --rsyncable a change early in the input
// leaves the compressed bytes after the next reset point as they were
// (all but the trailer's CRC); without it, they all change. Both streams
// are standard gzip.
func TestRsyncableResyncs(t *testing.T) {
	a := rsyncBinary(1<<20, 5)
	b := bytes.Clone(a)
	copy(b[1000:], "CHANGED")
	for _, in := range [][]byte{a, b, nil, make([]byte, 100<<10), rsyncText(300<<10, 7)} {
		z := rsyncCompress(t, in, true)
		zr, err := stdgzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatal(err)
		}
		back, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(back, in) {
			t.Fatalf("compress/gzip reads back %d bytes of %d: %v", len(back), len(in), err)
		}
		if zr.Name != "f" {
			t.Errorf("name %q", zr.Name)
		}
	}
	za, zb := rsyncCompress(t, a, true), rsyncCompress(t, b, true)
	// The trailer's CRC differs; the compressed data after the first reset
	// point past the change does not.
	shared := commonSuffix(za[:len(za)-8], zb[:len(zb)-8])
	t.Logf("--rsyncable: %d of %d compressed bytes shared; %d bytes without --rsyncable", shared, len(za), len(rsyncCompress(t, a, false)))
	if shared < len(za)*98/100 {
		t.Errorf("--rsyncable: %d of %d compressed bytes shared after an early change, want 98%% or more", shared, len(za))
	}
	pa, pb := rsyncCompress(t, a, false), rsyncCompress(t, b, false)
	if s := commonSuffix(pa[:len(pa)-8], pb[:len(pb)-8]); s > len(pa)/100 {
		t.Errorf("without --rsyncable: %d of %d bytes shared; the test shows nothing", s, len(pa))
	}
	// The price: a few per cent of size.
	if len(za) > len(pa)*11/10 {
		t.Errorf("--rsyncable output is %d bytes, %d without", len(za), len(pa))
	}
}

func BenchmarkRsyncableText(b *testing.B) {
	in := rsyncText(1<<20, 6)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		rsyncCompress(b, in, true)
	}
}

// BenchmarkRsyncableTextPeer is the same input without --rsyncable.
func BenchmarkRsyncableTextPeer(b *testing.B) {
	in := rsyncText(1<<20, 6)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		rsyncCompress(b, in, false)
	}
}
