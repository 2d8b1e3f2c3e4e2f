package unicode

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"golang.org/x/text/encoding"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

// writeToBuffered converts in through a Reader over a 64-byte source
// buffer that yields at most maxRead bytes per read, reading first bytes
// converted bytes with Read (so that WriteTo starts with a window), then
// io.Copy into a core.Writer of size bytes over a device taking at most
// 3 bytes per call. It returns what reached the device and the error of
// io.Copy, or of Flush.
func writeToBuffered(c Converter, in []byte, maxRead, first, size int) ([]byte, error) {
	src := &coretest.Reader{Data: in, Faults: coretest.Faults{Max: maxRead}}
	r := c.NewReaderSize(core.NewReaderSize(src, 64), 64)
	dev := &coretest.Writer{Faults: coretest.Faults{Max: 3}}
	w := core.NewWriterSize(dev, size)
	if first > 0 {
		p := make([]byte, first)
		n, err := io.ReadFull(r, p)
		w.Write(p[:n])
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				err = nil
			}
			ferr := w.Flush()
			return dev.Bytes(), errors.Join(err, ferr)
		}
	}
	_, err := io.Copy(w, r)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return dev.Bytes(), err
}

// TestReaderWriteToBuffered checks WriteTo into a core.BufferedWriter, the
// path that converts straight into the destination's buffer, against the
// slice form and the Writer, for every pair of native encodings on
// adversarial input (bad and truncated sequences included), at source read
// sizes and destination sizes that cut sequences everywhere, with and
// without a window left by earlier Reads.
func TestReaderWriteToBuffered(t *testing.T) {
	for _, from := range natives {
		inputs := adversarial(from, 40, 23)
		long, _ := Convert(nil, bytes.Repeat([]byte("mixed ASCII, Latin é, CJK 世界, emoji 🚄. "), 200), UTF8, from)
		inputs = append(inputs, long)
		for _, to := range natives {
			t.Run(from.String()+"→"+to.String(), func(t *testing.T) {
				c, _ := New(from, to, Options{EmitBOM: true})
				for i, in := range inputs {
					want, _ := c.Append(nil, in)
					if viaWriter := streamWrite(t, c, in, 5); !bytes.Equal(viaWriter, want) {
						t.Fatalf("input %d: the Writer differs from Append", i)
					}
					for _, tc := range []struct{ maxRead, first, size int }{
						{1, 0, 64}, {3, 0, 100}, {1000, 0, 4096}, {7, 5, 64}, {1000, 33, 65},
					} {
						got, err := writeToBuffered(c, in, tc.maxRead, tc.first, tc.size)
						if err != nil || !bytes.Equal(got, want) {
							t.Fatalf("input %d (% X), %+v: io.Copy = %v, % X; want % X",
								i, in[:min(len(in), 24)], tc, err, got[:min(len(got), 24)], want[:min(len(want), 24)])
						}
					}
				}
			})
		}
	}
}

// TestReaderWriteToMatchesXText compares io.Copy from a Reader into a
// core.Writer with golang.org/x/text's UTF-16 and UTF-32 encoders and
// decoders on random valid text, both ways.
func TestReaderWriteToMatchesXText(t *testing.T) {
	xs := map[Encoding]encoding.Encoding{
		UTF16LE: xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM),
		UTF16BE: xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM),
		UTF32LE: utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM),
	}
	rng := rand.New(rand.NewPCG(29, 1))
	for i := range 60 {
		s := []byte(string(randomRunes(rng, rng.IntN(3000))))
		for e, x := range xs {
			want, _, err := transform.Bytes(x.NewEncoder(), s)
			if err != nil {
				t.Fatal(err)
			}
			enc, _ := New(UTF8, e, Options{Strict: true})
			got, err := writeToBuffered(enc, s, 1+i*13%200, i%3, 64+i)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("text %d, UTF-8→%v: %v; differs from x/text", i, e, err)
			}
			dec, _ := New(e, UTF8, Options{Strict: true})
			back, err := writeToBuffered(dec, want, 1+i*7%100, i%5, 64+2*i)
			if err != nil || !bytes.Equal(back, s) {
				t.Fatalf("text %d, %v→UTF-8: %v; differs from the text x/text encoded", i, e, err)
			}
		}
	}
}

// TestReaderWriteToBadInput checks the Strict policy on the direct path:
// the bytes before the bad sequence reach the destination, the error says
// where, and it is sticky.
func TestReaderWriteToBadInput(t *testing.T) {
	tests := []struct {
		name     string
		from, to Encoding
		in       []byte
		want     string // UTF-8 of the converted prefix
		err      error
		offset   int64
	}{
		{"UTF-8 invalid", UTF8, UTF16LE, []byte("héllo\xffworld"), "héllo", ErrInvalid, 6},
		{"UTF-8 surrogate", UTF8, UTF16LE, []byte("ab\xed\xa0\x80c"), "ab", ErrInvalid, 2},
		{"UTF-8 truncated", UTF8, UTF16LE, []byte("ab世\xe4\xb8"), "ab世", ErrTruncated, 5},
		{"UTF-16LE lone low surrogate", UTF16LE, UTF8, []byte{'a', 0, 'b', 0, 0, 0xDC, 'c', 0}, "ab", ErrInvalid, 4},
		{"UTF-16LE truncated", UTF16LE, UTF8, []byte{'a', 0, 'b'}, "a", ErrTruncated, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// A long valid head makes the error come after several refills.
			head, _ := Convert(nil, bytes.Repeat([]byte("🚄 é "), 300), UTF8, tc.from)
			wantHead, _ := Convert(nil, bytes.Repeat([]byte("🚄 é "), 300), UTF8, tc.to)
			wantTail, _ := Convert(nil, []byte(tc.want), UTF8, tc.to)
			c, _ := New(tc.from, tc.to, Options{Strict: true})
			for _, maxRead := range []int{1, 5, 1000} {
				got, err := writeToBuffered(c, append(head, tc.in...), maxRead, 0, 64)
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, tc.err) || e.Offset != int64(len(head))+tc.offset {
					t.Fatalf("reads of %d: error %v; want %v at offset %d", maxRead, err, tc.err, int64(len(head))+tc.offset)
				}
				if want := append(wantHead, wantTail...); !bytes.Equal(got, want) {
					t.Fatalf("reads of %d: the destination got %d bytes, want the %d converted before the error", maxRead, len(got), len(want))
				}
			}
			r := c.NewReader(bytes.NewReader(tc.in))
			w := core.NewWriter(io.Discard)
			_, err := r.WriteTo(w)
			if _, again := r.WriteTo(w); !sameError(again, err) {
				t.Fatalf("error not sticky: %v, then %v", err, again)
			}
			if _, again := r.Read(make([]byte, 8)); !sameError(again, err) {
				t.Fatalf("Read after WriteTo's error = %v, want %v", again, err)
			}
		})
	}
}

// TestReaderWriteToErrors checks a destination's device error, a source's
// error and a closed Reader on the direct path.
func TestReaderWriteToErrors(t *testing.T) {
	c, _ := New(UTF8, UTF16LE, Options{})
	in := bytes.Repeat([]byte("世界 🚄 "), 2000)

	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 2}}
	w := core.NewWriterSize(dev, 64)
	if _, err := c.NewReader(bytes.NewReader(in)).WriteTo(w); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("destination device error: WriteTo = %v", err)
	}

	src := &coretest.Reader{Data: in, Faults: coretest.Faults{FailAt: 3}}
	r := c.NewReader(core.NewReaderSize(src, 64))
	n, err := r.WriteTo(core.NewWriter(io.Discard))
	if !errors.Is(err, coretest.ErrFault) || n == 0 {
		t.Fatalf("source error: WriteTo = %d, %v; want the bytes before it and the fault", n, err)
	}

	r = c.NewReader(bytes.NewReader(in))
	r.Close()
	if _, err := r.WriteTo(core.NewWriter(io.Discard)); !errors.Is(err, fs.ErrClosed) {
		t.Fatalf("WriteTo after Close = %v, want fs.ErrClosed", err)
	}

	// At the end, WriteTo writes nothing and returns nil.
	r = c.NewReader(bytes.NewReader(in))
	var out bytes.Buffer
	if _, err := io.Copy(core.NewWriter(&out), r); err != nil {
		t.Fatal(err)
	}
	if n, err := r.WriteTo(core.NewWriter(&out)); n != 0 || err != nil {
		t.Fatalf("WriteTo at the end = %d, %v; want 0, nil", n, err)
	}
}

// TestReaderWriteToBridged runs the direct path through a bridged
// encoding, whose stages may want more room than one character's.
func TestReaderWriteToBridged(t *testing.T) {
	x, err := Register("x-writeto-utf-16be", xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM))
	if err != nil {
		t.Fatal(err)
	}
	text := bytes.Repeat([]byte("Grüße, 世界 🚄 "), 500)
	for _, tc := range []struct{ from, to Encoding }{{UTF8, x}, {x, UTF8}} {
		t.Run(fmt.Sprintf("%v→%v", tc.from, tc.to), func(t *testing.T) {
			in := text
			if tc.from == x {
				in, _ = Convert(nil, text, UTF8, UTF16BE)
			}
			c, _ := New(tc.from, tc.to, Options{})
			want, _ := c.Append(nil, in)
			got, err := writeToBuffered(c, in, 7, 3, 64)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("io.Copy = %v; differs from Append", err)
			}
		})
	}
}

// TestReaderResetAllocs checks that Reset keeps the source buffer it made,
// and that the direct WriteTo allocates nothing.
func TestReaderResetAllocs(t *testing.T) {
	c, _ := New(UTF8, UTF16LE, Options{})
	in := bytes.Repeat([]byte("世界 🚄 "), 1000)
	src := bytes.NewReader(in)
	r := c.NewReader(src)
	w := core.NewWriterSize(io.Discard, 1<<16)
	n := testing.AllocsPerRun(100, func() {
		src.Reset(in)
		r.Reset(src)
		if _, err := r.WriteTo(w); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("Reset + WriteTo: %v allocations per run, want 0", n)
	}
	// A buffered source is used as it is, and the buffer made before is
	// kept for the next plain one.
	br := core.NewReaderSize(bytes.NewReader(in), 64)
	r.Reset(br)
	if r.src != core.BufferedReader(br) {
		t.Fatal("Reset did not use the buffered source as it is")
	}
	r.Reset(src)
	if r.src != core.BufferedReader(r.wrap) || r.wrap.Device() != io.Reader(src) {
		t.Fatal("Reset did not reuse its own source buffer")
	}
}
