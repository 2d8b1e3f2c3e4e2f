package record

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

func seedCorpus(f *testing.F) {
	f.Add([]byte{})
	f.Add(seedBytesByHand(&seedValue)[1:])
	f.Add(AppendBlob(AppendUint(nil, 1, 300), 2, AppendString(nil, 3, "nested")))
	f.Add([]byte{0x00, 0x01, 0x80})
	f.Add([]byte{0x80, 0x01, 0x05, 'a'})
	f.Add([]byte{0x00, 0x00, 0x00})
	f.Add(append([]byte{0x00, 0x01}, bytes.Repeat([]byte{0x80}, 11)...))
}

// FuzzDecoder checks that decoding never panics and that what it accepts
// is canonical: re-encoding the fields gives back the input bytes.
func FuzzDecoder(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		d := NewDecoder(in)
		var re []byte
		for d.Next() {
			fl := d.Field()
			if fl.Kind == Int {
				re = AppendUint(re, fl.ID, fl.Value)
			} else {
				re = AppendBlob(re, fl.ID, fl.Data)
				sub := fl.Fields()
				for sub.Next() {
				}
			}
		}
		if d.Err() == nil && !bytes.Equal(re, in) {
			t.Fatalf("accepted % x but re-encodes as % x", in, re)
		}
		if d.Err() != nil && !bytes.HasPrefix(in, re) {
			t.Fatalf("fields before the error re-encode as % x, not a prefix of % x", re, in)
		}
		// Unmarshal (copying) and Schema.Decode (aliasing) agree.
		var v, w allKinds
		err1 := Unmarshal(NewDecoder(in), &v)
		sch, err := NewSchema[allKinds]()
		if err != nil {
			t.Fatal(err)
		}
		err2 := sch.Decode(NewDecoder(in), &w)
		if fmt.Sprint(err1) != fmt.Sprint(err2) {
			t.Fatalf("Unmarshal: %v; Schema.Decode: %v", err1, err2)
		}
		if err1 == nil && !cmp.Equal(v, w, cmpopts.EquateEmpty(), cmpopts.EquateNaNs()) {
			t.Fatalf("Unmarshal and Schema.Decode differ: %s", cmp.Diff(v, w))
		}
	})
}

// FuzzReader checks that the stream reader gives the same records and the
// same error whatever the chunking, and never buffers past MaxRecord.
func FuzzReader(f *testing.F) {
	f.Add(seedBytesByHand(&seedValue), 100)
	f.Add(AppendFrame(AppendFrame(nil, nil), bytes.Repeat([]byte{1}, 200)), 300)
	f.Add([]byte{0x05, 0x00}, 0)
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f}, 0)
	f.Fuzz(func(t *testing.T, in []byte, limit int) {
		limit %= 1 << 16
		read := func(src io.Reader) ([][]byte, string, *Reader) {
			r := NewReader(src)
			r.MaxRecord = limit
			recs, err := readAll(r)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			return recs, msg, r
		}
		want, wantErr, _ := read(core.NewSpanReader(in))
		got, gotErr, r := read(core.NewReaderSize(&coretest.Reader{Data: in, Faults: coretest.Faults{Max: 1}}, 64))
		if gotErr != wantErr || len(got) != len(want) {
			t.Fatalf("1-byte reads: %d records, error %q; span: %d records, error %q", len(got), gotErr, len(want), wantErr)
		}
		for i := range want {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("record %d differs", i)
			}
		}
		bound := limit
		if bound <= 0 {
			bound = DefaultMaxRecord
		}
		if cap(r.spill) > bound {
			t.Fatalf("reader buffered %d bytes, limit %d", cap(r.spill), bound)
		}
	})
}

// FuzzRoundTrip checks decode(encode(x)) == x through the Writer and the
// Reader.
func FuzzRoundTrip(f *testing.F) {
	f.Add(uint16(1), uint64(0), int64(0), []byte("x"), false)
	f.Add(uint16(32767), uint64(1<<63), int64(-1<<63), bytes.Repeat([]byte{9}, 200), true)
	f.Fuzz(func(t *testing.T, id uint16, u uint64, s int64, blob []byte, nest bool) {
		rid := ID(id%uint16(MaxID)) + 1
		var out bytes.Buffer
		e := NewWriter(&out)
		e.Uint(rid, u)
		if nest {
			e.Begin(rid)
		}
		e.Int(rid, s)
		e.Blob(rid, blob)
		if nest {
			e.End()
		}
		if err := e.EndRecord(); err != nil {
			t.Fatal(err)
		}
		r := NewReader(core.NewReaderSize(&coretest.Reader{Data: out.Bytes(), Faults: coretest.Faults{Max: 3}}, 64))
		if !r.Next() {
			t.Fatal(r.Err())
		}
		d := r.Fields()
		if !d.Next() || d.Field().ID != rid || d.Field().Value != u || d.Field().Kind != Int {
			t.Fatalf("first field %+v, %v", d.Field(), d.Err())
		}
		if nest {
			if !d.Next() || d.Field().Kind != Blob {
				t.Fatalf("nested field %+v, %v", d.Field(), d.Err())
			}
			d = d.Field().Fields()
		}
		if !d.Next() || d.Field().Int() != s {
			t.Fatalf("signed field %+v, %v", d.Field(), d.Err())
		}
		if !d.Next() || !bytes.Equal(d.Field().Data, blob) {
			t.Fatalf("blob field %+v, %v", d.Field(), d.Err())
		}
		if d.Next() || d.Err() != nil || r.Next() || r.Err() != nil {
			t.Fatal("trailing data or error")
		}
	})
}

// FuzzMarshalRoundTrip checks Unmarshal(Marshal(x)) == x and that
// Schema.Encode writes the bytes Marshal writes.
func FuzzMarshalRoundTrip(f *testing.F) {
	f.Add(uint64(1), int64(-1), 1.5, "s", []byte{1}, true, int16(3))
	f.Add(uint64(1<<63), int64(1<<62), math.Copysign(0, -1), "", []byte(nil), false, int16(-32768))
	f.Fuzz(func(t *testing.T, u uint64, i int64, fl float64, s string, b []byte, flag bool, small int16) {
		in := allKinds{U64: u, U32: uint32(u), I64: i, I8: int8(i), F64: fl, F32: float32(fl), S: s, Bytes: b, B: flag,
			I16: small, In: inner{X: i, S: s}, PI: [3]int64{i, -i, int64(small)}, PU: [2]uint16{uint16(u), uint16(small)}}
		if flag {
			in.Ptr = &inner{X: int64(small)}
		}
		body := marshalBody(t, &in)
		sch, _ := NewSchema[allKinds]()
		var out bytes.Buffer
		e := NewWriter(&out)
		sch.Encode(e, &in)
		e.EndRecord()
		if r := NewReader(core.NewSpanReader(out.Bytes())); !r.Next() || !bytes.Equal(r.Record(), body) {
			t.Fatal("Schema.Encode and Marshal differ")
		}
		var got allKinds
		if err := Unmarshal(NewDecoder(body), &got); err != nil {
			t.Fatal(err)
		}
		if !cmp.Equal(in, got, cmpopts.EquateEmpty(), cmpopts.EquateNaNs()) {
			t.Fatalf("round trip: %s", cmp.Diff(in, got, cmpopts.EquateEmpty(), cmpopts.EquateNaNs()))
		}
	})
}

// fastKinds has the struct fields decodeFast decodes (uint64, []byte,
// [N]byte, [N]uint64) and neighbours it leaves to the general loop.
type fastKinds struct {
	U64   uint64     `record:"1"`
	U32   uint32     `record:"2"`
	Bytes []byte     `record:"3"`
	Arr   [5]byte    `record:"4"`
	Time  [2]uint64  `record:"5"`
	Long  [300]byte  `record:"6"` // longer than a slot's size byte
	Small [44]byte   `record:"7"` // 300 mod 256
	PU    [2]uint32  `record:"8"`
	S     string     `record:"9"`
	In    *fastKinds `record:"10"`
	Big   uint64     `record:"2000"` // beyond the dense table
	When  time.Time  `record:"11"`   // a timestamp field, general loop only
}

// FuzzSchemaFast is differential: Schema.Decode and Unmarshal, which take
// decodeFast's path for the common fields, give the same values and the
// same error as the general loop alone.
func FuzzSchemaFast(f *testing.F) {
	seedCorpus(f)
	var long [300]byte
	f.Add(AppendBlob(AppendBlob(AppendUint(AppendUint(nil, 1, 1<<40), 2, 7), 3, []byte("name")), 4, []byte("blob!")))
	f.Add(AppendBlob(AppendBlob(nil, 5, varint.AppendUint(varint.AppendUint(nil, 1795996800), 999)), 6, long[:]))
	f.Add(AppendBlob(AppendBlob(nil, 7, long[:44]), 10, AppendUint(AppendUint(nil, 1, 5), 2000, 1<<62)))
	f.Add(AppendBlob(AppendUint(nil, 1, 1<<63), 5, []byte{0x80, 0x00, 0x01}))
	f.Add(AppendUint(append(AppendUint(nil, 1, 3), 0x00, 0x01, 0xff, 0x80, 0x00), 3, 1))
	f.Add(AppendBlob(AppendUint(nil, 3, 300), 1, []byte("kind")))
	f.Add(AppendTime(AppendUint(nil, 1, 2), 11, time.Unix(1795996800, 5)))
	f.Add(AppendBlob(AppendUint(nil, 1, 2), 11, []byte{1, 0x80, 0x94, 0xeb, 0xdc, 0x03}))
	// Packed elements with 8 bytes at hand: one runs past its blob, one
	// is overlong, one is 2 bytes, then 9 bytes.
	pad := AppendUint(AppendUint(nil, 1, 1), 1, 2)
	f.Add(append(AppendBlob(nil, 5, []byte{0x81}), pad...))
	f.Add(append(AppendBlob(nil, 5, []byte{0x01, 0x81, 0x00}), pad...))
	f.Add(append(AppendBlob(nil, 5, []byte{0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}), pad...))
	f.Fuzz(func(t *testing.T, in []byte) {
		p, err := validPlan(reflect.TypeFor[fastKinds]())
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []decodeOpts{optAlias, 0, optAlias | optLenient, optLenient} {
			var fast, slow fastKinds
			err1 := p.decode(in, 7, unsafe.Pointer(&fast), o, 0)
			err2 := p.decodeFrom(in, 7, unsafe.Pointer(&slow), o, 0, 0)
			if fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("%+v: with decodeFast: %v; general loop: %v", o, err1, err2)
			}
			if !cmp.Equal(fast, slow) {
				t.Fatalf("%+v: with decodeFast and general loop differ: %s", o, cmp.Diff(fast, slow))
			}
		}
	})
}

// encKinds has every struct field shape the fast encoder (encPlan)
// writes.
type encKinds struct {
	U64   uint64     `record:"1"`
	U8    uint8      `record:"2"`
	U16   uint16     `record:"3"`
	U32   uint32     `record:"4"`
	U     uint       `record:"5"`
	I8    int8       `record:"6"`
	I16   int16      `record:"7"`
	I32   int32      `record:"8"`
	I64   int64      `record:"9"`
	B     bool       `record:"10"`
	S     string     `record:"11"`
	Bytes []byte     `record:"12"`
	Arr   [5]byte    `record:"13"`
	Time  [2]uint64  `record:"14"`
	Max   [12]uint64 `record:"15"`
	OptU  uint64     `record:"16,omitempty"`
	OptI  int32      `record:"17,omitempty"`
	OptB  bool       `record:"18,omitempty"`
	OptS  string     `record:"19,omitempty"`
	OptBy []byte     `record:"20,omitempty"`
	Zero  [0]uint64  `record:"21"`
	Big   uint64     `record:"30000"`
}

// FuzzEncodeFast is differential: the fast encoder writes the bytes the
// general field-by-field encoder writes, or declines (text of 128 bytes or
// more) having written nothing, and Unmarshal gives the value back.
var encKindsSchema = func() *Schema[encKinds] {
	s, err := NewSchema[encKinds]()
	if err != nil {
		panic(err)
	}
	return s
}()

func FuzzEncodeFast(f *testing.F) {
	f.Add(uint64(0), int64(0), "", []byte(nil), false)
	f.Add(uint64(1<<64-1), int64(-1<<63), "name", []byte("blob"), true)
	f.Add(uint64(127), int64(64), strings.Repeat("s", 127), bytes.Repeat([]byte{1}, 128), true)
	f.Add(uint64(1<<14), int64(-8193), strings.Repeat("s", 128), []byte{}, false)
	f.Fuzz(func(t *testing.T, u uint64, i int64, s string, b []byte, flag bool) {
		in := encKinds{U64: u, U8: uint8(u), U16: uint16(u >> 3), U32: uint32(u >> 7), U: uint(u >> 11),
			I8: int8(i), I16: int16(i >> 5), I32: int32(i >> 9), I64: i, B: flag, S: s, Bytes: b,
			Arr: [5]byte{byte(u), 2, 3, 4, byte(i)}, Time: [2]uint64{u >> 20, u},
			OptU: u & 0xff, OptI: int32(i & 3), OptB: flag, OptS: s, OptBy: b, Big: u >> 1}
		for j := range in.Max {
			in.Max[j] = u >> (j * 5)
		}
		p, err := validPlan(reflect.TypeFor[encKinds]())
		if err != nil || p.enc == nil {
			t.Fatalf("no fast encoding for encKinds: %v", err)
		}
		var general, fast bytes.Buffer
		eg := NewWriter(&general)
		p.encodeGeneral(eg, unsafe.Pointer(&in))
		if err := eg.EndRecord(); err != nil {
			t.Fatal(err)
		}
		// Schema.Write, through a Builder or (long text) Encode and
		// EndRecord, writes the same record.
		var written bytes.Buffer
		ew := NewWriter(&written)
		if err := encKindsSchema.Write(ew, &in); err != nil {
			t.Fatal(err)
		}
		if err := ew.Flush(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(written.Bytes(), general.Bytes()) {
			t.Fatalf("Schema.Write wrote\n% x\ngeneral encoder\n% x", written.Bytes(), general.Bytes())
		}
		ef := NewWriter(&fast)
		ef.Uint(1, 1) // the fields go after what the record holds
		before := ef.Len()
		ok := p.enc.encode(ef, unsafe.Pointer(&in))
		if long := len(s) >= 0x80 || len(b) >= 0x80; ok == long {
			t.Fatalf("fast encoder returned %v with text of %d and %d bytes", ok, len(s), len(b))
		}
		if !ok {
			if ef.Len() != before {
				t.Fatal("fast encoder declined but wrote")
			}
			return
		}
		if err := ef.EndRecord(); err != nil {
			t.Fatal(err)
		}
		want := AppendUint(nil, 1, 1)
		r := NewReader(core.NewSpanReader(general.Bytes()))
		r.Next()
		want = append(want, r.Record()...)
		r = NewReader(core.NewSpanReader(fast.Bytes()))
		if !r.Next() || !bytes.Equal(r.Record(), want) {
			t.Fatalf("fast encoder wrote\n% x\ngeneral encoder\n% x", r.Record(), want)
		}
		var got encKinds
		if err := Unmarshal(NewDecoder(want[3:]), &got); err != nil {
			t.Fatal(err)
		}
		if !cmp.Equal(in, got, cmpopts.EquateEmpty()) {
			t.Fatalf("round trip: %s", cmp.Diff(in, got, cmpopts.EquateEmpty()))
		}
	})
}
