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
