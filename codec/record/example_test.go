package record_test

import (
	"bytes"
	"fmt"
	"log"
	"time"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// The identifiers of the file-listing example.
const (
	idUID  record.ID = 1
	idGID  record.ID = 2
	idMode record.ID = 3
	idName record.ID = 4
	idTime record.ID = 5
	idBlob record.ID = 6
)

// Example is a file-listing record: uid, gid, mode and a name, a
// timestamp stored as a blob of two integers, and a 5-byte blob, written
// to an in-memory stream (the Go counterpart of open_memstream) and read
// back with a switch on the identifiers.
func Example() {
	var mem bytes.Buffer
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
	if err := w.Flush(); err != nil {
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
	var mem bytes.Buffer
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
	if err := w.Flush(); err != nil {
		log.Fatal(err)
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
	var mem bytes.Buffer
	w := record.NewWriter(&mem)
	w.Begin(1) // a nested record
	w.Uint(1, 42)
	w.String(2, "inner")
	w.End()
	w.EndRecord()
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}

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

func ExampleBuilder() {
	type stat struct {
		uid  uint64
		name string
		mode uint64
	}
	files := []stat{{1000, "notes.txt", 0o644}, {1001, "photo.jpg", 0o600}}

	var mem bytes.Buffer // or any io.Writer / core.BufferedWriter
	w := record.NewWriter(&mem)
	for _, s := range files {
		// The bound: an integer field takes MaxHeaderLen bytes at most,
		// a blob its length plus MaxHeaderLen at most.
		r := w.Start(3*record.MaxHeaderLen + len(s.name))
		r = r.Uint(1, s.uid)
		r = r.String(2, s.name)
		attrs := r.Begin(3) // a nested record
		attrs = attrs.Uint(1, s.mode)
		r = r.End(attrs)
		if err := w.Finish(r); err != nil {
			fmt.Println(err)
			return
		}
	}
	// A record larger than the bound is refused, and so is an
	// identifier outside 1..MaxID.
	fmt.Println(w.Finish(w.Start(4).String(2, "a long name")))
	fmt.Println(w.Finish(w.Start(100).Uint(0, 1)))
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}

	r := record.NewReader(core.NewSpanReader(mem.Bytes()))
	for r.Next() {
		d := r.Fields()
		for d.Next() {
			f := d.Field()
			fmt.Printf("[%d %v %d]", f.ID, f.Kind, f.Value)
		}
		fmt.Println()
	}
	// Output:
	// record: encode at offset 0: record body longer than the size given to Start
	// record: encode: identifier outside 1..32767
	// [1 int 1000][2 blob 9][3 blob 4]
	// [1 int 1001][2 blob 9][3 blob 4]
}

// ExampleBuilder_Time writes the file-listing record with a Builder, the
// timestamp with Time (the same bytes as the blob of two varints in
// Example), and reads the timestamp back with Field.Time.
func ExampleBuilder_Time() {
	var mem bytes.Buffer
	w := record.NewWriter(&mem)
	name, blob := "photo.jpg", []byte("blob\x00")
	b := w.Start(3*record.MaxHeaderLen + 3 + len(name) + record.MaxTimeLen + 3 + len(blob))
	b = b.Uint(idUID, 1000).Uint(idGID, 100).Uint(idMode, 0o100644)
	b = b.SmallString(idName, name)
	b = b.Time(idTime, time.Unix(1795996800, 123456789))
	b = b.SmallBlob(idBlob, blob)
	if err := w.Finish(b); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil { // flushes mem (Finish committed the record to it)
		log.Fatal(err)
	}
	fmt.Println("bytes:", mem.Len())

	r := record.NewReader(core.NewSpanReader(mem.Bytes()))
	for r.Next() {
		d := r.Fields()
		for d.Next() {
			if f := d.Field(); f.ID == idTime {
				t, err := f.Time()
				if err != nil {
					log.Fatal(err)
				}
				fmt.Println(t.UTC().Format(time.RFC3339Nano))
			}
		}
	}
	// Output:
	// bytes: 45
	// 2026-11-30T00:00:00.123456789Z
}

// ExampleArray adds fixed-size byte arrays, here a digest, with Array:
// the bytes of Blob, copied without a call.
func ExampleArray() {
	var mem bytes.Buffer
	w := record.NewWriter(&mem)
	sum := [8]byte{0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4}
	b := w.Start(3 + len(sum))
	b = record.Array(b, 1, sum)
	if err := w.Finish(b); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("% x\n", mem.Bytes())
	// Output:
	// 0b 80 01 08 de ad be ef 01 02 03 04
}

// ExampleWriter_Next writes many records with one call per record: Next
// finishes one and starts the next.
func ExampleWriter_Next() {
	var mem bytes.Buffer
	w := record.NewWriter(&mem)
	names := []string{"a.txt", "b.txt", "c.txt"}
	const size = record.MaxHeaderLen + 3 + 16 // an integer and a name of 16 bytes at most
	b := w.Start(size)
	for i, name := range names {
		if i > 0 {
			var err error
			if b, err = w.Next(b, size); err != nil {
				log.Fatal(err) // the previous record was dropped
			}
		}
		b = b.Uint(1, uint64(i)).SmallString(2, name)
	}
	if err := w.Finish(b); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}

	r := record.NewReader(core.NewSpanReader(mem.Bytes()))
	for r.Next() {
		d := r.Fields()
		d.Next()
		i := d.Field().Value
		d.Next()
		fmt.Println(i, d.Field().String())
	}
	// Output:
	// 0 a.txt
	// 1 b.txt
	// 2 c.txt
}
