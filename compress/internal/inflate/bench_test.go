package inflate

import (
	"bytes"
	stdflate "compress/flate"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	kflate "github.com/klauspost/compress/flate"
)

func benchData(b *testing.B, name string) ([]byte, []byte) {
	var data []byte
	switch name {
	case "Text":
		data = text(4 << 20)
	case "Pattern":
		for len(data) < 4<<20 {
			data = append(data, pattern()...)
		}
	}
	return data, deflate(b, data, 6, nil)
}

func benchInflate(b *testing.B, name, impl string) {
	data, stream := benchData(b, name)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	buf := make([]byte, 64<<10)
	var d Decoder
	src := core.NewSpanReader(stream)
	kr := kflate.NewReader(bytes.NewReader(stream))
	sr := stdflate.NewReader(bytes.NewReader(stream))
	var br bytes.Reader
	for b.Loop() {
		var r io.Reader
		switch impl {
		case "fastio":
			src.Reset(stream)
			d.Reset(src, nil)
			r = &d
		case "klauspost":
			br.Reset(stream)
			kr.(kflate.Resetter).Reset(&br, nil)
			r = kr
		case "std":
			br.Reset(stream)
			sr.(stdflate.Resetter).Reset(&br, nil)
			r = sr
		}
		n := 0
		for {
			k, err := r.Read(buf)
			n += k
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		if n != len(data) {
			b.Fatalf("%d bytes, want %d", n, len(data))
		}
	}
}

func BenchmarkInflateText(b *testing.B) {
	for _, impl := range []string{"fastio", "klauspost", "std"} {
		b.Run(impl, func(b *testing.B) { benchInflate(b, "Text", impl) })
	}
}

func BenchmarkInflatePattern(b *testing.B) {
	for _, impl := range []string{"fastio", "klauspost", "std"} {
		b.Run(impl, func(b *testing.B) { benchInflate(b, "Pattern", impl) })
	}
}

// BenchmarkBuild times building the decode tables of the first dynamic
// block of level-6 text: the literal/length code and the distance code
// (libdeflate's doubling fills the primary tables).
func BenchmarkBuild(b *testing.B) {
	stream := deflate(b, text(1<<16), 6, nil)
	var d Decoder
	d.Reset(core.NewSpanReader(stream), nil)
	d.header()
	if d.state != stHuff || d.litp != &d.lit {
		b.Fatal("the stream does not start with a dynamic block")
	}
	// The header's first 17 bits: BFINAL, BTYPE, HLIT, HDIST.
	h := uint32(stream[0]) | uint32(stream[1])<<8 | uint32(stream[2])<<16
	nlit, ndist := int(h>>3&31)+257, int(h>>8&31)+1
	lit := append([]uint8{}, d.lens[:nlit]...)
	dist := append([]uint8{}, d.lens[nlit:nlit+ndist]...)
	var t [litTableSize]uint32
	var dt [distTableSize]uint32
	b.ReportAllocs()
	for b.Loop() {
		if !build(t[:], lit, litBits, kindLit) || !build(dt[:], dist, distBits, kindDist) {
			b.Fatal("build failed")
		}
	}
}
