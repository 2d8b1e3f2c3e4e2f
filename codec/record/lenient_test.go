package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
	"github.com/google/go-cmp/cmp"
)

// refField is a field as the reference lenient decoder sees it.
type refField struct {
	ID    ID
	Kind  Kind
	Value uint64
	Data  string
}

// refLenient decodes body by the format's rules with non-minimal varints
// and identifier 0 allowed, written independently of Decoder: a tag, a
// varint, the blob. It returns the fields before the first error and
// whether it ended cleanly.
func refLenient(body []byte) ([]refField, bool) {
	var fs []refField
	for len(body) > 0 {
		if len(body) < 2 {
			return fs, false
		}
		tag := uint16(body[0])<<8 | uint16(body[1])
		v, n, err := varint.UintLenient(body[2:])
		if err != nil {
			return fs, false
		}
		body = body[2+n:]
		f := refField{ID: ID(tag & 0x7fff), Value: v}
		if tag&0x8000 != 0 {
			if v > uint64(len(body)) {
				return fs, false
			}
			f.Kind, f.Data, body = Blob, string(body[:v]), body[v:]
		}
		fs = append(fs, f)
	}
	return fs, true
}

func decodeAll(d Decoder) ([]refField, error) {
	var fs []refField
	for d.Next() {
		f := d.Field()
		fs = append(fs, refField{f.ID, f.Kind, f.Value, string(f.Data)})
	}
	return fs, d.Err()
}

// FuzzLenient checks the lenient Decoder against the reference, that it
// accepts everything the canonical one does with the same fields, and
// that Unmarshal of a lenient Decoder gives what Unmarshal of the same
// fields re-encoded canonically gives.
func FuzzLenient(f *testing.F) {
	seedCorpus(f)
	f.Add([]byte{0x00, 0x01, 0x80, 0x00})
	f.Add([]byte{0x80, 0x02, 0x83, 0x80, 0x00, 'a', 'b', 'c'})
	f.Add([]byte{0x00, 0x00, 0x07, 0x80, 0x00, 0x01, 'z'})
	f.Add(append([]byte{0x00, 0x01}, append(bytes.Repeat([]byte{0x80}, 9), 0x00)...))
	f.Add(AppendBlob(nil, 5, []byte{0x81, 0x00, 0x02}))
	f.Add(AppendBlob(nil, 11, []byte{0x85, 0x80, 0x00, 0x80, 0x00}))
	f.Fuzz(func(t *testing.T, in []byte) {
		want, clean := refLenient(in)
		got, err := decodeAll(NewDecoder(in).Lenient())
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("lenient Decoder and the reference differ (-ref +got):\n%s", diff)
		}
		if clean != (err == nil) {
			t.Fatalf("reference clean %v, Decoder error %v", clean, err)
		}
		if strict, serr := decodeAll(NewDecoder(in)); serr == nil && !cmp.Equal(strict, got) {
			t.Fatalf("canonical and lenient decoding of canonical input differ: %s", cmp.Diff(strict, got))
		}
		if err != nil {
			return
		}
		// The same fields in canonical form (identifier 0 left out: no
		// struct field maps it).
		var canon []byte
		for _, fl := range got {
			switch {
			case fl.ID == 0:
			case fl.Kind == Int:
				canon = AppendUint(canon, fl.ID, fl.Value)
			default:
				canon = AppendBlob(canon, fl.ID, []byte(fl.Data))
			}
		}
		var v, w allKinds
		err1 := Unmarshal(NewDecoder(in).Lenient(), &v)
		err2 := Unmarshal(NewDecoder(canon).Lenient(), &w)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("Unmarshal lenient: %v; of the canonical form: %v", err1, err2)
		}
		if err1 == nil && fmt.Sprint(v) != fmt.Sprint(w) {
			t.Fatalf("Unmarshal lenient and of the canonical form differ: %s", cmp.Diff(fmt.Sprint(v), fmt.Sprint(w)))
		}
		// Frames with overlong lengths: a lenient Reader gives the body.
		frame := append([]byte{byte(len(in))&0x7f | 0x80, byte(len(in)>>7) | 0x80, 0x00}, in...)
		r := NewReader(core.NewSpanReader(frame))
		r.Lenient = true
		if len(in) < 1<<14 && (!r.Next() || !bytes.Equal(r.Record(), in)) {
			t.Fatalf("lenient Reader: %v", r.Err())
		}
	})
}

type lenientKinds struct {
	A    uint64        `record:"1"`
	B    []byte        `record:"2"`
	P    [2]uint32     `record:"3"`
	In   *lenientKinds `record:"4"`
	When time.Time     `record:"5"`
}

// TestLenient decodes records with non-minimal varints and identifier 0
// in every place they can occur: the canonical decoders refuse each, the
// lenient ones give the values.
func TestLenient(t *testing.T) {
	inner := []byte{0x00, 0x01, 0x85, 0x00} // A = 5, overlong
	tests := []struct {
		name   string
		body   []byte
		strict error
		want   lenientKinds
	}{
		{"integer value", []byte{0x00, 0x01, 0x87, 0x80, 0x00}, varint.ErrOverlong, lenientKinds{A: 7}},
		{"10-byte zero", append([]byte{0x00, 0x01}, append(bytes.Repeat([]byte{0x80}, 9), 0x00)...), varint.ErrOverlong, lenientKinds{}},
		{"blob length", []byte{0x80, 0x02, 0x82, 0x00, 'h', 'i'}, varint.ErrOverlong, lenientKinds{B: []byte("hi")}},
		{"identifier 0 integer", []byte{0x00, 0x00, 0x09, 0x00, 0x01, 0x03}, errReservedID, lenientKinds{A: 3}},
		{"identifier 0 blob", []byte{0x80, 0x00, 0x01, 'x', 0x00, 0x01, 0x03}, errReservedID, lenientKinds{A: 3}},
		{"packed element", AppendBlob(nil, 3, []byte{0x81, 0x00, 0x02}), ErrRange, lenientKinds{P: [2]uint32{1, 2}}},
		{"nested", AppendBlob(nil, 4, inner), varint.ErrOverlong, lenientKinds{In: &lenientKinds{A: 5}}},
		{"timestamp", AppendBlob(nil, 5, []byte{0x85, 0x00, 0x80, 0x00}), varint.ErrOverlong, lenientKinds{When: time.Unix(5, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v lenientKinds
			if err := Unmarshal(NewDecoder(tt.body), &v); !errors.Is(err, tt.strict) {
				t.Fatalf("canonical Unmarshal: %v, want %v", err, tt.strict)
			}
			v = lenientKinds{}
			if err := Unmarshal(NewDecoder(tt.body).Lenient(), &v); err != nil {
				t.Fatalf("lenient Unmarshal: %v", err)
			}
			opt := cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })
			if diff := cmp.Diff(tt.want, v, opt); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
			s, err := NewSchema[lenientKinds]()
			if err != nil {
				t.Fatal(err)
			}
			var w lenientKinds
			if err := s.Decode(NewDecoder(tt.body).Lenient(), &w); err != nil || !cmp.Equal(tt.want, w, opt) {
				t.Fatalf("lenient Schema.Decode: %v, %s", err, cmp.Diff(tt.want, w, opt))
			}
		})
	}
}

// TestLenientStillRejects checks what a lenient Decoder keeps refusing.
func TestLenientStillRejects(t *testing.T) {
	tests := []struct {
		name string
		body []byte
		err  error
	}{
		{"overflow", append([]byte{0x00, 0x01}, append(bytes.Repeat([]byte{0xff}, 9), 0x02)...), varint.ErrOverflow},
		{"11 bytes", append([]byte{0x00, 0x01}, append(bytes.Repeat([]byte{0x80}, 10), 0x00)...), varint.ErrTooLong},
		{"truncated varint", []byte{0x00, 0x01, 0x80}, varint.ErrTruncated},
		{"truncated tag", []byte{0x00}, errTruncatedField},
		{"blob past the end", []byte{0x80, 0x01, 0x85, 0x00, 'a'}, errBlobBounds},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decodeAll(NewDecoder(tt.body).Lenient())
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
		})
	}
}

// TestLenientOffsets checks that error offsets inside a nested record
// whose length is overlong count the extra bytes.
func TestLenientOffsets(t *testing.T) {
	body := []byte{0x80, 0x01, 0x83, 0x00, 0x00, 0x01, 0x80} // nested, 3 bytes: a truncated field
	d := NewDecoder(body).Lenient()
	if !d.Next() {
		t.Fatal(d.Err())
	}
	sub := d.Field().Fields()
	for sub.Next() {
	}
	var re *Error
	if !errors.As(sub.Err(), &re) || re.Offset != 4 {
		t.Fatalf("nested error %v, want at offset 4", sub.Err())
	}
}

// TestLenientReader reads frames whose lengths are overlong.
func TestLenientReader(t *testing.T) {
	body := AppendUint(nil, 1, 5)
	stream := append([]byte{0x83, 0x00}, body...)
	stream = append(stream, AppendFrame(nil, body)...)
	r := NewReader(core.NewSpanReader(stream))
	if r.Next() || !errors.Is(r.Err(), varint.ErrOverlong) {
		t.Fatalf("canonical Reader: %v, want %v", r.Err(), varint.ErrOverlong)
	}
	r = NewReader(core.NewSpanReader(stream))
	r.Lenient = true
	for i := range 2 {
		if !r.Next() || !bytes.Equal(r.Record(), body) {
			t.Fatalf("record %d: %v", i, r.Err())
		}
		var v lenientKinds
		if err := Unmarshal(r.Fields().Lenient(), &v); err != nil || v.A != 5 {
			t.Fatalf("record %d: %v %+v", i, err, v)
		}
	}
	if r.Next() || r.Err() != nil {
		t.Fatalf("end: %v", r.Err())
	}
	r.Reset(core.NewSpanReader(stream))
	if !r.Next() {
		t.Fatalf("Reset dropped Lenient: %v", r.Err())
	}
}

// TestTruncatedVocabulary checks that every way a record or stream can end
// too soon matches io.ErrUnexpectedEOF, and other errors do not.
func TestTruncatedVocabulary(t *testing.T) {
	decode := func(body []byte) error { _, err := decodeAll(NewDecoder(body)); return err }
	read := func(stream []byte) error {
		r := NewReader(core.NewSpanReader(stream))
		for r.Next() {
		}
		return r.Err()
	}
	tests := []struct {
		name      string
		err       error
		truncated bool
	}{
		{"tag", decode([]byte{0x00}), true},
		{"varint", decode([]byte{0x00, 0x01, 0x80}), true},
		{"blob", decode([]byte{0x80, 0x01, 0x05, 'a'}), true},
		{"frame length", read([]byte{0x80}), true},
		{"frame body", read([]byte{0x05, 0x00}), true},
		{"overlong", decode([]byte{0x00, 0x01, 0x80, 0x00}), false},
		{"identifier 0", decode([]byte{0x00, 0x00, 0x01}), false},
		{"too large", read(varint.AppendUint(nil, 1<<40)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error")
			}
			if got := errors.Is(tt.err, io.ErrUnexpectedEOF); got != tt.truncated {
				t.Fatalf("%v: errors.Is(err, io.ErrUnexpectedEOF) = %v, want %v", tt.err, got, tt.truncated)
			}
		})
	}
}
