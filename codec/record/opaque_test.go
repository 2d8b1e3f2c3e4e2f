package record

import (
	"bytes"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// private is a struct of unexported state only: no tag can reach it.
type private struct {
	n int
}

// untaggedOnly has exported fields and no tags: by the mapping's rule
// nothing of it is stored, and it is an empty nested record.
type untaggedOnly struct {
	A int
	B string
}

// TestOpaqueStruct checks that a struct that maps no fields but has
// unexported ones is refused with ErrUnsupported naming the field, nested
// or at the top, by Marshal, Unmarshal and NewSchema, instead of encoding
// as an empty record; and that structs without such state (struct{},
// untagged exported fields only, tagged fields beside unexported ones)
// are still mapped.
func TestOpaqueStruct(t *testing.T) {
	refused := []struct {
		name  string
		v     any
		field string // what the error must name
	}{
		{"nested big.Int", &struct {
			N big.Int `record:"1"`
		}{}, ".N has type big.Int"},
		{"nested *big.Int", &struct {
			N *big.Int `record:"2"`
		}{N: big.NewInt(7)}, ".N has type *big.Int"},
		{"nested struct of unexported fields", &struct {
			A uint64  `record:"1"`
			P private `record:"3"`
		}{P: private{n: 1}}, ".P has type record.private"},
		{"deeper", &struct {
			O struct {
				P *private `record:"4"`
			} `record:"1"`
		}{}, ".P has type *record.private"},
		{"top level big.Int", big.NewInt(5), "big.Int maps no fields"},
		{"top level private", &private{n: 1}, "record.private maps no fields"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			e := NewWriter(&out)
			err := Marshal(e, tt.v)
			if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), tt.field) {
				t.Fatalf("Marshal error %v, want %v naming %q", err, ErrUnsupported, tt.field)
			}
			if err := Unmarshal(NewDecoder(nil), tt.v); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), tt.field) {
				t.Fatalf("Unmarshal error %v, want %v naming %q", err, ErrUnsupported, tt.field)
			}
			if e.Len() != 0 || out.Len() != 0 {
				t.Fatalf("Marshal wrote %d bytes and left %d in the record", out.Len(), e.Len())
			}
		})
	}
	if _, err := NewSchema[struct {
		N big.Int `record:"1"`
	}](); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("NewSchema of a struct with a big.Int field: %v, want %v", err, ErrUnsupported)
	}

	type mapped struct {
		E struct{}     `record:"1"`
		U untaggedOnly `record:"2"`
		P *struct{}    `record:"3"`
		a int          // unexported beside tagged fields: not stored
		V uint64       `record:"4"`
	}
	accepted := []struct {
		name string
		v    mapped
		want []byte // the record body
	}{
		{"empty nested records", mapped{U: untaggedOnly{A: 1, B: "x"}, a: 9, V: 5},
			[]byte{0x80, 1, 0, 0x80, 2, 0, 0, 4, 5}},
		{"with a pointer", mapped{P: &struct{}{}, V: 1},
			[]byte{0x80, 1, 0, 0x80, 2, 0, 0x80, 3, 0, 0, 4, 1}},
	}
	for _, tt := range accepted {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			e := NewWriter(&out)
			if err := Marshal(e, &tt.v); err != nil {
				t.Fatal(err)
			}
			if err := e.EndRecord(); err != nil {
				t.Fatal(err)
			}
			if got := out.Bytes()[1:]; !bytes.Equal(got, tt.want) {
				t.Fatalf("body % x, want % x", got, tt.want)
			}
			var back mapped
			r := NewReader(core.NewSpanReader(out.Bytes()))
			if !r.Next() {
				t.Fatal(r.Err())
			}
			if err := Unmarshal(r.Fields(), &back); err != nil {
				t.Fatal(err)
			}
			if back.V != tt.v.V || (back.P != nil) != (tt.v.P != nil) {
				t.Fatalf("decoded %+v, want V=%d and P set %v", back, tt.v.V, tt.v.P != nil)
			}
		})
	}
}
