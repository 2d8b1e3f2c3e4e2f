// Program records writes a file of records four ways and reads it back.
//
//   - Writer's field methods (Uint, String, …, EndRecord): the simplest;
//     any number of fields, the record framed when it ends.
//   - Builder (Start, fields, Finish): the fastest for records with a known
//     size bound, built in place in the buffer.
//   - Next: a Builder loop with one call per record.
//   - Schema: a struct mapped by tags, encoded without reflection per call.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/device"
)

// File is the application's own type; the tags give the field identifiers.
type File struct {
	UID  uint64 `record:"1"`
	Name string `record:"2"`
	Mode uint64 `record:"3"`
}

const (
	idUID  record.ID = 1
	idName record.ID = 2
	idMode record.ID = 3
)

func main() {
	dir, err := os.MkdirTemp("", "records")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "files.rec")
	files := []File{{1000, "notes.txt", 0o644}, {1001, "photo.jpg", 0o600}, {0, "boot.img", 0o400}}

	out, err := device.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	w := record.NewWriter(out)

	// 1. Field methods: one call per field, EndRecord frames the record.
	f := files[0]
	w.Uint(idUID, f.UID)
	w.String(idName, f.Name)
	w.Uint(idMode, f.Mode)
	if err := w.EndRecord(); err != nil {
		log.Fatal(err)
	}

	// 2. Builder: a bound on the record's size, then fields in place.
	f = files[1]
	b := w.Start(3*record.MaxHeaderLen + len(f.Name))
	b = b.Uint(idUID, f.UID).String(idName, f.Name).Uint(idMode, f.Mode)
	if err := w.Finish(b); err != nil {
		log.Fatal(err)
	}

	// 3. Next: finish one record and start the next in one call.
	const bound = 3*record.MaxHeaderLen + 32 // names up to 32 bytes
	b = w.Start(bound)
	for i, f := range files[2:] {
		if i > 0 {
			if b, err = w.Next(b, bound); err != nil {
				log.Fatal(err)
			}
		}
		b = b.Uint(idUID, f.UID).String(idName, f.Name).Uint(idMode, f.Mode)
	}
	if err := w.Finish(b); err != nil {
		log.Fatal(err)
	}

	// 4. Schema: the struct by its tags.
	schema, err := record.NewSchema[File]()
	if err != nil {
		log.Fatal(err)
	}
	extra := File{UID: 1002, Name: "report.pdf", Mode: 0o640}
	if err := schema.Write(w, &extra); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := out.Close(); err != nil {
		log.Fatal(err)
	}
	info, _ := os.Stat(path)
	fmt.Println("file:", info.Size(), "bytes")

	// Read back: every record decoded by the schema.
	in, err := device.OpenIn(path)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Close()
	r := record.NewReader(in)
	for r.Next() {
		var f File
		if err := schema.Decode(r.Fields(), &f); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%d %-10s %#o\n", f.UID, f.Name, f.Mode)
	}
	if err := r.Err(); err != nil {
		log.Fatal(err)
	}

	// A damaged file gives an error naming the offset, never a panic.
	data, _ := os.ReadFile(path)
	r = record.NewReader(bytesReader(data[:len(data)-3]))
	for r.Next() {
	}
	fmt.Println(r.Err())
}
