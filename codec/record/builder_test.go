package record

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// fop is one step of a record, applied the same way to a Writer and to a
// Builder to compare their bytes.
type fop struct {
	kind byte // 'u' Uint, 'i' Int, 'b' Bool, 'B' Blob, 'S' String, 's' SmallBlob, 't' SmallString, 'T' Time, 'A' Array, '(' Begin, ')' End
	id   ID
	v    uint64
	data []byte
}

// applyWriter adds ops to e's current record.
func applyWriter(e *Writer, ops []fop) {
	for _, o := range ops {
		switch o.kind {
		case 'u':
			e.Uint(o.id, o.v)
		case 'i':
			e.Int(o.id, int64(o.v))
		case 'b':
			e.Bool(o.id, o.v != 0)
		case 'B', 's', 'A':
			e.Blob(o.id, o.data)
		case 'S', 't':
			e.String(o.id, string(o.data))
		case 'T':
			e.Time(o.id, fopTime(o.v))
		case '(':
			e.Begin(o.id)
		case ')':
			e.End()
		}
	}
}

// applyBuilder adds ops to r; nested records get builders of their own.
// It returns the builder and how many ops it used (up to the End that
// closes the record r was begun for, when nested).
func applyBuilder(r Builder, ops []fop) (Builder, int) {
	for i := 0; i < len(ops); i++ {
		o := ops[i]
		switch o.kind {
		case 'u':
			r = r.Uint(o.id, o.v)
		case 'i':
			r = r.Int(o.id, int64(o.v))
		case 'b':
			r = r.Bool(o.id, o.v != 0)
		case 'B':
			r = r.Blob(o.id, o.data)
		case 'S':
			r = r.String(o.id, string(o.data))
		case 's':
			r = r.SmallBlob(o.id, o.data)
		case 't':
			r = r.SmallString(o.id, string(o.data))
		case 'T':
			r = r.Time(o.id, fopTime(o.v))
		case 'A':
			r = applyArray(r, o.id, o.data)
		case '(':
			nested, k := applyBuilder(r.Begin(o.id), ops[i+1:])
			r = r.End(nested)
			i += k
		case ')':
			return r, i + 1
		}
	}
	return r, len(ops)
}

// arrayLens are the array lengths applyArray instantiates Array for.
var arrayLens = []int{1, 2, 5, 8, 16, 20, 32}

// digest is a named array type, as an application's would be.
type digest [32]byte

// applyArray adds data with Array, data of one of arrayLens' lengths.
func applyArray(r Builder, id ID, data []byte) Builder {
	switch len(data) {
	case 1:
		return Array(r, id, [1]byte(data))
	case 2:
		return Array(r, id, [2]byte(data))
	case 5:
		return Array(r, id, [5]byte(data))
	case 8:
		return Array(r, id, [8]byte(data))
	case 16:
		return Array(r, id, [16]byte(data))
	case 20:
		return Array(r, id, [20]byte(data))
	case 32:
		return Array(r, id, digest(data))
	}
	panic(fmt.Sprintf("no Array instance for %d bytes", len(data)))
}

// bodySize is a size bound that holds every op.
func bodySize(ops []fop) int {
	n := 0
	for _, o := range ops {
		n += max(MaxHeaderLen, MaxTimeLen) + len(o.data)
	}
	return n
}

// fopTime is the time of a 'T' op: v as the Unix seconds (before 1970 for
// v of 2^63 and above), and nanoseconds from v too.
func fopTime(v uint64) time.Time {
	return time.Unix(int64(v), int64(v%1e9))
}

var builderCases = []struct {
	name string
	ops  []fop
}{
	{"empty", nil},
	{"one int", []fop{{kind: 'u', id: 1, v: 1000}}},
	{"varint lengths", []fop{{kind: 'u', id: 1}, {kind: 'u', id: 2, v: 127}, {kind: 'u', id: 3, v: 128},
		{kind: 'u', id: 4, v: 1<<14 - 1}, {kind: 'u', id: 5, v: 1 << 14}, {kind: 'u', id: 6, v: 1<<64 - 1}}},
	{"ids", []fop{{kind: 'u', id: 1}, {kind: 'u', id: 0x100, v: 5}, {kind: 'u', id: MaxID, v: 7}}},
	{"signed and bool", []fop{{kind: 'i', id: 1, v: uint64(1<<64 - 1)}, {kind: 'i', id: 2, v: 1 << 63},
		{kind: 'b', id: 3, v: 1}, {kind: 'b', id: 4}}},
	{"blobs", []fop{{kind: 'B', id: 1}, {kind: 'B', id: 2, data: []byte("x")},
		{kind: 'S', id: 3, data: []byte("photo.jpg")}, {kind: 's', id: 4, data: bytes.Repeat([]byte{7}, 127)},
		{kind: 't', id: 5, data: []byte("tiny")}}},
	{"long blob", []fop{{kind: 'B', id: 9, data: bytes.Repeat([]byte("ab"), 100)}}},
	{"blob of 2^14", []fop{{kind: 'S', id: 9, data: bytes.Repeat([]byte("z"), 1<<14)}}},
	{"seed", []fop{{kind: 'u', id: 1, v: 1000}, {kind: 'u', id: 2, v: 100}, {kind: 'u', id: 3, v: 0o100644},
		{kind: 's', id: 4, data: []byte("photo-2026-11-29.jpg")}, {kind: 's', id: 5, data: []byte{0x80, 0xa0, 0xc8, 0xd8, 0x06, 0x95, 0x9a, 0xef, 0x3a}},
		{kind: 's', id: 6, data: []byte("blob\x00")}}},
	{"times", []fop{{kind: 'T', id: 1}, {kind: 'T', id: 2, v: 1795996800}, {kind: 'T', id: 3, v: 1<<63 + 5},
		{kind: 'T', id: 4, v: 1<<56 - 1}, {kind: 'T', id: 5, v: 1 << 56}, {kind: 'T', id: 6, v: 999999999}}},
	{"seed with Time", []fop{{kind: 'u', id: 1, v: 1000}, {kind: 'u', id: 2, v: 100}, {kind: 'u', id: 3, v: 0o100644},
		{kind: 's', id: 4, data: []byte("photo-2026-11-29.jpg")}, {kind: 'T', id: 5, v: 1795996800},
		{kind: 's', id: 6, data: []byte("blob\x00")}}},
	{"arrays", []fop{{kind: 'A', id: 1, data: []byte{9}}, {kind: 'A', id: 2, data: []byte("ab")},
		{kind: 'A', id: 3, data: []byte("blob\x00")}, {kind: 'A', id: 4, data: []byte("8 bytes!")},
		{kind: 'A', id: 5, data: bytes.Repeat([]byte{0xff}, 16)}, {kind: 'A', id: 6, data: bytes.Repeat([]byte{1}, 20)},
		{kind: 'A', id: MaxID, data: bytes.Repeat([]byte("d"), 32)}}},
	{"seed with Time and Array", []fop{{kind: 'u', id: 1, v: 1000}, {kind: 'u', id: 2, v: 100}, {kind: 'u', id: 3, v: 0o100644},
		{kind: 's', id: 4, data: []byte("photo-2026-11-29.jpg")}, {kind: 'T', id: 5, v: 1795996800},
		{kind: 'A', id: 6, data: []byte("blob\x00")}}},
	{"time in nested", []fop{{kind: '(', id: 1}, {kind: 'T', id: 2, v: 12345}, {kind: ')'}}},
	{"nested", []fop{{kind: 'u', id: 1, v: 3}, {kind: '(', id: 2}, {kind: 'u', id: 1, v: 300},
		{kind: 'S', id: 2, data: []byte("inner")}, {kind: ')'}, {kind: 'u', id: 3, v: 4}}},
	{"empty nested", []fop{{kind: '(', id: 7}, {kind: ')'}}},
	{"nested twice deep", []fop{{kind: '(', id: 1}, {kind: '(', id: 2}, {kind: 'u', id: 3, v: 9}, {kind: ')'},
		{kind: 'u', id: 4, v: 10}, {kind: ')'}}},
	{"long nested", []fop{{kind: '(', id: 1}, {kind: 'B', id: 2, data: bytes.Repeat([]byte("n"), 300)}, {kind: ')'}}},
	{"long nested in nested", []fop{{kind: '(', id: 1}, {kind: '(', id: 2},
		{kind: 'B', id: 3, data: bytes.Repeat([]byte("q"), 20000)}, {kind: ')'}, {kind: ')'}}},
}

// TestBuilderBytes checks that a Builder writes the bytes the Writer's
// methods write, frame included, for every kind of field.
func TestBuilderBytes(t *testing.T) {
	for _, tc := range builderCases {
		t.Run(tc.name, func(t *testing.T) {
			var want, got bytes.Buffer
			ew, eb := NewWriter(&want), NewWriter(&got)
			for range 3 { // three records, so that later ones start mid-buffer
				applyWriter(ew, tc.ops)
				if err := ew.EndRecord(); err != nil {
					t.Fatal(err)
				}
				r, _ := applyBuilder(eb.Start(bodySize(tc.ops)), tc.ops)
				if err := eb.Finish(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := eb.Flush(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("builder wrote\n% x\nwant\n% x", got.Bytes(), want.Bytes())
			}
			// The exact bound is enough; one byte less is not.
			exact := len(want.Bytes())/3 - frameLen(want.Bytes())
			r, _ := applyBuilder(eb.Start(exact), tc.ops)
			if err := eb.Finish(r); err != nil {
				t.Fatalf("with the exact size %d: %v", exact, err)
			}
			if exact > 0 {
				r, _ := applyBuilder(eb.Start(exact-1), tc.ops)
				if err := eb.Finish(r); !errors.Is(err, errRecordSize) {
					t.Fatalf("with size %d for %d bytes: %v, want errRecordSize", exact-1, exact, err)
				}
			}
		})
	}
}

// frameLen returns the length of the frame length at the start of p.
func frameLen(p []byte) int {
	n := 1
	for p[n-1] >= 0x80 {
		n++
	}
	return n
}

// TestBuilderAfterWriterFields checks that a builder continues a record
// opened with the Writer's methods.
func TestBuilderAfterWriterFields(t *testing.T) {
	var want, got bytes.Buffer
	ew, eb := NewWriter(&want), NewWriter(&got)
	ew.Uint(1, 5)
	ew.String(2, "abc")
	ew.Uint(3, 6)
	if err := ew.EndRecord(); err != nil {
		t.Fatal(err)
	}
	eb.Uint(1, 5)
	eb.String(2, "abc")
	r := eb.Start(MaxHeaderLen).Uint(3, 6)
	if err := eb.Finish(r); err != nil {
		t.Fatal(err)
	}
	if err := eb.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("got % x, want % x", got.Bytes(), want.Bytes())
	}
}

// TestBuilderShortWrites checks that the stream is the same whatever the
// device accepts per call.
func TestBuilderShortWrites(t *testing.T) {
	var want bytes.Buffer
	ew := NewWriter(&want)
	ops := func(i int) []fop {
		return []fop{{kind: 'u', id: ID(i + 1), v: uint64(i) * 977},
			{kind: 'S', id: 2, data: []byte(strings.Repeat(string(rune('a'+i%26)), i*i*3))}}
	}
	for i := range 40 {
		applyWriter(ew, ops(i))
		if err := ew.EndRecord(); err != nil {
			t.Fatal(err)
		}
	}
	for _, max := range []int{0, 1, 7} {
		t.Run(fmt.Sprint("write max ", max), func(t *testing.T) {
			dev := &coretest.Writer{Faults: coretest.Faults{Max: max}}
			e := NewWriter(core.NewWriterSize(dev, 64))
			for i := range 40 {
				r, _ := applyBuilder(e.Start(bodySize(ops(i))), ops(i))
				if err := e.Finish(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := e.Flush(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dev.Bytes(), want.Bytes()) {
				t.Fatal("builder stream differs from the Writer's")
			}
		})
	}
}

// TestBuilderErrors checks that bad identifiers, fields beyond the size
// given to Start and misused builders give distinct errors from Finish,
// drop the record and leave the Writer usable.
func TestBuilderErrors(t *testing.T) {
	long := bytes.Repeat([]byte("L"), 200)
	tests := []struct {
		name   string
		size   int
		build  func(r Builder) Builder
		want   error
		offset int64 // of the *Error; -2 to skip the check
	}{
		{"Uint id 0", 100, func(r Builder) Builder { return r.Uint(0, 1) }, ErrBadID, -1},
		{"Uint id 0x8000", 100, func(r Builder) Builder { return r.Uint(0x8000, 1) }, ErrBadID, -1},
		{"Int id 0xffff", 100, func(r Builder) Builder { return r.Int(0xffff, -1) }, ErrBadID, -1},
		{"Bool id 0", 100, func(r Builder) Builder { return r.Bool(0, true) }, ErrBadID, -1},
		{"Blob id 0", 100, func(r Builder) Builder { return r.Blob(0, []byte("x")) }, ErrBadID, -1},
		{"String id 0x8001", 100, func(r Builder) Builder { return r.String(0x8001, "x") }, ErrBadID, -1},
		{"SmallBlob id 0", 100, func(r Builder) Builder { return r.SmallBlob(0, []byte("x")) }, ErrBadID, -1},
		{"SmallString id 0x8000", 100, func(r Builder) Builder { return r.SmallString(0x8000, "x") }, ErrBadID, -1},
		{"Begin id 0", 100, func(r Builder) Builder { return r.End(r.Begin(0)) }, ErrBadID, -1},
		{"bad id in nested", 100, func(r Builder) Builder { return r.End(r.Begin(1).Uint(0, 1)) }, ErrBadID, -1},
		{"bad id after good fields", 100, func(r Builder) Builder { return r.Uint(1, 1).Uint(2, 2).Uint(0, 3).Uint(4, 4) }, ErrBadID, -1},
		{"no room for int", 0, func(r Builder) Builder { return r.Uint(1, 1) }, errRecordSize, 0},
		{"last int past the bound", MaxHeaderLen + 2, func(r Builder) Builder { return r.Uint(1, 1).Uint(2, 1<<63) }, errRecordSize, MaxHeaderLen + 2},
		{"blob past the bound", 50, func(r Builder) Builder { return r.Uint(1, 1).Blob(2, long) }, errRecordSize, 3},
		{"small blob of 128", 500, func(r Builder) Builder { return r.SmallBlob(2, long[:128]) }, errRecordSize, 0},
		{"refused then more", 20, func(r Builder) Builder { return r.String(1, string(long)).Uint(2, 2) }, errRecordSize, 0},
		{"nested past the bound", 30, func(r Builder) Builder { return r.End(r.Begin(1).Blob(2, long)) }, errRecordSize, 0},
		{"long nested without slack", 2 + 128 + 3, func(r Builder) Builder { return r.End(r.Begin(1).Blob(2, long[:128])) }, errRecordSize, -2},
		{"End with a foreign builder", 100, func(r Builder) Builder { return r.End(Builder{}) }, errRecordSize, 0},
		{"End with the outer builder", 100, func(r Builder) Builder { return r.Uint(1, 1).End(r) }, errRecordSize, 3},
		{"End with an integer field's builder", 100, func(r Builder) Builder { return r.End(r.Uint(5, 1000)) }, errRecordSize, 0},
		{"End with a blob field's builder", 100, func(r Builder) Builder { return r.End(r.SmallString(5, "abc")) }, errRecordSize, 0},
		{"End with a later field's nested builder", 100, func(r Builder) Builder { return r.End(r.Uint(1, 1).Begin(2).Uint(3, 3)) }, errRecordSize, 0},
		{"negative size", -5, func(r Builder) Builder { return r.Uint(1, 1) }, errRecordSize, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var mem bytes.Buffer
			e := NewWriter(&mem)
			err := e.Finish(tc.build(e.Start(tc.size)))
			if !errors.Is(err, tc.want) {
				t.Fatalf("Finish: %v, want %v", err, tc.want)
			}
			var re *Error
			if !errors.As(err, &re) {
				t.Fatalf("%T is not an *Error", err)
			}
			if tc.offset != -2 && re.Offset != tc.offset {
				t.Errorf("offset %d, want %d (%v)", re.Offset, tc.offset, err)
			}
			e.Flush()
			if mem.Len() != 0 {
				t.Fatalf("a refused record wrote % x", mem.Bytes())
			}
			// The Writer goes on.
			if err := e.Finish(e.Start(MaxHeaderLen).Uint(1, 2)); err != nil {
				t.Fatal(err)
			}
			e.Flush()
			if want := []byte{3, 0, 1, 2}; !bytes.Equal(mem.Bytes(), want) {
				t.Fatalf("next record % x, want % x", mem.Bytes(), want)
			}
		})
	}
}

// TestBuilderStale checks Finish with builders that are not the Writer's
// open record.
func TestBuilderStale(t *testing.T) {
	var mem, other bytes.Buffer
	e, f := NewWriter(&mem), NewWriter(&other)
	tests := []struct {
		name string
		r    func() Builder
	}{
		{"zero Builder", func() Builder { return Builder{} }},
		{"finished twice", func() Builder {
			r := e.Start(20).Uint(1, 1)
			if err := e.Finish(r); err != nil {
				t.Fatal(err)
			}
			return r
		}},
		{"another Writer's", func() Builder { return f.Start(20).Uint(1, 1) }},
		{"open past Flush", func() Builder { return e.Start(20).Uint(1, 1) }},
		// Last: it leaves a record of the Writer's methods open.
		{"continuing a record, past Flush", func() Builder {
			e.Uint(1, 1)
			return e.Start(20).Uint(2, 2)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mem.Reset()
			r := tc.r()
			e.Flush()
			n := mem.Len()
			if err := e.Finish(r); !errors.Is(err, errStaleBuilder) {
				t.Fatalf("Finish: %v, want errStaleBuilder", err)
			}
			e.Flush()
			if mem.Len() != n {
				t.Fatal("a stale builder wrote")
			}
		})
	}
	// The zero Builder's methods do nothing, without a panic.
	var z Builder
	z = z.Uint(1, 1).Int(2, -1).Bool(3, true).Blob(4, []byte("x")).String(5, "y").SmallBlob(6, nil).SmallString(7, "")
	z = z.End(z.Begin(8)).Time(9, time.Now())
	z = Array(z, 10, [3]byte{1, 2, 3})
	if z.Len() != 0 {
		t.Fatalf("zero builder has %d bytes", z.Len())
	}
}

func TestBuilderLen(t *testing.T) {
	var mem bytes.Buffer
	e := NewWriter(&mem)
	r := e.Start(100)
	if r.Len() != 0 {
		t.Fatal(r.Len())
	}
	r = r.Uint(1, 300).SmallString(2, "abc")
	if r.Len() != 4+6 {
		t.Fatalf("Len %d, want 10", r.Len())
	}
	if err := e.Finish(r); err != nil {
		t.Fatal(err)
	}
}

// FuzzBuilder is a differential fuzz target: a program of fields (built
// from the input) encoded through a Builder gives the bytes the Writer's
// methods give, or the same error; with a bound too small, errRecordSize.
func FuzzBuilder(f *testing.F) {
	f.Add([]byte{}, uint16(100))
	f.Add([]byte{'u', 1, 0x80, 0x80, 0x01, 'S', 2, 5, 'h', 'e', 'l', 'l', 'o'}, uint16(1000))
	f.Add([]byte{'(', 3, 'u', 1, 5, ')', 'i', 2, 0xff}, uint16(50))
	f.Add([]byte{'u', 0, 1}, uint16(100))
	f.Add([]byte{'B', 1, 200, '(', 1, '(', 2, 'B', 3, 150, ')', ')'}, uint16(1000))
	f.Add([]byte{'s', 1, 130}, uint16(1000))
	f.Add([]byte{'u', 1, 3, 'T', 2, 30, 'T', 3, 0, 's', 4, 5}, uint16(40))
	f.Add([]byte{'T', 0x90, 1}, uint16(100))
	f.Add([]byte{'A', 1, 2, 'A', 2, 6, 'A', 0, 1, 'A', 3, 4}, uint16(60))
	f.Fuzz(func(t *testing.T, prog []byte, size uint16) {
		ops := parseOps(prog)
		var want, got bytes.Buffer
		ew, eb := NewWriter(&want), NewWriter(&got)
		applyWriter(ew, ops)
		wantErr := ew.EndRecord()
		r, _ := applyBuilder(eb.Start(int(size)), ops)
		gotErr := eb.Finish(r)
		if err := eb.Flush(); err != nil {
			t.Fatal(err)
		}
		// The same through the core.BufferedWriter interface, not
		// flushed: Finish has committed the record or dropped it.
		var gotI bytes.Buffer
		ei := NewWriter(ifaceWriter{core.WrapWriter(&gotI)})
		rI, _ := applyBuilder(ei.Start(int(size)), ops)
		if errI := ei.Finish(rI); (errI == nil) != (gotErr == nil) || !bytes.Equal(gotI.Bytes(), got.Bytes()) {
			t.Fatalf("through the interface: %v and\n% x\nwant %v and\n% x", errI, gotI.Bytes(), gotErr, got.Bytes())
		}
		switch {
		case wantErr != nil:
			// The Writer refuses bad identifiers and unbalanced
			// nesting; parseOps balances, so it is ErrBadID.
			if !errors.Is(wantErr, ErrBadID) || !errors.Is(gotErr, ErrBadID) {
				t.Fatalf("Writer: %v, Builder: %v", wantErr, gotErr)
			}
		case gotErr != nil:
			if !errors.Is(gotErr, errRecordSize) {
				t.Fatalf("Builder: %v", gotErr)
			}
			body := len(want.Bytes()) - frameLen(want.Bytes())
			small := false
			for _, o := range ops {
				small = small || (o.kind == 's' || o.kind == 't') && len(o.data) >= 0x80
			}
			if body <= int(size) && !small {
				t.Fatalf("body of %d bytes refused with size %d", body, size)
			}
		default:
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("builder wrote\n% x\nwant\n% x", got.Bytes(), want.Bytes())
			}
			// The record twice, chained with Next.
			var twice bytes.Buffer
			en := NewWriter(&twice)
			r, _ := applyBuilder(en.Start(int(size)), ops)
			r, err := en.Next(r, int(size))
			if err != nil {
				t.Fatal(err)
			}
			r, _ = applyBuilder(r, ops)
			if err := en.Finish(r); err != nil {
				t.Fatal(err)
			}
			en.Flush()
			if !bytes.Equal(twice.Bytes(), append(want.Bytes(), want.Bytes()...)) {
				t.Fatalf("Next wrote\n% x\nwant twice\n% x", twice.Bytes(), want.Bytes())
			}
		}
		// Whatever happened, the Writers go on.
		if err := eb.Finish(eb.Start(3).Uint(1, 1)); err != nil {
			t.Fatal(err)
		}
	})
}

// parseOps turns fuzz input into a balanced list of ops: a kind byte, an
// identifier byte (0 and 0x80 and above map to bad identifiers), then a
// value byte (a shift for integers, a length for blobs).
func parseOps(p []byte) []fop {
	var ops []fop
	depth := 0
	for len(p) >= 2 {
		o := fop{kind: p[0], id: ID(p[1])}
		if p[1] >= 0x80 {
			o.id = ID(p[1]) << 8
		}
		p = p[2:]
		switch o.kind {
		case 'u', 'i', 'b', 'T':
			if len(p) > 0 {
				o.v = uint64(0x9e3779b97f4a7c15) >> (p[0] % 64)
				p = p[1:]
			}
		case 'B', 'S', 's', 't':
			if len(p) > 0 {
				o.data = bytes.Repeat([]byte{p[0]}, int(p[0]))
				p = p[1:]
			}
		case 'A':
			if len(p) == 0 {
				continue
			}
			o.data = bytes.Repeat([]byte{p[0]}, arrayLens[int(p[0])%len(arrayLens)])
			p = p[1:]
		case '(':
			depth++
		case ')':
			if depth == 0 {
				continue
			}
			depth--
		default:
			continue
		}
		ops = append(ops, o)
	}
	for ; depth > 0; depth-- {
		ops = append(ops, fop{kind: ')'})
	}
	return ops
}

// TestBuilderInterleaved checks that records finished by Finish and by
// EndRecord, interleaved, reach the buffered writer in order, with
// Flush, Discard, Reset and dropped records of the Writer's methods
// between them.
func TestBuilderInterleaved(t *testing.T) {
	var want, got, other bytes.Buffer
	ew, eb := NewWriter(&want), NewWriter(&got)
	both := func(i int, builder bool) {
		ops := []fop{{kind: 'u', id: 1, v: uint64(i)}, {kind: 'S', id: 2, data: bytes.Repeat([]byte{'x'}, i*7)}}
		applyWriter(ew, ops)
		if err := ew.EndRecord(); err != nil {
			t.Fatal(err)
		}
		if builder {
			r, _ := applyBuilder(eb.Start(bodySize(ops)), ops)
			if err := eb.Finish(r); err != nil {
				t.Fatal(err)
			}
			return
		}
		applyWriter(eb, ops)
		if err := eb.EndRecord(); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 60 {
		both(i, i%3 != 0)
		switch i % 7 {
		case 1:
			eb.Discard() // drops nothing: no record is open
		case 2:
			if err := eb.Flush(); err != nil {
				t.Fatal(err)
			}
		case 4:
			eb.Uint(9, 9) // a record of the Writer's methods, dropped
			eb.Discard()
		}
	}
	eb.Flush()
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("interleaved records differ:\n% x\nwant\n% x", got.Bytes(), want.Bytes())
	}
	// A finished record is in the old writer after Reset.
	n := got.Len()
	if err := eb.Finish(eb.Start(10).Uint(1, 1)); err != nil {
		t.Fatal(err)
	}
	eb.Reset(&other)
	if got.Len() != n+4 || other.Len() != 0 {
		t.Fatalf("after Reset: %d bytes (want %d), %d in the new writer", got.Len(), n+4, other.Len())
	}
}

// TestSchemaWrite checks that Schema.Write writes the records Encode and
// EndRecord write, for a type of fixed shape (through a Builder), for
// text too long for that path and for a type without it (a float),
// interleaved with records of the Writer's methods.
func TestSchemaWrite(t *testing.T) {
	type withFloat struct {
		A uint64  `record:"1"`
		F float64 `record:"2"`
	}
	fast, err := NewSchema[seedTyped]()
	if err != nil {
		t.Fatal(err)
	}
	slow, err := NewSchema[withFloat]()
	if err != nil {
		t.Fatal(err)
	}
	in := seedInputs()
	tests := []struct {
		name string
		v    func(i int) seedTyped
	}{
		{"short names", func(i int) seedTyped { return toTyped(&in[i]) }},
		{"long names", func(i int) seedTyped {
			s := toTyped(&in[i])
			s.Name = bytes.Repeat([]byte{'n'}, 100+i%60)
			return s
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var want, got bytes.Buffer
			ew, eg := NewWriter(&want), NewWriter(&got)
			for i := range 100 {
				v := tc.v(i)
				w := withFloat{A: uint64(i), F: float64(i) / 3}
				fast.Encode(ew, &v)
				slow.Encode(ew, &w) // the same record
				if err := ew.EndRecord(); err != nil {
					t.Fatal(err)
				}
				if err := fast.Write(ew, &v); err != nil {
					t.Fatal(err)
				}
				if err := slow.Write(ew, &w); err != nil {
					t.Fatal(err)
				}

				fast.Encode(eg, &v)
				if err := slow.Write(eg, &w); err != nil { // ends the open record
					t.Fatal(err)
				}
				if err := fast.Write(eg, &v); err != nil {
					t.Fatal(err)
				}
				if err := slow.Write(eg, &w); err != nil {
					t.Fatal(err)
				}
			}
			ew.Flush()
			eg.Flush()
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatal("Schema.Write stream differs from Encode+EndRecord")
			}
		})
	}
}

// TestBuilderWriterErrors checks the errors a builder inherits from the
// Writer's record it continues, and that device errors come from Flush.
// TestBuilderStaleAfterEndRecord checks that a builder continuing a record
// of the Writer's methods is stale once EndRecord has committed that
// record: finishing it must not rewrite the committed frame.
func TestBuilderStaleAfterEndRecord(t *testing.T) {
	for _, first := range []int{1, 200} {
		var mem bytes.Buffer
		e := NewWriter(&mem)
		e.Blob(1, make([]byte, first))
		r := e.Start(20).Uint(2, 2)
		if err := e.EndRecord(); err != nil {
			t.Fatal(err)
		}
		if err := e.Finish(r); !errors.Is(err, errStaleBuilder) {
			t.Fatalf("blob of %d: Finish after EndRecord: %v, want errStaleBuilder", first, err)
		}
		e.Uint(3, 3)
		if err := e.EndRecord(); err != nil {
			t.Fatal(err)
		}
		e.Flush()
		want := AppendFrame(AppendFrame(nil, AppendBlob(nil, 1, make([]byte, first))), AppendUint(nil, 3, 3))
		if !bytes.Equal(mem.Bytes(), want) {
			t.Fatalf("blob of %d: wrote % x, want % x", first, mem.Bytes(), want)
		}
	}
}

func TestBuilderWriterErrors(t *testing.T) {
	t.Run("open nested record", func(t *testing.T) {
		var mem bytes.Buffer
		e := NewWriter(&mem)
		e.Begin(1)
		if err := e.Finish(e.Start(20).Uint(2, 2)); !errors.Is(err, errNesting) {
			t.Fatalf("Finish: %v, want errNesting", err)
		}
		e.Flush()
		if mem.Len() != 0 {
			t.Fatalf("dropped record wrote % x", mem.Bytes())
		}
	})
	t.Run("bad identifier before Start", func(t *testing.T) {
		var mem bytes.Buffer
		e := NewWriter(&mem)
		e.Uint(1, 1)
		e.Uint(0, 1)
		if err := e.Finish(e.Start(20).Uint(2, 2)); !errors.Is(err, ErrBadID) {
			t.Fatalf("Finish: %v, want ErrBadID", err)
		}
	})
	t.Run("bad identifier with no record open", func(t *testing.T) {
		// The Writer's EndRecord would report it and drop the record:
		// so does Finish, and Schema.Write.
		var mem bytes.Buffer
		e := NewWriter(&mem)
		e.Uint(0, 1)
		if err := e.Finish(e.Start(20).Uint(2, 2)); !errors.Is(err, ErrBadID) {
			t.Fatalf("Finish: %v, want ErrBadID", err)
		}
		e.Uint(0, 1)
		if _, err := e.Next(e.Start(20).Uint(2, 2), 20); !errors.Is(err, ErrBadID) {
			t.Fatalf("Next: %v, want ErrBadID", err)
		}
		e.Discard()
		e.Uint(0, 1)
		s, err := NewSchema[struct {
			A uint64 `record:"1"`
		}]()
		if err != nil {
			t.Fatal(err)
		}
		v := struct {
			A uint64 `record:"1"`
		}{7}
		if err := s.Write(e, &v); !errors.Is(err, ErrBadID) {
			t.Fatalf("Schema.Write: %v, want ErrBadID", err)
		}
		e.Flush()
		if mem.Len() != 0 {
			t.Fatalf("dropped records wrote % x", mem.Bytes())
		}
		// The error is cleared: the next record is written.
		if err := e.Finish(e.Start(20).Uint(2, 2)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("device error", func(t *testing.T) {
		dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 1}}
		e := NewWriter(core.NewWriterSize(dev, 64))
		for i := range 20 {
			if err := e.Finish(e.Start(40).Uint(1, uint64(i)).SmallString(2, "some bytes")); err != nil {
				t.Fatal(err) // device errors are not Finish's
			}
		}
		if err := e.Flush(); err == nil {
			t.Fatal("Flush after a device error returned nil")
		}
	})
}
