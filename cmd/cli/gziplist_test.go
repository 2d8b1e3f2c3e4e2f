package cli

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/fastio-go/fastio/compress"
)

func TestParseGzipHeader(t *testing.T) {
	base := []byte{0x1f, 0x8b, 8, 0, 0x78, 0x56, 0x34, 0x12, 0, 3}
	with := func(flags byte, rest string) []byte {
		b := append([]byte(nil), base...)
		b[3] = flags
		return append(b, rest...)
	}
	long := strings.Repeat("n", compress.MaxHeaderField+1)
	tests := []struct {
		name    string
		in      []byte
		want    gzipInfo
		err     error
		message string
	}{
		{"plain", append(base, "data"...), gzipInfo{method: 8, mtime: 0x12345678, headerLen: 10}, nil, ""},
		{"name", with(0x08, "a.txt\x00data"), gzipInfo{method: 8, flags: 8, name: "a.txt", mtime: 0x12345678, headerLen: 16}, nil, ""},
		{"all-fields", with(0x04|0x08|0x10|0x02, "\x02\x00xyn\x00c\x00\xaa\xbbdata"), gzipInfo{method: 8, flags: 0x1e, name: "n", mtime: 0x12345678, headerLen: 10 + 4 + 2 + 2 + 2}, nil, ""},
		{"empty", nil, gzipInfo{}, errHeaderEOF, "unexpected end of file"},
		{"magic-only", []byte{0x1f, 0x8b}, gzipInfo{}, errHeaderEOF, "unexpected end of file"},
		{"first-byte", []byte{0x1f}, gzipInfo{}, errHeaderEOF, "unexpected end of file"},
		{"not-gzip", []byte("hello world"), gzipInfo{}, errNotGzip, "not in gzip format"},
		{"second-byte", []byte{0x1f, 0x9d, 0, 0}, gzipInfo{}, errNotGzip, "not in gzip format"},
		{"method", []byte{0x1f, 0x8b, 7, 0, 0, 0, 0, 0, 0, 3}, gzipInfo{}, methodError(7), "unknown method 7 -- not supported"},
		{"encrypted", with(0x20, ""), gzipInfo{}, flagsError(0x20), "is encrypted -- not supported"},
		{"reserved", with(0x40, ""), gzipInfo{}, flagsError(0x40), "has flags 0x40 -- not supported"},
		{"cut-extra-length", with(0x04, "\x05"), gzipInfo{}, errHeaderEOF, ""},
		{"cut-extra", with(0x04, "\x05\x00abc"), gzipInfo{}, errHeaderEOF, ""},
		{"cut-name", with(0x08, "abc"), gzipInfo{}, errHeaderEOF, ""},
		{"cut-comment", with(0x10, "abc"), gzipInfo{}, errHeaderEOF, ""},
		{"cut-hcrc", with(0x02, "\x01"), gzipInfo{}, errHeaderEOF, ""},
		{"name-too-long", with(0x08, long+"\x00"), gzipInfo{}, errNameTooLarge, "file name too large"},
		{"name-too-long-unended", with(0x08, long), gzipInfo{}, errNameTooLarge, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseGzipHeader(tc.in)
			if tc.err != nil {
				if !errors.Is(err, tc.err) && err != tc.err {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				if !strings.Contains(err.Error(), tc.message) {
					t.Errorf("message %q lacks %q", err.Error(), tc.message)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("parseGzipHeader = %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// FuzzParseGzipHeader: on any bytes the parser returns a header inside
// them or an error, never panics; on a header written by compress.Writer it
// reads back the name and time and the header's length.
func FuzzParseGzipHeader(f *testing.F) {
	f.Add([]byte{0x1f, 0x8b, 8, 0x1e, 0, 0, 0, 0, 0, 3, 1, 0, 'x', 'n', 0, 'c', 0, 0, 0}, "name.txt", uint32(1))
	f.Add([]byte("not gzip"), "", uint32(0))
	f.Fuzz(func(t *testing.T, in []byte, name string, mtime uint32) {
		info, err := parseGzipHeader(in)
		if err == nil && (info.headerLen < 10 || info.headerLen > int64(len(in))) {
			t.Fatalf("header length %d of %d bytes", info.headerLen, len(in))
		}
		if strings.IndexByte(name, 0) >= 0 || len(name) > 1000 {
			return
		}
		var buf bytes.Buffer
		zw, err := compress.NewWriter(&buf, compress.Gzip, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		zw.Header = compress.Header{Name: name, OS: 3}
		if mtime != 0 {
			zw.Header.ModTime = time.Unix(int64(mtime), 0)
		}
		zw.Write([]byte("data"))
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		info, err = parseGzipHeader(buf.Bytes())
		if err != nil || info.name != name || info.mtime != mtime || info.headerLen != headerBytes(compress.Gzip, zw.Header)-8 {
			t.Fatalf("parsed %+v, %v; wrote name %q time %d, header length %d", info, err, name, mtime, headerBytes(compress.Gzip, zw.Header)-8)
		}
	})
}

func TestRatio(t *testing.T) {
	tests := []struct {
		num, den int64
		want     string
	}{
		{-2, 12, "-16.7%"},
		{374, 588895, "  0.1%"},
		{7, 11, " 63.6%"},
		{0, 0, "  0.0%"},
		{5, 0, "  0.0%"},
		{-3, 1, "-300.0%"},
		{1, 1, "100.0%"},
		{1, 8, " 12.5%"},
	}
	for _, tc := range tests {
		if got := ratio(tc.num, tc.den); got != tc.want {
			t.Errorf("ratio(%d, %d) = %q, want %q", tc.num, tc.den, got, tc.want)
		}
	}
}

func TestTailReader(t *testing.T) {
	for _, n := range []int{0, 3, 8, 9, 100, 5000} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*7 + 1)
		}
		for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader} {
			tr := &tailReader{r: wrap(bytes.NewReader(data))}
			if _, err := io.Copy(io.Discard, tr); err != nil {
				t.Fatal(err)
			}
			var want [8]byte
			copy(want[8-min(8, n):], data[n-min(8, n):])
			if tr.n != int64(n) || tr.tail != want {
				t.Errorf("%d bytes: n %d, tail %x; want %x", n, tr.n, tr.tail, want)
			}
		}
	}
}

func TestGzipSuffixes(t *testing.T) {
	tests := []struct {
		name, suffix string
		force        bool
		stripped     string // what -l shows
		has          string // the compressed suffix compressing refuses
	}{
		{"a.gz", ".gz", false, "a", ".gz"},
		{"dir/a.txt.gz", ".gz", false, "dir/a.txt", ".gz"},
		{"a.tgz", ".gz", false, "a.tar", ".tgz"},
		{"a.taz", ".gz", false, "a.tar", ".taz"},
		{"a-gz", ".gz", false, "a", "-gz"},
		{"a.z", ".gz", false, "a", ".z"},
		{"a_z", ".gz", false, "a", "_z"},
		{"plain", ".gz", false, "plain", ""},
		{".gz", ".gz", false, ".gz", ""}, // gzip compresses it to .gz.gz
		{"A.GZ", ".gz", false, "A", ".GZ"},
		{"F.gz", "z", false, "F", ".gz"}, // -S z ends .gz: .gz is tried first
		{"Fz", "z", false, "F", "z"},
		{"a.gz", ".gz", true, "a", ""},
		{"a.zz", ".zz", false, "a", ".zz"},
		{"a.gz", ".zz", false, "a", ".gz"},
		{"gz.dir/file", ".gz", false, "gz.dir/file", ""},
	}
	for _, tc := range tests {
		g := &gzipRun{sf: formatGzip, o: &gzipOptions{suffix: tc.suffix, force: tc.force}}
		if got := g.stripSuffix(tc.name); got != tc.stripped {
			t.Errorf("stripSuffix(%q) with -S %s = %q, want %q", tc.name, tc.suffix, got, tc.stripped)
		}
		if got := g.compressedSuffix(tc.name); got != tc.has {
			t.Errorf("compressedSuffix(%q) with -S %s, -f %v = %q, want %q", tc.name, tc.suffix, tc.force, got, tc.has)
		}
	}
}

func TestHeaderBytes(t *testing.T) {
	tests := []struct {
		f    compress.Format
		h    compress.Header
		want int64
	}{
		{compress.Gzip, compress.Header{}, 18},
		{compress.Gzip, compress.Header{Name: "a.txt"}, 24},
		{compress.Gzip, compress.Header{Name: "a", Comment: "bc", Extra: []byte{1}}, 18 + 2 + 3 + 3},
		{compress.Zlib, compress.Header{Name: "ignored"}, 6},
		{compress.Deflate, compress.Header{}, 0},
	}
	for _, tc := range tests {
		if got := headerBytes(tc.f, tc.h); got != tc.want {
			t.Errorf("headerBytes(%v, %+v) = %d, want %d", tc.f, tc.h, got, tc.want)
		}
	}
}

// TestVerboseLines: -v's line for each format, the ratio counting the
// header and trailer out of the compressed size.
func TestVerboseLines(t *testing.T) {
	dir := t.TempDir()
	text := bytes.Repeat([]byte("verbose line test "), 500)
	for _, tc := range []struct {
		cmd    string
		format compress.Format
		suffix string
		hdr    int64
	}{{"gzip", compress.Gzip, ".gz", 18}, {"zlib", compress.Zlib, ".zz", 6}, {"deflate", compress.Deflate, ".deflate", 0}} {
		var z bytes.Buffer
		zw, err := compress.NewWriter(&z, tc.format, 6, nil)
		if err != nil {
			t.Fatal(err)
		}
		zw.Write(text)
		zw.Close()
		name := dir + "/x" + tc.suffix
		if err := os.WriteFile(name, z.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"-dcv"}, {"-tv"}, {"-dcvk"}} {
			var out, errb bytes.Buffer
			code := Run(append([]string{tc.cmd}, append(args, name)...), strings.NewReader(""), &out, &errb)
			want := name + ":\t" + ratio(int64(len(text))-(int64(z.Len())-tc.hdr), int64(len(text))) + " -- replaced with stdout\n"
			switch args[0] {
			case "-tv":
				want = name + ":\t OK\n"
			case "-dcvk":
				want = strings.Replace(want, "replaced with", "created", 1)
			}
			if code != 0 || errb.String() != want {
				t.Errorf("%s %v: exit %d, stderr %q; want %q", tc.cmd, args, code, errb.String(), want)
			}
		}
	}
}
