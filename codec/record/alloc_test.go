package record_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// TestAllocsFromOtherPackage checks the paths without allocation as a
// user's package calls them. Escape analysis results cross package
// boundaries only through what the compiler exports, so a buffer on the
// caller's stack handed to Writer.Blob could be moved to the heap there
// and not in this package's own tests.
func TestAllocsFromOtherPackage(t *testing.T) {
	type stat struct {
		UID  uint64    `record:"1"`
		Name []byte    `record:"4"`
		Time [2]uint64 `record:"5"`
		Blob [5]byte   `record:"6"`
	}
	sch, err := record.NewSchema[stat]()
	if err != nil {
		t.Fatal(err)
	}
	var mem bytes.Buffer
	mem.Grow(1 << 16)
	w := record.NewWriter(&mem)
	v := stat{UID: 1000, Name: []byte("photo.jpg"), Time: [2]uint64{1795996800, 123456789}, Blob: [5]byte{'b'}}
	span := core.NewSpanReader(nil)
	r := record.NewReader(span)
	var got stat
	ts := time.Unix(1795996800, 123456789)
	timeField := record.AppendTime(nil, 5, ts)
	tests := []struct {
		name string
		f    func()
	}{
		{"Writer", func() {
			mem.Reset()
			var tmp [2 * varint.MaxLen64]byte
			n := varint.PutUint(tmp[:], 1795996800)
			n += varint.PutUint(tmp[n:], 123456789)
			w.Uint(1, 1000)
			w.String(4, "photo.jpg")
			w.Blob(5, tmp[:n])
			w.Blob(6, v.Blob[:])
			w.EndRecord()
		}},
		{"Builder", func() {
			mem.Reset()
			var tmp [2 * varint.MaxLen64]byte
			n := varint.PutUint(tmp[:], 1795996800)
			n += varint.PutUint(tmp[n:], 123456789)
			b := w.Start(128)
			b = b.Uint(1, 1000)
			b = b.SmallString(4, "photo.jpg")
			b = b.SmallBlob(5, tmp[:n])
			b = b.Blob(6, v.Blob[:])
			inner := b.Begin(7).Int(1, -5).String(2, "nested")
			b = b.End(inner)
			if err := w.Finish(b); err != nil {
				t.Fatal(err)
			}
			w.Flush()
		}},
		{"Builder.Time+Array", func() {
			mem.Reset()
			b := w.Start(64).Uint(1, 1000).SmallString(4, "photo.jpg").Time(5, ts)
			b = record.Array(b, 6, v.Blob)
			if err := w.Finish(b); err != nil {
				t.Fatal(err)
			}
			w.Flush()
		}},
		{"Builder.Next", func() {
			mem.Reset()
			b := w.Start(64)
			for i := range 3 {
				if i > 0 {
					b, _ = w.Next(b, 64)
				}
				b = b.Uint(1, uint64(i)).SmallString(4, "photo.jpg").Time(5, ts)
			}
			if err := w.Finish(b); err != nil {
				t.Fatal(err)
			}
			w.Flush()
		}},
		{"Writer.Time", func() {
			mem.Reset()
			w.Uint(1, 1000)
			w.Time(5, ts)
			w.EndRecord()
		}},
		{"Field.Time", func() {
			d := record.NewDecoder(timeField)
			for d.Next() {
				if got, err := d.Field().Time(); err != nil || !got.Equal(ts) {
					t.Fatal(got, err)
				}
			}
			mem.WriteByte(0) // for the check that something ran
		}},
		{"Schema.Write", func() {
			mem.Reset()
			if err := sch.Write(w, &v); err != nil {
				t.Fatal(err)
			}
			w.Flush()
		}},
		{"Schema.Encode", func() {
			mem.Reset()
			sch.Encode(w, &v)
			w.EndRecord()
		}},
		{"Reader+Decoder", func() {
			span.Reset(mem.Bytes())
			r.Reset(span)
			for r.Next() {
				d := r.Fields()
				for d.Next() {
					_ = d.Field()
				}
			}
		}},
		{"Schema.Decode", func() {
			span.Reset(mem.Bytes())
			r.Reset(span)
			for r.Next() {
				sch.Decode(r.Fields(), &got) // got, as v, escapes: declared outside
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.f()
			if mem.Len() == 0 {
				t.Fatal("nothing encoded")
			}
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Errorf("%v allocations per record, want 0", n)
			}
		})
	}
}
