package record

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// tree is a random record body: fields, some of them nested records.
type tree struct {
	id   ID
	blob []byte // a blob field when sub is nil
	sub  []tree // a nested record
	uint bool   // an integer field (the blob's length as its value)
}

func randomTree(r *rand.Rand, depth int) []tree {
	var ts []tree
	for range r.IntN(4) + 1 {
		t := tree{id: ID(r.IntN(int(MaxID)) + 1)}
		switch k := r.IntN(8); {
		case k < 3 && depth < maxDepth:
			t.sub = randomTree(r, depth+1)
		case k < 4:
			t.uint = true
		default:
			// Lengths around the 1-, 2- and 3-byte varint boundaries.
			n := []int{0, 5, 127, 128, 200, 16383, 16384, 20000}[r.IntN(8)]
			t.blob = bytes.Repeat([]byte{byte(t.id)}, n)
		}
		ts = append(ts, t)
	}
	return ts
}

// appendTree is the reference encoding, built inside out with the Append
// functions.
func appendTree(dst []byte, ts []tree) []byte {
	for _, t := range ts {
		switch {
		case t.sub != nil:
			dst = AppendBlob(dst, t.id, appendTree(nil, t.sub))
		case t.uint:
			dst = AppendUint(dst, t.id, uint64(len(t.blob)))
		default:
			dst = AppendBlob(dst, t.id, t.blob)
		}
	}
	return dst
}

func writeTree(e *Writer, ts []tree) {
	for _, t := range ts {
		switch {
		case t.sub != nil:
			e.Begin(t.id)
			writeTree(e, t.sub)
			e.End()
		case t.uint:
			e.Uint(t.id, uint64(len(t.blob)))
		default:
			e.Blob(t.id, t.blob)
		}
	}
}

// TestNestingMatchesAppend writes random nested records with the Writer,
// whose lengths of 128 bytes and more are settled at the end of the
// record, and compares them with the same records built inside out.
func TestNestingMatchesAppend(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		ts := randomTree(r, 0)
		want := AppendFrame(nil, appendTree(nil, ts))
		var out bytes.Buffer
		e := NewWriter(&out)
		writeTree(e, ts)
		if got := e.Len(); got != len(appendTree(nil, ts)) {
			t.Fatalf("case %d: Len %d before EndRecord, want %d", i, got, len(appendTree(nil, ts)))
		}
		if err := e.EndRecord(); err != nil {
			t.Fatal(err)
		}
		// A builder continuing a record of nested fields.
		writeTree(e, ts)
		b := e.Start(MaxHeaderLen)
		b = b.Uint(7, 7)
		if err := e.Finish(b); err != nil {
			t.Fatal(err)
		}
		want2 := AppendFrame(nil, AppendUint(appendTree(nil, ts), 7, 7))
		if !bytes.Equal(out.Bytes(), append(want, want2...)) {
			t.Fatalf("case %d: the Writer's bytes differ from the Append functions'", i)
		}
	}
}

// TestWriterDepth checks that the Writer writes maxDepth levels of nested
// records, which Unmarshal reads, and refuses one more.
func TestWriterDepth(t *testing.T) {
	var out bytes.Buffer
	e := NewWriter(&out)
	for range maxDepth {
		e.Begin(2)
	}
	e.Uint(1, 5)
	for range maxDepth {
		e.End()
	}
	if err := e.EndRecord(); err != nil {
		t.Fatalf("%d levels: %v", maxDepth, err)
	}
	var n node
	rd := NewReader(core.NewSpanReader(out.Bytes()))
	if !rd.Next() {
		t.Fatal(rd.Err())
	}
	if err := Unmarshal(rd.Fields(), &n); err != nil {
		t.Fatalf("Unmarshal of %d levels: %v", maxDepth, err)
	}
	out.Reset()
	for range 100000 {
		e.Begin(2)
	}
	for range 100000 {
		e.End()
	}
	if err := e.EndRecord(); !errors.Is(err, errTooDeep) {
		t.Fatalf("100000 levels: %v, want %v", err, errTooDeep)
	}
	if out.Len() != 0 {
		t.Fatalf("%d bytes written for a refused record", out.Len())
	}
}

// TestNestingLinear checks that closing nested records costs no more than
// the bytes they hold once: maxDepth levels around a large blob take
// about the time of one level (closing each level by moving its content
// took maxDepth times as long).
func TestNestingLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	blob := make([]byte, 256<<10)
	var out bytes.Buffer
	e := NewWriter(&out)
	write := func(levels int) func(int) {
		return func(n int) {
			for range n {
				out.Reset()
				for range levels {
					e.Begin(1)
				}
				e.Blob(2, blob)
				for range levels {
					e.End()
				}
				if err := e.EndRecord(); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	one, deep := cputime.CompareCPU(7, 20, write(1), write(maxDepth))
	if deep > 4*one {
		t.Fatalf("%d levels take %.1fx the CPU time of one (%.0f ns, %.0f ns)", maxDepth, deep/one, deep, one)
	}
	t.Logf("%d levels / 1 level: %.2fx CPU time (loaded machine)", maxDepth, deep/one)
}

// TestHostileLengthsAllocation checks that the stream Reader sizes its
// memory by the bytes actually read, not by the lengths frames claim: a
// frame claiming MaxRecord bytes with a few present, and records of blobs
// claiming more than their record holds, allocate little.
func TestHostileLengthsAllocation(t *testing.T) {
	var before, after runtime.MemStats
	claim := varint.AppendUint(nil, 1<<30) // within a large MaxRecord, beyond the input
	in := append(claim, bytes.Repeat([]byte{0xAB}, 100)...)
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := NewReaderSize(bytes.NewReader(in), 64) // the record is larger than the buffer: gathered
	r.MaxRecord = 1 << 30
	for r.Next() {
	}
	runtime.ReadMemStats(&after)
	if !errors.Is(r.Err(), errTruncatedRecord) {
		t.Fatalf("error %v, want %v", r.Err(), errTruncatedRecord)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
		t.Fatalf("a frame claiming 1 GiB with 100 bytes present allocated %d bytes", got)
	}
	// A blob claiming more than its record: refused before anything is
	// copied, by Unmarshal as by the Decoder.
	body := []byte{0x80, 0x04, 0xff, 0xff, 0xff, 0xff, 0x0f, 'x'}
	var v struct {
		B []byte `record:"4"`
	}
	runtime.GC()
	runtime.ReadMemStats(&before)
	err := Unmarshal(NewDecoder(body), &v)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errBlobBounds) {
		t.Fatalf("error %v, want %v", err, errBlobBounds)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<10 {
		t.Fatalf("a blob claiming 4 GiB allocated %d bytes", got)
	}
}
