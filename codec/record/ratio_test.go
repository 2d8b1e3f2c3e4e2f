package record

import (
	"os"
	"testing"

	"github.com/fastio-go/fastio/codec/internal/cputime"
	"github.com/fastio-go/fastio/core"
)

// TestSeedRatios checks the performance targets of the record codec
// against its peers, in CPU time per record measured alternately in the
// same run (see codec/internal/cputime): encoding at least 1.2 times
// faster than hand-written encoding/binary code producing the same bytes,
// decoding at least 1.5 times faster than hand-written encoding/binary
// decoding that copies the name. It only runs with FASTIO_RATIOS=1, since
// timing checks do not belong in a plain go test on a shared machine.
func TestSeedRatios(t *testing.T) {
	if os.Getenv("FASTIO_RATIOS") == "" {
		t.Skip("set FASTIO_RATIOS=1 to measure the performance ratios")
	}
	in := seedInputs()
	var out core.Buffer
	out.Grow(1 << 20)
	e := NewWriter(&out)
	body := make([]byte, 0, 256)
	const n = 1024
	encode := func(n int) {
		out.Reset()
		for i := range n {
			writeSeed(e, &in[i&1023])
		}
	}
	encodePeer := func(n int) {
		out.Reset()
		for i := range n {
			body = encodeSeedBinary(&out, body, &in[i&1023])
		}
	}
	encodeText := func(n int) {
		out.Reset()
		for i := range n {
			writeSeedText(&out, &in[i&1023])
		}
	}
	var rec, text core.Buffer
	e2 := NewWriter(&rec)
	for i := range in {
		writeSeed(e2, &in[i])
		writeSeedText(&text, &in[i])
	}
	span := core.NewSpanReader(nil)
	r := NewReader(span)
	var s seedStat
	decode := func(n int) {
		span.Reset(rec.Bytes())
		r.Reset(span)
		for r.Next() {
			d := r.Fields()
			readSeed(&d, &s)
		}
	}
	var ss seedStatString
	decodePeer := func(n int) {
		for p := rec.Bytes(); len(p) > 0; {
			k, err := decodeSeedBinary(p, &ss)
			if err != nil {
				t.Fatal(err)
			}
			p = p[k:]
		}
	}
	decodeText := func(n int) {
		for p := text.Bytes(); len(p) > 0; {
			k, err := parseSeedTextInto(p, &s)
			if err != nil {
				t.Fatal(err)
			}
			p = p[k:]
		}
	}
	const rounds = 31
	enc, encPeer := cputime.Compare(rounds, n, encode, encodePeer)
	_, encText := cputime.Compare(5, n, encode, encodeText)
	dec, decPeer := cputime.Compare(rounds, n, decode, decodePeer)
	_, decText := cputime.Compare(5, n, decode, decodeText)
	t.Logf("CPU ns/record: encode record %.1f, binary.AppendUvarint %.1f (%.2fx), text %.1f (%.2fx)",
		enc, encPeer, encPeer/enc, encText, encText/enc)
	t.Logf("CPU ns/record: decode record %.1f, binary.Uvarint+string %.1f (%.2fx), text %.1f (%.2fx)",
		dec, decPeer, decPeer/dec, decText, decText/dec)
	t.Logf("bytes/record: record %.1f, text %.1f", float64(rec.Len())/n, float64(text.Len())/n)
	if encPeer/enc < 1.2 {
		t.Errorf("encode is %.2fx the hand-written encoding/binary code, target 1.2x", encPeer/enc)
	}
	if decPeer/dec < 1.5 {
		t.Errorf("decode is %.2fx the hand-written encoding/binary code, target 1.5x", decPeer/dec)
	}
}
