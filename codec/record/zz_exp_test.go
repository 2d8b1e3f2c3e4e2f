package record

import (
	"encoding/binary"
	"testing"
	"unsafe"

	"github.com/fastio-go/fastio/codec/internal/cputime"
	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// expDecode: validating, specialised loop over a stream of frames.
func expDecode(p []byte, s *seedTyped) (int, bool) {
	if len(p) == 0 || p[0] >= 0x80 || int(p[0]) >= len(p) {
		return 0, false
	}
	size := int(p[0])
	body := p[1 : 1+size]
	v := unsafe.Pointer(s)
	_ = v
	off := 0
	for off < len(body) {
		var tag uint16
		var x uint64
		var n int
		if len(body)-off >= 8 {
			w := binary.LittleEndian.Uint64(body[off:])
			tag = uint16(w)<<8 | uint16(w>>8&0xff)
			r := w >> 16
			if r&0x80 == 0 {
				x, n = r&0x7f, 3
			} else if r&0x8000 == 0 {
				if r&0xff00 == 0 {
					return 0, false
				}
				x, n = r&0x7f|(r>>8&0x7f)<<7, 4
			} else {
				x, n = varint.Decode(body[off+2:])
				if n <= 0 {
					return 0, false
				}
				n += 2
			}
		} else {
			if len(body)-off < 3 {
				return 0, false
			}
			tag = uint16(body[off])<<8 | uint16(body[off+1])
			x, n = varint.Decode(body[off+2:])
			if n <= 0 {
				return 0, false
			}
			n += 2
		}
		id := tag &^ blobBit
		if id == 0 {
			return 0, false
		}
		if tag >= blobBit {
			if x > uint64(len(body)-off-n) {
				return 0, false
			}
			data := body[off+n : off+n+int(x)]
			switch id {
			case 4:
				s.Name = data
			case 5:
				a, k := varint.Decode(data)
				if k <= 0 {
					return 0, false
				}
				b, k2 := varint.Decode(data[k:])
				if k2 <= 0 || k+k2 != len(data) {
					return 0, false
				}
				s.Time = [2]uint64{a, b}
			case 6:
				if len(data) != 5 {
					return 0, false
				}
				s.Blob = [5]byte(data)
			}
			n += int(x)
		} else {
			switch id {
			case 1:
				s.UID = x
			case 2:
				s.GID = x
			case 3:
				s.Mode = x
			}
		}
		off += n
	}
	return 1 + size, true
}

func TestExp(t *testing.T) {
	in := seedInputs()
	var rb core.Buffer
	w := NewWriter(&rb)
	for i := range 1024 {
		writeSeed(w, &in[i])
	}
	rec := rb.Bytes()
	var st seedTyped
	var ss seedStatString
	for p := rec; len(p) > 0; {
		k, ok := expDecode(p, &st)
		if !ok {
			t.Fatalf("bad % x", p[:60])
		}
		p = p[k:]
	}
	a, b := cputime.Compare(41, 1024, func(int) {
		for p := rec; len(p) > 0; {
			k, _ := expDecode(p, &st)
			p = p[k:]
		}
	}, func(int) {
		for p := rec; len(p) > 0; {
			k, _ := decodeSeedBinary(p, &ss)
			p = p[k:]
		}
	})
	t.Logf("exp %.1f binary %.1f: %.2fx", a, b, b/a)
	a, b = cputime.Compare(41, 1024, func(int) {
		for p := rec; len(p) > 0; {
			p = p[floorDecode(p, &st):]
		}
	}, func(int) {
		for p := rec; len(p) > 0; {
			k, _ := decodeSeedBinary(p, &ss)
			p = p[k:]
		}
	})
	t.Logf("floor %.1f binary %.1f: %.2fx", a, b, b/a)
}

func TestExp2(t *testing.T) {
	in := seedInputs()
	var rb core.Buffer
	w := NewWriter(&rb)
	for i := range 1024 {
		writeSeed(w, &in[i])
	}
	rec := rb.Bytes()
	var st seedTyped
	var ss seedStatString
	sch, _ := NewSchema[seedTyped]()
	span := core.NewSpanReader(nil)
	r := NewReader(span)
	bin := func(int) {
		for p := rec; len(p) > 0; {
			k, _ := decodeSeedBinary(p, &ss)
			p = p[k:]
		}
	}
	for _, c := range []struct {
		name string
		f    func(int)
	}{
		{"schema-direct", func(int) {
			for p := rec; len(p) > 0; {
				n := int(p[0])
				sch.p.decode(p[1:1+n], 0, unsafe.Pointer(&st), true, 0)
				p = p[1+n:]
			}
		}},
		{"reader-only", func(int) {
			span.Reset(rec)
			r.Reset(span)
			for r.Next() {
			}
		}},
		{"schema-reader", func(int) {
			span.Reset(rec)
			r.Reset(span)
			for r.Next() {
				sch.Decode(r.Fields(), &st)
			}
		}},
	} {
		a, b := cputime.Compare(41, 1024, c.f, bin)
		t.Logf("%s %.1f binary %.1f: %.2fx", c.name, a, b, b/a)
	}
}

func BenchmarkExpSchemaDirect(b *testing.B) {
	in := seedInputs()
	var rb core.Buffer
	w := NewWriter(&rb)
	for i := range 1024 {
		writeSeed(w, &in[i])
	}
	rec := rb.Bytes()
	var st seedTyped
	sch, _ := NewSchema[seedTyped]()
	for b.Loop() {
		for p := rec; len(p) > 0; {
			n := int(p[0])
			sch.p.decode(p[1:1+n], 0, unsafe.Pointer(&st), true, 0)
			p = p[1+n:]
		}
	}
}
