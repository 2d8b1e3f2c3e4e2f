package record_test

import (
	"fmt"
	"log"
	"time"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// The identifiers of the seed's example (seeds/001).
const (
	idUID  record.ID = 1
	idGID  record.ID = 2
	idMode record.ID = 3
	idName record.ID = 4
	idTime record.ID = 5
	idBlob record.ID = 6
)

// Example is the seed's own example: uid, gid, mode and a name, a
// timestamp stored as a blob of two integers, and a 5-byte blob, written
// to an in-memory stream (the Go counterpart of open_memstream) and read
// back with the seed's switch.
func Example() {
	var mem core.Buffer
	w := record.NewWriter(&mem)

	ts := time.Unix(1795996800, 123456789)
	w.Uint(idUID, 1000)
	w.Uint(idGID, 100)
	w.Uint(idMode, 0o100644)
	w.String(idName, "photo.jpg")
	t := varint.AppendUint(nil, uint64(ts.Unix()))
	t = varint.AppendUint(t, uint64(ts.Nanosecond()))
	w.Blob(idTime, t)
	w.Blob(idBlob, []byte("blob\x00"))
	if err := w.EndRecord(); err != nil {
		log.Fatal(err)
	}
	fmt.Println("bytes:", mem.Len())

	r := record.NewReader(core.NewSpanReader(mem.Bytes()))
	for r.Next() {
		d := r.Fields()
		for d.Next() {
			f := d.Field()
			switch f.ID {
			case idUID, idGID:
				fmt.Println(f.ID, f.Value)
			case idMode:
				fmt.Printf("%d %#o\n", f.ID, f.Value)
			case idName, idBlob:
				fmt.Printf("%d %q\n", f.ID, f.Data)
			case idTime:
				sec, n, _ := varint.Uint(f.Data)
				nsec, _, _ := varint.Uint(f.Data[n:])
				fmt.Println(f.ID, time.Unix(int64(sec), int64(nsec)).UTC().Format(time.RFC3339Nano))
			}
		}
		if err := d.Err(); err != nil {
			log.Fatal(err)
		}
	}
	if err := r.Err(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// bytes: 45
	// 1 1000
	// 2 100
	// 3 0100644
	// 4 "photo.jpg"
	// 5 2026-11-30T00:00:00.123456789Z
	// 6 "blob\x00"
}

// Stat is an application's own type, mapped to fields by tags.
type Stat struct {
	UID   uint32 `record:"1"`
	GID   uint32 `record:"2"`
	Mode  uint32 `record:"3"`
	Name  string `record:"4"`
	Owner struct {
		Login string `record:"1"`
	} `record:"7"`
}

func ExampleMarshal() {
	var mem core.Buffer
	w := record.NewWriter(&mem)
	for i, name := range []string{"a.txt", "b.txt"} {
		s := Stat{UID: 1000, GID: 100, Mode: 0o644 + uint32(i), Name: name}
		s.Owner.Login = "ann"
		if err := record.Marshal(w, &s); err != nil {
			log.Fatal(err)
		}
		if err := w.EndRecord(); err != nil {
			log.Fatal(err)
		}
	}

	r := record.NewReader(core.NewSpanReader(mem.Bytes()))
	for r.Next() {
		var s Stat
		if err := record.Unmarshal(r.Fields(), &s); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%+v\n", s)
	}
	// Output:
	// {UID:1000 GID:100 Mode:420 Name:a.txt Owner:{Login:ann}}
	// {UID:1000 GID:100 Mode:421 Name:b.txt Owner:{Login:ann}}
}

func ExampleDecoder_errors() {
	// An integer field, then a blob that claims 9 bytes but has 2.
	body := []byte{0x00, 0x01, 0x05, 0x80, 0x02, 0x09, 'h', 'i'}
	d := record.NewDecoder(body)
	for d.Next() {
		fmt.Println("field", d.Field().ID)
	}
	fmt.Println(d.Err())
	// Output:
	// field 1
	// record: decode field 2 at offset 3: blob length beyond the input
}

func ExampleWriter_Begin() {
	var mem core.Buffer
	w := record.NewWriter(&mem)
	w.Begin(1) // a nested record
	w.Uint(1, 42)
	w.String(2, "inner")
	w.End()
	w.EndRecord()

	r := record.NewReader(core.NewSpanReader(mem.Bytes()))
	r.Next()
	d := r.Fields()
	d.Next()
	inner := d.Field().Fields()
	for inner.Next() {
		f := inner.Field()
		fmt.Println(f.ID, f.Kind, f.Value)
	}
	// Output:
	// 1 int 42
	// 2 blob 5
}
