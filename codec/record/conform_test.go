package record

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// recordBytes is a core.BufferedWriter made of a record Writer: the bytes
// written are cut into records of blockSize bytes each (the last one, at
// Flush, shorter), each holding its bytes as a blob, so that the output
// does not depend on how the bytes were chunked, and the conformance
// suite's device faults and flushes go through the Writer's framing and
// its buffered writer. decodeRecords gives the bytes back.
type recordBytes struct {
	e       *Writer
	pending []byte // bytes not yet in a record, at most blockSize
	last    int    // the length of the last Reserve's slice
	err     error
	builder bool          // records are written with a Builder, not the Writer's methods
	mem     *bytes.Buffer // w, when it is one
}

const blockSize = 64

func (r *recordBytes) emit(p []byte) {
	var err error
	if r.builder {
		err = r.e.Finish(r.e.Start(MaxHeaderLen+len(p)).Blob(1, p))
	} else {
		r.e.Blob(1, p)
		err = r.e.EndRecord()
	}
	if err != nil && r.err == nil {
		r.err = err
	}
}

func (r *recordBytes) Write(p []byte) (int, error) {
	// A buffered writer that has failed drops what it is given: the
	// Writer's Err tells, as a bufio.Writer's Write would.
	if err := r.e.Err(); err != nil {
		return 0, err
	}
	n := len(p)
	for len(p) > 0 {
		k := copy(r.pending[len(r.pending):blockSize], p)
		r.pending = r.pending[:len(r.pending)+k]
		p = p[k:]
		if len(r.pending) == blockSize {
			r.emit(r.pending)
			r.pending = r.pending[:0]
		}
	}
	return n, nil
}

func (r *recordBytes) Reserve(n int) []byte {
	if blockSize-len(r.pending) < n {
		// Room for n bytes past what is pending: emitting the blocks of
		// the committed bytes is left to Commit.
		grown := make([]byte, len(r.pending), len(r.pending)+n)
		copy(grown, r.pending)
		r.pending = grown
	}
	free := r.pending[len(r.pending):cap(r.pending)]
	r.last = len(free)
	return free
}

func (r *recordBytes) Commit(n int) {
	if uint(n) > uint(r.last) {
		if r.err == nil {
			r.err = core.ErrInvalidCount
		}
		return
	}
	r.last = 0
	p := r.pending[len(r.pending) : len(r.pending)+n]
	q := append([]byte(nil), p...)
	r.Write(q)
}

func (r *recordBytes) Flush() error {
	if r.err != nil {
		return r.err
	}
	if len(r.pending) > 0 && r.e.Err() == nil {
		r.emit(r.pending)
		r.pending = r.pending[:0]
	}
	return r.e.Flush()
}

func newRecordBytes(w io.Writer) *recordBytes {
	mem, _ := w.(*bytes.Buffer)
	return &recordBytes{e: NewWriter(w), pending: make([]byte, 0, blockSize), mem: mem}
}

// decodeRecords returns the blobs of the records in out, concatenated,
// and an error for a stream that ends inside a record.
func decodeRecords(out []byte) ([]byte, error) {
	var got []byte
	rd := NewReader(core.NewSpanReader(out))
	for rd.Next() {
		d := rd.Fields()
		for d.Next() {
			f := d.Field()
			if f.ID != 1 || f.Kind != Blob {
				return got, fmt.Errorf("unexpected field %d", f.ID)
			}
			got = append(got, f.Data...)
		}
		if err := d.Err(); err != nil {
			return got, err
		}
	}
	return got, rd.Err()
}

// TestConformance runs core's conformance suite over the record Writer on
// its buffered writer: what the Writer acknowledges reaches the device
// after Flush, whatever the chunking and the device's faults, for each
// kind of buffered writer it can sit on.
func TestConformance(t *testing.T) {
	tests := []struct {
		name string
		c    coretest.WriterConfig
	}{
		{"io.Writer", coretest.WriterConfig{
			New:    func(dev io.Writer) core.BufferedWriter { return newRecordBytes(dev) },
			Decode: decodeRecords,
		}},
		{"core.Writer/64", coretest.WriterConfig{
			New:    func(dev io.Writer) core.BufferedWriter { return newRecordBytes(core.NewWriterSize(dev, 64)) },
			Decode: decodeRecords,
		}},
		{"Builder", coretest.WriterConfig{
			New: func(dev io.Writer) core.BufferedWriter {
				r := newRecordBytes(dev)
				r.builder = true
				return r
			},
			Decode: decodeRecords,
		}},
		{"Builder/bytes.Buffer", coretest.WriterConfig{
			New: func(io.Writer) core.BufferedWriter {
				r := newRecordBytes(new(bytes.Buffer))
				r.builder = true
				return r
			},
			Output: func(w core.BufferedWriter) []byte { return w.(*recordBytes).mem.Bytes() },
			Decode: decodeRecords,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { coretest.TestBufferedWriter(t, tt.c) })
	}
}

// TestSizedConstructors checks NewWriterSize and NewReaderSize over plain
// io.Writer and io.Reader values, with the smallest buffer and records
// longer than it.
func TestSizedConstructors(t *testing.T) {
	var out bytes.Buffer
	e := NewWriterSize(&out, 0)
	long := bytes.Repeat([]byte{'x'}, 300)
	for i := range 50 {
		e.Uint(1, uint64(i))
		e.Blob(2, long[:i*6])
		if err := e.EndRecord(); err != nil {
			t.Fatal(err)
		}
	}
	if out.Len() == 0 {
		t.Fatal("nothing reached the device before Flush with a 64-byte buffer")
	}
	if err := e.Flush(); err != nil {
		t.Fatal(err)
	}
	r := NewReaderSize(bytes.NewReader(out.Bytes()), 0)
	n := 0
	for ; r.Next(); n++ {
		d := r.Fields()
		if !d.Next() || d.Field().Value != uint64(n) || !d.Next() || len(d.Field().Data) != n*6 {
			t.Fatalf("record %d: %v", n, d.Err())
		}
	}
	if r.Err() != nil || n != 50 {
		t.Fatalf("%d records, %v", n, r.Err())
	}
}
