package record

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
)

// The file-listing benchmark: 5M records of
// the example shape written to memory and read back, by the record
// codec, by hand-written encoding/binary code producing the same bytes,
// and by a text format (fmt.Fprintf, parsed with strconv).
// Run with, for instance:
//
//	go test -run '^$' -bench Seed -benchtime 3x -count 6
const seedRecords = 5_000_000

var seedNames = []string{"a", "notes.txt", "photo-2026-11-29.jpg", "src/record/writer.go", "x.tar.gz",
	"README", "very/long/path/to/some/deeply/nested/file.json", "go.mod"}

// seedInput returns the i-th record of the benchmark.
func seedInput(i int, s *seedStat) {
	s.UID = uint64(1000 + i%4000)
	s.GID = uint64(100 + i%50)
	s.Mode = 0o100644 | uint64(i%8)<<6
	s.Name = []byte(seedNames[i%len(seedNames)])
	s.Time = time.Unix(1795996800+int64(i), int64(i%1000000000))
	s.Blob = [5]byte{'b', 'l', 'o', 'b', byte(i)}
}

var seedInputs = sync.OnceValue(func() []seedStat {
	in := make([]seedStat, 1024)
	for i := range in {
		seedInput(i, &in[i])
	}
	return in
})

// encodeSeedBinary is the hand-written peer: the same bytes as writeSeed,
// built with encoding/binary's AppendUvarint into a scratch slice, framed
// and written to w, with no allocation.
func encodeSeedBinary(w io.Writer, body []byte, s *seedStat) []byte {
	body = append(body[:0], 0x00, byte(idUID))
	body = binary.AppendUvarint(body, s.UID)
	body = append(body, 0x00, byte(idGID))
	body = binary.AppendUvarint(body, s.GID)
	body = append(body, 0x00, byte(idMode))
	body = binary.AppendUvarint(body, s.Mode)
	body = append(body, 0x80, byte(idName))
	body = binary.AppendUvarint(body, uint64(len(s.Name)))
	body = append(body, s.Name...)
	var ts [20]byte
	n := binary.PutUvarint(ts[:], uint64(s.Time.Unix()))
	n += binary.PutUvarint(ts[n:], uint64(s.Time.Nanosecond()))
	body = append(body, 0x80, byte(idTime), byte(n))
	body = append(body, ts[:n]...)
	body = append(body, 0x80, byte(idBlob), byte(len(s.Blob)))
	body = append(body, s.Blob[:]...)
	// The frame's length goes into the scratch after the body, so that
	// nothing escapes to the heap through w.
	n = len(body)
	body = binary.AppendUvarint(body, uint64(n))
	w.Write(body[n:])
	w.Write(body[:n])
	return body
}

// seedStatString is the peer decoders' result: the name is copied into a
// string, as code that does not keep the input alive must do.
type seedStatString struct {
	UID, GID, Mode uint64
	Name           string
	Sec, Nsec      uint64
	Blob           [5]byte
}

var errPeer = fmt.Errorf("bad input")

// decodeSeedBinary is the hand-written encoding/binary decoder of one
// framed record at the start of p; it returns the frame's length.
func decodeSeedBinary(p []byte, s *seedStatString) (int, error) {
	size, n := binary.Uvarint(p)
	if n <= 0 || size > uint64(len(p)-n) {
		return 0, errPeer
	}
	body := p[n : n+int(size)]
	for off := 0; off < len(body); {
		if len(body)-off < 3 {
			return 0, errPeer
		}
		tag := binary.BigEndian.Uint16(body[off:])
		v, k := binary.Uvarint(body[off+2:])
		if k <= 0 {
			return 0, errPeer
		}
		off += 2 + k
		if tag&0x8000 != 0 && v > uint64(len(body)-off) {
			return 0, errPeer
		}
		switch ID(tag &^ 0x8000) {
		case idUID:
			s.UID = v
		case idGID:
			s.GID = v
		case idMode:
			s.Mode = v
		case idName:
			s.Name = string(body[off : off+int(v)])
		case idTime:
			var k2 int
			s.Sec, k = binary.Uvarint(body[off:])
			s.Nsec, k2 = binary.Uvarint(body[off+max(k, 0):])
			if k <= 0 || k2 <= 0 {
				return 0, errPeer
			}
		case idBlob:
			copy(s.Blob[:], body[off:off+int(v)])
		}
		if tag&0x8000 != 0 {
			off += int(v)
		}
	}
	return n + int(size), nil
}

type seedStreams struct{ record, text []byte }

var seedStreamData = sync.OnceValue(func() seedStreams {
	in := seedInputs()
	var rec, text bytes.Buffer
	rec.Grow(seedRecords * 60)
	text.Grow(seedRecords * 110)
	e := NewWriter(&rec)
	for i := range seedRecords {
		writeSeed(e, &in[i%len(in)])
		writeSeedText(&text, &in[i%len(in)])
	}
	return seedStreams{rec.Bytes(), text.Bytes()}
})

func reportSeed(b *testing.B, size int) {
	b.SetBytes(int64(size))
	b.ReportMetric(float64(size)/seedRecords, "B/record")
	b.ReportMetric(float64(b.N)*seedRecords/b.Elapsed().Seconds(), "records/s")
}

func BenchmarkSeed(b *testing.B) {
	in := seedInputs()
	var out bytes.Buffer
	out.Grow(seedRecords * 110)
	b.Run("Encode/record", func(b *testing.B) {
		b.ReportAllocs()
		e := NewWriter(&out)
		for b.Loop() {
			out.Reset()
			for i := range seedRecords {
				writeSeed(e, &in[i&1023])
			}
		}
		reportSeed(b, out.Len())
	})
	b.Run("Encode/binary_AppendUvarint", func(b *testing.B) {
		b.ReportAllocs()
		body := make([]byte, 0, 256)
		for b.Loop() {
			out.Reset()
			for i := range seedRecords {
				body = encodeSeedBinary(&out, body, &in[i&1023])
			}
		}
		reportSeed(b, out.Len())
	})
	b.Run("Encode/text_Fprintf", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			out.Reset()
			for i := range seedRecords {
				writeSeedText(&out, &in[i&1023])
			}
		}
		reportSeed(b, out.Len())
	})
	out = bytes.Buffer{}

	streams := seedStreamData()
	if !bytes.Equal(streams.record[:200], func() []byte {
		var c bytes.Buffer
		for i := range 10 {
			encodeSeedBinary(&c, nil, &in[i])
		}
		return c.Bytes()[:200]
	}()) {
		b.Fatal("the peer encoder does not produce the same bytes")
	}
	b.Run("Decode/record", func(b *testing.B) {
		b.ReportAllocs()
		var s seedStat
		span := core.NewSpanReader(nil)
		r := NewReader(span)
		for b.Loop() {
			span.Reset(streams.record)
			r.Reset(span)
			n := 0
			for r.Next() {
				d := r.Fields()
				if err := readSeed(&d, &s); err != nil {
					b.Fatal(err)
				}
				n++
			}
			if r.Err() != nil || n != seedRecords {
				b.Fatal(n, r.Err())
			}
		}
		reportSeed(b, len(streams.record))
	})
	b.Run("Decode/binary_Uvarint", func(b *testing.B) {
		b.ReportAllocs()
		var s seedStatString
		for b.Loop() {
			p := streams.record
			for len(p) > 0 {
				n, err := decodeSeedBinary(p, &s)
				if err != nil {
					b.Fatal(err)
				}
				p = p[n:]
			}
		}
		reportSeed(b, len(streams.record))
	})
	b.Run("Decode/text_strconv", func(b *testing.B) {
		b.ReportAllocs()
		var s seedStat
		for b.Loop() {
			p := streams.text
			for len(p) > 0 {
				n, err := parseSeedTextInto(p, &s)
				if err != nil {
					b.Fatal(err)
				}
				p = p[n:]
			}
		}
		reportSeed(b, len(streams.text))
	})
}

// BenchmarkSeedRecord measures one seed record per operation against the
// same peers, over a stream that fits in cache, to read time and
// allocations per record directly.
func BenchmarkSeedRecord(b *testing.B) {
	in := seedInputs()
	var out bytes.Buffer
	out.Grow(1 << 20)
	e := NewWriter(&out)
	encoders := []struct {
		name string
		f    func(s *seedStat)
	}{
		{"record", func(s *seedStat) { writeSeed(e, s) }},
		{"Builder", func(s *seedStat) { buildSeed(e, s) }},
		{"Builder_scratch", func(s *seedStat) { buildSeedScratch(e, s) }},
		{"binary_AppendUvarint", func() func(s *seedStat) {
			body := make([]byte, 0, 256)
			return func(s *seedStat) { body = encodeSeedBinary(&out, body, s) }
		}()},
		{"text_Fprintf", func(s *seedStat) { writeSeedText(&out, s) }},
		{"Schema", func() func(s *seedStat) {
			sch, err := NewSchema[seedTyped]()
			if err != nil {
				b.Fatal(err)
			}
			typed := make([]seedTyped, len(in))
			for i := range in {
				typed[i] = toTyped(&in[i])
			}
			j := 0
			return func(*seedStat) {
				sch.Encode(e, &typed[j&1023])
				e.EndRecord()
				j++
			}
		}()},
	}
	for _, enc := range encoders {
		b.Run("Encode/"+enc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			out.Reset()
			for b.Loop() {
				if out.Len() > 1<<20-200 {
					out.Reset()
				}
				enc.f(&in[i&1023])
				i++
			}
			b.SetBytes(int64(out.Len() / max(min(i, out.Len()), 1)))
		})
	}
	// Streams of 1024 records, decoded round and round.
	var rec, text bytes.Buffer
	e.Reset(&rec)
	for i := range in {
		writeSeed(e, &in[i])
		writeSeedText(&text, &in[i])
	}
	b.Run("Decode/record", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(rec.Len() / len(in)))
		var s seedStat
		span := core.NewSpanReader(rec.Bytes())
		r := NewReader(span)
		for b.Loop() {
			if !r.Next() {
				span.Reset(rec.Bytes())
				r.Reset(span)
				r.Next()
			}
			d := r.Fields()
			if err := readSeed(&d, &s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Decode/binary_Uvarint", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(rec.Len() / len(in)))
		var s seedStatString
		p := rec.Bytes()
		for b.Loop() {
			if len(p) == 0 {
				p = rec.Bytes()
			}
			n, err := decodeSeedBinary(p, &s)
			if err != nil {
				b.Fatal(err)
			}
			p = p[n:]
		}
	})
	b.Run("Decode/text_strconv", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(text.Len() / len(in)))
		var s seedStat
		p := text.Bytes()
		for b.Loop() {
			if len(p) == 0 {
				p = text.Bytes()
			}
			n, err := parseSeedTextInto(p, &s)
			if err != nil {
				b.Fatal(err)
			}
			p = p[n:]
		}
	})
	b.Run("Decode/Schema", func(b *testing.B) {
		sch, err := NewSchema[seedTyped]()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.SetBytes(int64(rec.Len() / len(in)))
		var s seedTyped
		span := core.NewSpanReader(rec.Bytes())
		r := NewReader(span)
		for b.Loop() {
			if !r.Next() {
				span.Reset(rec.Bytes())
				r.Reset(span)
				r.Next()
			}
			if err := sch.Decode(r.Fields(), &s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Decode/Unmarshal", func(b *testing.B) {
		type stat struct {
			UID  uint32 `record:"1"`
			GID  uint32 `record:"2"`
			Mode uint32 `record:"3"`
			Name []byte `record:"4"`
			Time []byte `record:"5"`
			Blob []byte `record:"6"`
		}
		b.ReportAllocs()
		b.SetBytes(int64(rec.Len() / len(in)))
		var s stat
		span := core.NewSpanReader(rec.Bytes())
		r := NewReader(span)
		for b.Loop() {
			if !r.Next() {
				span.Reset(rec.Bytes())
				r.Reset(span)
				r.Next()
			}
			if err := Unmarshal(r.Fields(), &s); err != nil {
				b.Fatal(err)
			}
		}
	})
}
