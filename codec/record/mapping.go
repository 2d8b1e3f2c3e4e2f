package record

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// MaxDepth is how deeply Unmarshal follows nested records before it
// gives up with ErrTooDeep, so that crafted input cannot exhaust the stack.
const MaxDepth = 64

// ErrTooDeep means nested records go deeper than MaxDepth.
var ErrTooDeep = errors.New("record: nested records too deep")

type op uint8

const (
	opUint op = iota
	opInt
	opBool
	opFloat
	opString
	opBytes
	opStruct
	opPtrStruct
)

// fieldPlan maps one struct field to one identifier.
type fieldPlan struct {
	id        ID
	index     int
	op        op
	omitEmpty bool
	sub       *plan
}

// plan is the mapping of one struct type, built once and cached.
type plan struct {
	fields []fieldPlan
	dense  []int16 // identifier -> index in fields + 1, for small identifiers
	sparse map[ID]int
	err    error
}

func (p *plan) lookup(id ID) (*fieldPlan, bool) {
	if int(id) < len(p.dense) {
		if i := p.dense[id]; i > 0 {
			return &p.fields[i-1], true
		}
		return nil, false
	}
	if i, ok := p.sparse[id]; ok {
		return &p.fields[i], true
	}
	return nil, false
}

var plans sync.Map // reflect.Type -> *plan

var planMu sync.Mutex // serialises building, so recursive types see their placeholder

func planFor(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	planMu.Lock()
	defer planMu.Unlock()
	building := map[reflect.Type]*plan{}
	p := buildPlan(t, building)
	// Publish only complete plans: a recursive type's plans point at each
	// other and are all filled in by now.
	for bt, bp := range building {
		plans.Store(bt, bp)
	}
	return p
}

func buildPlan(t reflect.Type, building map[reflect.Type]*plan) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	if p, ok := building[t]; ok {
		return p // a recursive type: the plan is being filled in
	}
	p := &plan{}
	building[t] = p
	seen := map[ID]string{}
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, ok := sf.Tag.Lookup("record")
		if !ok || tag == "-" {
			continue
		}
		num, opts, _ := strings.Cut(tag, ",")
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > int(MaxID) {
			p.err = fmt.Errorf("%w: %s.%s: tag %q is not an identifier in 1..%d", ErrUnsupported, t, sf.Name, tag, MaxID)
			break
		}
		id := ID(n)
		if other, dup := seen[id]; dup {
			p.err = fmt.Errorf("%w: %s: fields %s and %s both have identifier %d", ErrUnsupported, t, other, sf.Name, id)
			break
		}
		seen[id] = sf.Name
		if !sf.IsExported() {
			p.err = fmt.Errorf("%w: %s.%s is tagged but not exported", ErrUnsupported, t, sf.Name)
			break
		}
		fp := fieldPlan{id: id, index: i, omitEmpty: opts == "omitempty"}
		switch ft := sf.Type; ft.Kind() {
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			fp.op = opUint
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			fp.op = opInt
		case reflect.Bool:
			fp.op = opBool
		case reflect.Float32, reflect.Float64:
			fp.op = opFloat
		case reflect.String:
			fp.op = opString
		case reflect.Slice:
			if ft.Elem().Kind() != reflect.Uint8 {
				p.err = fmt.Errorf("%w: %s.%s has type %s (only []byte slices map to fields)", ErrUnsupported, t, sf.Name, ft)
			}
			fp.op = opBytes
		case reflect.Struct:
			fp.op, fp.sub = opStruct, buildPlan(ft, building)
		case reflect.Pointer:
			if ft.Elem().Kind() != reflect.Struct {
				p.err = fmt.Errorf("%w: %s.%s has type %s", ErrUnsupported, t, sf.Name, ft)
				break
			}
			fp.op, fp.sub = opPtrStruct, buildPlan(ft.Elem(), building)
		default:
			p.err = fmt.Errorf("%w: %s.%s has type %s", ErrUnsupported, t, sf.Name, ft)
		}
		if p.err != nil {
			break
		}
		p.fields = append(p.fields, fp)
	}
	maxDense := 0
	for _, f := range p.fields {
		if f.id < 1024 {
			maxDense = max(maxDense, int(f.id)+1)
		}
	}
	p.dense = make([]int16, maxDense)
	for i, f := range p.fields {
		if int(f.id) < maxDense {
			p.dense[f.id] = int16(i + 1)
		} else {
			if p.sparse == nil {
				p.sparse = map[ID]int{}
			}
			p.sparse[f.id] = i
		}
	}
	return p
}

// check reports a plan's error or that of any plan below it.
func (p *plan) check(seen map[*plan]bool) error {
	if seen[p] {
		return nil
	}
	seen[p] = true
	if p.err != nil {
		return p.err
	}
	for _, f := range p.fields {
		if f.sub != nil {
			if err := f.sub.check(seen); err != nil {
				return err
			}
		}
	}
	return nil
}

var checked sync.Map // *plan -> error (nil stored as struct{}{})

func validPlan(t reflect.Type) (*plan, error) {
	p := planFor(t)
	if e, ok := checked.Load(p); ok {
		if err, isErr := e.(error); isErr {
			return nil, err
		}
		return p, nil
	}
	err := p.check(map[*plan]bool{})
	if err != nil {
		checked.Store(p, err)
		return nil, err
	}
	checked.Store(p, struct{}{})
	return p, nil
}

// floatBits maps a float to the integer stored for it: the IEEE bits with
// their bytes reversed, so that the exponent and high mantissa bits, where
// common values have their non-zero bits, land in the low varint groups
// (the trick of encoding/gob). 1.0 takes 3 bytes instead of 10.
func floatBits(f float64) uint64 { return bits.ReverseBytes64(math.Float64bits(f)) }

func bitsFloat(u uint64) float64 { return math.Float64frombits(bits.ReverseBytes64(u)) }

// Marshal adds the fields of the struct v (a struct or a pointer to one) to
// the current record of e. Struct fields are mapped by tags:
//
//	type Stat struct {
//		UID  uint32 `record:"1"`
//		Name string `record:"4"`
//		Note string `record:"9,omitempty"`
//		Skip int    // untagged fields are not stored
//	}
//
// Unsigned integers become integer fields, signed ones zigzag-encoded
// integer fields, bools the integers 0 and 1, floats integer fields (see
// floatBits in the source: IEEE bits, bytes reversed); strings and []byte
// become blobs; a nested struct, or a non-nil pointer to one, becomes a
// nested record. With omitempty, a zero value (or nil pointer, or empty
// string or slice) is not written; a nil pointer is never written. Other
// field types make Marshal fail with ErrUnsupported.
func Marshal(e *Writer, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return fmt.Errorf("%w: Marshal of %T, want a struct or pointer to struct", ErrUnsupported, v)
	}
	p, err := validPlan(rv.Type())
	if err != nil {
		return err
	}
	marshal(e, p, rv)
	return nil
}

func marshal(e *Writer, p *plan, rv reflect.Value) {
	for i := range p.fields {
		f := &p.fields[i]
		fv := rv.Field(f.index)
		if f.omitEmpty && fv.IsZero() {
			continue
		}
		switch f.op {
		case opUint:
			e.Uint(f.id, fv.Uint())
		case opInt:
			e.Int(f.id, fv.Int())
		case opBool:
			e.Bool(f.id, fv.Bool())
		case opFloat:
			e.Uint(f.id, floatBits(fv.Float()))
		case opString:
			e.String(f.id, fv.String())
		case opBytes:
			e.Blob(f.id, fv.Bytes())
		case opStruct:
			e.Begin(f.id)
			marshal(e, f.sub, fv)
			e.End()
		case opPtrStruct:
			if fv.IsNil() {
				continue
			}
			e.Begin(f.id)
			marshal(e, f.sub, fv.Elem())
			e.End()
		}
	}
}

// Unmarshal decodes the fields d yields into the struct v points to,
// mapped by the tags Marshal describes. Fields of identifiers v does not
// have are skipped; struct fields whose identifier does not occur keep
// their values; a repeated identifier leaves the last value. A field of the
// wrong kind gives ErrKind, an integer that does not fit its struct field
// (or a bool other than 0 and 1) ErrRange, both as *Error with the field's
// offset. Strings are copied; []byte fields reuse their capacity.
func Unmarshal(d Decoder, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("%w: Unmarshal into %T, want a non-nil pointer to struct", ErrUnsupported, v)
	}
	p, err := validPlan(rv.Elem().Type())
	if err != nil {
		return err
	}
	return unmarshal(d, p, rv.Elem(), 0)
}

// unmarshal takes the Decoder by value: a pointer passed down the
// recursion would make escape analysis move every nested Decoder to the heap.
func unmarshal(d Decoder, p *plan, rv reflect.Value, depth int) error {
	for d.Next() {
		f := d.Field()
		fp, ok := p.lookup(f.ID)
		if !ok {
			continue
		}
		fv := rv.Field(fp.index)
		wantBlob := fp.op >= opString
		if wantBlob != (f.Kind == Blob) {
			return &Error{Op: "unmarshal", Offset: f.Offset, ID: f.ID, Err: ErrKind}
		}
		bad := false
		switch fp.op {
		case opUint:
			bad = fv.OverflowUint(f.Value)
			if !bad {
				fv.SetUint(f.Value)
			}
		case opInt:
			x := f.Int()
			bad = fv.OverflowInt(x)
			if !bad {
				fv.SetInt(x)
			}
		case opBool:
			bad = f.Value > 1
			fv.SetBool(f.Value == 1)
		case opFloat:
			x := bitsFloat(f.Value)
			bad = fv.OverflowFloat(x)
			if !bad {
				fv.SetFloat(x)
			}
		case opString:
			fv.SetString(string(f.Data))
		case opBytes:
			fv.SetBytes(append(fv.Bytes()[:0], f.Data...))
		case opStruct, opPtrStruct:
			if depth >= MaxDepth {
				return &Error{Op: "unmarshal", Offset: f.Offset, ID: f.ID, Err: ErrTooDeep}
			}
			if fp.op == opPtrStruct {
				if fv.IsNil() {
					fv.Set(reflect.New(fv.Type().Elem()))
				}
				fv = fv.Elem()
			}
			if err := unmarshal(f.Fields(), fp.sub, fv, depth+1); err != nil {
				return err
			}
		}
		if bad {
			return &Error{Op: "unmarshal", Offset: f.Offset, ID: f.ID, Err: ErrRange}
		}
	}
	return d.Err()
}
