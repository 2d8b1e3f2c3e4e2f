package codecbench

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/core"
)

// streams returns the inputs encoded by each side.
func streams(t testing.TB) (rec, proto []byte) {
	in := inputs()
	var mem bytes.Buffer
	e := record.NewWriter(&mem)
	var body []byte
	for i := range in {
		if err := writeRecord(e, &in[i]); err != nil {
			t.Fatal(err)
		}
		proto, body = appendProtowire(proto, body, &in[i])
	}
	if err := e.Flush(); err != nil {
		t.Fatal(err)
	}
	return mem.Bytes(), proto
}

// TestSameValues checks that both sides decode back the values encoded,
// so that the benchmarks compare working code: the record codec through
// Reader+Decoder and through Schema, protobuf through protowire.
func TestSameValues(t *testing.T) {
	in := inputs()
	rec, proto := streams(t)
	t.Logf("%d records: %.1f bytes/record framed by the record codec, %.1f as protobuf",
		len(in), float64(len(rec))/float64(len(in)), float64(len(proto))/float64(len(in)))

	t.Run("protowire", func(t *testing.T) {
		p := proto
		for i := range in {
			var got decoded
			n, err := decodeProtowire(p, &got)
			if err != nil {
				t.Fatalf("record %d: %v", i, err)
			}
			if want := in[i].want(); got != want {
				t.Fatalf("record %d: decoded %+v, want %+v", i, got, want)
			}
			p = p[n:]
		}
		if len(p) != 0 {
			t.Fatalf("%d bytes left", len(p))
		}
	})
	t.Run("record.Decoder", func(t *testing.T) {
		r := record.NewReader(core.NewSpanReader(rec))
		i := 0
		for ; r.Next(); i++ {
			var got view
			d := r.Fields()
			if err := readRecord(&d, &got); err != nil {
				t.Fatalf("record %d: %v", i, err)
			}
			if want := in[i].want(); got.decoded() != want {
				t.Fatalf("record %d: decoded %+v, want %+v", i, got.decoded(), want)
			}
		}
		if r.Err() != nil || i != len(in) {
			t.Fatalf("%d records, error %v", i, r.Err())
		}
	})
	t.Run("record.Schema", func(t *testing.T) {
		sch, err := record.NewSchema[typed]()
		if err != nil {
			t.Fatal(err)
		}
		r := record.NewReader(core.NewSpanReader(rec))
		i := 0
		for ; r.Next(); i++ {
			var got typed
			if err := sch.Decode(r.Fields(), &got); err != nil {
				t.Fatalf("record %d: %v", i, err)
			}
			v := view{got.UID, got.GID, got.Mode, got.Name, got.Time[0], got.Time[1], got.Blob}
			if want := in[i].want(); v.decoded() != want {
				t.Fatalf("record %d: decoded %+v, want %+v", i, v.decoded(), want)
			}
		}
		if r.Err() != nil || i != len(in) {
			t.Fatalf("%d records, error %v", i, r.Err())
		}
	})
}

// TestSchemaEncode checks that record.Schema encodes the typed record to
// the bytes of the seed's hand-written Writer calls.
func TestSchemaEncode(t *testing.T) {
	in := inputs()
	rec, _ := streams(t)
	sch, err := record.NewSchema[typed]()
	if err != nil {
		t.Fatal(err)
	}
	var mem bytes.Buffer
	e := record.NewWriter(&mem)
	for i := range in {
		v := in[i].typed()
		sch.Encode(e, &v)
		if err := e.EndRecord(); err != nil {
			t.Fatal(err)
		}
	}
	e.Flush()
	if !bytes.Equal(mem.Bytes(), rec) {
		t.Fatal("Schema.Encode and Writer calls give different bytes")
	}
}

// TestBuilderEncode checks that record.Builder (with Finish or Next) and
// Schema.Write encode the seed's records to the bytes of the hand-written
// Writer calls.
func TestBuilderEncode(t *testing.T) {
	in := inputs()
	rec, _ := streams(t)
	sch, err := record.NewSchema[typed]()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Builder", "Builder.Next", "Schema.Write"} {
		t.Run(name, func(t *testing.T) {
			var mem bytes.Buffer
			e := record.NewWriter(&mem)
			if name == "Builder.Next" {
				if err := buildRecords(e, in); err != nil {
					t.Fatal(err)
				}
			}
			for i := range in {
				if name == "Builder.Next" {
					break
				}
				var err error
				if name == "Builder" {
					err = buildRecord(e, &in[i])
				} else {
					v := in[i].typed()
					err = sch.Write(e, &v)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			// No e.Flush: Finish, Next and Schema.Write commit each
			// record to mem.
			if !bytes.Equal(mem.Bytes(), rec) {
				t.Fatalf("%s and Writer calls give different bytes", name)
			}
		})
	}
}

// TestTruncated checks that both decoders reject a cut stream, so that
// neither side's speed comes from skipping checks.
func TestTruncated(t *testing.T) {
	rec, proto := streams(t)
	for _, cut := range []int{1, 2, 5, 20} {
		if _, err := decodeProtowire(proto[:cut], new(decoded)); err == nil {
			t.Errorf("protowire: frame cut to %d bytes accepted", cut)
		}
		r := record.NewReader(core.NewSpanReader(rec[:cut]))
		for r.Next() {
			d := r.Fields()
			readRecord(&d, new(view))
		}
		if !errors.Is(r.Err(), io.ErrUnexpectedEOF) {
			t.Errorf("record: frame cut to %d bytes: error %v, want io.ErrUnexpectedEOF", cut, r.Err())
		}
	}
	if _, err := decodeProtowire([]byte{2, 0x08, 0x80}, new(decoded)); err == nil {
		t.Error("protowire: truncated varint accepted")
	}
}

func reportRecords(b *testing.B, records, size int) {
	b.SetBytes(int64(size / records))
	b.ReportMetric(float64(size)/float64(records), "B/record")
}

// BenchmarkSeed encodes and decodes the seed's records one per
// operation, round and round a stream of 1024 that stays in cache, so
// that ns/op is the time per record.
func BenchmarkSeed(b *testing.B) {
	in := inputs()
	rec, proto := streams(b)
	b.Run("Encode/record", func(b *testing.B) {
		b.ReportAllocs()
		var mem bytes.Buffer
		mem.Grow(len(rec) + 256)
		e := record.NewWriter(&mem)
		i := 0
		for b.Loop() {
			if i&1023 == 0 {
				mem.Reset()
			}
			writeRecord(e, &in[i&1023])
			i++
		}
		reportRecords(b, len(in), len(rec))
	})
	b.Run("Encode/record_Builder", func(b *testing.B) {
		b.ReportAllocs()
		var mem bytes.Buffer
		mem.Grow(len(rec) + 256)
		e := record.NewWriter(&mem)
		i := 0
		for b.Loop() {
			if i&1023 == 0 {
				mem.Reset()
			}
			buildRecord(e, &in[i&1023])
			i++
		}
		reportRecords(b, len(in), len(rec))
	})
	b.Run("Encode/protowire", func(b *testing.B) {
		b.ReportAllocs()
		out := make([]byte, 0, len(proto)+256)
		body := make([]byte, 0, 256)
		i := 0
		for b.Loop() {
			if i&1023 == 0 {
				out = out[:0]
			}
			out, body = appendProtowire(out, body, &in[i&1023])
			i++
		}
		reportRecords(b, len(in), len(proto))
	})
	b.Run("Decode/record", func(b *testing.B) {
		b.ReportAllocs()
		var s view
		span := core.NewSpanReader(rec)
		r := record.NewReader(span)
		for b.Loop() {
			if !r.Next() {
				span.Reset(rec)
				r.Reset(span)
				r.Next()
			}
			d := r.Fields()
			if err := readRecord(&d, &s); err != nil {
				b.Fatal(err)
			}
		}
		reportRecords(b, len(in), len(rec))
	})
	b.Run("Decode/Schema", func(b *testing.B) {
		sch, err := record.NewSchema[typed]()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		var s typed
		span := core.NewSpanReader(rec)
		r := record.NewReader(span)
		for b.Loop() {
			if !r.Next() {
				span.Reset(rec)
				r.Reset(span)
				r.Next()
			}
			if err := sch.Decode(r.Fields(), &s); err != nil {
				b.Fatal(err)
			}
		}
		reportRecords(b, len(in), len(rec))
	})
	b.Run("Decode/protowire", func(b *testing.B) {
		b.ReportAllocs()
		var s decoded
		p := proto
		for b.Loop() {
			if len(p) == 0 {
				p = proto
			}
			n, err := decodeProtowire(p, &s)
			if err != nil {
				b.Fatal(err)
			}
			p = p[n:]
		}
		reportRecords(b, len(in), len(proto))
	})
}
