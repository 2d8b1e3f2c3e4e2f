package compress

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"

	"github.com/fastio-go/fastio/core"
)

// fuzzLimit keeps the fuzzers' inflated output small: a few input bytes
// can legitimately inflate to 1000 times their size.
const fuzzLimit = 1 << 20

// FuzzInflate feeds arbitrary bytes to a Reader of each format. It must
// return data or an *Error wrapping one of the sentinels, never panic,
// never exceed the limit, and agree with the standard library: whatever
// both accept inflates to the same bytes, and nothing we accept is
// rejected by the standard library.
func FuzzInflate(f *testing.F) {
	for _, fm := range formats {
		for _, d := range [][]byte{nil, []byte("hello, hello, hello"), textCorpus(3000, 1), randomCorpus(300, 1)} {
			s := compressBytes(f, fm, 6, d)
			f.Add(uint8(fm), s)
			f.Add(uint8(fm), s[:len(s)/2])
			c := append([]byte{}, s...)
			c[len(c)/2] ^= 0x10
			f.Add(uint8(fm), c)
		}
	}
	f.Add(uint8(Gzip), cat(compressBytes(f, Gzip, 1, []byte("a")), compressBytes(f, Gzip, 1, []byte("b")), []byte{0, 0}))
	f.Fuzz(func(t *testing.T, fm uint8, stream []byte) {
		format := Format(fm % 3)
		r0, _ := NewReader(bytes.NewReader(stream), format, &ReaderOptions{MaxSize: fuzzLimit, BufferSize: 512})
		got, err := io.ReadAll(r0)
		if len(got) > fuzzLimit {
			t.Fatalf("inflated %d bytes past the limit", len(got))
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not *Error", err, err)
			}
			for _, s := range []error{ErrHeader, ErrCorrupt, ErrTruncated, ErrChecksum, ErrTrailingData, ErrDictionary, core.ErrTooLarge} {
				if errors.Is(err, s) {
					return
				}
			}
			t.Fatalf("error %v wraps no sentinel", err)
		}
		// Same bytes through 1-byte source reads.
		r, _ := NewReader(&coretest.Reader{Data: stream, Faults: coretest.Faults{Max: 1}}, format, &ReaderOptions{MaxSize: fuzzLimit})
		again, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(again, got) {
			t.Fatalf("1-byte source reads give %d bytes, %v; want %d", len(again), err, len(got))
		}
		std, err := stdInflateLimited(format, stream)
		if err != nil {
			t.Fatalf("we accept, the standard library rejects: %v", err)
		}
		if !bytes.Equal(std, got) {
			t.Fatalf("we inflate %d bytes, the standard library %d", len(got), len(std))
		}
	})
}

func stdInflateLimited(f Format, stream []byte) ([]byte, error) {
	var r io.Reader
	var err error
	switch f {
	case Zlib:
		r, err = zlib.NewReader(bytes.NewReader(stream))
	case Gzip:
		return stdGunzipMembers(stream)
	default:
		r = flate.NewReader(bytes.NewReader(stream))
	}
	if err != nil {
		return nil, err
	}
	return io.ReadAll(io.LimitReader(r, fuzzLimit+1))
}

// stdGunzipMembers reads gzip members one by one with the standard
// library and, as gzip -d does, accepts zero padding after the last.
func stdGunzipMembers(stream []byte) ([]byte, error) {
	br := bytes.NewReader(stream)
	var out []byte
	for {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, err
		}
		zr.Multistream(false)
		p, err := io.ReadAll(io.LimitReader(zr, fuzzLimit+1))
		out = append(out, p...)
		if err != nil || len(out) > fuzzLimit {
			return out, err
		}
		rest := stream[len(stream)-br.Len():]
		if len(bytes.Trim(rest, "\x00")) == 0 {
			return out, nil
		}
	}
}

var fuzzWriters = map[int]*Writer{}

// FuzzRoundTrip compresses arbitrary data at any level in any format, in
// writes of a fuzzed size, and checks that it inflates back (with ours
// and the standard library) and that the output does not depend on the
// write size.
func FuzzRoundTrip(f *testing.F) {
	f.Add(uint8(0), int8(6), uint16(1), []byte("hello, hello, hello"))
	f.Add(uint8(1), int8(1), uint16(7), textCorpus(5000, 2))
	f.Add(uint8(2), int8(-2), uint16(100), randomCorpus(2000, 2))
	f.Add(uint8(0), int8(9), uint16(0), make([]byte, 10000))
	f.Fuzz(func(t *testing.T, fm uint8, level int8, chunk uint16, data []byte) {
		format := Format(fm % 3)
		lv := int(uint8(level))%12 - 2 // -2..9
		if lv > BestCompression {
			lv = BestCompression
		}
		// Writers are reused (through Reset) across runs: a fresh
		// level-9 compressor costs more than the run itself.
		key := int(format)*16 + lv + 2
		w := fuzzWriters[key]
		if w == nil {
			var err error
			if w, err = NewWriter(io.Discard, format, lv, nil); err != nil {
				t.Fatal(err)
			}
			fuzzWriters[key] = w
		}
		var out bytes.Buffer
		w.Reset(&out)
		w.Write(data)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		whole := append([]byte{}, out.Bytes()...)
		out.Reset()
		w.Reset(&out)
		step := int(chunk)%4096 + 1
		for p := data; len(p) > 0; {
			n := min(step, len(p))
			if _, err := w.Write(p[:n]); err != nil {
				t.Fatal(err)
			}
			p = p[n:]
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), whole) {
			t.Fatalf("writes of %d bytes give a different stream", step)
		}
		got, err := inflateAll(format, whole, nil)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("round trip: %v", err)
		}
		std, err := stdInflate(format, whole)
		if err != nil || !bytes.Equal(std, data) {
			t.Fatalf("standard library: %v", err)
		}
	})
}
