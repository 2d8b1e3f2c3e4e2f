package compress

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// sentinelOf names the sentinel err wraps, "" for none.
func sentinelOf(err error) string {
	for _, s := range []error{ErrHeader, ErrCorrupt, ErrTruncated, ErrChecksum, ErrTrailingData, ErrDictionary, core.ErrTooLarge, ErrRatio} {
		if errors.Is(err, s) {
			return s.Error()
		}
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// bothInflaters inflates stream with the engine and with klauspost's
// inflater, through src (made fresh for each), and reports any difference
// in output or in the error's sentinel.
func bothInflaters(t *testing.T, f Format, stream []byte, opts ReaderOptions, src func([]byte) io.Reader) {
	t.Helper()
	legacy := opts
	legacy.klauspost = true
	r1, _ := NewReader(src(stream), f, &opts)
	got, err := io.ReadAll(r1)
	r2, _ := NewReader(src(stream), f, &legacy)
	want, werr := io.ReadAll(r2)
	if sentinelOf(err) != sentinelOf(werr) && !endVerdicts(err, werr, len(stream)) {
		t.Fatalf("%v, %d bytes: engine error %v, klauspost %v", f, len(stream), err, werr)
	}
	if err == nil && !bytes.Equal(got, want) {
		t.Fatalf("%v, %d bytes: engine inflated %d bytes, klauspost %d, different", f, len(stream), len(got), len(want))
	}
	if err == nil && r1.InputOffset() != r2.InputOffset() {
		t.Fatalf("%v: InputOffset %d, klauspost %d", f, r1.InputOffset(), r2.InputOffset())
	}
	// WriteTo hands out the engine's buffer instead of copying: the same
	// bytes, verdict and offset as the reads.
	r3, _ := NewReader(src(stream), f, &opts)
	var b bytes.Buffer
	n, err3 := r3.WriteTo(&b)
	if sentinelOf(err3) != sentinelOf(err) || !bytes.Equal(b.Bytes(), got) || n != int64(b.Len()) {
		t.Fatalf("%v, %d bytes: WriteTo wrote %d bytes (says %d), %v; Read gave %d bytes, %v", f, len(stream), b.Len(), n, err3, len(got), err)
	}
	if r3.InputOffset() != r1.InputOffset() {
		t.Fatalf("%v: InputOffset after WriteTo %d, after Read %d", f, r3.InputOffset(), r1.InputOffset())
	}
}

// endVerdicts reports whether err and werr are truncated and corrupt
// data, in either order, both at the end of the input: a stream whose
// last bits begin no valid codeword is both, and klauspost and the
// standard library differ there too (the standard library says corrupt
// where klauspost says truncated).
func endVerdicts(err, werr error, n int) bool {
	var e, w *Error
	if !errors.As(err, &e) || !errors.As(werr, &w) || e.Offset != int64(n) || w.Offset != int64(n) {
		return false
	}
	c := func(err error) bool { return errors.Is(err, ErrCorrupt) || errors.Is(err, ErrTruncated) }
	return c(err) && c(werr)
}

var engineSources = map[string]func([]byte) io.Reader{
	"bytes":  func(p []byte) io.Reader { return bytes.NewReader(p) },
	"span":   func(p []byte) io.Reader { return core.NewSpanReader(p) },
	"core":   func(p []byte) io.Reader { return core.NewReaderSize(bytes.NewReader(p), 100) },
	"1-byte": func(p []byte) io.Reader { return &coretest.Reader{Data: p, Faults: coretest.Faults{Max: 1}} },
	"plain":  func(p []byte) io.Reader { return io.MultiReader(bytes.NewReader(p)) },
}

// TestEngineMatchesLegacy checks that the engine and klauspost's inflater
// give the same bytes and the same verdicts: on every test input, format
// and level, and on a stream cut and corrupted at every offset.
func TestEngineMatchesLegacy(t *testing.T) {
	for name, src := range engineSources {
		t.Run(name, func(t *testing.T) {
			for _, in := range testInputs() {
				for _, f := range formats {
					for _, level := range []int{HuffmanOnly, NoCompression, BestSpeed, 6, BestCompression} {
						bothInflaters(t, f, compressBytes(t, f, level, in.data), ReaderOptions{}, src)
					}
				}
			}
		})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, f := range formats {
		stream := compressBytes(t, f, 6, textCorpus(3000, 3))
		for i := range stream {
			bothInflaters(t, f, stream[:i], ReaderOptions{}, engineSources["bytes"])
			bad := append([]byte{}, stream...)
			bad[i] ^= byte(1 << rng.IntN(8))
			bothInflaters(t, f, bad, ReaderOptions{}, engineSources["core"])
		}
	}
	// Limits, a dictionary, gzip members.
	zeros := compressBytes(t, Zlib, 9, make([]byte, 4<<20))
	bothInflaters(t, Zlib, zeros, ReaderOptions{MaxSize: 1 << 20}, engineSources["bytes"])
	bothInflaters(t, Zlib, zeros, ReaderOptions{MaxRatio: 100}, engineSources["bytes"])
	two := cat(compressBytes(t, Gzip, 6, textCorpus(100<<10, 4)), compressBytes(t, Gzip, 1, []byte("second")), []byte{0, 0})
	bothInflaters(t, Gzip, two, ReaderOptions{}, engineSources["1-byte"])
}

func FuzzEngineMatchesLegacy(f *testing.F) {
	for _, fm := range formats {
		for _, d := range [][]byte{nil, []byte("hello, hello, hello"), textCorpus(3000, 1), randomCorpus(300, 1)} {
			s := compressBytes(f, fm, 6, d)
			f.Add(uint8(fm), s)
			c := append([]byte{}, s...)
			c[len(c)/2] ^= 0x10
			f.Add(uint8(fm), c)
		}
	}
	f.Fuzz(func(t *testing.T, fm uint8, stream []byte) {
		bothInflaters(t, Format(fm%3), stream, ReaderOptions{MaxSize: fuzzLimit}, engineSources["core"])
	})
}
