package record

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/fastio-go/fastio/codec/varint"
)

// maxDepth is how deeply decoding into structs follows nested records
// before it gives up with errTooDeep (an ErrUnsupported), so that crafted
// input cannot exhaust the stack.
const maxDepth = 64

// errTooDeep means nested records go deeper than maxDepth: in input
// (Unmarshal, Schema.Decode) or in what a Writer is asked to write
// (Begin, Marshal, Schema.Encode), so that nothing is written that the
// package's own decoders refuse.
var errTooDeep error = &kindOf{"record: nested records too deep", ErrUnsupported}

// errCycle means Marshal (or Schema.Encode or Schema.Write) was given a
// value that points to itself: a pointer field leads back to a struct
// already being encoded.
var errCycle error = &kindOf{"record: value points to itself", ErrUnsupported}

type op uint8

// Integer-like ops come first: ops from opString on are stored as blobs.
const (
	opUint op = iota
	opInt
	opBool
	opFloat32
	opFloat64
	opString
	opBytes
	opByteArray
	opPackedUint
	opPackedInt
	opStruct
	opPtrStruct
	opTime // time.Time as a timestamp field (Builder.Time)
)

// fieldPlan maps one struct field to one identifier. The field is reached
// by its offset from the struct's address, so that encoding and decoding
// go through no reflection once the plan exists.
type fieldPlan struct {
	id        ID
	name      string // the struct field's name, for errors
	op        op
	omitEmpty bool
	off       uintptr
	size      uintptr // width of an integer, or of an array element
	n         int     // array length
	sub       *plan
	typ       reflect.Type // the struct of opPtrStruct, for allocation
}

// plan is the mapping of one struct type, built once and cached.
type plan struct {
	typ    reflect.Type
	fields []fieldPlan
	dense  []slot // by identifier, for identifiers below 1024
	sparse map[ID]int
	enc    *encPlan // the fast encoding, nil when a field needs the general one
	// opaque is set for a struct that maps no fields but has unexported
	// ones (big.Int, a struct of private state): refused, since it would
	// encode as an empty record and decode as its zero value.
	opaque bool

	err error
}

// slot is the part of a fieldPlan decodeFast needs, packed in 8 bytes so
// that one load from the dense table brings it, with no second load from
// fields dependent on it. The general loop reads the rest from fields.
type slot struct {
	fast fastOp // what decodeFast does with the field
	n    uint8  // fieldPlan.n for the arrays decodeFast decodes, else 0
	idx  uint16 // index in fields + 1; 0 for an unmapped identifier
	off  uint32 // fieldPlan.off
}

// fastOp is the struct field shape decodeFast decodes, one compare each.
type fastOp uint8

const (
	fastSkip      fastOp = iota // an unmapped identifier: skip the field
	fastUint64                  // uint64 from an integer field
	fastBytes                   // []byte from a blob, aliased (Schema)
	fastByteArray               // [N]byte from a blob of N bytes
	fastPacked64                // [N]uint64 from a blob of N varints
	fastOther                   // anything else: the general loop
)

func (p *plan) lookup(id ID) slot {
	if int(id) < len(p.dense) {
		return p.dense[id]
	}
	if i, ok := p.sparse[id]; ok {
		f := &p.fields[i]
		return f.slot(i)
	}
	return slot{}
}

// slot returns the slot of f, the i-th field of its plan.
func (f *fieldPlan) slot(i int) slot {
	fast := fastOther
	switch {
	case f.op == opUint && f.size == 8:
		fast = fastUint64
	case f.op == opBytes:
		fast = fastBytes
	case f.op == opByteArray && f.n > 0 && f.n <= math.MaxUint8:
		fast = fastByteArray
	case f.op == opPackedUint && f.size == 8 && f.n <= math.MaxUint8:
		fast = fastPacked64
	}
	var n uint8
	if fast == fastByteArray || fast == fastPacked64 {
		n = uint8(f.n)
	}
	return slot{fast, n, uint16(i + 1), uint32(f.off)}
}

var (
	plans   sync.Map   // reflect.Type -> *plan, complete plans only
	planMu  sync.Mutex // serialises building, so recursive types see their placeholder
	checked sync.Map   // *plan -> error, or struct{} when valid
)

// timeType is time.Time, mapped to a timestamp field.
var timeType = reflect.TypeFor[time.Time]()

// hasUnexported reports whether struct type t has an unexported field
// other than blank ones (padding, which holds no state).
func hasUnexported(t reflect.Type) bool {
	for i := range t.NumField() {
		if sf := t.Field(i); !sf.IsExported() && sf.Name != "_" {
			return true
		}
	}
	return false
}

// opaqueError is the error of field name of struct type t, whose type ft
// (a struct or a pointer to one) maps no fields but has unexported ones.
func opaqueError(t reflect.Type, name string, ft reflect.Type) error {
	return fmt.Errorf("%w: %s.%s has type %s, which maps no fields but has unexported ones (it would encode as an empty nested record and decode as the zero value)",
		ErrUnsupported, t, name, ft)
}

// validPlan returns the plan of struct type t, or why t cannot be mapped.
func validPlan(t reflect.Type) (*plan, error) {
	var p *plan
	if v, ok := plans.Load(t); ok {
		p = v.(*plan)
	} else {
		planMu.Lock()
		building := map[reflect.Type]*plan{}
		p = buildPlan(t, building)
		// Publish only complete plans: a recursive type's plans point at
		// each other and are all filled in by now.
		for bt, bp := range building {
			plans.Store(bt, bp)
		}
		planMu.Unlock()
	}
	if p.opaque {
		return nil, fmt.Errorf("%w: %s maps no fields but has unexported ones (it would encode as an empty record and decode as the zero value)", ErrUnsupported, t)
	}
	if e, ok := checked.Load(p); ok {
		if err, isErr := e.(error); isErr {
			return nil, err
		}
		return p, nil
	}
	if err := p.check(map[*plan]bool{}); err != nil {
		checked.Store(p, err)
		return nil, err
	}
	checked.Store(p, struct{}{})
	return p, nil
}

func buildPlan(t reflect.Type, building map[reflect.Type]*plan) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	if p, ok := building[t]; ok {
		return p // a recursive type: the plan is being filled in
	}
	p := &plan{typ: t}
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
		if sf.Offset > math.MaxUint32 {
			p.err = fmt.Errorf("%w: %s.%s is more than 4 GiB into its struct", ErrUnsupported, t, sf.Name)
			break
		}
		fp := fieldPlan{id: id, name: sf.Name, off: sf.Offset, omitEmpty: opts == "omitempty", size: sf.Type.Size()}
		ft := sf.Type
		switch k := ft.Kind(); {
		case k == reflect.Struct && ft.ConvertibleTo(timeType):
			// time.Time, or a type defined as it (the same memory).
			fp.op = opTime
		case k == reflect.Pointer && ft.Elem().Kind() == reflect.Struct && ft.Elem().ConvertibleTo(timeType):
			// Not a nested record of time.Time's unexported fields,
			// which would encode nothing and decode a zero time.
			p.err = fmt.Errorf("%w: %s.%s has type %s (use time.Time, with omitempty for an optional time)", ErrUnsupported, t, sf.Name, ft)
		case isUint(k):
			fp.op = opUint
		case isInt(k):
			fp.op = opInt
		case k == reflect.Bool:
			fp.op = opBool
		case k == reflect.Float32:
			fp.op = opFloat32
		case k == reflect.Float64:
			fp.op = opFloat64
		case k == reflect.String:
			fp.op = opString
		case k == reflect.Slice && ft.Elem().Kind() == reflect.Uint8:
			fp.op = opBytes
		case k == reflect.Array && ft.Elem().Kind() == reflect.Uint8:
			fp.op, fp.n = opByteArray, ft.Len()
		case k == reflect.Array && isUint(ft.Elem().Kind()):
			fp.op, fp.n, fp.size = opPackedUint, ft.Len(), ft.Elem().Size()
		case k == reflect.Array && isInt(ft.Elem().Kind()):
			fp.op, fp.n, fp.size = opPackedInt, ft.Len(), ft.Elem().Size()
		case k == reflect.Struct:
			fp.op, fp.sub = opStruct, buildPlan(ft, building)
			if fp.sub.opaque {
				p.err = opaqueError(t, sf.Name, ft)
			}
		case k == reflect.Pointer && ft.Elem().Kind() == reflect.Struct:
			fp.op, fp.sub, fp.typ = opPtrStruct, buildPlan(ft.Elem(), building), ft.Elem()
			if fp.sub.opaque {
				p.err = opaqueError(t, sf.Name, ft)
			}
		default:
			p.err = fmt.Errorf("%w: %s.%s has type %s", ErrUnsupported, t, sf.Name, ft)
		}
		if p.err != nil {
			break
		}
		p.fields = append(p.fields, fp)
	}
	p.opaque = p.err == nil && len(p.fields) == 0 && hasUnexported(t)
	maxDense := 0
	for _, f := range p.fields {
		if f.id < 1024 {
			maxDense = max(maxDense, int(f.id)+1)
		}
	}
	p.enc = buildEnc(p)
	p.dense = make([]slot, max(maxDense, 1))
	// The reserved identifier 0 sends decodeFast to the general loop,
	// which reports it, without a compare of its own.
	p.dense[0] = slot{fast: fastOther}
	for i, f := range p.fields {
		if int(f.id) < maxDense {
			p.dense[f.id] = f.slot(i)
		} else {
			if p.sparse == nil {
				p.sparse = map[ID]int{}
			}
			p.sparse[f.id] = i
		}
	}
	return p
}

func isUint(k reflect.Kind) bool {
	return k == reflect.Uint || k == reflect.Uint8 || k == reflect.Uint16 || k == reflect.Uint32 ||
		k == reflect.Uint64 || k == reflect.Uintptr
}

func isInt(k reflect.Kind) bool {
	return k == reflect.Int || k == reflect.Int8 || k == reflect.Int16 || k == reflect.Int32 || k == reflect.Int64
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

// floatBits maps a float to the integer stored for it: the IEEE bits with
// their bytes reversed, so that the exponent and high mantissa bits, where
// common values have their non-zero bits, land in the low varint groups
// (the trick of encoding/gob). 1.0 takes 3 bytes instead of 10.
func floatBits(f float64) uint64 { return bits.ReverseBytes64(math.Float64bits(f)) }

func bitsFloat(u uint64) float64 { return math.Float64frombits(bits.ReverseBytes64(u)) }

func loadUint(p unsafe.Pointer, size uintptr) uint64 {
	switch size {
	case 1:
		return uint64(*(*uint8)(p))
	case 2:
		return uint64(*(*uint16)(p))
	case 4:
		return uint64(*(*uint32)(p))
	}
	return *(*uint64)(p)
}

func loadInt(p unsafe.Pointer, size uintptr) int64 {
	switch size {
	case 1:
		return int64(*(*int8)(p))
	case 2:
		return int64(*(*int16)(p))
	case 4:
		return int64(*(*int32)(p))
	}
	return *(*int64)(p)
}

// storeUint stores v in an unsigned integer of size bytes, reporting
// false, and storing nothing, when it does not fit.
func storeUint(p unsafe.Pointer, size uintptr, v uint64) bool {
	switch size {
	case 1:
		*(*uint8)(p) = uint8(v)
	case 2:
		*(*uint16)(p) = uint16(v)
	case 4:
		*(*uint32)(p) = uint32(v)
	default:
		*(*uint64)(p) = v
		return true
	}
	if v>>(size*8) != 0 {
		storeUintRaw(p, size, 0)
		return false
	}
	return true
}

func storeUintRaw(p unsafe.Pointer, size uintptr, v uint64) {
	switch size {
	case 1:
		*(*uint8)(p) = uint8(v)
	case 2:
		*(*uint16)(p) = uint16(v)
	case 4:
		*(*uint32)(p) = uint32(v)
	}
}

// storeInt stores v in a signed integer of size bytes, reporting false,
// and storing nothing, when it does not fit.
func storeInt(p unsafe.Pointer, size uintptr, v int64) bool {
	if s := 64 - size*8; v<<s>>s != v {
		return false
	}
	switch size {
	case 1:
		*(*int8)(p) = int8(v)
	case 2:
		*(*int16)(p) = int16(v)
	case 4:
		*(*int32)(p) = int32(v)
	default:
		*(*int64)(p) = v
	}
	return true
}

// Marshal adds the fields of the struct v (a pointer to a struct, or a
// struct, which costs a copy) to the current record of e. Struct fields
// are mapped by tags:
//
//	type Stat struct {
//		UID  uint32    `record:"1"`
//		Name string    `record:"4"`
//		Time [2]uint64 `record:"5"`
//		Note string    `record:"9,omitempty"`
//		Skip int       // untagged fields are not stored
//	}
//
// Unsigned integers become integer fields, signed ones zigzag-encoded
// integer fields, bools the integers 0 and 1, floats integer fields (the
// IEEE bits with their bytes reversed, as encoding/gob does, so that short
// values stay short). Strings, []byte and [N]byte become blobs of their
// bytes; an array of integers becomes a blob of N varints (zigzag for
// signed elements), so a [2]uint64 holds a timestamp's two varints. A time.Time
// becomes a timestamp field, the same blob of two varints, Unix seconds
// then nanoseconds (see Builder.Time; the location is not stored, and
// decoding gives the local time, as time.Unix does), and so does a type
// defined as time.Time; a *time.Time is refused (ErrUnsupported). A
// nested struct, or a non-nil pointer to one, becomes a nested record. A
// struct that maps no fields is an empty record (a presence mark) when it
// has no unexported fields (struct{}, or only untagged exported fields,
// which are not stored by the rule above); one that maps no fields but
// has unexported ones (big.Int, a struct of private state, which no tag
// can reach) is refused with ErrUnsupported, at the top or nested, since
// it would encode nothing and decode as its zero value.
// With omitempty, a zero number, false, an empty string or slice, or a
// zero time.Time is not written; a nil pointer is never written. Other
// field types make Marshal fail with ErrUnsupported.
func Marshal(e *Writer, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Struct {
		pv := reflect.New(rv.Type())
		pv.Elem().Set(rv)
		rv = pv
	}
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("%w: Marshal of %T, want a struct or non-nil pointer to struct", ErrUnsupported, v)
	}
	p, err := validPlan(rv.Elem().Type())
	if err != nil {
		return err
	}
	return p.encode(e, rv.UnsafePointer())
}

// encode adds the fields of the struct at v to e's record. A
// value nested deeper than maxDepth (counting the records e has open) or
// pointing to itself stops it with ErrUnsupported, naming the
// path of fields, which it also keeps in e for EndRecord, which drops the
// record.
func (p *plan) encode(e *Writer, v unsafe.Pointer) error {
	if p.enc != nil && p.enc.encode(e, v) {
		return nil
	}
	path := p.encodeGeneral(e, v)
	if path == nil {
		return nil
	}
	err := p.deepError(v, path)
	e.err = err // replaces Begin's errTooDeep
	return err
}

// deepError is the error of a value that path, the indexes of the
// fields leading from v to where Begin refused to go deeper (innermost
// first), reaches: errCycle when a pointer on it leads back to a struct
// already on it, else errTooDeep.
func (p *plan) deepError(v unsafe.Pointer, path []int) error {
	type visit struct {
		p *plan
		v unsafe.Pointer
	}
	seen := map[visit]bool{{p, v}: true}
	name := p.typ.String()
	for j := len(path) - 1; j >= 0; j-- {
		f := &p.fields[path[j]]
		name += "." + f.name
		v = unsafe.Add(v, f.off)
		if f.op == opPtrStruct {
			v = *(*unsafe.Pointer)(v)
		}
		p = f.sub
		if seen[visit{p, v}] {
			return &Error{Op: "marshal " + name, Offset: -1, Err: errCycle}
		}
		seen[visit{p, v}] = true
	}
	return &Error{Op: "marshal " + name, Offset: -1, Err: errTooDeep}
}

// encodeGeneral is encode for any plan, one field method at a time. When
// a nested record would go deeper than maxDepth, it stops and returns the
// indexes of the fields that lead there, innermost first.
func (p *plan) encodeGeneral(e *Writer, v unsafe.Pointer) []int {
	for i := range p.fields {
		f := &p.fields[i]
		ptr := unsafe.Add(v, f.off)
		var x uint64
		switch f.op {
		case opUint:
			x = loadUint(ptr, f.size)
		case opInt:
			x = varint.Zigzag(loadInt(ptr, f.size))
		case opBool:
			if *(*bool)(ptr) {
				x = 1
			}
		case opFloat32:
			x = floatBits(float64(*(*float32)(ptr))) // 0 only for +0, as IsZero
		case opFloat64:
			x = floatBits(*(*float64)(ptr))
		case opString:
			if b := *(*string)(ptr); b != "" || !f.omitEmpty {
				e.String(f.id, b)
			}
			continue
		case opBytes:
			if b := *(*[]byte)(ptr); len(b) != 0 || !f.omitEmpty {
				e.Blob(f.id, b)
			}
			continue
		case opByteArray:
			e.Blob(f.id, unsafe.Slice((*byte)(ptr), f.n))
			continue
		case opPackedUint, opPackedInt:
			if f.op == opPackedUint && f.size == 8 && f.n*varint.MaxLen64 < 0x80 {
				// [N]uint64 short enough that its length takes one byte
				// whatever the values, as a timestamp's: inline.
				if need := 3 + f.n*varint.MaxLen64; e.lim-e.n < need {
					e.room(need)
				}
				b, start := e.buf, e.n+3
				k := start
				for j := range f.n {
					k += varint.PutUint(b[k:], *(*uint64)(unsafe.Add(ptr, j*8)))
				}
				tag := uint16(f.id) | blobBit
				b[e.n], b[e.n+1], b[e.n+2] = byte(tag>>8), byte(tag), byte(k-start)
				e.n = k
				continue
			}
			encodePacked(e, f, ptr)
			continue
		case opTime:
			if t := (*time.Time)(ptr); !f.omitEmpty || !t.IsZero() {
				e.Time(f.id, *t)
			}
			continue
		case opStruct, opPtrStruct:
			sp := ptr
			if f.op == opPtrStruct {
				if sp = *(*unsafe.Pointer)(ptr); sp == nil {
					continue
				}
			}
			e.Begin(f.id)
			if len(e.open) > maxDepth {
				e.End()
				return []int{i}
			}
			if f.sub.enc == nil || !f.sub.enc.encode(e, sp) {
				if path := f.sub.encodeGeneral(e, sp); path != nil {
					e.End()
					return append(path, i)
				}
			}
			e.End()
			continue
		}
		// An integer field, written here rather than through Writer.Uint:
		// the plan's identifiers are valid, and the call costs more than
		// the encoding.
		if x == 0 && f.omitEmpty {
			continue
		}
		if e.lim-e.n < MaxHeaderLen {
			e.room(MaxHeaderLen)
		}
		e.n = putField(e.buf, e.n, uint16(f.id), x)
	}
	return nil
}

// elem returns element i of the integer array at ptr, zigzag-encoded
// when signed.
func (f *fieldPlan) elem(ptr unsafe.Pointer, i int) uint64 {
	q := unsafe.Add(ptr, uintptr(i)*f.size)
	if f.op == opPackedInt {
		return varint.Zigzag(loadInt(q, f.size))
	}
	return loadUint(q, f.size)
}

// encodePacked writes an integer array as a blob of varints, in one pass:
// the length goes into one byte kept after the tag, and patch moves the
// varints in the rare case the length needs more.
func encodePacked(e *Writer, f *fieldPlan, ptr unsafe.Pointer) {
	if need := 3 + f.n*varint.MaxLen64; e.lim-e.n < need {
		e.room(need)
	}
	tag := uint16(f.id) | blobBit
	e.buf[e.n], e.buf[e.n+1] = byte(tag>>8), byte(tag)
	e.n += 3
	start := e.n
	for i := range f.n {
		e.n += varint.PutUint(e.buf[e.n:], f.elem(ptr, i))
	}
	e.patch(start)
}

// Unmarshal decodes the fields d yields into the struct v points to,
// mapped by the tags Marshal describes. Fields of identifiers v does not
// have are skipped, so that old readers accept newer records; struct
// fields whose identifier does not occur keep their values; a repeated
// identifier leaves the last value. A field of the wrong kind gives
// ErrKind; an integer that does not fit its struct field, a bool other
// than 0 and 1, a [N]byte blob of another length or a packed array of
// another count give ErrRange; both as *Error with the field's offset.
// Strings and []byte are copied ([]byte fields reuse their capacity); see
// Schema for a decoder whose []byte fields alias the input.
func Unmarshal(d Decoder, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("%w: Unmarshal into %T, want a non-nil pointer to struct", ErrUnsupported, v)
	}
	p, err := validPlan(rv.Elem().Type())
	if err != nil {
		return err
	}
	return p.decode(d.buf[d.off:], d.base+int64(d.off), rv.UnsafePointer(), lenientOpt(d.f.lenient), 0)
}

// decodeOpts are the options of a decoding into a struct, as bits (one
// register, as the bool it replaced).
type decodeOpts uint8

const (
	optAlias   decodeOpts = 1 << iota // []byte fields are set to sub-slices of the body
	optLenient                        // non-minimal varints and identifier 0 are accepted (Decoder.Lenient)
)

func lenientOpt(lenient bool) decodeOpts {
	if lenient {
		return optLenient
	}
	return 0
}

func (o decodeOpts) alias() bool   { return o&optAlias != 0 }
func (o decodeOpts) lenient() bool { return o&optLenient != 0 }

// decode decodes body into the struct at v in one loop, with the common
// field shapes decoded inline and the rest through a Decoder.
func (p *plan) decode(body []byte, base int64, v unsafe.Pointer, o decodeOpts, depth int) error {
	off := p.decodeFast(body, v, o.alias())
	if off == len(body) {
		return nil
	}
	return p.decodeFrom(body, base, v, o, depth, off)
}

// decodeFrom is decode's general loop, from the field at start on.
func (p *plan) decodeFrom(body []byte, base int64, v unsafe.Pointer, o decodeOpts, depth, start int) error {
	// Locals, not p's fields: the stores through unsafe pointers below could
	// alias anything, so the compiler would reload p.dense every field.
	dense := p.dense
	for off := start; off < len(body); {
		q := body[off:]
		var tag uint16
		var x uint64
		var n int
		if len(q) >= 3 {
			tag = uint16(q[0])<<8 | uint16(q[1])
			x, n = varint.Decode(q[2:])
			n += 2
		}
		if n <= 2 && o.lenient() && len(q) >= 3 {
			var err error
			if x, n, err = varint.UintLenient(q[2:]); err == nil {
				n += 2
			} else {
				n = 0
			}
		}
		if n <= 2 {
			// Short or invalid: let a Decoder produce the error.
			d := Decoder{buf: body, off: off, base: base, f: Field{lenient: o.lenient()}}
			d.Next()
			return d.Err()
		}
		id := ID(tag &^ blobBit)
		if id == 0 && !o.lenient() {
			return &Error{Op: "decode", Offset: base + int64(off), Err: errReservedID}
		}
		var data []byte
		if tag >= blobBit {
			if x > uint64(len(q)-n) {
				return &Error{Op: "decode", Offset: base + int64(off), ID: id, Err: errBlobBounds}
			}
			data = q[n : n+int(x) : n+int(x)]
			n += int(x)
		}
		var sl slot
		if int(id) < len(dense) {
			sl = dense[id]
		} else {
			sl = p.lookup(id)
		}
		if sl.idx == 0 {
			off += n
			continue
		}
		f := &p.fields[sl.idx-1]
		if (f.op >= opString) != (tag >= blobBit) {
			return &Error{Op: "unmarshal", Offset: base + int64(off), ID: id, Err: ErrKind}
		}
		ptr := unsafe.Add(v, uintptr(sl.off))
		ok := true
		switch f.op {
		case opUint:
			ok = storeUint(ptr, f.size, x)
		case opInt:
			ok = storeInt(ptr, f.size, varint.Unzigzag(x))
		case opBool:
			ok = x <= 1
			*(*bool)(ptr) = x == 1
		case opFloat32:
			fl := bitsFloat(x)
			if ok = math.IsInf(fl, 0) || math.IsNaN(fl) || math.Abs(fl) <= math.MaxFloat32; ok {
				*(*float32)(ptr) = float32(fl)
			}
		case opFloat64:
			*(*float64)(ptr) = bitsFloat(x)
		case opString:
			*(*string)(ptr) = string(data)
		case opBytes:
			if o.alias() {
				*(*[]byte)(ptr) = data
			} else {
				b := (*[]byte)(ptr)
				*b = append((*b)[:0], data...)
			}
		case opByteArray:
			if ok = len(data) == f.n; ok {
				copy(unsafe.Slice((*byte)(ptr), f.n), data)
			}
		case opPackedUint, opPackedInt:
			ok = decodePacked(f, ptr, data, o.lenient())
		case opTime:
			tf := Field{ID: id, Kind: Blob, Value: x, Data: data, Offset: base + int64(off),
				extra: uint8(n - len(data) - 2 - varint.Len(x)), lenient: o.lenient()}
			t, err := tf.Time()
			if err != nil {
				return err
			}
			*(*time.Time)(ptr) = t
		case opStruct, opPtrStruct:
			if depth >= maxDepth {
				return &Error{Op: "unmarshal", Offset: base + int64(off), ID: id, Err: errTooDeep}
			}
			sp := ptr
			if f.op == opPtrStruct {
				if sp = *(*unsafe.Pointer)(ptr); sp == nil {
					sp = reflect.New(f.typ).UnsafePointer()
					*(*unsafe.Pointer)(ptr) = sp
				}
			}
			if err := f.sub.decode(data, base+int64(off+n-len(data)), sp, o, depth+1); err != nil {
				return err
			}
		}
		if !ok {
			return &Error{Op: "unmarshal", Offset: base + int64(off), ID: id, Err: ErrRange}
		}
		off += n
	}
	return nil
}

// decodeFast decodes the fields at the start of body into the struct at
// v for as long as they take the common shapes, and returns the offset of
// the first field it leaves to decode's general loop (len(body) when
// none): a field with fewer than 8 bytes left in body, a varint longer
// than 6 bytes or invalid, an identifier outside the dense table, a kind
// other than the struct field's, and any struct field other than uint64,
// aliased []byte, [N]byte and [N]uint64. It keeps only what the loop needs
// live, so that its values stay in registers; the general loop decodes
// the field it stopped at from the start, errors included, so the result
// is the same as if that loop had done everything.
//
// The field header's 8 bytes are loaded at once: the tag is the first
// two (one byte swap), and the varint is taken from the other six with a
// branch per length for 1 to 3 bytes, which the branch predictor learns
// for records of one shape, and beyond that located with one mask and its
// 7-bit groups gathered with three shift-and-mask steps (SWAR, "SIMD
// within a register"; the gathering Lemire et al., "Vectorized VByte
// Decoding", 2015, do with byte shuffles). It rejects what varint.Decode
// rejects: a terminating 0 after the first byte is overlong.
func (p *plan) decodeFast(body []byte, v unsafe.Pointer, alias bool) int {
	dense := p.dense
	off := 0
	for len(body)-off >= 8 {
		w := binary.LittleEndian.Uint64(body[off:])
		tag := bits.ReverseBytes16(uint16(w))
		r := w >> 16
		var x uint64
		var n int
		if r&0x80 == 0 {
			x, n = r&0x7f, 3
		} else if r&0x8000 == 0 {
			if r&0x7f00 == 0 {
				return off
			}
			x, n = r&0x7f|r>>1&0x3f80, 4
		} else if r&0x800000 == 0 {
			if r&0x7f0000 == 0 {
				return off
			}
			x, n = r&0x7f|r>>1&0x3f80|r>>2&0x1fc000, 5
		} else {
			m := ^r & 0x808080808080
			k := uint(bits.TrailingZeros64(m)) >> 3 // index of the last byte
			if m == 0 || r>>(k*8)&0xff == 0 {
				return off
			}
			r &= (1<<((k+1)*8) - 1) & 0x7f7f7f7f7f7f
			r = r&0x007f007f007f | r&0x7f007f007f00>>1
			r = r&0x00003fff00003fff | r&0x3fff00003fff0000>>2
			x, n = r&0x0fffffff|r&0x0fffffff00000000>>4, int(k)+3
		}
		id := tag &^ blobBit
		if int(id) >= len(dense) {
			return off
		}
		sl := dense[id] // dense[0] sends the reserved 0 to the general loop
		ptr := unsafe.Add(v, uintptr(sl.off))
		if tag < blobBit {
			if sl.fast == fastUint64 {
				*(*uint64)(ptr) = x
			} else if sl.fast != fastSkip {
				return off
			}
			off += n
			continue
		}
		if x > uint64(len(body)-off-n) {
			return off
		}
		end := off + n + int(x)
		data := body[off+n : end : end]
		switch sl.fast {
		case fastSkip:
		case fastBytes:
			if !alias {
				return off
			}
			*(*[]byte)(ptr) = data
		case fastByteArray:
			if len(data) != int(sl.n) {
				return off
			}
			copy(unsafe.Slice((*byte)(ptr), len(data)), data)
		case fastPacked64:
			// The elements' varints, each from one 8-byte load while the
			// body has 8 bytes at the element (bytes past its end are
			// masked off): branches for 1 and 2 bytes, SWAR up to 8, the
			// general loop for longer ones and for an element that runs
			// past the blob.
			pos := off + n
			for i := range int(sl.n) {
				var e uint64
				var k int
				if len(body)-pos >= 8 {
					r := binary.LittleEndian.Uint64(body[pos:])
					if r&0x80 == 0 {
						e, k = r&0x7f, 1
					} else if r&0x8000 == 0 && r&0x7f00 != 0 {
						e, k = r&0x7f|r>>1&0x3f80, 2
					} else {
						m := ^r & 0x8080808080808080
						last := uint(bits.TrailingZeros64(m)) >> 3
						if m == 0 || r>>(last*8)&0xff == 0 {
							return off
						}
						r &= (1<<((last+1)*8) - 1) & 0x7f7f7f7f7f7f7f7f
						r = r&0x007f007f007f007f | r&0x7f007f007f007f00>>1
						r = r&0x00003fff00003fff | r&0x3fff00003fff0000>>2
						e, k = r&0x0fffffff|r&0x0fffffff00000000>>4, int(last)+1
					}
				} else if e, k = varint.Decode(body[pos:end]); k <= 0 {
					return off
				}
				if k > end-pos {
					return off
				}
				*(*uint64)(unsafe.Add(ptr, i*8)) = e
				pos += k
			}
			if pos != end {
				return off
			}
		default:
			return off
		}
		off = end
	}
	return off
}

// decodePacked decodes a blob of exactly f.n varints into an integer
// array, reporting false when the count or a value does not fit. A
// varint error also reports false: the blob does not hold f.n integers.
// With lenient, non-minimal varints are accepted.
func decodePacked(f *fieldPlan, ptr unsafe.Pointer, data []byte, lenient bool) bool {
	for i := range f.n {
		x, k := varint.Decode(data)
		if k < 0 && lenient {
			var err error
			if x, k, err = varint.UintLenient(data); err != nil {
				k = 0
			}
		}
		if k <= 0 {
			return false
		}
		data = data[k:]
		q := unsafe.Add(ptr, uintptr(i)*f.size)
		if f.op == opPackedInt {
			if !storeInt(q, f.size, varint.Unzigzag(x)) {
				return false
			}
		} else if !storeUint(q, f.size, x) {
			return false
		}
	}
	return len(data) == 0
}

// Schema is the typed, reflection-free form of Marshal and Unmarshal for
// one struct type T, mapped by the same tags: build it once with
// NewSchema, then Encode and Decode values of T without interface
// conversions. Decode sets []byte fields to sub-slices of the input (zero
// copy): they are valid as long as the input is, for a Reader until its
// next Next. A Schema is safe for concurrent use.
type Schema[T any] struct {
	p *plan
}

// NewSchema returns the Schema of T, which must be a struct type whose
// tagged fields Marshal supports.
func NewSchema[T any]() (*Schema[T], error) {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%w: Schema of %s, want a struct type", ErrUnsupported, t)
	}
	p, err := validPlan(t)
	if err != nil {
		return nil, err
	}
	return &Schema[T]{p: p}, nil
}

// Encode adds the fields of *v to the current record of e. A value nested
// deeper than 64 levels or pointing to itself makes EndRecord return
// ErrUnsupported and drop the record.
func (s *Schema[T]) Encode(e *Writer, v *T) { s.p.encode(e, unsafe.Pointer(v)) }

// Write encodes *v as a whole record: the bytes of Encode then EndRecord,
// and the same errors. When T's tagged fields all have a fixed shape
// (integers, bools, strings and []byte shorter than 128 bytes, [N]byte
// with N < 128, [N]uint64 with N <= 12) and no record is open, it goes
// the way of a Builder: the fields are written into the space Start
// reserves with one room check, and the record is committed as Finish
// does.
func (s *Schema[T]) Write(e *Writer, v *T) error {
	p := unsafe.Pointer(v)
	if ep := s.p.enc; ep != nil && e.n == 0 {
		if need := ep.need(p); need >= 0 {
			r := e.Start(need)
			r.n = ep.put(r.b, r.n, p)
			return e.Finish(r)
		}
	}
	s.p.encode(e, p)
	return e.EndRecord()
}

// Decode decodes the fields d yields into *v, as Unmarshal does but with
// []byte fields aliasing the input.
func (s *Schema[T]) Decode(d Decoder, v *T) error {
	return s.p.decode(d.buf[d.off:], d.base+int64(d.off), unsafe.Pointer(v), optAlias|lenientOpt(d.f.lenient), 0)
}
