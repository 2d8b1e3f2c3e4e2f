package codecbench

import (
	"bytes"
	"os"
	"testing"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// TestRatios measures the record codec against protowire in CPU time,
// each side alternately in the same run, medians of 41 rounds of 1024
// records, and logs the ratios with the targets (encode 1.5x,
// decode 1.5x). It only runs with FASTIO_RATIOS set, since timing checks
// do not belong in a plain go test.
func TestRatios(t *testing.T) {
	if os.Getenv("FASTIO_RATIOS") == "" {
		t.Skip("set FASTIO_RATIOS=1 to measure the ratios against protowire")
	}
	in := inputs()
	rec, proto := streams(t)
	sch, err := record.NewSchema[typed]()
	if err != nil {
		t.Fatal(err)
	}
	typedIn := make([]typed, len(in))
	for i := range in {
		typedIn[i] = in[i].typed()
	}
	var mem bytes.Buffer
	mem.Grow(len(rec) + 256)
	e := record.NewWriter(&mem)
	out := make([]byte, 0, len(proto)+256)
	body := make([]byte, 0, 256)
	protoEnc := func(n int) {
		out = out[:0]
		for i := range n {
			out, body = appendProtowire(out, body, &in[i&1023])
		}
	}
	encoders := []struct {
		name string
		f    func(n int)
	}{
		{"Builder", func(n int) {
			mem.Reset()
			for i := range n {
				buildRecord(e, &in[i&1023])
			}
		}},
		{"Builder.Next", func(n int) {
			mem.Reset()
			for i := 0; i < n; i += len(in) {
				buildRecords(e, in[:min(n-i, len(in))])
			}
		}},
		{"Writer", func(n int) {
			mem.Reset()
			for i := range n {
				writeRecord(e, &in[i&1023])
			}
		}},
		{"Schema.Write", func(n int) {
			mem.Reset()
			for i := range n {
				sch.Write(e, &typedIn[i&1023])
			}
		}},
	}
	for _, enc := range encoders {
		a, b := cputime.CompareCPU(41, len(in), enc.f, protoEnc)
		t.Logf("encode %-13s %5.1f ns/record, protowire %5.1f: %.2fx%s", enc.name, a, b, b/a, below(b/a, 1.5))
	}

	span := core.NewSpanReader(nil)
	r := record.NewReader(span)
	var v view
	var tv typed
	var pv decoded
	protoDec := func(int) {
		for p := proto; len(p) > 0; {
			k, err := decodeProtowire(p, &pv)
			if err != nil {
				t.Fatal(err)
			}
			p = p[k:]
		}
	}
	decoders := []struct {
		name string
		f    func(n int)
	}{
		{"Decoder", func(int) {
			span.Reset(rec)
			r.Reset(span)
			for r.Next() {
				d := r.Fields()
				readRecord(&d, &v)
			}
		}},
		{"Schema", func(int) {
			span.Reset(rec)
			r.Reset(span)
			for r.Next() {
				sch.Decode(r.Fields(), &tv)
			}
		}},
	}
	for _, dec := range decoders {
		a, b := cputime.CompareCPU(41, len(in), dec.f, protoDec)
		t.Logf("decode %-13s %5.1f ns/record, protowire %5.1f: %.2fx%s", dec.name, a, b, b/a, below(b/a, 1.5))
	}
}

// below marks a ratio under its target in TestRatios' log.
func below(ratio, target float64) string {
	if ratio < target {
		return ", below the target"
	}
	return ""
}
