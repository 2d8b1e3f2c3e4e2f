package inflate

import (
	"bytes"
	stdflate "compress/flate"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// directCheck inflates stream with DecodeAll into a buffer of exactly the
// output's length plus one plus Slack, and with Next, and wants the same
// output, verdict and input offset.
func directCheck(t *testing.T, d *Decoder, stream []byte, size int) {
	t.Helper()
	var ref Decoder
	ref.Reset(core.NewSpanReader(stream), nil)
	var want []byte
	var werr error
	for {
		q, err := ref.Next(1 << 20)
		want = append(want, q...)
		if err != nil {
			werr = err
			break
		}
	}
	buf := make([]byte, size+1+Slack)
	for i := range buf {
		buf[i] = 0xa5 // no byte of the output may come from the buffer
	}
	n, err := d.DecodeAll(core.NewSpanReader(stream), buf)
	if werr.Error() == "EOF" {
		werr = nil
	}
	if len(want) > size {
		if !errors.Is(err, ErrFull) {
			t.Fatalf("%d bytes of output into %d: %v, want ErrFull", len(want), size, err)
		}
		return
	}
	if verdict(err) != verdict(werr) || !bytes.Equal(buf[:n], want) {
		t.Fatalf("DecodeAll: %d bytes, %v; Next: %d bytes, %v", n, err, len(want), werr)
	}
	if err == nil && d.InputOffset() != ref.InputOffset() {
		t.Fatalf("DecodeAll used %d input bytes, Next %d", d.InputOffset(), ref.InputOffset())
	}
}

func TestDecodeAll(t *testing.T) {
	var d Decoder
	edge := random(32768, 10)
	edge = append(edge, edge[:1000]...)
	for name, data := range map[string][]byte{
		"empty": {}, "one": {'x'}, "text": text(300 << 10), "random": random(100<<10, 4),
		"zeros": make([]byte, 1<<20), "pattern": pattern(), "edge": edge,
	} {
		for _, level := range []int{stdflate.HuffmanOnly, 0, 1, 6, 9} {
			t.Run(name, func(t *testing.T) {
				s := deflate(t, data, level, nil)
				directCheck(t, &d, s, len(data))
				directCheck(t, &d, kdeflate(t, data, level), len(data))
				if len(data) > 0 {
					directCheck(t, &d, s, len(data)-1) // one byte short: ErrFull
				}
				directCheck(t, &d, s[:len(s)/2], len(data))
			})
		}
	}
	// The decoder works as before after DecodeAll.
	s := deflate(t, text(1000), 6, nil)
	check(t, &d, s, nil, 2)
}

func TestDecodeAllCorrupt(t *testing.T) {
	var d Decoder
	data := text(5000)
	stream := deflate(t, data, 6, nil)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range stream {
		bad := bytes.Clone(stream)
		bad[i] ^= byte(1 << rng.IntN(8))
		directCheck(t, &d, bad, len(data)+100)
		directCheck(t, &d, stream[:i], len(data))
	}
}
