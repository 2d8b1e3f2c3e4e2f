package binary

import (
	"fmt"
	"reflect"
	"sync"
)

// run is a sequence of count leaves (numbers or bools) of the same size,
// stride bytes apart in memory and packed one after the other on the wire.
type run struct {
	off    uintptr
	stride uintptr
	count  int
	size   uint8
	isBool bool
}

// fixedPlan is how a fixed-size type is laid out in memory and on the wire.
type fixedPlan struct {
	size    int     // wire size
	mem     uintptr // memory size
	runs    []run
	packed  bool // memory holds exactly the wire bytes (no padding), in native order
	onlyU8  bool // every leaf is one byte: the layout is the same in both orders
	hasBool bool
}

var fixedPlans sync.Map // reflect.Type -> *fixedPlan or error

func planOf(t reflect.Type) (*fixedPlan, error) {
	if v, ok := fixedPlans.Load(t); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*fixedPlan), nil
	}
	p := &fixedPlan{mem: t.Size(), onlyU8: true}
	if err := p.add(t, 0); err != nil {
		fixedPlans.Store(t, err)
		return nil, err
	}
	p.packed = uintptr(p.size) == p.mem
	for _, r := range p.runs {
		p.hasBool = p.hasBool || r.isBool
		p.onlyU8 = p.onlyU8 && r.size == 1
	}
	fixedPlans.Store(t, p)
	return p, nil
}

// add appends the leaves of type t at memory offset off.
func (p *fixedPlan) add(t reflect.Type, off uintptr) error {
	switch t.Kind() {
	case reflect.Bool:
		p.leaf(off, 1, 1, true)
	case reflect.Int8, reflect.Uint8:
		p.leaf(off, 1, 1, false)
	case reflect.Int16, reflect.Uint16:
		p.leaf(off, 2, 1, false)
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		p.leaf(off, 4, 1, false)
	case reflect.Int64, reflect.Uint64, reflect.Float64:
		p.leaf(off, 8, 1, false)
	case reflect.Complex64:
		p.leaf(off, 4, 2, false)
	case reflect.Complex128:
		p.leaf(off, 8, 2, false)
	case reflect.Array:
		var ep fixedPlan
		if err := ep.add(t.Elem(), 0); err != nil {
			return err
		}
		n, es := t.Len(), t.Elem().Size()
		if len(ep.runs) == 1 && ep.runs[0].stride == uintptr(ep.runs[0].size) && uintptr(ep.size) == es {
			// An unpadded element of one kind of number: the array is one run.
			p.leaf(off, ep.runs[0].size, n*ep.runs[0].count, ep.runs[0].isBool)
			return nil
		}
		for i := range n {
			for _, r := range ep.runs {
				for j := range r.count {
					p.leaf(off+uintptr(i)*es+r.off+uintptr(j)*r.stride, r.size, 1, r.isBool)
				}
			}
		}
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if err := p.add(f.Type, off+f.Offset); err != nil {
				return fmt.Errorf("%w (field %s.%s)", err, t, f.Name)
			}
		}
	default:
		return fmt.Errorf("%w: %s", ErrNotFixed, t)
	}
	return nil
}

// leaf adds count leaves of size bytes at off, merging them into the last
// run when they continue it.
func (p *fixedPlan) leaf(off uintptr, size uint8, count int, isBool bool) {
	p.size += int(size) * count
	if n := len(p.runs); n > 0 {
		last := &p.runs[n-1]
		if last.size == size && last.isBool == isBool && last.stride == uintptr(size) &&
			last.off+uintptr(last.count)*last.stride == off {
			last.count += count
			return
		}
	}
	p.runs = append(p.runs, run{off: off, stride: uintptr(size), count: count, size: size, isBool: isBool})
}
