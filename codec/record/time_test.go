package record

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
	"time"

	"github.com/fastio-go/fastio/codec/varint"
)

// timeBytesByHand is a timestamp field built with encoding/binary, an
// independent implementation of the shape.
func timeBytesByHand(id ID, t time.Time) []byte {
	ts := binary.AppendUvarint(nil, uint64(t.Unix()))
	ts = binary.AppendUvarint(ts, uint64(t.Nanosecond()))
	b := binary.BigEndian.AppendUint16(nil, uint16(id)|0x8000)
	b = binary.AppendUvarint(b, uint64(len(ts)))
	return append(b, ts...)
}

var timeCases = []struct {
	name string
	t    time.Time
}{
	{"epoch", time.Unix(0, 0)},
	{"seed", time.Unix(1795996800, 123456789)},
	{"last nanosecond", time.Unix(1795996800, 999999999)},
	{"one byte each", time.Unix(127, 127)},
	{"before 1970", time.Unix(-1, 5)},
	{"year 1", time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)},
	{"seconds of 2^56", time.Unix(1<<56, 1)},
	{"seconds of 2^56-1", time.Unix(1<<56-1, 1<<28)},
	{"zone", time.Date(2026, 11, 29, 23, 59, 59, 1, time.FixedZone("x", 3600))},
	{"monotonic", time.Now()},
	{"zero Time", time.Time{}},
}

// TestTimeBytes checks that Builder.Time, Writer.Time and AppendTime
// write the bytes of the timestamp shape, and that Field.Time reads
// them back.
func TestTimeBytes(t *testing.T) {
	for _, tc := range timeCases {
		t.Run(tc.name, func(t *testing.T) {
			field := timeBytesByHand(7, tc.t)
			want := AppendFrame(nil, field)
			if got := AppendTime(nil, 7, tc.t); !bytes.Equal(got, field) {
				t.Fatalf("AppendTime: % x, want % x", got, field)
			}
			var wb, bb bytes.Buffer
			w := NewWriter(&wb)
			w.Time(7, tc.t)
			if err := w.EndRecord(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(wb.Bytes(), want) {
				t.Fatalf("Writer.Time: % x, want % x", wb.Bytes(), want)
			}
			// At the exact bound and with room to spare.
			b := NewWriter(&bb)
			for _, size := range []int{len(field), len(field) + 40} {
				if err := b.Finish(b.Start(size).Time(7, tc.t)); err != nil {
					t.Fatalf("size %d: %v", size, err)
				}
			}
			if err := b.Finish(b.Start(len(field)-1).Time(7, tc.t)); !errors.Is(err, errRecordSize) {
				t.Fatalf("one byte short: %v, want errRecordSize", err)
			}
			b.Flush()
			if !bytes.Equal(bb.Bytes(), append(append([]byte(nil), want...), want...)) {
				t.Fatalf("Builder.Time: % x, want twice % x", bb.Bytes(), want)
			}

			d := NewDecoder(field)
			if !d.Next() {
				t.Fatal(d.Err())
			}
			got, err := d.Field().Time()
			if err != nil {
				t.Fatal(err)
			}
			if got.Unix() != tc.t.Unix() || got.Nanosecond() != tc.t.Nanosecond() {
				t.Fatalf("decoded %v, want %v", got, tc.t)
			}
		})
	}
}

func TestBuilderTimeBadID(t *testing.T) {
	for _, id := range []ID{0, MaxID + 1, 0xffff} {
		var out bytes.Buffer
		e := NewWriter(&out)
		for _, size := range []int{100, 5} { // the fast path and the one near the bound
			err := e.Finish(e.Start(size).Uint(1, 1).Time(id, time.Unix(1, 1)).Uint(2, 2))
			if !errors.Is(err, ErrBadID) {
				t.Fatalf("id %d, size %d: %v, want ErrBadID", id, size, err)
			}
		}
		e.Flush()
		if out.Len() != 0 {
			t.Fatalf("id %d: % x written", id, out.Bytes())
		}
	}
}

// TestFieldTimeErrors checks each way a timestamp field can be bad, with
// the offset of the bad byte.
func TestFieldTimeErrors(t *testing.T) {
	blob := func(data ...byte) []byte { return AppendBlob(nil, 3, data) }
	cases := []struct {
		name   string
		field  []byte
		err    error
		offset int64
	}{
		{"integer field", AppendUint(nil, 3, 5), ErrKind, 0},
		{"empty", blob(), varint.ErrTruncated, 3},
		{"no nanoseconds", blob(0x05), varint.ErrTruncated, 4},
		{"truncated seconds", blob(0x85), varint.ErrTruncated, 3},
		{"overlong seconds", blob(0x80, 0x00, 0x01), varint.ErrOverlong, 3},
		{"overlong nanoseconds", blob(0x01, 0x81, 0x00), varint.ErrOverlong, 4},
		{"11-byte seconds", blob(bytes.Repeat([]byte{0xff}, 11)...), varint.ErrTooLong, 3},
		{"nanoseconds of 1e9", blob(varint.AppendUint([]byte{1}, 1e9)...), ErrTimestamp, 4},
		{"trailing byte", blob(1, 2, 3), ErrTimestamp, 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := NewDecoder(tc.field)
			if !d.Next() {
				t.Fatal(d.Err())
			}
			_, err := d.Field().Time()
			var re *Error
			if !errors.Is(err, tc.err) || !errors.As(err, &re) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if re.Offset != tc.offset || re.ID != 3 {
				t.Fatalf("error at offset %d, id %d; want offset %d, id 3: %v", re.Offset, re.ID, tc.offset, err)
			}
		})
	}
}

// FuzzFieldTime decodes arbitrary blobs as timestamps: an accepted blob is
// two canonical varints that encoding/binary reads the same, and
// re-encoding the time gives the blob back.
func FuzzFieldTime(f *testing.F) {
	f.Add([]byte{0x80, 0xa0, 0xc8, 0xd8, 0x06, 0x95, 0x9a, 0xef, 0x3a})
	f.Add([]byte{0, 0})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0})
	f.Add([]byte{0x80, 0x00, 0x00})
	f.Add([]byte{1, 0x80, 0x94, 0xeb, 0xdc, 0x03})
	f.Fuzz(func(t *testing.T, data []byte) {
		field := AppendBlob(nil, 9, data)
		d := NewDecoder(field)
		if !d.Next() {
			t.Fatal(d.Err())
		}
		got, err := d.Field().Time()
		if err != nil {
			var re *Error
			if !errors.As(err, &re) || re.Offset < 3 || re.Offset > int64(len(field)) {
				t.Fatalf("error %v without the offset of a blob byte", err)
			}
			return
		}
		sec, n := binary.Uvarint(data)
		nsec, k := binary.Uvarint(data[max(n, 0):])
		if n <= 0 || k <= 0 || n+k != len(data) || uint64(got.Unix()) != sec || uint64(got.Nanosecond()) != nsec {
			t.Fatalf("accepted % x as %v; encoding/binary reads %d (%d bytes), %d (%d bytes)", data, got, sec, n, nsec, k)
		}
		if again := AppendTime(nil, 9, got); !bytes.Equal(again, field) {
			t.Fatalf("re-encoded % x, want % x", again, field)
		}
	})
}

// TestMappingTime checks time.Time struct fields: the bytes of Writer.Time
// (the [2]uint64 shape for times after 1970), round trips through
// Marshal/Unmarshal and Schema, omitempty, and decoding errors.
func TestMappingTime(t *testing.T) {
	type stamped struct {
		N   uint64    `record:"1"`
		T   time.Time `record:"5"`
		Opt time.Time `record:"6,omitempty"`
	}
	type packed struct {
		N uint64    `record:"1"`
		T [2]uint64 `record:"5"`
	}
	sch, err := NewSchema[stamped]()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range timeCases {
		t.Run(tc.name, func(t *testing.T) {
			in := stamped{N: 7, T: tc.t}
			body := marshalBody(t, &in)
			want := AppendTime(AppendUint(nil, 1, 7), 5, tc.t)
			if !bytes.Equal(body, want) {
				t.Fatalf("Marshal: % x, want % x", body, want)
			}
			if tc.t.Unix() >= 0 {
				p := marshalBody(t, &packed{7, [2]uint64{uint64(tc.t.Unix()), uint64(tc.t.Nanosecond())}})
				if !bytes.Equal(body, p) {
					t.Fatalf("Marshal: % x, the [2]uint64 shape % x", body, p)
				}
			}
			var mem bytes.Buffer
			e := NewWriter(&mem)
			if err := sch.Write(e, &in); err != nil {
				t.Fatal(err)
			}
			e.Flush()
			if !bytes.Equal(mem.Bytes(), AppendFrame(nil, want)) {
				t.Fatalf("Schema.Write: % x, want the frame of % x", mem.Bytes(), want)
			}
			var got, got2 stamped
			if err := Unmarshal(NewDecoder(body), &got); err != nil {
				t.Fatal(err)
			}
			if err := sch.Decode(NewDecoder(body), &got2); err != nil {
				t.Fatal(err)
			}
			for _, g := range []stamped{got, got2} {
				if g.N != 7 || g.T.Unix() != tc.t.Unix() || g.T.Nanosecond() != tc.t.Nanosecond() || !g.Opt.IsZero() {
					t.Fatalf("decoded %+v, want %+v", g, in)
				}
			}
		})
	}
	t.Run("omitempty set", func(t *testing.T) {
		ts := time.Unix(5, 6)
		body := marshalBody(t, &stamped{T: ts, Opt: ts})
		want := AppendTime(AppendTime(AppendUint(nil, 1, 0), 5, ts), 6, ts)
		if !bytes.Equal(body, want) {
			t.Fatalf("Marshal: % x, want % x", body, want)
		}
	})
	t.Run("defined type", func(t *testing.T) {
		// A type defined as time.Time is a timestamp too, not a nested
		// record of time.Time's (unexported, unmapped) fields.
		type stamp time.Time
		type defined struct {
			N uint64 `record:"1"`
			T stamp  `record:"5"`
		}
		ts := time.Unix(1700000000, 5)
		body := marshalBody(t, &defined{N: 7, T: stamp(ts)})
		if want := AppendTime(AppendUint(nil, 1, 7), 5, ts); !bytes.Equal(body, want) {
			t.Fatalf("Marshal: % x, want % x", body, want)
		}
		var got defined
		if err := Unmarshal(NewDecoder(body), &got); err != nil {
			t.Fatal(err)
		}
		if !time.Time(got.T).Equal(ts) {
			t.Fatalf("decoded %v, want %v", time.Time(got.T), ts)
		}
	})
	blob := func(data ...byte) []byte { return AppendBlob(AppendUint(nil, 1, 1), 5, data) }
	errCases := []struct {
		name   string
		body   []byte
		err    error
		offset int64
	}{
		{"integer", AppendUint(AppendUint(nil, 1, 1), 5, 9), ErrKind, 3},
		{"truncated", blob(0x85), varint.ErrTruncated, 6},
		{"no nanoseconds", blob(0x05), varint.ErrTruncated, 7},
		{"nanoseconds of 1e9", blob(varint.AppendUint([]byte{1}, 1e9)...), ErrTimestamp, 7},
		{"trailing byte", blob(1, 2, 3), ErrTimestamp, 8},
	}
	for _, tc := range errCases {
		t.Run(tc.name, func(t *testing.T) {
			for _, dec := range []func() error{
				func() error { var s stamped; return Unmarshal(NewDecoder(tc.body), &s) },
				func() error { var s stamped; return sch.Decode(NewDecoder(tc.body), &s) },
			} {
				err := dec()
				var re *Error
				if !errors.Is(err, tc.err) || !errors.As(err, &re) || re.Offset != tc.offset || re.ID != 5 {
					t.Fatalf("error %v, want %v for field 5 at offset %d", err, tc.err, tc.offset)
				}
			}
		})
	}
}
