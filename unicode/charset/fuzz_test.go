package charset

import (
	"bytes"
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
			var buf core.Buffer
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
