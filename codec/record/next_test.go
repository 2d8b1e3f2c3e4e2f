package record

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// TestBuilderNext checks that records chained with Next are the bytes of
// the Writer's methods, for every kind of field, in a buffer and through
// devices that take 0, 1 or 7 bytes per write behind a 64-byte buffer
// (so that Next often has to reserve more room).
func TestBuilderNext(t *testing.T) {
	for _, tc := range builderCases {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			ew := NewWriter(&want)
			for range 5 {
				applyWriter(ew, tc.ops)
				if err := ew.EndRecord(); err != nil {
					t.Fatal(err)
				}
			}
			for _, max := range []int{-1, 0, 1, 7} {
				var mem bytes.Buffer
				dev := &coretest.Writer{Faults: coretest.Faults{Max: max}}
				var e *Writer
				if max < 0 {
					e = NewWriter(&mem)
				} else {
					e = NewWriter(core.NewWriterSize(dev, 64))
				}
				r := e.Start(bodySize(tc.ops))
				for i := range 5 {
					if i > 0 {
						var err error
						if r, err = e.Next(r, bodySize(tc.ops)); err != nil {
							t.Fatal(err)
						}
					}
					r, _ = applyBuilder(r, tc.ops)
				}
				if err := e.Finish(r); err != nil {
					t.Fatal(err)
				}
				if err := e.Flush(); err != nil {
					t.Fatal(err)
				}
				got := mem.Bytes()
				if max >= 0 {
					got = dev.Bytes()
				}
				if !bytes.Equal(got, want.Bytes()) {
					t.Fatalf("device max %d: Next wrote\n% x\nwant\n% x", max, got, want.Bytes())
				}
			}
		})
	}
}

// TestBuilderNextErrors checks that Next reports the error of the record
// it finishes, drops that record, and returns a builder for the next one
// whatever the error.
func TestBuilderNextErrors(t *testing.T) {
	var other bytes.Buffer
	f := NewWriter(&other)
	tests := []struct {
		name  string
		build func(e *Writer, r Builder) Builder
		want  error
	}{
		{"fits", func(_ *Writer, r Builder) Builder { return r.Uint(1, 7) }, nil},
		{"beyond the size", func(_ *Writer, r Builder) Builder { return r.Blob(1, make([]byte, 300)) }, errRecordSize},
		{"bad identifier", func(_ *Writer, r Builder) Builder { return r.Uint(0, 7) }, ErrBadID},
		{"time beyond the size", func(_ *Writer, r Builder) Builder {
			return r.Blob(1, make([]byte, 190)).Time(3, time.Unix(-1, 0)) // 193 + 14 bytes
		}, errRecordSize},
		{"zero Builder", func(*Writer, Builder) Builder { return Builder{} }, errStaleBuilder},
		{"another Writer's", func(*Writer, Builder) Builder { return f.Start(10).Uint(1, 1) }, errStaleBuilder},
		{"finished already", func(e *Writer, r Builder) Builder {
			r = r.Uint(1, 1)
			if err := e.Finish(r); err != nil {
				t.Fatal(err)
			}
			return r
		}, errStaleBuilder},
		{"long body", func(_ *Writer, r Builder) Builder { return r.Blob(1, make([]byte, 150)) }, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var mem bytes.Buffer
			e := NewWriter(&mem)
			var want []byte
			r := e.Start(200)
			r = tc.build(e, r)
			if tc.name == "finished already" {
				want = AppendFrame(nil, AppendUint(nil, 1, 1))
			}
			if tc.want == nil {
				var body []byte
				switch tc.name {
				case "fits":
					body = AppendUint(nil, 1, 7)
				case "long body":
					body = AppendBlob(nil, 1, make([]byte, 150)) // a frame length of 2 bytes
				}
				want = AppendFrame(want, body)
			}
			r, err := e.Next(r, 16)
			if !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
				t.Fatalf("Next: %v, want %v", err, tc.want)
			}
			// The next record goes on.
			if err := e.Finish(r.Uint(2, 300)); err != nil {
				t.Fatalf("the record after: %v", err)
			}
			if err := e.Flush(); err != nil {
				t.Fatal(err)
			}
			want = AppendFrame(want, AppendUint(nil, 2, 300))
			if !bytes.Equal(mem.Bytes(), want) {
				t.Fatalf("wrote % x, want % x", mem.Bytes(), want)
			}
		})
	}
}

// TestBuilderNextAfterWriterFields checks Next on a builder that continues
// a record of the Writer's methods, and Next when the Writer's methods
// opened a record again.
func TestBuilderNextAfterWriterFields(t *testing.T) {
	var got bytes.Buffer
	e := NewWriter(&got)
	e.Uint(1, 5)
	r := e.Start(MaxHeaderLen).Uint(2, 6)
	r, err := e.Next(r, 20)
	if err != nil {
		t.Fatal(err)
	}
	r, err = e.Next(r.Uint(3, 7), 20)
	if err != nil {
		t.Fatal(err)
	}
	e.Uint(9, 9) // opens a record of the Writer's methods: r goes stale
	if _, err := e.Next(r.Uint(4, 8), 20); !errors.Is(err, errStaleBuilder) {
		t.Fatalf("Next with the Writer's record open: %v, want errStaleBuilder", err)
	}
	e.Discard()
	e.Flush()
	want := AppendFrame(nil, AppendUint(AppendUint(nil, 1, 5), 2, 6))
	want = AppendFrame(want, AppendUint(nil, 3, 7))
	if !bytes.Equal(got.Bytes(), want) {
		t.Fatalf("got % x, want % x", got.Bytes(), want)
	}
}

// BenchmarkBuilderNext compares a loop of Start/Finish with one of Next
// over the file-listing records, in a buffer that fits in cache.
func BenchmarkBuilderNext(b *testing.B) {
	in := seedInputs()
	var out bytes.Buffer
	out.Grow(1 << 20)
	e := NewWriter(&out)
	for _, next := range []bool{false, true} {
		b.Run(fmt.Sprint("Seed/Next=", next), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(48)
			out.Reset()
			r := e.Start(seedMaxBody(&in[0]))
			i := 0
			for b.Loop() {
				s := &in[i&1023]
				if i&4095 == 4095 {
					e.Finish(r)
					e.Flush()
					out.Reset()
					r = e.Start(seedMaxBody(s))
				} else if next {
					r, _ = e.Next(r, seedMaxBody(s))
				} else {
					e.Finish(r)
					r = e.Start(seedMaxBody(s))
				}
				r = fillSeed(r, s)
				i++
			}
			e.Finish(r)
			e.Flush()
		})
	}
}
