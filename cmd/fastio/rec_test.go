//go:build linux

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/codec/record"
)

// recStream encodes a stream of records with every kind of field.
func recStream(t *testing.T) []byte {
	var b bytes.Buffer
	w := record.NewWriter(&b)
	for i := range 500 {
		w.Uint(1, uint64(i))
		w.Int(2, -int64(i)*1000003)
		w.String(3, strings.Repeat("é", i%40))
		w.Uint(7, 1<<64-1)
		w.Begin(9)
		w.Uint(1, 42)
		w.Blob(2, []byte{0, 1, 2, 0xff})
		w.End()
		if err := w.EndRecord(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.EndRecord(); err != nil { // an empty record
		t.Fatal(err)
	}
	w.Blob(32767, bytes.Repeat([]byte{0xab}, 300<<10)) // larger than a read buffer
	if err := w.EndRecord(); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestRecRoundTrip(t *testing.T) {
	stream := recStream(t)
	dump := run(t, dataDir, stream, fastio, "rec", "dump")
	if dump.code != 0 {
		t.Fatalf("dump: %s", dump.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(string(dump.stdout), "\n"), "\n")
	if len(lines) != 502 {
		t.Fatalf("%d lines, want 502", len(lines))
	}
	if want := `[{"id":1,"kind":"int","value":3},{"id":2,"kind":"int","value":6000017},{"id":3,"kind":"blob","value":"w6nDqcOp"},{"id":7,"kind":"int","value":18446744073709551615},{"id":9,"kind":"blob","value":"AAEqgAIEAAEC/w=="}]`; lines[3] != want {
		t.Errorf("line 4:\n got %s\nwant %s", lines[3], want)
	}
	if lines[500] != "[]" {
		t.Errorf("empty record: %s", lines[500])
	}
	enc := run(t, dataDir, dump.stdout, fastio, "rec", "encode")
	if enc.code != 0 || !bytes.Equal(enc.stdout, stream) {
		t.Errorf("encode of the dump: exit %d, %d bytes, want %d; %s", enc.code, len(enc.stdout), len(stream), enc.stderr)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "in.jsonl"), dump.stdout, 0o644)
	if r := run(t, dir, nil, fastio, "rec", "encode", "-o", "out.rec", "in.jsonl"); r.code != 0 || !bytes.Equal(readFile(t, filepath.Join(dir, "out.rec")), stream) {
		t.Errorf("encode -o: exit %d %s", r.code, r.stderr)
	}
}

func TestRecBadInput(t *testing.T) {
	stream := recStream(t)
	dumpTests := []struct {
		name  string
		in    []byte
		args  []string
		lines int
		msg   string
	}{
		{"truncated frame", stream[:len(stream)-10], nil, 501, "fastio rec dump: -: "},
		{"record too large", stream, []string{"--max-record", "1000"}, 501, "fastio rec dump: -: "},
		{"bad tag", []byte{3, 0, 0, 1}, nil, 0, "fastio rec dump: -: "},
		{"missing file", nil, []string{"nofile"}, 0, "fastio rec dump: nofile: No such file or directory"},
	}
	for _, tc := range dumpTests {
		r := run(t, dataDir, tc.in, fastio, append([]string{"rec", "dump"}, tc.args...)...)
		if n := bytes.Count(r.stdout, []byte("\n")); r.code != 1 || n != tc.lines || !strings.HasPrefix(string(r.stderr), tc.msg) {
			t.Errorf("dump %s: exit %d, %d lines, %q", tc.name, r.code, n, r.stderr)
		}
	}
	encodeTests := []struct{ in, msg string }{
		{`[{"id":1,"kind":"int","value":1}]` + "\n" + `{"id":1}`, "in:2: not a JSON array of fields"},
		{`[{"id":0,"kind":"int","value":1}]`, "in:1: field 1: id must be an integer in 1..32767"},
		{`[{"id":32768,"kind":"int","value":1}]`, "id must be an integer in 1..32767"},
		{`[{"id":1,"kind":"int","value":-1}]`, "int value must be an integer in [0, 2^64)"},
		{`[{"id":1,"kind":"int","value":18446744073709551616}]`, "int value must be an integer"},
		{`[{"id":1,"kind":"int","value":1.5}]`, "int value must be an integer"},
		{`[{"id":1,"kind":"blob","value":"not base64!"}]`, "blob value"},
		{`[{"id":1,"kind":"blob","value":7}]`, "blob value must be a base64 string"},
		{`[{"id":1,"kind":"float","value":1}]`, `kind must be "int" or "blob"`},
		{`[{"id":1,"kind":"int","value":1,"extra":2}]`, "unknown field"},
		{`[] []`, "more than one JSON value"},
		{`null`, "null"},
	}
	for _, tc := range encodeTests {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "in"), []byte(tc.in), 0o644)
		r := run(t, dir, nil, fastio, "rec", "encode", "-o", "out.rec", "in")
		if r.code != 1 || !strings.Contains(string(r.stderr), tc.msg) {
			t.Errorf("encode %q: exit %d, %q; want %q", tc.in, r.code, r.stderr, tc.msg)
		}
		noLeftovers(t, dir, "out.rec")
	}
}
