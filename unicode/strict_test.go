package unicode

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

// plainWriter hides every method but Write, so that NewWriter wraps it in a
// core.Writer of its own, as it does for an *os.File or a net.Conn.
type plainWriter struct{ buf bytes.Buffer }

func (p *plainWriter) Write(b []byte) (int, error) { return p.buf.Write(b) }

// TestStrictWriterDeliversPrefix checks that under the Strict policy every
// byte converted before bad input reaches a plain io.Writer, with Flush or
// with Close alone, and that the error is the slice form's.
func TestStrictWriterDeliversPrefix(t *testing.T) {
	tests := []struct {
		from, to Encoding
		writes   []string
	}{
		{UTF8, UTF16LE, []string{"abc\xe2\x82"}},           // cut off at the end
		{UTF8, UTF16LE, []string{"hello world\xff"}},       // ill-formed after 11 bytes
		{UTF8, UTF16LE, []string{"hello world", "\xff!"}},  // in a later write
		{UTF8, UTF32BE, []string{"h\xe2", "\x82", "\x41"}}, // ill-formed once completed
		{UTF16LE, UTF8, []string{"a\x00b\x00\x00\xdcc\x00"}},
		{UTF8, GB18030, []string{"日本\xed\xa0\x80"}},
		{GB18030, UTF8, []string{"ab\x81\x30"}},
		{UTF8, UTF8, []string{"ok \xc0\xaf"}},
	}
	for _, tc := range tests {
		for _, flush := range []bool{false, true} {
			name := fmt.Sprintf("%v→%v/%q/flush=%v", tc.from, tc.to, tc.writes, flush)
			t.Run(name, func(t *testing.T) {
				c, _ := New(tc.from, tc.to, Options{Strict: true})
				want, wantErr := c.Append(nil, []byte(joinStrings(tc.writes)))
				if wantErr == nil {
					t.Fatal("the case has no bad input")
				}
				var dev plainWriter
				w := c.NewWriter(&dev)
				var werr error
				for _, s := range tc.writes {
					if _, werr = w.WriteString(s); werr != nil {
						break
					}
				}
				if flush {
					if err := w.Flush(); !sameError(err, wantErr) && !(werr == nil && err == nil) {
						t.Fatalf("Flush = %v; want nil or %v", err, wantErr)
					}
				}
				cerr := w.Close()
				if !sameError(cerr, wantErr) {
					t.Fatalf("Close = %v; want %v", cerr, wantErr)
				}
				if werr != nil && !sameError(werr, wantErr) {
					t.Fatalf("Write = %v; want %v", werr, wantErr)
				}
				if !bytes.Equal(dev.buf.Bytes(), want) {
					t.Fatalf("device holds % X; the slice form gives % X", dev.buf.Bytes(), want)
				}
			})
		}
	}
}

func joinStrings(s []string) string {
	var b bytes.Buffer
	for _, x := range s {
		b.WriteString(x)
	}
	return b.String()
}

// sameError reports whether two conversion errors say the same thing: the
// same cause, encoding and offset for an *Error, equal values otherwise.
func sameError(a, b error) bool {
	var ea, eb *Error
	if errors.As(a, &ea) && errors.As(b, &eb) {
		return ea.Err == eb.Err && ea.Offset == eb.Offset && ea.Encoding == eb.Encoding
	}
	return a == b
}

// strictPairs are the conversions FuzzStrictStream runs: every pair of
// byte-ordered native encodings, bridged ones on either side, and UTF16 and
// UTF32 (order from the mark) on either side.
var strictPairs = func() [][2]Encoding {
	var p [][2]Encoding
	for _, a := range natives {
		for _, b := range natives {
			p = append(p, [2]Encoding{a, b})
		}
	}
	cp1252, _ := Register("windows-1252", charmap.Windows1252)
	sjis, _ := Register("shift_jis", japanese.ShiftJIS)
	for _, n := range []Encoding{UTF8, UTF16BE, GB18030} {
		p = append(p, [2]Encoding{n, cp1252}, [2]Encoding{n, sjis}, [2]Encoding{sjis, n})
	}
	p = append(p, [2]Encoding{sjis, cp1252})
	for _, m := range []Encoding{UTF16, UTF32} {
		p = append(p, [2]Encoding{m, UTF8}, [2]Encoding{UTF8, m}, [2]Encoding{m, GB18030}, [2]Encoding{UTF16BE, m}, [2]Encoding{m, sjis})
	}
	return p
}()

// FuzzStrictStream converts arbitrary bytes between every pair of
// encodings (strict, or replacing when bit 4 of opts is set; bits 0-2 set
// EmitBOM, KeepBOM, SniffBOM) through the Writer over three kinds of
// destination and the Reader read four ways, at several chunk sizes and
// every kernel level, and checks each against the slice form: the bytes
// delivered before an error are the slice form's output before its error,
// the error is the same (cause, encoding, offset), and a Write that fails
// has acknowledged every byte before the bad sequence.
func FuzzStrictStream(f *testing.F) {
	line := "Ça va? 世界 🚄 Быстрая лиса. "
	long := bytes.Repeat([]byte(line), 4)
	for i, pair := range strictPairs {
		valid, _ := keepBOM(UTF8, pair[0]).Append(nil, long)
		if !pair[0].Native() {
			valid, _ = mustConv(UTF8, pair[0]).Append(nil, []byte("abc 日本 xyz"))
		}
		bad := append(append([]byte{}, valid[:len(valid)/2]...), 0xFF, 0xFE, 0xDC, 0x80)
		bad = append(bad, valid[len(valid)/2:]...)
		cut := valid[:len(valid)-1]
		bom := append(pair[0].BOM(), valid...)
		for j, in := range [][]byte{valid, bad, cut, bom} {
			f.Add(in, byte(i), byte(j), byte(i+j))
		}
		// SniffBOM, the replacement policy, and both with EmitBOM.
		for j, opts := range []byte{4, 16, 16 | 1, 16 | 4 | 2} {
			f.Add([][]byte{bom, bad, cut, valid}[j], byte(i), opts, byte(3*i+j))
		}
	}
	f.Add([]byte("\xef\xbb"), byte(0), byte(4), byte(0))
	f.Add([]byte("\xff\xfe\x00"), byte(0), byte(4), byte(1))
	f.Fuzz(func(t *testing.T, data []byte, pair, opts, chunk byte) {
		p := strictPairs[int(pair)%len(strictPairs)]
		opt := Options{Strict: opts&16 == 0, EmitBOM: opts&1 != 0, KeepBOM: opts&2 != 0, SniffBOM: opts&4 != 0}
		c, err := New(p[0], p[1], opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, level := range kernelLevels() {
			undo := setLevel(level)
			checkStreamAgainstSlice(t, c, data, 1+int(chunk)%67)
			undo()
		}
	})
}

func mustConv(from, to Encoding) Converter {
	c, err := New(from, to, Options{})
	if err != nil {
		panic(err)
	}
	return c
}

// checkStreamAgainstSlice is the check of FuzzStrictStream for one
// conversion, input and chunk size.
func checkStreamAgainstSlice(t *testing.T, c Converter, data []byte, chunk int) {
	t.Helper()
	want, wantErr := c.Append(nil, data)
	for _, k := range []int{1, 3, chunk, len(data) + 1} {
		for _, d := range []string{"plain", "short", "flush"} {
			got, acked, werr, cerr := writeChunks(c, data, k, d)
			if !bytes.Equal(got, want) {
				t.Fatalf("%v→%v %+v, Writer over %s, %d-byte writes of % X: delivered % X; slice form % X, %v",
					c.From(), c.To(), c.Options(), d, k, data, got, want, wantErr)
			}
			err := cerr
			if werr != nil {
				err = werr
				if !sameError(cerr, werr) {
					t.Fatalf("%v→%v, Writer over %s: Write error %v, then Close %v", c.From(), c.To(), d, werr, cerr)
				}
			}
			if !sameError(err, wantErr) {
				t.Fatalf("%v→%v %+v, Writer over %s, %d-byte writes of % X: error %v; slice form %v",
					c.From(), c.To(), c.Options(), d, k, data, err, wantErr)
			}
			var e *Error
			if werr != nil && errors.As(werr, &e) && e.Offset >= 0 && acked < e.Offset {
				t.Fatalf("%v→%v, %d-byte writes of % X: only %d input bytes acknowledged, bad sequence at %d",
					c.From(), c.To(), k, data, acked, e.Offset)
			}
		}
		for _, how := range []string{"read", "fill", "writeto", "small"} {
			got, err := readChunks(c, data, k, how)
			if !bytes.Equal(got, want) || !sameError(err, wantErr) {
				t.Fatalf("%v→%v %+v, Reader (%s) over %d-byte reads of % X: % X, %v; slice form % X, %v",
					c.From(), c.To(), c.Options(), how, k, data, got, err, want, wantErr)
			}
		}
	}
}

// writeChunks writes data k bytes at a time through a Writer over the
// destination d, stopping at the first error, and closes it; acked counts
// the input bytes acknowledged. "plain" is a plain io.Writer under a Writer
// of the default size; "short" a device taking 3 bytes per call under a
// core.Writer of 64 bytes and a Writer of 64 bytes; "flush" a bytes.Buffer
// under a Writer of 64 bytes flushed after every write, so that the
// conversion sees every chunk boundary.
func writeChunks(c Converter, data []byte, k int, d string) (got []byte, acked int64, werr, cerr error) {
	var w *Writer
	var out func() []byte
	switch d {
	case "plain":
		dev := new(plainWriter)
		w, out = c.NewWriter(dev), dev.buf.Bytes
	case "short":
		dev := &coretest.Writer{Faults: coretest.Faults{Max: 3}}
		w, out = c.NewWriterSize(core.NewWriterSize(dev, 64), 64), dev.Bytes
	default:
		dev := new(bytes.Buffer)
		w, out = c.NewWriterSize(dev, 64), dev.Bytes
	}
	for i := 0; i < len(data); i += k {
		n, err := w.Write(data[i:min(i+k, len(data))])
		acked += int64(n)
		if err == nil && d == "flush" {
			err = w.Flush()
		}
		if err != nil {
			werr = err
			break
		}
	}
	cerr = w.Close()
	return out(), acked, werr, cerr
}

// readChunks reads the conversion of data, the source yielding at most k
// bytes per read, with Read into a 4096-byte slice, Fill/Window/Consume,
// WriteTo, or ("small") Read into a 7-byte slice from a Reader of 64 bytes,
// until the first error.
func readChunks(c Converter, data []byte, k int, how string) ([]byte, error) {
	dev := &coretest.Reader{Data: data, Faults: coretest.Faults{Max: k}}
	r := c.NewReader(core.NewReaderSize(dev, 64))
	if how == "small" {
		r = c.NewReaderSize(core.NewReaderSize(dev, 64), 64)
	}
	var out []byte
	var err error
	switch how {
	case "writeto":
		var b bytes.Buffer
		_, err = r.WriteTo(&b)
		out = b.Bytes()
		if err == nil {
			err = io.EOF
		}
	case "fill":
		for err == nil {
			_, err = r.Fill()
			out = append(out, r.Window()...)
			r.Consume(len(r.Window()))
		}
	default:
		buf := make([]byte, 4096)
		if how == "small" {
			buf = buf[:7]
		}
		for err == nil {
			var n int
			n, err = r.Read(buf)
			out = append(out, buf[:n]...)
		}
	}
	if err == io.EOF {
		return out, nil
	}
	if _, again := r.Read(make([]byte, 8)); !sameError(again, err) {
		return out, fmt.Errorf("error not sticky: %v, then %v", err, again)
	}
	return out, err
}
