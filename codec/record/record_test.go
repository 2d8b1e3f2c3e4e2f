package record

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"github.com/google/go-cmp/cmp"
)

// fieldVal is a decoded field in comparable form.
type fieldVal struct {
	ID    ID
	Kind  Kind
	Value uint64
	Data  string
}

func collect(t *testing.T, d Decoder) []fieldVal {
	t.Helper()
	var out []fieldVal
	for d.Next() {
		f := d.Field()
		out = append(out, fieldVal{f.ID, f.Kind, f.Value, string(f.Data)})
	}
	if err := d.Err(); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return out
}

func TestWriterMatchesAppend(t *testing.T) {
	long := strings.Repeat("x", 300)
	tests := []struct {
		name  string
		write func(e *Writer)
		body  []byte
		want  []fieldVal
	}{
		{"empty", func(e *Writer) {}, nil, nil},
		{"uint", func(e *Writer) { e.Uint(1, 0); e.Uint(MaxID, 1<<64-1) },
			AppendUint(AppendUint(nil, 1, 0), MaxID, 1<<64-1),
			[]fieldVal{{1, Int, 0, ""}, {MaxID, Int, 1<<64 - 1, ""}}},
		{"int", func(e *Writer) { e.Int(2, -1); e.Int(3, 64) },
			AppendInt(AppendInt(nil, 2, -1), 3, 64),
			[]fieldVal{{2, Int, 1, ""}, {3, Int, 128, ""}}},
		{"bool", func(e *Writer) { e.Bool(4, true); e.Bool(4, false) },
			AppendUint(AppendUint(nil, 4, 1), 4, 0),
			[]fieldVal{{4, Int, 1, ""}, {4, Int, 0, ""}}},
		{"blobs", func(e *Writer) { e.Blob(5, []byte("ab")); e.String(6, ""); e.String(7, long) },
			AppendString(AppendString(AppendBlob(nil, 5, []byte("ab")), 6, ""), 7, long),
			[]fieldVal{{5, Blob, 2, "ab"}, {6, Blob, 0, ""}, {7, Blob, 300, long}}},
		{"same id both kinds", func(e *Writer) { e.Uint(8, 9); e.String(8, "n") },
			AppendString(AppendUint(nil, 8, 9), 8, "n"),
			[]fieldVal{{8, Int, 9, ""}, {8, Blob, 1, "n"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			e := NewWriter(&out)
			tt.write(e)
			if err := e.EndRecord(); err != nil {
				t.Fatal(err)
			}
			if want := AppendFrame(nil, tt.body); !bytes.Equal(out.Bytes(), want) {
				t.Fatalf("Writer wrote % x\nAppend gives % x", out.Bytes(), want)
			}
			if diff := cmp.Diff(tt.want, collect(t, NewDecoder(tt.body))); diff != "" {
				t.Fatalf("decoded fields (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNested(t *testing.T) {
	for _, size := range []int{0, 1, 127, 128, 16383, 16384, 70000} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			inner := strings.Repeat("i", max(size-4, 0))
			var out bytes.Buffer
			e := NewWriter(&out)
			e.Uint(1, 7)
			e.Begin(2)
			if size > 0 {
				e.String(3, inner) // tag + length + bytes = size for size >= 4
			}
			e.Begin(4) // an empty nested record inside
			e.End()
			e.End()
			e.Uint(5, 8)
			if err := e.EndRecord(); err != nil {
				t.Fatal(err)
			}
			var innerBody []byte
			if size > 0 {
				innerBody = AppendString(nil, 3, inner)
			}
			innerBody = AppendBlob(innerBody, 4, nil)
			want := AppendUint(AppendBlob(AppendUint(nil, 1, 7), 2, innerBody), 5, 8)
			r := NewReader(core.NewSpanReader(out.Bytes()))
			if !r.Next() {
				t.Fatal(r.Err())
			}
			if !bytes.Equal(r.Record(), want) {
				t.Fatalf("nested record differs from Append form (len %d vs %d)", len(r.Record()), len(want))
			}
			d := r.Fields()
			d.Next()
			d.Next()
			f := d.Field()
			got := collect(t, f.Fields())
			if len(got) != 1+min(size, 1) || got[len(got)-1].ID != 4 {
				t.Fatalf("nested fields: %v", got)
			}
		})
	}
}

func TestWriterUsageErrors(t *testing.T) {
	tests := []struct {
		name  string
		write func(e *Writer)
		err   error
	}{
		{"id 0", func(e *Writer) { e.Uint(0, 1) }, ErrBadID},
		{"id 0x8000", func(e *Writer) { e.String(0x8000, "x") }, ErrBadID},
		{"blob id 0", func(e *Writer) { e.Blob(0, nil) }, ErrBadID},
		{"begin id 0", func(e *Writer) { e.Begin(0); e.End() }, ErrBadID},
		{"end without begin", func(e *Writer) { e.End() }, errNesting},
		{"unclosed begin", func(e *Writer) { e.Begin(1) }, errNesting},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			e := NewWriter(&out)
			e.Uint(9, 9)
			tt.write(e)
			if err := e.EndRecord(); !errors.Is(err, tt.err) {
				t.Fatalf("EndRecord error %v, want %v", err, tt.err)
			}
			if out.Len() != 0 {
				t.Fatalf("faulty record was written: % x", out.Bytes())
			}
			// The Writer stays usable.
			e.Uint(1, 2)
			if err := e.EndRecord(); err != nil {
				t.Fatal(err)
			}
			if want := AppendFrame(nil, AppendUint(nil, 1, 2)); !bytes.Equal(out.Bytes(), want) {
				t.Fatalf("next record % x, want % x", out.Bytes(), want)
			}
		})
	}
	if AppendUint(nil, 0, 1) != nil || AppendBlob(nil, 0x8000, nil) != nil || AppendString(nil, 0, "") != nil {
		t.Fatal("Append with a bad identifier appended bytes")
	}
}

// decodeErr decodes body and returns the error and its offset.
func decodeErr(body []byte) error {
	d := NewDecoder(body)
	for d.Next() {
		if f := d.Field(); f.Kind == Blob && f.ID == 7 {
			sub := f.Fields()
			for sub.Next() {
			}
			if sub.Err() != nil {
				return sub.Err()
			}
		}
	}
	return d.Err()
}

func TestDecoderBadInput(t *testing.T) {
	ok := AppendUint(nil, 1, 5)[:3:3] // full capacity: appends copy
	pad := AppendUint(AppendUint(AppendUint(nil, 1, 1), 1, 2), 1, 3)
	tests := []struct {
		name string
		in   []byte
		err  error
		off  int64
		id   ID
	}{
		{"truncated tag", append(ok, 0x00), errTruncatedField, 3, 0},
		{"tag without value", append(ok, 0x00, 0x01), varint.ErrTruncated, 3, 1},
		{"truncated varint", append(ok, 0x00, 0x01, 0x80), varint.ErrTruncated, 3, 1},
		{"11-byte varint", append(ok, append([]byte{0x00, 0x02}, bytes.Repeat([]byte{0x80}, 10)...)...), varint.ErrTooLong, 3, 2},
		{"overflowing varint", append(ok, append([]byte{0x00, 0x02}, append(bytes.Repeat([]byte{0xff}, 9), 0x02)...)...), varint.ErrOverflow, 3, 2},
		{"overlong varint", append(ok, 0x00, 0x03, 0x80, 0x00), varint.ErrOverlong, 3, 3},
		{"blob beyond input", append(ok, 0x80, 0x04, 0x05, 'a', 'b'), errBlobBounds, 3, 4},
		{"huge blob length", append(ok, 0x80, 0x04, 0xff, 0xff, 0xff, 0xff, 0x0f), errBlobBounds, 3, 4},
		{"id 0", append(ok, 0x00, 0x00, 0x01), errReservedID, 3, 0},
		{"blob id 0", append(ok, 0x80, 0x00, 0x00), errReservedID, 3, 0},
		{"id 0 slow path", append(ok, 0x00, 0x00, 0x81, 0x01), errReservedID, 3, 0},
		{"error in nested record", append(ok, 0x80, 0x07, 0x03, 0x00, 0x00, 0x01), errReservedID, 6, 0},
		// With 8 bytes or more at hand, which the fast paths decode.
		{"overlong 2-byte varint before more fields", append(append(ok, 0x00, 0x03, 0x80, 0x00), pad...), varint.ErrOverlong, 3, 3},
		{"overlong 3-byte varint before more fields", append(append(ok, 0x00, 0x03, 0x81, 0x80, 0x00), pad...), varint.ErrOverlong, 3, 3},
		{"overlong 5-byte varint before more fields", append(append(ok, 0x00, 0x03, 0x81, 0x81, 0x81, 0x80, 0x00), pad...), varint.ErrOverlong, 3, 3},
		{"7-byte varint, truncated", append(ok, 0x00, 0x03, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81), varint.ErrTruncated, 3, 3},
		{"id 0 before more fields", append(append(ok, 0x00, 0x00, 0x01), pad...), errReservedID, 3, 0},
		{"blob beyond input, 8 bytes at hand", append(ok, 0x80, 0x04, 0x7f, 1, 2, 3, 4, 5, 6, 7, 8), errBlobBounds, 3, 4},
		{"2-byte blob length beyond input", append(ok, 0x80, 0x04, 0x80, 0x01, 1, 2, 3, 4, 5, 6, 7, 8), errBlobBounds, 3, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := decodeErr(tt.in)
			// Schema.Decode, whose first loop decodes the same headers its
			// own way, reports the same decoding errors (fastKinds has no
			// nested record 7).
			if !strings.Contains(tt.name, "nested") {
				var v fastKinds
				sch, _ := NewSchema[fastKinds]()
				if err2 := sch.Decode(NewDecoder(tt.in), &v); err2 == nil || err2.Error() != err.Error() {
					t.Errorf("Schema.Decode: %v, Decoder: %v", err2, err)
				}
			}
			var re *Error
			if !errors.Is(err, tt.err) || !errors.As(err, &re) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if re.Offset != tt.off || re.ID != tt.id {
				t.Fatalf("error %v at offset %d id %d, want offset %d id %d", err, re.Offset, re.ID, tt.off, tt.id)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("offset %d", tt.off)) {
				t.Fatalf("message %q does not say where", err)
			}
		})
	}
}

// readAll reads every record of a stream and returns copies of the bodies.
func readAll(r *Reader) ([][]byte, error) {
	var recs [][]byte
	for r.Next() {
		recs = append(recs, bytes.Clone(r.Record()))
	}
	return recs, r.Err()
}

func TestReaderBadInput(t *testing.T) {
	good := AppendFrame(nil, AppendUint(nil, 1, 1))[:4:4] // full capacity: appends copy
	tests := []struct {
		name  string
		in    []byte
		limit int
		recs  int
		err   error
		off   int64
	}{
		{"empty stream", nil, 0, 0, nil, 0},
		{"empty record", append(good, 0x00), 0, 2, nil, 0},
		{"truncated length", append(good, 0x80), 0, 1, varint.ErrTruncated, 4},
		{"11-byte length", append(good, bytes.Repeat([]byte{0x80}, 11)...), 0, 1, varint.ErrTooLong, 4},
		{"overlong length", append(good, 0x81, 0x00), 0, 1, varint.ErrOverlong, 4},
		{"truncated record", append(good, 0x05, 0x00, 0x01), 0, 1, errTruncatedRecord, 4},
		{"beyond limit", append(good, 0x05, 0x00, 0x01, 0x01, 0x00, 0x02), 4, 1, core.ErrTooLarge, 4},
		{"at limit", append(good, 0x03, 0x00, 0x01, 0x01), 3, 2, nil, 0},
		{"huge claimed length", append(good, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f), 0, 1, core.ErrTooLarge, 4},
	}
	for _, tt := range tests {
		for _, src := range readerKinds(tt.in) {
			t.Run(tt.name+"/"+src.name, func(t *testing.T) {
				r := NewReader(src.r)
				r.MaxRecord = tt.limit
				recs, err := readAll(r)
				if len(recs) != tt.recs {
					t.Fatalf("%d records before the error, want %d", len(recs), tt.recs)
				}
				if tt.err == nil {
					if err != nil {
						t.Fatal(err)
					}
					return
				}
				var re *Error
				if !errors.Is(err, tt.err) || !errors.As(err, &re) || re.Offset != tt.off {
					t.Fatalf("error %v, want %v at offset %d", err, tt.err, tt.off)
				}
				if r.Next() {
					t.Fatal("Next true after an error")
				}
			})
		}
	}
}

type namedReader struct {
	name string
	r    io.Reader
}

// readerKinds returns readers over data that split it in different ways,
// with buffers smaller than some records.
func readerKinds(data []byte) []namedReader {
	return []namedReader{
		{"span", core.NewSpanReader(data)},
		{"1-byte reads", core.NewReaderSize(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 1}}, 64)},
		{"5-byte reads", core.NewReaderSize(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 5}}, 100)},
		{"eof with data", core.NewReaderSize(&coretest.Reader{Data: data, EOFWithData: true, Faults: coretest.Faults{Max: 33}}, 64)},
		{"bufio", bufio.NewReaderSize(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 7}}, 16)},
		{"plain io.Reader", &coretest.Reader{Data: data, Faults: coretest.Faults{Max: 3}}},
	}
}

func TestStreamChunking(t *testing.T) {
	// Records of many sizes, some larger than the readers' buffers.
	var stream []byte
	var want [][]byte
	for i := range 40 {
		body := AppendUint(nil, ID(i+1), uint64(i)*977)
		body = AppendString(body, 2, strings.Repeat(string(rune('a'+i%26)), i*i*3))
		want = append(want, body)
		stream = AppendFrame(stream, body)
	}
	for _, src := range readerKinds(stream) {
		t.Run(src.name, func(t *testing.T) {
			got, err := readAll(NewReader(src.r))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("records differ (-want +got):\n%s", diff)
			}
		})
	}
	// And the Writer produces the same stream whatever the device accepts
	// per call.
	for _, max := range []int{0, 1, 7} {
		t.Run(fmt.Sprint("write max ", max), func(t *testing.T) {
			dev := &coretest.Writer{Faults: coretest.Faults{Max: max}}
			e := NewWriter(core.NewWriterSize(dev, 64))
			for i := range 40 {
				e.Uint(ID(i+1), uint64(i)*977)
				e.String(2, strings.Repeat(string(rune('a'+i%26)), i*i*3))
				if err := e.EndRecord(); err != nil {
					t.Fatal(err)
				}
			}
			if err := e.Flush(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dev.Bytes(), stream) {
				t.Fatal("Writer stream differs from AppendFrame stream")
			}
		})
	}
}

func TestLargeRecord(t *testing.T) {
	big := bytes.Repeat([]byte("0123456789"), 10000) // 100 kB, above largeRecord
	dev := &coretest.Writer{Faults: coretest.Faults{Max: 4096}}
	e := NewWriter(dev)
	e.Blob(1, big)
	if err := e.EndRecord(); err != nil {
		t.Fatal(err)
	}
	if err := e.Flush(); err != nil {
		t.Fatal(err)
	}
	stream := dev.Bytes()
	for _, limit := range []int{0, len(big) + 100} {
		r := NewReader(core.NewReaderSize(&coretest.Reader{Data: stream, Faults: coretest.Faults{Max: 1000}}, 4096))
		r.MaxRecord = limit
		if !r.Next() {
			t.Fatal(r.Err())
		}
		d := r.Fields()
		if !d.Next() || !bytes.Equal(d.Field().Data, big) {
			t.Fatalf("big blob not read back: %v", d.Err())
		}
	}
	r := NewReader(core.NewSpanReader(stream))
	r.MaxRecord = len(big)
	if r.Next() || !errors.Is(r.Err(), core.ErrTooLarge) {
		t.Fatalf("record above MaxRecord: %v", r.Err())
	}
}

func TestWriterDeviceError(t *testing.T) {
	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 1}}
	e := NewWriter(core.NewWriterSize(dev, 64))
	for range 10 {
		e.String(1, "0123456789")
		e.EndRecord()
	}
	if err := e.Flush(); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("Flush error %v, want %v", err, coretest.ErrFault)
	}
}

func TestReaderDeviceError(t *testing.T) {
	stream := AppendFrame(nil, AppendString(nil, 1, strings.Repeat("z", 50)))
	r := NewReader(core.NewReaderSize(&coretest.Reader{Data: stream, Faults: coretest.Faults{Max: 8, FailAt: 3}}, 64))
	if r.Next() || !errors.Is(r.Err(), coretest.ErrFault) {
		t.Fatalf("error %v, want %v", r.Err(), coretest.ErrFault)
	}
	// A fault while gathering a record larger than the buffer.
	stream = AppendFrame(nil, AppendString(nil, 1, strings.Repeat("z", 500)))
	r = NewReader(core.NewReaderSize(&coretest.Reader{Data: stream, Faults: coretest.Faults{Max: 64, FailAt: 4}}, 64))
	if r.Next() || !errors.Is(r.Err(), coretest.ErrFault) {
		t.Fatalf("error while gathering %v, want %v", r.Err(), coretest.ErrFault)
	}
	r.Reset(core.NewSpanReader(stream))
	if !r.Next() || r.Err() != nil {
		t.Fatalf("after Reset: %v", r.Err())
	}
}

func TestAllocs(t *testing.T) {
	var out bytes.Buffer
	out.Grow(1 << 16)
	e := NewWriter(&out)
	writeSeed(e, &seedValue) // warm the Writer's buffer
	stream := bytes.Clone(out.Bytes())
	span := core.NewSpanReader(nil)
	r := NewReader(span)
	var s seedStat
	ms := mapped{UID: 1, Mode: 0o644, Name: []byte("x"), Sub: mappedSub{A: -1}}
	var mout mapped
	mout.Name = make([]byte, 0, 8)
	sch, err := NewSchema[seedTyped]()
	if err != nil {
		t.Fatal(err)
	}
	typed := toTyped(&seedValue)
	var typedOut seedTyped
	tests := []struct {
		name string
		f    func()
	}{
		{"encode", func() { out.Reset(); writeSeed(e, &seedValue) }},
		{"decode", func() {
			span.Reset(stream)
			r.Reset(span)
			for r.Next() {
				d := r.Fields()
				readSeed(&d, &s)
			}
		}},
		{"marshal", func() { out.Reset(); Marshal(e, &ms); e.EndRecord() }},
		{"unmarshal", func() { Unmarshal(NewDecoder(out.Bytes()[1:]), &mout) }},
		{"schema encode", func() { out.Reset(); sch.Encode(e, &typed); e.EndRecord() }},
		{"schema decode", func() {
			span.Reset(stream)
			r.Reset(span)
			for r.Next() {
				sch.Decode(r.Fields(), &typedOut)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Fatalf("%v allocations per run", n)
			}
		})
	}
	if mout.UID != 1 || mout.Sub.A != -1 {
		t.Fatalf("unmarshal in the alloc test decoded %+v", mout)
	}
}

type mappedSub struct {
	A int16 `record:"1"`
}

type mapped struct {
	UID  uint32    `record:"1"`
	Mode uint16    `record:"3"`
	Name []byte    `record:"4"`
	Sub  mappedSub `record:"5"`
}

// TestWriterDevices writes the same records through every kind of
// buffered writer and with a Flush in the middle of a record.
func TestWriterDevices(t *testing.T) {
	big := strings.Repeat("b", 3000) // larger than the small buffers below
	var want []byte
	for i := range 5 {
		body := AppendUint(nil, 1, uint64(i))
		body = AppendString(body, 2, big[:i*700])
		want = AppendFrame(want, body)
	}
	write := func(e *Writer) error {
		for i := range 5 {
			e.Uint(1, uint64(i))
			if i == 2 {
				if err := e.Flush(); err != nil { // mid-record: the record stays open
					return err
				}
			}
			e.String(2, big[:i*700])
			if err := e.EndRecord(); err != nil {
				return err
			}
		}
		return e.Flush()
	}
	t.Run("core.Writer", func(t *testing.T) {
		dev := &coretest.Writer{Faults: coretest.Faults{Max: 3}}
		if err := write(NewWriter(core.NewWriterSize(dev, 64))); err != nil || !bytes.Equal(dev.Bytes(), want) {
			t.Fatalf("%v, stream equal: %v", err, bytes.Equal(dev.Bytes(), want))
		}
	})
	t.Run("bufio.Writer", func(t *testing.T) {
		var dev bytes.Buffer
		if err := write(NewWriter(bufio.NewWriterSize(&dev, 16))); err != nil || !bytes.Equal(dev.Bytes(), want) {
			t.Fatalf("%v, stream equal: %v", err, bytes.Equal(dev.Bytes(), want))
		}
	})
	t.Run("plain io.Writer", func(t *testing.T) {
		var dev bytes.Buffer
		if err := write(NewWriter(&dev)); err != nil || !bytes.Equal(dev.Bytes(), want) {
			t.Fatalf("%v, stream equal: %v", err, bytes.Equal(dev.Bytes(), want))
		}
	})
	t.Run("Discard and Len", func(t *testing.T) {
		var out bytes.Buffer
		e := NewWriter(&out)
		e.Uint(1, 1)
		if e.Len() != 3 {
			t.Fatalf("Len %d, want 3", e.Len())
		}
		e.Discard()
		if e.Len() != 0 || e.EndRecord() != nil || out.Len() != 1 {
			t.Fatalf("after Discard: Len %d, output % x", e.Len(), out.Bytes())
		}
	})
}

// TestManyRecords writes 200,000 records through an io.Pipe and reads
// them back one at a time, as a program would a large file: the reader
// holds one 4 KiB buffer and gathers only the records larger than it.
func TestManyRecords(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	pr, pw := io.Pipe()
	go func() {
		e := NewWriter(pw)
		for i := range n {
			e.Uint(1, uint64(i))
			if i%10_000 == 0 {
				e.String(2, strings.Repeat("x", 5000)) // above the reader's buffer
			} else {
				e.String(2, "name")
			}
			e.EndRecord()
		}
		pw.CloseWithError(e.Flush())
	}()
	r := NewReader(core.NewReaderSize(pr, 4096))
	r.MaxRecord = 8192
	i := 0
	for r.Next() {
		d := r.Fields()
		if !d.Next() || d.Field().Value != uint64(i) || !d.Next() {
			t.Fatalf("record %d: %+v, %v", i, d.Field(), d.Err())
		}
		i++
	}
	if err := r.Err(); err != nil || i != n {
		t.Fatalf("read %d records of %d: %v", i, n, err)
	}
	if cap(r.spill) > 8192 {
		t.Fatalf("reader gathered into %d bytes, limit 8192", cap(r.spill))
	}
}

func TestAccessors(t *testing.T) {
	body := AppendString(AppendUint(nil, 1, 5), 2, "name")
	var d Decoder
	d.Reset(body, 100)
	if d.Offset() != 100 || !d.Next() || d.Offset() != 103 || !d.Next() {
		t.Fatalf("Reset/Offset: %d, %v", d.Offset(), d.Err())
	}
	if f := d.Field(); f.String() != "name" || f.Offset != 103 || f.Kind.String() != "blob" {
		t.Fatalf("field %+v", f)
	}
	var out bytes.Buffer
	e := NewWriter(io.Discard)
	e.Uint(1, 1)
	e.Reset(&out) // drops the open record
	e.Uint(3, 3)
	e.EndRecord()
	r := NewReader(core.NewSpanReader(append([]byte{0}, out.Bytes()...)))
	if !r.Next() || r.Offset() != 1 || !r.Next() || r.Offset() != 2 || string(r.Record()) != string(AppendUint(nil, 3, 3)) {
		t.Fatalf("Reader.Offset %d, record % x", r.Offset(), r.Record())
	}
}
