package codecbench

import (
	"fmt"
	"sync"
	"time"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/codec/varint"
)

// The identifiers of the record package's example record, which are
// also the protobuf field numbers.
const (
	idUID  record.ID = 1
	idGID  record.ID = 2
	idMode record.ID = 3
	idName record.ID = 4
	idTime record.ID = 5 // a blob of two varints: seconds, nanoseconds
	idBlob record.ID = 6
)

// stat is the seed's example data as an application holds it.
type stat struct {
	UID, GID, Mode uint64
	Name           []byte
	Time           time.Time
	Blob           [5]byte
}

// decoded is what every decoder produces: the timestamp as its two
// integers, the name as a string (a copy for protowire, which like the
// standard library peers does not keep its input; a view of the input
// turned into a string only when compared, for the record codec).
type decoded struct {
	UID, GID, Mode uint64
	Name           string
	Sec, Nsec      uint64
	Blob           [5]byte
}

func (s *stat) want() decoded {
	return decoded{s.UID, s.GID, s.Mode, string(s.Name), uint64(s.Time.Unix()), uint64(s.Time.Nanosecond()), s.Blob}
}

var names = []string{"a", "notes.txt", "photo-2026-11-29.jpg", "src/record/writer.go", "x.tar.gz",
	"README", "very/long/path/to/some/deeply/nested/file.json", "go.mod"}

// inputs are 1024 records of the seed's shape, as in codec/record's own
// benchmarks.
var inputs = sync.OnceValue(func() []stat {
	in := make([]stat, 1024)
	for i := range in {
		in[i] = stat{
			UID:  uint64(1000 + i%4000),
			GID:  uint64(100 + i%50),
			Mode: 0o100644 | uint64(i%8)<<6,
			Name: []byte(names[i%len(names)]),
			Time: time.Unix(1795996800+int64(i), int64(i%1000000000)),
			Blob: [5]byte{'b', 'l', 'o', 'b', byte(i)},
		}
	}
	return in
})

// typed is the seed's record mapped by tags, for record.Schema.
type typed struct {
	UID  uint64    `record:"1"`
	GID  uint64    `record:"2"`
	Mode uint64    `record:"3"`
	Name []byte    `record:"4"`
	Time [2]uint64 `record:"5"`
	Blob [5]byte   `record:"6"`
}

func (s *stat) typed() typed {
	return typed{s.UID, s.GID, s.Mode, s.Name, [2]uint64{uint64(s.Time.Unix()), uint64(s.Time.Nanosecond())}, s.Blob}
}

// writeRecord encodes s with record.Writer as the seed does.
func writeRecord(e *record.Writer, s *stat) error {
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

// maxBody is the most bytes the seed record's body takes (the bound
// record.Writer.Start wants): three integer fields, the name, the
// timestamp field and the 5-byte blob.
func maxBody(s *stat) int {
	return 3*record.MaxHeaderLen + 3 + len(s.Name) + record.MaxTimeLen + 3 + len(s.Blob)
}

// buildRecord encodes s as writeRecord does, through a record.Builder.
// Finish commits the record to the buffered writer.
func buildRecord(e *record.Writer, s *stat) error {
	r := e.Start(maxBody(s))
	r = r.Uint(idUID, s.UID)
	r = r.Uint(idGID, s.GID)
	r = r.Uint(idMode, s.Mode)
	r = r.SmallBlob(idName, s.Name) // names are short; Blob takes any
	r = r.Time(idTime, s.Time)      // the blob of two varints, in place
	r = record.Array(r, idBlob, s.Blob)
	return e.Finish(r)
}

// fillRecord adds the fields of buildRecord to r.
func fillRecord(r record.Builder, s *stat) record.Builder {
	r = r.Uint(idUID, s.UID)
	r = r.Uint(idGID, s.GID)
	r = r.Uint(idMode, s.Mode)
	r = r.SmallBlob(idName, s.Name)
	r = r.Time(idTime, s.Time)
	return record.Array(r, idBlob, s.Blob)
}

// buildRecords encodes in as buildRecord does, one call of Writer.Next
// per record instead of Finish and Start.
func buildRecords(e *record.Writer, in []stat) error {
	if len(in) == 0 {
		return nil
	}
	r := e.Start(maxBody(&in[0]))
	for i := range in {
		if i > 0 {
			var err error
			if r, err = e.Next(r, maxBody(&in[i])); err != nil {
				return err
			}
		}
		r = fillRecord(r, &in[i])
	}
	return e.Finish(r)
}

// view is what the record decoder fills: the name aliases the input.
type view struct {
	UID, GID, Mode uint64
	Name           []byte
	Sec, Nsec      uint64
	Blob           [5]byte
}

func (v *view) decoded() decoded {
	return decoded{v.UID, v.GID, v.Mode, string(v.Name), v.Sec, v.Nsec, v.Blob}
}

var errTime = fmt.Errorf("bad timestamp blob")

// readRecord decodes one record body with record.Decoder and the seed's
// switch.
func readRecord(d *record.Decoder, s *view) error {
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
				return errTime
			}
		case idBlob:
			copy(s.Blob[:], f.Data)
		}
	}
	return d.Err()
}
