package charset

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"github.com/fastio-go/fastio/unicode"
)

var fuzzLabels = []string{"shift_jis", "euc-jp", "iso-2022-jp", "euc-kr", "big5", "gbk", "windows-1252", "koi8-r", "utf-16be", "gb18030"}

// FuzzBridge converts arbitrary bytes from a bridged (or native) encoding to
// UTF-16LE and to another bridged encoding, and checks that the streaming
// forms, fed 1 to 7 bytes at a time, give the slice form's bytes.
func FuzzBridge(f *testing.F) {
	for i, s := range []string{"", "abc", "\x93\xfa\x96\x7b", "\x1b$B\x46\x7c\x1b(B", "\xb0\xa1", "\xff\xfe", "\x81", "\x1b$"} {
		f.Add([]byte(s), byte(i), byte(i+1), byte(i))
	}
	f.Fuzz(func(t *testing.T, data []byte, a, b, chunk byte) {
		from, err := Lookup(fuzzLabels[int(a)%len(fuzzLabels)])
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range []unicode.Encoding{unicode.UTF16LE, mustLookup(t, fuzzLabels[int(b)%len(fuzzLabels)])} {
			c, err := unicode.New(from, to, unicode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want, err := c.Append(nil, data)
			if err != nil {
				t.Fatalf("%v → %v: %v", from, to, err)
			}
			k := 1 + int(chunk)%7
			var buf bytes.Buffer
			// The smallest buffer, flushed after every write, so that the
			// conversion sees every chunk boundary.
			w := c.NewWriterSize(&buf, 0)
			for i := 0; i < len(data); i += k {
				if _, err := w.Write(data[i:min(i+k, len(data))]); err != nil {
					t.Fatalf("Write: %v", err)
				}
				if err := w.Flush(); err != nil {
					t.Fatalf("Flush: %v", err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Fatalf("%v → %v, %d-byte writes of % X: % X; want % X", from, to, k, data, buf.Bytes(), want)
			}
			dev := &coretest.Reader{Data: data, Faults: coretest.Faults{Max: k}}
			got, err := io.ReadAll(c.NewReader(core.NewReaderSize(dev, 64)))
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%v → %v, %d-byte reads of % X: % X, %v; want % X", from, to, k, data, got, err, want)
			}
		}
	})
}

func mustLookup(t *testing.T, label string) unicode.Encoding {
	e, err := Lookup(label)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// fuzzStrict decodes data from the encoding named by label strictly, whole
// and chunk bytes at a time (through the Transformer and through a Reader
// whose device returns at most chunk bytes a read): the output before the
// error and the error (its offset, cause and sequence) are the same, and
// so are the outputs of iconv -c's dropping of bad input and of the
// default policy's U+FFFD.
func fuzzStrict(t *testing.T, label string, data []byte, chunk int) {
	e, err := Lookup(label)
	if err != nil {
		t.Fatal(err)
	}
	c, err := unicode.New(e, unicode.UTF8, unicode.Options{Strict: true, KeepBOM: true})
	if err != nil {
		t.Fatal(err)
	}
	want, werr := c.Append(nil, data)
	got, gerr := feedDecode(c, data, chunk, false)
	if !bytes.Equal(got, want) || !sameError(gerr, werr) {
		t.Fatalf("%s, %d-byte chunks of % X: %q, %v; whole %q, %v", label, chunk, data, got, gerr, want, werr)
	}
	dev := &coretest.Reader{Data: data, Faults: coretest.Faults{Max: chunk}}
	got, gerr = io.ReadAll(c.NewReader(core.NewReaderSize(dev, 64)))
	if !bytes.Equal(got, want) || !sameError(gerr, werr) {
		t.Fatalf("%s, Reader with %d-byte reads of % X: %q, %v; whole %q, %v", label, chunk, data, got, gerr, want, werr)
	}
	var ue *unicode.Error
	if werr != nil && !errors.As(werr, &ue) {
		t.Fatalf("%s: % X: the error %v is no *unicode.Error", label, data, werr)
	}
	if ue != nil && (ue.Offset < 0 || ue.Offset+int64(ue.N) > int64(len(data)) || ue.N == 0 ||
		!bytes.Equal(ue.Bytes[:ue.N], data[ue.Offset:ue.Offset+int64(ue.N)])) {
		t.Fatalf("%s: % X: error %v does not name bytes of the input", label, data, ue)
	}
	ig, ierr := feedDecode(c, data, 0, true)
	igc, icerr := feedDecode(c, data, chunk, true)
	if !bytes.Equal(ig, igc) || !sameError(ierr, icerr) {
		t.Fatalf("%s, dropping bad input, %d-byte chunks of % X: %q, %v; whole %q, %v", label, chunk, data, igc, icerr, ig, ierr)
	}
	if werr == nil && !bytes.Equal(ig, want) {
		t.Fatalf("%s: % X: valid input decodes to %q, and to %q dropping nothing", label, data, want, ig)
	}
	lax, _ := unicode.New(e, unicode.UTF8, unicode.Options{KeepBOM: true})
	lw, lerr := lax.Append(nil, data)
	lc, lcerr := feedDecode(lax, data, chunk, false)
	if lerr != nil || lcerr != nil || !bytes.Equal(lw, lc) {
		t.Fatalf("%s, U+FFFD policy, %d-byte chunks of % X: %q, %v; whole %q, %v", label, chunk, data, lc, lcerr, lw, lerr)
	}
	if werr == nil && !bytes.Equal(lw, want) {
		t.Fatalf("%s: % X: valid input decodes to %q strictly and %q by default", label, data, want, lw)
	}
}

func sameError(a, b error) bool {
	var ea, eb *unicode.Error
	if errors.As(a, &ea) != errors.As(b, &eb) {
		return false
	}
	if ea == nil {
		return (a == nil) == (b == nil)
	}
	return ea.Offset == eb.Offset && ea.Err == eb.Err && ea.N == eb.N && ea.Bytes == eb.Bytes
}

func fuzzFamily(f *testing.F, labels []string, seeds ...string) {
	for i, s := range seeds {
		f.Add([]byte(s), byte(i), byte(i*5+1))
	}
	f.Fuzz(func(t *testing.T, data []byte, which, chunk byte) {
		fuzzStrict(t, labels[int(which)%len(labels)], data, 1+int(chunk)%17)
	})
}

// FuzzStrictSingleByte: the single-byte tables, CP1255's and CP1258's
// compositions among them.
func FuzzStrictSingleByte(f *testing.F) {
	fuzzFamily(f, []string{"ISO-8859-1", "CP1252", "CP1255", "CP1258", "IBM037", "KOI8-R", "MACINTOSH", "ISO-8859-11"},
		"abc", "\xf9\xd1\xc9", "a\xcc\xec\x81", "\xe0\xff\xe0", "\x80\x81\x9f")
}

// FuzzStrictMultiByte: the EUC forms, Shift_JIS, GBK and Big5.
func FuzzStrictMultiByte(f *testing.F) {
	fuzzFamily(f, []string{"EUC-JP", "SJIS", "CP932", "EUC-KR", "EUC-CN", "GBK", "BIG5"},
		"a\xa4\xa2b", "\x8f\xa2\xb7\x8e\xb1", "\x93\xfa\x96\x7b\x81", "\xb0\xa1\xff\xb0", "\x81\x40\xfe", "\xa4\x40\xc6\xa1")
}

// FuzzStrictISO2022: ISO-2022-JP, -KR, -CN and -CN-EXT and their shift states.
func FuzzStrictISO2022(f *testing.F) {
	fuzzFamily(f, []string{"ISO-2022-JP", "ISO-2022-KR", "ISO-2022-CN", "ISO-2022-CN-EXT"},
		"x\x1b$B\x30\x21\x30\xff\x30\x22\x1b(By", "\x1b$)C\x0eGQ\x0a\x0f", "\x1b(J\x5c\x7e\x1b$@\x30\x21", "\x1b$", "\x0e\x21",
		"\x1b$)A\x0eVP\x1b$)GjW\x0f\x1b$*H\x1bN!!\x1bN\x7f", "\x1b$)",
		"\x1b$)E\x0e,!VP\x0f\x1b$+I\x1bO!!\x1bO\x7f\x7f\x0e", "a\x0e!!")
}

// FuzzStrictHZ: HZ-GB-2312.
func FuzzStrictHZ(f *testing.F) {
	fuzzFamily(f, []string{"HZ-GB-2312"}, "~{VPND~}ab~~", "~{VP\nND", "~x~", "~{\x21")
}

// FuzzStrictText: the golang.org/x/text encodings that labels glibc does
// not know reach, through the bridge's U+FFFD search.
func FuzzStrictText(f *testing.F) {
	fuzzFamily(f, []string{"x-user-defined", "x-mac-cyrillic", "iso-8859-8-i"}, "abc\x80\xff", "\xef\xbf\xbd")
}
