package record

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// commitDevice is a buffered writer as an application holds it: w to
// hand to NewWriter and to write to directly, flush its own Flush, got
// what reached the device after that.
type commitDevice struct {
	w     io.Writer
	flush func() error
	got   func() []byte
}

// commitDevices are the buffered writers of TestFinishCommits: the
// concrete core types (through Start's and Finish's typed fast paths) and
// others (through the core.BufferedWriter interface), with small buffers
// so that records cross flushes.
var commitDevices = []struct {
	name string
	make func() commitDevice
}{
	{"core.Writer", func() commitDevice {
		var out bytes.Buffer
		bw := core.NewWriterSize(&out, 64)
		return commitDevice{bw, bw.Flush, out.Bytes}
	}},
	{"core.WrapWriter(*bytes.Buffer)", func() commitDevice {
		var out bytes.Buffer
		bw := core.WrapWriter(&out)
		return commitDevice{bw, bw.Flush, out.Bytes}
	}},
	{"bufio.Writer", func() commitDevice {
		var out bytes.Buffer
		bw := bufio.NewWriterSize(&out, 64)
		return commitDevice{bw, bw.Flush, out.Bytes}
	}},
	{"core.Writer over coretest short writes", func() commitDevice {
		dev := &coretest.Writer{Faults: coretest.Faults{Max: 3}}
		bw := core.NewWriterSize(dev, 64)
		return commitDevice{bw, bw.Flush, dev.Bytes}
	}},
}

// commitOps are the fields of record i of TestFinishCommits: bodies of 4
// to about 400 bytes, so that some lengths take two bytes (Finish's slow
// path), and a nested record in some.
func commitOps(i int) []fop {
	ops := []fop{
		{kind: 'u', id: 1, v: uint64(i) * 977},
		{kind: 'S', id: 2, data: bytes.Repeat([]byte{byte('a' + i%26)}, (i*37)%400)},
	}
	if i%3 == 0 {
		ops = append(ops, fop{kind: '(', id: 3}, fop{kind: 'u', id: 1, v: uint64(i)}, fop{kind: ')'})
	}
	return ops
}

// TestFinishCommits checks the pattern of an application that flushes
// only its own buffered writer (defer bw.Flush()) and never the Writer:
// every record Finish, Next, Schema.Write and EndRecord returned nil for
// reaches the device, in order, for every kind of buffered writer; with
// bytes written to the buffered writer directly between records too.
// It also flushes the buffered writer (only) in the middle and checks that
// every record finished so far is on the device by then.
func TestFinishCommits(t *testing.T) {
	sch, err := NewSchema[seedTyped]()
	if err != nil {
		t.Fatal(err)
	}
	in := seedInputs()
	const groups = 80
	for _, dc := range commitDevices {
		for _, direct := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/direct=%v", dc.name, direct), func(t *testing.T) {
				d := dc.make()
				var want bytes.Buffer
				ref := NewWriter(&want)
				refRecord := func(ops []fop) {
					applyWriter(ref, ops)
					if err := ref.EndRecord(); err != nil {
						t.Fatal(err)
					}
				}
				func() {
					defer d.flush() // the reviewer's pattern: the Writer is never flushed
					e := NewWriter(d.w)
					for g := range groups {
						ops := commitOps(g)
						switch g % 4 {
						case 0: // Start and Finish
							r, _ := applyBuilder(e.Start(bodySize(ops)), ops)
							if err := e.Finish(r); err != nil {
								t.Fatalf("group %d: Finish: %v", g, err)
							}
							refRecord(ops)
						case 1: // the Writer's methods
							applyWriter(e, ops)
							if err := e.EndRecord(); err != nil {
								t.Fatalf("group %d: EndRecord: %v", g, err)
							}
							refRecord(ops)
						case 2: // Schema.Write, through a builder
							v := toTyped(&in[g])
							if err := sch.Write(e, &v); err != nil {
								t.Fatalf("group %d: Schema.Write: %v", g, err)
							}
							sch.Encode(ref, &v)
							if err := ref.EndRecord(); err != nil {
								t.Fatal(err)
							}
						case 3: // a chain of Next, ended by Finish
							r := e.Start(bodySize(ops))
							for k := range 3 {
								ops := commitOps(g + k)
								if k > 0 {
									if r, err = e.Next(r, bodySize(ops)); err != nil {
										t.Fatalf("group %d: Next: %v", g, err)
									}
								}
								r, _ = applyBuilder(r, ops)
								refRecord(ops)
							}
							if err := e.Finish(r); err != nil {
								t.Fatalf("group %d: Finish after Next: %v", g, err)
							}
						}
						if direct {
							marker := []byte(fmt.Sprintf("<direct %d>", g))
							if _, err := d.w.Write(marker); err != nil {
								t.Fatal(err)
							}
							want.Write(marker)
						}
						if g%10 == 9 {
							// The buffered writer's own Flush, not e's.
							if err := d.flush(); err != nil {
								t.Fatal(err)
							}
							if !bytes.Equal(d.got(), want.Bytes()) {
								t.Fatalf("after group %d and the buffered writer's Flush, the device holds %d bytes, want %d:\n% x\nwant\n% x",
									g, len(d.got()), want.Len(), d.got(), want.Bytes())
							}
						}
					}
				}()
				if !bytes.Equal(d.got(), want.Bytes()) {
					t.Fatalf("the device holds %d bytes, want %d:\n% x\nwant\n% x", len(d.got()), want.Len(), d.got(), want.Bytes())
				}
			})
		}
	}
}

// TestFinishCommitsLen checks, on a *core.Writer, that each Finish and
// Next moves the record into the buffered writer at once: its Buffered
// count grows by the record's frame before any Flush.
func TestFinishCommitsLen(t *testing.T) {
	bw := core.NewWriterSize(io.Discard, 1<<16)
	e := NewWriter(bw)
	tests := []struct {
		name string
		ops  []fop
	}{
		{"short", []fop{{kind: 'u', id: 1, v: 5}}},
		{"long", []fop{{kind: 'B', id: 2, data: make([]byte, 300)}}},
		{"nested", []fop{{kind: '(', id: 3}, {kind: 'u', id: 1, v: 1}, {kind: ')'}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var one bytes.Buffer
			ref := NewWriter(&one)
			applyWriter(ref, tt.ops)
			if err := ref.EndRecord(); err != nil {
				t.Fatal(err)
			}
			before := bw.Buffered()
			r, _ := applyBuilder(e.Start(bodySize(tt.ops)), tt.ops)
			if err := e.Finish(r); err != nil {
				t.Fatal(err)
			}
			if got := bw.Buffered() - before; got != one.Len() {
				t.Fatalf("Finish: buffered writer grew by %d bytes, want %d", got, one.Len())
			}
			before = bw.Buffered()
			r, _ = applyBuilder(e.Start(bodySize(tt.ops)), tt.ops)
			r, err := e.Next(r, 10)
			if err != nil {
				t.Fatal(err)
			}
			if got := bw.Buffered() - before; got != one.Len() {
				t.Fatalf("Next: buffered writer grew by %d bytes, want %d", got, one.Len())
			}
			e.Discard() // drops the builder Next opened: nothing was committed for it
			if got := bw.Buffered() - before; got != one.Len() {
				t.Fatalf("Discard after Next: buffered writer grew by %d bytes, want %d", got, one.Len())
			}
			if err := e.Finish(r); err == nil {
				t.Fatal("Finish of a builder dropped by Discard returned nil")
			}
		})
	}
}
