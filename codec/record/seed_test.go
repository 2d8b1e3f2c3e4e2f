package record

import (
	"bytes"
	"encoding/binary"
	"testing"
	"time"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// The identifiers of the file-listing example record.
const (
	idUID  ID = 1
	idGID  ID = 2
	idMode ID = 3
	idName ID = 4
	idTime ID = 5 // a blob of two varints: seconds, nanoseconds
	idBlob ID = 6
)

// seedStat is the file-listing example data: uid, gid, mode, a name, a
// timestamp and a fixed 5-byte blob.
type seedStat struct {
	UID, GID, Mode uint64
	Name           []byte
	Time           time.Time // written
	Sec, Nsec      uint64    // read back: the decoders keep the two integers
	Blob           [5]byte
}

var seedValue = seedStat{
	UID: 1000, GID: 100, Mode: 0o100644,
	Name: []byte("photo-2026-11-29.jpg"),
	Time: time.Unix(1795996800, 123456789),
	Blob: [5]byte{'b', 'l', 'o', 'b', 0},
}

// writeSeed encodes s as the example does: three integers, the name as a
// blob, the timestamp as a blob of two varints, the blob.
func writeSeed(e *Writer, s *seedStat) error {
	e.Uint(idUID, s.UID)
	e.Uint(idGID, s.GID)
	e.Uint(idMode, s.Mode)
	e.Blob(idName, s.Name)
	var tmp [2 * varint.MaxLen64]byte
	n := varint.PutUint(tmp[:], uint64(s.Time.Unix()))
	n += varint.PutUint(tmp[n:], uint64(s.Time.Nanosecond()))
	e.Blob(idTime, tmp[:n])
	e.Blob(idBlob, s.Blob[:])
	return e.EndRecord()
}

// readSeed decodes one record body with a switch on the identifiers; the name
// aliases the input.
func readSeed(d *Decoder, s *seedStat) error {
	for d.Next() {
		f := d.Field()
		switch f.ID {
		case idUID:
			s.UID = f.Value
		case idGID:
			s.GID = f.Value
		case idMode:
			s.Mode = f.Value
		case idName:
			s.Name = f.Data
		case idTime:
			var n, k int
			s.Sec, n = varint.Decode(f.Data)
			if n > 0 {
				s.Nsec, k = varint.Decode(f.Data[n:])
			}
			if n <= 0 || k <= 0 {
				_, _, err := varint.Uint(f.Data[max(n, 0):])
				return err
			}
		case idBlob:
			copy(s.Blob[:], f.Data)
		}
	}
	return d.Err()
}

// seedBytesByHand builds the file-listing record's frame with encoding/binary, an
// independent implementation of the wire format.
func seedBytesByHand(s *seedStat) []byte {
	var body []byte
	field := func(tag uint16, v uint64) {
		body = binary.BigEndian.AppendUint16(body, tag)
		body = binary.AppendUvarint(body, v)
	}
	field(1, s.UID)
	field(2, s.GID)
	field(3, s.Mode)
	field(0x8004, uint64(len(s.Name)))
	body = append(body, s.Name...)
	ts := binary.AppendUvarint(nil, uint64(s.Time.Unix()))
	ts = binary.AppendUvarint(ts, uint64(s.Time.Nanosecond()))
	field(0x8005, uint64(len(ts)))
	body = append(body, ts...)
	field(0x8006, 5)
	body = append(body, s.Blob[:]...)
	return append(binary.AppendUvarint(nil, uint64(len(body))), body...)
}

func TestSeedRecord(t *testing.T) {
	var out bytes.Buffer
	e := NewWriter(&out)
	if err := writeSeed(e, &seedValue); err != nil {
		t.Fatal(err)
	}
	want := seedBytesByHand(&seedValue)
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("encoded\n% x\nwant\n% x", out.Bytes(), want)
	}
	// The text form of the same data, for the size comparison.
	text := appendSeedText(nil, &seedValue)
	t.Logf("seed record: %d bytes framed, %d bytes as text", len(want), len(text))
	if len(want) >= len(text) {
		t.Errorf("record (%d bytes) not smaller than text (%d bytes)", len(want), len(text))
	}

	r := NewReader(core.NewSpanReader(out.Bytes()))
	if !r.Next() {
		t.Fatalf("no record: %v", r.Err())
	}
	var got seedStat
	d := r.Fields()
	if err := readSeed(&d, &got); err != nil {
		t.Fatal(err)
	}
	if got.UID != seedValue.UID || got.GID != seedValue.GID || got.Mode != seedValue.Mode ||
		!bytes.Equal(got.Name, seedValue.Name) || !sameTime(&got, seedValue.Time) || got.Blob != seedValue.Blob {
		t.Fatalf("decoded %+v\nwant %+v", got, seedValue)
	}
	if r.Next() || r.Err() != nil {
		t.Fatalf("after the only record: Next true or error %v", r.Err())
	}
	gotText, err := parseSeedText(appendSeedText(nil, &seedValue))
	if err != nil || gotText.UID != seedValue.UID || gotText.Mode != seedValue.Mode || !sameTime(&gotText, seedValue.Time) ||
		!bytes.Equal(gotText.Name, seedValue.Name) || gotText.Blob != seedValue.Blob {
		t.Fatalf("text round trip: %+v, %v", gotText, err)
	}
}

// seedTyped is the file-listing record as an application struct mapped by tags:
// the timestamp is a packed array of two varints.
type seedTyped struct {
	UID  uint64    `record:"1"`
	GID  uint64    `record:"2"`
	Mode uint64    `record:"3"`
	Name []byte    `record:"4"`
	Time [2]uint64 `record:"5"`
	Blob [5]byte   `record:"6"`
}

func toTyped(s *seedStat) seedTyped {
	return seedTyped{s.UID, s.GID, s.Mode, s.Name, [2]uint64{uint64(s.Time.Unix()), uint64(s.Time.Nanosecond())}, s.Blob}
}

func TestSeedSchema(t *testing.T) {
	sch, err := NewSchema[seedTyped]()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	e := NewWriter(&out)
	v := toTyped(&seedValue)
	sch.Encode(e, &v)
	if err := e.EndRecord(); err != nil {
		t.Fatal(err)
	}
	if want := seedBytesByHand(&seedValue); !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("Schema.Encode gave\n% x\nwant\n% x", out.Bytes(), want)
	}
	r := NewReader(core.NewSpanReader(out.Bytes()))
	r.Next()
	var got seedTyped
	if err := sch.Decode(r.Fields(), &got); err != nil {
		t.Fatal(err)
	}
	if got.UID != v.UID || got.GID != v.GID || got.Mode != v.Mode || string(got.Name) != string(v.Name) || got.Time != v.Time || got.Blob != v.Blob {
		t.Fatalf("decoded %+v, want %+v", got, v)
	}
	if i := bytes.Index(r.Record(), v.Name); i < 0 || &got.Name[0] != &r.Record()[i] {
		t.Fatal("Schema.Decode copied the name instead of aliasing the input")
	}
}

func sameTime(s *seedStat, t time.Time) bool {
	return s.Sec == uint64(t.Unix()) && s.Nsec == uint64(t.Nanosecond())
}

// seedMaxBody is the most bytes the file-listing record's body takes: three
// integer fields, the name, the timestamp blob (two varints) and the
// 5-byte blob.
func seedMaxBody(s *seedStat) int {
	return 3*MaxHeaderLen + 2 + varint.MaxLen64 + len(s.Name) + 3 + 2*varint.MaxLen64 + 3 + len(s.Blob)
}

// buildSeed encodes s as writeSeed does, through a Builder.
func buildSeed(e *Writer, s *seedStat) error {
	r := e.Start(seedMaxBody(s))
	r = r.Uint(idUID, s.UID)
	r = r.Uint(idGID, s.GID)
	r = r.Uint(idMode, s.Mode)
	r = r.SmallBlob(idName, s.Name) // file names are short; Blob takes any
	r = r.Time(idTime, s.Time)
	r = Array(r, idBlob, s.Blob)
	return e.Finish(r)
}

// fillSeed adds the fields of buildSeed to r.
func fillSeed(r Builder, s *seedStat) Builder {
	r = r.Uint(idUID, s.UID)
	r = r.Uint(idGID, s.GID)
	r = r.Uint(idMode, s.Mode)
	r = r.SmallBlob(idName, s.Name)
	r = r.Time(idTime, s.Time)
	return Array(r, idBlob, s.Blob)
}

// buildSeedScratch is buildSeed with the timestamp's two varints put in a
// scratch array and added with SmallBlob, as before Builder.Time.
func buildSeedScratch(e *Writer, s *seedStat) error {
	r := e.Start(seedMaxBody(s))
	r = r.Uint(idUID, s.UID)
	r = r.Uint(idGID, s.GID)
	r = r.Uint(idMode, s.Mode)
	r = r.SmallBlob(idName, s.Name)
	var tmp [2 * varint.MaxLen64]byte
	n := varint.PutUint(tmp[:], uint64(s.Time.Unix()))
	n += varint.PutUint(tmp[n:], uint64(s.Time.Nanosecond()))
	r = r.SmallBlob(idTime, tmp[:n])
	r = r.SmallBlob(idBlob, s.Blob[:])
	return e.Finish(r)
}

// TestSeedBuilders checks that the Builder encoders of the benchmarks
// write the bytes of writeSeed for every benchmark input.
func TestSeedBuilders(t *testing.T) {
	in := seedInputs()
	for _, tc := range []struct {
		name  string
		build func(*Writer, *seedStat) error
	}{{"Time", buildSeed}, {"scratch", buildSeedScratch}} {
		t.Run(tc.name, func(t *testing.T) {
			var want, got bytes.Buffer
			ew, eb := NewWriter(&want), NewWriter(&got)
			for i := range in {
				if err := writeSeed(ew, &in[i]); err != nil {
					t.Fatal(err)
				}
				if err := tc.build(eb, &in[i]); err != nil {
					t.Fatal(err)
				}
			}
			eb.Flush()
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatal("builder bytes differ from writeSeed's")
			}
		})
	}
}
