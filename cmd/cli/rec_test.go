package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/core"
)

func TestEncodeLine(t *testing.T) {
	tests := []struct {
		line    string
		want    []byte // the record body, framed below
		wantErr string
	}{
		{`[]`, nil, ""},
		{` [ {"id":1,"kind":"int","value":5} ] `, record.AppendUint(nil, 1, 5), ""},
		{`[{"kind":"blob","id":2,"value":"aGk="}]`, record.AppendBlob(nil, 2, []byte("hi")), ""},
		{`[{"id":32767,"kind":"int","value":18446744073709551615}]`, record.AppendUint(nil, 32767, 1<<64-1), ""},
		{`[{"id":1,"kind":"int"}]`, nil, "int value must be an integer"},
		{`[{"kind":"int","value":1}]`, nil, "id must be an integer"},
		{`[{"id":-1,"kind":"int","value":1}]`, nil, "not a JSON array"},
		{`[{"id":1,"kind":"blob","value":"aGk"}]`, nil, "blob value"},
		{`[{"id":1,"kind":"blob","value":null}]`, nil, "blob value must be a base64 string"},
		{`[{"id":1,"kind":"int","value":"5"}]`, nil, "int value must be an integer"},
		{`[1]`, nil, "not a JSON array"},
		{`[`, nil, "not a JSON array"},
		{`[]x`, nil, "more than one JSON value"},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			var b bytes.Buffer
			w := record.NewWriter(&b)
			err := encodeLine([]byte(tc.line), w)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				if b.Len() != 0 {
					t.Errorf("a bad line wrote %d bytes", b.Len())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			w.Flush()
			if want := record.AppendFrame(nil, tc.want); !bytes.Equal(b.Bytes(), want) {
				t.Errorf("got % x, want % x", b.Bytes(), want)
			}
		})
	}
}

// FuzzRecEncode: a line encode accepts dumps back to a line that encodes to
// the same bytes, and dump of any bytes never panics.
func FuzzRecEncode(f *testing.F) {
	for _, s := range []string{`[]`, `[{"id":1,"kind":"int","value":5},{"id":9,"kind":"blob","value":"AAE="}]`,
		`[{"id":1,"kind":"blob","value":""}]`, `{}`, `[{"id":1e3}]`, "\x01\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var dump bytes.Buffer
		out := core.NewWriter(&dump)
		dumpRecords(bytes.NewReader(line), out, 1<<16) // arbitrary bytes as a stream
		out.Flush()

		var b bytes.Buffer
		w := record.NewWriter(&b)
		if encodeLine(line, w) != nil {
			return
		}
		w.Flush()
		stream := append([]byte(nil), b.Bytes()...)
		dump.Reset()
		out.Reset(&dump)
		if err := dumpRecords(bytes.NewReader(stream), out, 1<<20); err != nil {
			t.Fatalf("dump of an encoded line: %v", err)
		}
		out.Flush()
		var again bytes.Buffer
		w2 := record.NewWriter(&again)
		if err := encodeLine(bytes.TrimSuffix(dump.Bytes(), []byte("\n")), w2); err != nil {
			t.Fatalf("encode of the dump %q: %v", dump.Bytes(), err)
		}
		w2.Flush()
		if !bytes.Equal(again.Bytes(), stream) {
			t.Fatalf("round trip: % x, want % x", again.Bytes(), stream)
		}
	})
}
