package compress

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// corrupt returns a copy of p with f applied.
func corrupt(p []byte, f func(q []byte) []byte) []byte {
	return f(append([]byte{}, p...))
}

func TestReaderBadInput(t *testing.T) {
	data := textCorpus(20<<10, 3)
	zs := compressBytes(t, Zlib, 6, data)
	gz := compressBytes(t, Gzip, 6, data)
	raw := compressBytes(t, Deflate, 6, data)
	tests := []struct {
		name    string
		format  Format
		stream  []byte
		opts    *ReaderOptions
		want    error
		offset  int64  // -1: do not check
		message string // substring of the error text
	}{
		{"zlib_empty", Zlib, nil, nil, ErrTruncated, 0, "input ends inside the header"},
		{"zlib_one_byte", Zlib, zs[:1], nil, ErrTruncated, 1, "header"},
		{"zlib_method", Zlib, corrupt(zs, func(q []byte) []byte { q[0] = 0x77; return q }), nil, ErrHeader, 0, "compression method 7"},
		{"zlib_window", Zlib, corrupt(zs, func(q []byte) []byte { q[0] = 0x88; return q }), nil, ErrHeader, 0, "window size"},
		{"zlib_fcheck", Zlib, corrupt(zs, func(q []byte) []byte { q[1]++; return q }), nil, ErrHeader, 1, "multiple of 31"},
		{"zlib_truncated_body", Zlib, zs[:len(zs)/2], nil, ErrTruncated, int64(len(zs) / 2), "inside the deflate data"},
		{"zlib_truncated_trailer", Zlib, zs[:len(zs)-2], nil, ErrTruncated, int64(len(zs) - 2), "trailer"},
		{"zlib_checksum", Zlib, corrupt(zs, func(q []byte) []byte { q[len(q)-1] ^= 1; return q }), nil, ErrChecksum, int64(len(zs) - 4), "Adler-32"},
		{"zlib_trailing", Zlib, append(append([]byte{}, zs...), "junk"...), nil, ErrTrailingData, int64(len(zs)), "byte 0x6a"},
		{"zlib_corrupt_block", Zlib, corrupt(zs, func(q []byte) []byte { q[2] |= 0x06; return q }), nil, ErrCorrupt, -1, "corrupt deflate"},
		{"gzip_magic", Gzip, corrupt(gz, func(q []byte) []byte { q[1] = 0; return q }), nil, ErrHeader, 0, "magic"},
		{"gzip_method", Gzip, corrupt(gz, func(q []byte) []byte { q[2] = 7; return q }), nil, ErrHeader, 2, "compression method 7"},
		{"gzip_flags", Gzip, corrupt(gz, func(q []byte) []byte { q[3] = 0x80; return q }), nil, ErrHeader, 3, "reserved flag"},
		{"gzip_truncated_header", Gzip, gz[:5], nil, ErrTruncated, 5, "header"},
		{"gzip_crc", Gzip, corrupt(gz, func(q []byte) []byte { q[len(q)-8] ^= 1; return q }), nil, ErrChecksum, int64(len(gz) - 8), "CRC-32"},
		{"gzip_size", Gzip, corrupt(gz, func(q []byte) []byte { q[len(q)-1] ^= 1; return q }), nil, ErrChecksum, int64(len(gz) - 4), "size in trailer"},
		{"gzip_garbage", Gzip, append(append([]byte{}, gz...), 0, 0, 'x'), nil, ErrTrailingData, int64(len(gz) + 2), "byte 0x78"},
		{"gzip_second_member_truncated", Gzip, append(append([]byte{}, gz...), gz[:20]...), nil, ErrTruncated, int64(len(gz) + 20), "deflate"},
		{"gzip_single_member_trailing", Gzip, append(append([]byte{}, gz...), gz...), &ReaderOptions{SingleMember: true}, ErrTrailingData, int64(len(gz)), "0x1f"},
		{"deflate_truncated", Deflate, raw[:100], nil, ErrTruncated, 100, "deflate"},
		{"deflate_bad_block_type", Deflate, []byte{0x07, 0, 0}, nil, ErrCorrupt, 1, "corrupt"},
		{"deflate_stored_len", Deflate, []byte{0x01, 0x05, 0x00, 0x00, 0x00}, nil, ErrCorrupt, -1, "corrupt"},
		{"max_size", Zlib, zs, &ReaderOptions{MaxSize: 1000}, core.ErrTooLarge, -1, "limit 1000 bytes"},
		{"max_ratio", Zlib, compressBytes(t, Zlib, 9, make([]byte, 4<<20)), &ReaderOptions{MaxRatio: 100}, ErrRatio, -1, "limit 100:1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := inflateAll(tc.format, tc.stream, tc.opts)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err %T is not *Error", err)
			}
			if tc.offset >= 0 && e.Offset != tc.offset {
				t.Errorf("offset = %d, want %d (%v)", e.Offset, tc.offset, err)
			}
			if !strings.Contains(err.Error(), tc.message) || !strings.Contains(err.Error(), tc.format.String()) {
				t.Errorf("message %q lacks %q or the format name", err, tc.message)
			}
			// Whatever was delivered is a prefix of the real data.
			if tc.stream != nil && len(got) <= len(data) && !bytes.HasPrefix(data, got) && tc.name != "max_ratio" {
				t.Errorf("delivered %d bytes that are not a prefix of the data", len(got))
			}
			// The error is sticky.
			r, _ := NewReader(bytes.NewReader(tc.stream), tc.format, tc.opts)
			io.Copy(io.Discard, r)
			if _, err2 := r.Fill(); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("second Fill err = %v, want %v", err2, err)
			}
			// Every kind of source gives the same data and error.
			for _, src := range []io.Reader{
				core.NewSpanReader(tc.stream),
				core.NewReaderSize(bytes.NewReader(tc.stream), 100),
				&coretest.Reader{Data: tc.stream, Faults: coretest.Faults{Max: 3}},
			} {
				r, _ := NewReader(src, tc.format, tc.opts)
				got2, err2 := io.ReadAll(r)
				if err2 == nil || err2.Error() != err.Error() || !bytes.Equal(got2, got) {
					t.Errorf("source %T: %d bytes, err %v; want %d bytes, %v", src, len(got2), err2, len(got), err)
				}
			}
		})
	}
}

// TestLimits checks that exactly MaxSize bytes come out before core.ErrTooLarge.
func TestLimits(t *testing.T) {
	data := make([]byte, 100000)
	for i := range data {
		data[i] = byte(i % 251)
	}
	for _, f := range formats {
		stream := compressBytes(t, f, 6, data)
		for _, limit := range []int64{1, 4095, 4096, 99999, 100000} {
			r, _ := NewReader(bytes.NewReader(stream), f, &ReaderOptions{MaxSize: limit, BufferSize: 4096})
			got, err := io.ReadAll(r)
			if limit == int64(len(data)) {
				if err != nil || !bytes.Equal(got, data) {
					t.Errorf("%v limit %d: err %v, %d bytes", f, limit, err, len(got))
				}
				continue
			}
			if !errors.Is(err, core.ErrTooLarge) || int64(len(got)) != limit || !bytes.Equal(got, data[:limit]) {
				t.Errorf("%v limit %d: err %v, %d bytes, want core.ErrTooLarge after exactly %d", f, limit, err, len(got), limit)
			}
		}
	}
	// NoLimit lets more than DefaultMaxSize through in principle; check
	// that it is accepted and a ratio below grace is not checked.
	stream := compressBytes(t, Zlib, 9, make([]byte, RatioGrace))
	if got, err := inflateAll(Zlib, stream, &ReaderOptions{MaxSize: NoLimit, MaxRatio: 2}); err != nil || len(got) != RatioGrace {
		t.Errorf("NoLimit with ratio under grace: %v, %d bytes", err, len(got))
	}
}

// TestTruncatedEverywhere cuts a small stream at every offset: always an
// error wrapping ErrTruncated, never a panic or a hang.
func TestTruncatedEverywhere(t *testing.T) {
	data := []byte("a small stream with a name, cut everywhere; a small stream")
	for _, f := range formats {
		var out bytes.Buffer
		w, _ := NewWriter(&out, f, 6, nil)
		w.Header = Header{Name: "n.txt", Comment: "c", Extra: []byte{1, 2, 3, 4}}
		w.Write(data)
		w.Close()
		stream := out.Bytes()
		for cut := range len(stream) {
			_, err := inflateAll(f, stream[:cut], nil)
			if !errors.Is(err, ErrTruncated) {
				t.Errorf("%v cut at %d of %d: err = %v, want ErrTruncated", f, cut, len(stream), err)
			}
		}
	}
}

// TestGzipHeaderCRC covers FHCRC, which Writers do not produce.
func TestGzipHeaderCRC(t *testing.T) {
	gz := compressBytes(t, Gzip, 1, []byte("x"))
	hdr := append([]byte{}, gz[:10]...)
	hdr[3] |= flagHdrCRC
	var crc [2]byte
	binary.LittleEndian.PutUint16(crc[:], uint16(crc32Update(0, hdr)))
	good := append(append(append([]byte{}, hdr...), crc[:]...), gz[10:]...)
	if got, err := inflateAll(Gzip, good, nil); err != nil || string(got) != "x" {
		t.Fatalf("valid FHCRC: %q, %v", got, err)
	}
	good[10] ^= 0xff
	if _, err := inflateAll(Gzip, good, nil); !errors.Is(err, ErrChecksum) || !strings.Contains(err.Error(), "header CRC-16") {
		t.Fatalf("bad FHCRC: err = %v", err)
	}
}

func TestGzipNameTooLong(t *testing.T) {
	gz := compressBytes(t, Gzip, 1, []byte("x"))
	s := append([]byte{}, gz[:10]...)
	s[3] |= flagName
	s = append(s, bytes.Repeat([]byte{'a'}, MaxHeaderField+10)...)
	s = append(append(s, 0), gz[10:]...)
	if _, err := inflateAll(Gzip, s, nil); !errors.Is(err, ErrHeader) || !strings.Contains(err.Error(), "name longer") {
		t.Fatalf("err = %v, want ErrHeader for a long name", err)
	}
}

func TestReaderSourceErrors(t *testing.T) {
	stream := compressBytes(t, Gzip, 6, textCorpus(100<<10, 1))
	for _, at := range []int{1, 2, 5, 20} {
		src := &coretest.Reader{Data: stream, Faults: coretest.Faults{Max: 1000, FailAt: at}}
		r, _ := NewReader(src, Gzip, &ReaderOptions{BufferSize: 1024})
		_, err := io.Copy(io.Discard, r)
		if !errors.Is(err, coretest.ErrFault) {
			t.Errorf("fail at call %d: err = %v, want the device's error", at, err)
		}
	}
	r, _ := NewReader(nil, Zlib, nil)
	if _, err := r.Read(make([]byte, 10)); !errors.Is(err, core.ErrNilDevice) {
		t.Errorf("nil source: err = %v", err)
	}
}

func TestWriterErrors(t *testing.T) {
	if _, err := NewWriter(io.Discard, Zlib, 10, nil); !errors.Is(err, ErrLevel) || !strings.Contains(err.Error(), "level 10") {
		t.Errorf("level 10: %v", err)
	}
	if _, err := NewWriter(io.Discard, Zlib, -3, nil); !errors.Is(err, ErrLevel) {
		t.Errorf("level -3: %v", err)
	}
	if _, err := NewWriter(io.Discard, Format(9), 1, nil); !errors.Is(err, ErrFormat) {
		t.Errorf("format 9: %v", err)
	}
	if _, err := NewReader(bytes.NewReader(nil), Format(9), nil); !errors.Is(err, ErrFormat) {
		t.Errorf("reader format 9: %v", err)
	}

	t.Run("header_nul", func(t *testing.T) {
		w, _ := NewWriter(io.Discard, Gzip, 1, nil)
		w.Header.Name = "a\x00b"
		w.Write([]byte("x"))
		if err := w.Close(); !errors.Is(err, ErrHeader) {
			t.Fatalf("err = %v, want ErrHeader", err)
		}
	})
	t.Run("commit_range", func(t *testing.T) {
		w, _ := NewWriter(io.Discard, Zlib, 1, nil)
		p := w.Reserve(10)
		w.Commit(len(p) + 1)
		if err := w.Flush(); !errors.Is(err, core.ErrInvalidCount) {
			t.Fatalf("err = %v, want ErrInvalidCount", err)
		}
		if _, err := w.Write([]byte("x")); !errors.Is(err, core.ErrInvalidCount) {
			t.Fatalf("sticky: err = %v", err)
		}
	})
	t.Run("device_fault", func(t *testing.T) {
		for _, at := range []int{1, 2, 3} {
			dev := &coretest.Writer{Faults: coretest.Faults{FailAt: at}}
			w, _ := NewWriter(core.NewWriterSize(dev, 256), Gzip, 6, nil)
			// More than the compressor gathers before its first output, so
			// that the fault comes during Write.
			data := randomCorpus(1<<20, 2)
			_, err := w.Write(data)
			if err == nil {
				err = w.Close()
			}
			if !errors.Is(err, coretest.ErrFault) {
				t.Fatalf("fail at %d: err = %v, want ErrFault", at, err)
			}
			if _, err2 := w.Write([]byte("more")); !errors.Is(err2, coretest.ErrFault) {
				t.Fatalf("sticky: err = %v", err2)
			}
			// Reserve still lends space after the error.
			if p := w.Reserve(100); len(p) < 100 {
				t.Fatalf("Reserve after error returned %d bytes", len(p))
			}
			w.Commit(100)
		}
	})
	t.Run("closed", func(t *testing.T) {
		w, _ := NewWriter(io.Discard, Zlib, 1, nil)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); !errors.Is(err, fs.ErrClosed) {
			t.Errorf("second Close: %v", err)
		}
		if _, err := w.Write([]byte("x")); !errors.Is(err, fs.ErrClosed) {
			t.Errorf("Write after Close: %v", err)
		}
		r, _ := NewReader(bytes.NewReader(nil), Zlib, nil)
		r.Close()
		if _, err := r.Read(make([]byte, 1)); !errors.Is(err, fs.ErrClosed) {
			t.Errorf("Read after Close: %v", err)
		}
		if err := r.Close(); !errors.Is(err, fs.ErrClosed) {
			t.Errorf("second reader Close: %v", err)
		}
	})
}
