package record

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/google/go-cmp/cmp"
)

type inner struct {
	X int64  `record:"1"`
	S string `record:"2"`
}

type allKinds struct {
	U8    uint8   `record:"1"`
	U16   uint16  `record:"2"`
	U32   uint32  `record:"3"`
	U64   uint64  `record:"4"`
	U     uint    `record:"5"`
	I8    int8    `record:"6"`
	I16   int16   `record:"7"`
	I32   int32   `record:"8"`
	I64   int64   `record:"9"`
	I     int     `record:"10"`
	B     bool    `record:"11"`
	F32   float32 `record:"12"`
	F64   float64 `record:"13"`
	S     string  `record:"14"`
	Bytes []byte  `record:"15"`
	In    inner   `record:"16"`
	Ptr   *inner  `record:"17"`
	Big   uint16  `record:"30000"`
	Skip  int
	Opt   string    `record:"18,omitempty"`
	Dash  int       `record:"-"`
	Arr   [3]byte   `record:"19"`
	PU    [2]uint16 `record:"20"`
	PI    [3]int64  `record:"21"`
	Empty [0]uint64 `record:"22"`
}

// marshalBody encodes v and returns the record body.
func marshalBody(t *testing.T, v any) []byte {
	t.Helper()
	var out bytes.Buffer
	e := NewWriter(&out)
	if err := Marshal(e, v); err != nil {
		t.Fatal(err)
	}
	if err := e.EndRecord(); err != nil {
		t.Fatal(err)
	}
	r := NewReader(core.NewSpanReader(out.Bytes()))
	if !r.Next() {
		t.Fatal(r.Err())
	}
	return r.Record()
}

func TestMarshalRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		in   allKinds
	}{
		{"zero", allKinds{}},
		{"max", allKinds{U8: math.MaxUint8, U16: math.MaxUint16, U32: math.MaxUint32, U64: math.MaxUint64, U: math.MaxUint,
			I8: math.MinInt8, I16: math.MinInt16, I32: math.MinInt32, I64: math.MinInt64, I: math.MaxInt, B: true,
			F32: math.MaxFloat32, F64: -math.SmallestNonzeroFloat64, S: "s", Bytes: []byte{0, 1}, In: inner{-5, "in"},
			Ptr: &inner{X: 7}, Big: 9, Opt: "opt", Arr: [3]byte{1, 2, 3}, PU: [2]uint16{math.MaxUint16, 0},
			PI: [3]int64{math.MinInt64, -1, math.MaxInt64}}},
		{"floats", allKinds{F32: 1.5, F64: math.Inf(-1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := marshalBody(t, &tt.in)
			var got allKinds
			if err := Unmarshal(NewDecoder(body), &got); err != nil {
				t.Fatal(err)
			}
			if tt.in.Bytes == nil {
				got.Bytes = nil // an empty blob decodes to an empty, non-nil slice
			}
			if diff := cmp.Diff(tt.in, got); diff != "" {
				t.Fatalf("round trip (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMarshalOmitEmpty(t *testing.T) {
	type s struct {
		A int    `record:"1,omitempty"`
		B string `record:"2,omitempty"`
		C *inner `record:"3"`
		D int    `record:"4"`
	}
	body := marshalBody(t, s{})
	if want := AppendUint(nil, 4, 0); string(body) != string(want) {
		t.Fatalf("body % x, want % x", body, want)
	}
}

func TestFloatIsShort(t *testing.T) {
	type f struct {
		F float64 `record:"1"`
	}
	if body := marshalBody(t, f{1.0}); len(body) != 5 {
		t.Fatalf("1.0 takes %d bytes, want 5 (tag and a 3-byte varint)", len(body))
	}
}

// TestOldReaderNewFile checks that a reader built for an older struct
// accepts records of a newer one, skipping the identifiers it lacks.
func TestOldReaderNewFile(t *testing.T) {
	type v2 struct {
		Name  string `record:"1"`
		Size  uint64 `record:"2"`
		Owner inner  `record:"3"`
		Tags  []byte `record:"4"`
	}
	type v1 struct {
		Name string `record:"1"`
		Size uint64 `record:"2"`
	}
	body := marshalBody(t, v2{"n", 42, inner{1, "o"}, []byte("t")})
	var old v1
	if err := Unmarshal(NewDecoder(body), &old); err != nil {
		t.Fatal(err)
	}
	if old != (v1{"n", 42}) {
		t.Fatalf("old reader got %+v", old)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	type small struct {
		A  uint8     `record:"1"`
		B  bool      `record:"2"`
		S  string    `record:"3"`
		I  int8      `record:"4"`
		F  float32   `record:"5"`
		BA [2]byte   `record:"6"`
		PU [2]uint16 `record:"7"`
		PI [1]int8   `record:"8"`
	}
	packed := func(vs ...uint64) []byte {
		var b []byte
		for _, v := range vs {
			b = binary.AppendUvarint(b, v)
		}
		return b
	}
	tests := []struct {
		name string
		body []byte
		err  error
		id   ID
	}{
		{"uint8 overflow", AppendUint(nil, 1, 256), ErrRange, 1},
		{"bool 2", AppendUint(nil, 2, 2), ErrRange, 2},
		{"int8 overflow", AppendInt(nil, 4, -129), ErrRange, 4},
		{"float32 overflow", AppendUint(nil, 5, floatBits(math.MaxFloat64)), ErrRange, 5},
		{"blob for int", AppendString(nil, 1, "x"), ErrKind, 1},
		{"int for string", AppendUint(nil, 3, 1), ErrKind, 3},
		{"bad wire data", []byte{0x00, 0x00, 0x00}, errReservedID, 0},
		{"byte array too short", AppendBlob(nil, 6, []byte{1}), ErrRange, 6},
		{"byte array too long", AppendBlob(nil, 6, []byte{1, 2, 3}), ErrRange, 6},
		{"packed too few", AppendBlob(nil, 7, packed(1)), ErrRange, 7},
		{"packed too many", AppendBlob(nil, 7, packed(1, 2, 3)), ErrRange, 7},
		{"packed element overflow", AppendBlob(nil, 7, packed(1, 65536)), ErrRange, 7},
		{"packed truncated varint", AppendBlob(nil, 7, []byte{1, 0x80}), ErrRange, 7},
		{"packed signed overflow", AppendBlob(nil, 8, packed(256)), ErrRange, 8},
		{"int for packed", AppendUint(nil, 7, 1), ErrKind, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s small
			err := Unmarshal(NewDecoder(tt.body), &s)
			var re *Error
			if !errors.Is(err, tt.err) || !errors.As(err, &re) || re.ID != tt.id || re.Offset != 0 {
				t.Fatalf("error %v, want %v for field %d at offset 0", err, tt.err, tt.id)
			}
		})
	}
}

type node struct {
	V    int   `record:"1"`
	Next *node `record:"2"`
}

func TestRecursiveType(t *testing.T) {
	in := &node{1, &node{2, &node{3, nil}}}
	body := marshalBody(t, in)
	var got node
	if err := Unmarshal(NewDecoder(body), &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, &got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	// Nesting deeper than maxDepth is refused, not followed.
	body = AppendUint(nil, 1, 7)
	for range maxDepth + 5 {
		body = AppendBlob(AppendUint(nil, 1, 7), 2, body)
	}
	if err := Unmarshal(NewDecoder(body), &got); !errors.Is(err, errTooDeep) {
		t.Fatalf("deep nesting: %v, want %v", err, errTooDeep)
	}
}

// chain returns a list of n nodes.
func chain(n int) *node {
	var head *node
	for i := range n {
		head = &node{i, head}
	}
	return head
}

// TestMarshalDepthMatchesUnmarshal checks that Marshal writes every value
// Unmarshal can read back, maxDepth nested records, and refuses one level
// more with the error Unmarshal would give, dropping the record.
func TestMarshalDepthMatchesUnmarshal(t *testing.T) {
	in := chain(maxDepth + 1) // the top record and maxDepth nested ones
	body := marshalBody(t, in)
	var got node
	if err := Unmarshal(NewDecoder(body), &got); err != nil {
		t.Fatalf("Unmarshal of what Marshal wrote: %v", err)
	}
	if diff := cmp.Diff(in, &got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	var out bytes.Buffer
	e := NewWriter(&out)
	err := Marshal(e, chain(maxDepth+2))
	if !errors.Is(err, errTooDeep) || errors.Is(err, errCycle) {
		t.Fatalf("Marshal one level deeper: %v, want %v", err, errTooDeep)
	}
	if want := "record.node" + strings.Repeat(".Next", maxDepth+1); !strings.Contains(err.Error(), want+":") {
		t.Fatalf("error %q does not name the path %s", err, want)
	}
	if err2 := e.EndRecord(); !errors.Is(err2, errTooDeep) {
		t.Fatalf("EndRecord after a refused Marshal: %v", err2)
	}
	if out.Len() != 0 {
		t.Fatalf("%d bytes written for a refused record", out.Len())
	}
	// Records opened with Begin count too.
	e.Begin(9)
	if err := Marshal(e, chain(maxDepth+1)); !errors.Is(err, errTooDeep) {
		t.Fatalf("Marshal inside Begin: %v", err)
	}
	e.End()
	if err := e.EndRecord(); !errors.Is(err, errTooDeep) {
		t.Fatalf("EndRecord: %v", err)
	}
	// The Writer is usable after it.
	if err := Marshal(e, chain(3)); err != nil {
		t.Fatal(err)
	}
	if err := e.EndRecord(); err != nil {
		t.Fatal(err)
	}
}

type ring struct {
	A    int    `record:"1"`
	Next *ring  `record:"2"`
	In   inRing `record:"3"`
}

type inRing struct {
	Back *ring `record:"1"`
}

func TestMarshalCycle(t *testing.T) {
	self := &ring{A: 1}
	self.Next = self
	two := &ring{A: 1, Next: &ring{A: 2}}
	two.Next.Next = two
	viaValue := &ring{A: 1}
	viaValue.In.Back = viaValue
	long := chain(3)
	long.Next.Next.Next = long // a cycle of 3 nodes
	tests := []struct {
		name string
		v    any
		path string
	}{
		{"self", self, "record.ring.Next:"},
		{"two", two, "record.ring.Next.Next:"},
		{"through a struct field", viaValue, "record.ring.In.Back:"},
		{"three nodes", long, "record.node.Next.Next.Next:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			e := NewWriter(&out)
			err := Marshal(e, tt.v)
			if !errors.Is(err, errCycle) || !strings.Contains(err.Error(), tt.path) {
				t.Fatalf("error %v, want %v naming %s", err, errCycle, tt.path)
			}
			if err := e.EndRecord(); !errors.Is(err, errCycle) {
				t.Fatalf("EndRecord: %v", err)
			}
			s, err := NewSchema[ring]()
			if err != nil {
				t.Fatal(err)
			}
			if r, ok := tt.v.(*ring); ok {
				if err := s.Write(e, r); !errors.Is(err, errCycle) {
					t.Fatalf("Schema.Write: %v", err)
				}
			}
			if out.Len() != 0 {
				t.Fatalf("%d bytes written", out.Len())
			}
		})
	}
}

func TestUnsupported(t *testing.T) {
	tests := []struct {
		name string
		v    any
	}{
		{"not a struct", new(int)},
		{"nil pointer", (*inner)(nil)},
		{"bad tag", &struct {
			A int `record:"x"`
		}{}},
		{"id 0", &struct {
			A int `record:"0"`
		}{}},
		{"id too big", &struct {
			A int `record:"32768"`
		}{}},
		{"duplicate id", &struct {
			A int `record:"1"`
			B int `record:"1"`
		}{}},
		{"unexported", &struct {
			a int `record:"1"`
		}{}},
		{"slice of int", &struct {
			A []int `record:"1"`
		}{}},
		{"map", &struct {
			A map[int]int `record:"1"`
		}{}},
		{"pointer to int", &struct {
			A *int `record:"1"`
		}{}},
		{"pointer to time.Time", &struct {
			A *time.Time `record:"1"`
		}{}},
		{"bad nested", &struct {
			A struct {
				B chan int `record:"1"`
			} `record:"1"`
		}{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := Marshal(NewWriter(&out), tt.v); !errors.Is(err, ErrUnsupported) {
				t.Fatalf("Marshal error %v, want %v", err, ErrUnsupported)
			}
			if err := Unmarshal(NewDecoder(nil), tt.v); !errors.Is(err, ErrUnsupported) {
				t.Fatalf("Unmarshal error %v, want %v", err, ErrUnsupported)
			}
		})
	}
	if err := Unmarshal(NewDecoder(nil), inner{}); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("Unmarshal into a non-pointer: %v", err)
	}
}

func TestSchema(t *testing.T) {
	sch, err := NewSchema[allKinds]()
	if err != nil {
		t.Fatal(err)
	}
	in := allKinds{U32: 7, S: "s", Bytes: []byte("bytes"), PI: [3]int64{-1, 0, 1}, Ptr: &inner{S: "p"}}
	var out bytes.Buffer
	e := NewWriter(&out)
	sch.Encode(e, &in)
	e.EndRecord()
	viaMarshal := marshalBody(t, &in)
	r := NewReader(core.NewSpanReader(out.Bytes()))
	if !r.Next() || string(r.Record()) != string(viaMarshal) {
		t.Fatal("Schema.Encode and Marshal differ")
	}
	var got allKinds
	if err := sch.Decode(r.Fields(), &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	if _, err := NewSchema[int](); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("NewSchema[int]: %v", err)
	}
	if _, err := NewSchema[struct {
		C chan int `record:"1"`
	}](); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("NewSchema of a chan field: %v", err)
	}
}

func TestMarshalValue(t *testing.T) {
	// A struct passed by value is copied, then encoded like a pointer.
	if a, b := marshalBody(t, inner{X: 3, S: "v"}), marshalBody(t, &inner{X: 3, S: "v"}); string(a) != string(b) {
		t.Fatalf("by value % x, by pointer % x", a, b)
	}
}

func TestPackedLong(t *testing.T) {
	type long struct {
		A [20]uint64 `record:"1"`
		B int8       `record:"2"`
	}
	var in long
	for i := range in.A {
		in.A[i] = math.MaxUint64 - uint64(i)
	}
	in.B = -7
	body := marshalBody(t, &in)
	// 20 ten-byte varints: a 200-byte blob, whose length takes 2 bytes.
	var packed []byte
	for _, v := range in.A {
		packed = binary.AppendUvarint(packed, v)
	}
	if want := AppendInt(AppendBlob(nil, 1, packed), 2, -7); string(body) != string(want) {
		t.Fatalf("body % x\nwant % x", body, want)
	}
	var got long
	if err := Unmarshal(NewDecoder(body), &got); err != nil || got != in {
		t.Fatalf("round trip %+v, %v", got, err)
	}
}

// TestPackedUint64 covers [N]uint64 arrays, which Marshal and Schema write
// and Schema reads on their fast paths when short: the bytes are N varints
// in a blob, whatever the values and lengths.
func TestPackedUint64(t *testing.T) {
	type twelve struct {
		A [12]uint64 `record:"1"`
		B uint64     `record:"2"`
	}
	tests := []struct {
		name string
		in   twelve
	}{
		{"zeros", twelve{}},
		{"max values (120-byte blob, one length byte)", twelve{A: [12]uint64{
			math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64,
			math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64}, B: 1}},
		{"every length", twelve{A: [12]uint64{0, 1, 127, 128, 1 << 14, 1 << 21, 1 << 28, 1 << 35, 1 << 42, 1 << 49, 1 << 56, 1 << 63}, B: 300}},
	}
	sch, err := NewSchema[twelve]()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var packed []byte
			for _, v := range tt.in.A {
				packed = binary.AppendUvarint(packed, v)
			}
			want := AppendUint(AppendBlob(nil, 1, packed), 2, tt.in.B)
			if body := marshalBody(t, &tt.in); string(body) != string(want) {
				t.Fatalf("Marshal: % x\nwant % x", body, want)
			}
			var out bytes.Buffer
			e := NewWriter(&out)
			sch.Encode(e, &tt.in)
			if err := e.EndRecord(); err != nil {
				t.Fatal(err)
			}
			r := NewReader(core.NewSpanReader(out.Bytes()))
			if !r.Next() || string(r.Record()) != string(want) {
				t.Fatalf("Schema.Encode: % x\nwant % x", r.Record(), want)
			}
			var got, got2 twelve
			if err := sch.Decode(r.Fields(), &got); err != nil || got != tt.in {
				t.Fatalf("Schema.Decode: %+v, %v", got, err)
			}
			if err := Unmarshal(r.Fields(), &got2); err != nil || got2 != tt.in {
				t.Fatalf("Unmarshal: %+v, %v", got2, err)
			}
		})
	}
}
