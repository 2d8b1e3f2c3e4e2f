package format

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// Design note. Print takes ...any like fmt, and a method call on an
// interface taken from such an argument (an Appender's AppendFormat, an
// error's Error, a Stringer's String) makes Go's escape analysis treat
// every argument's box as escaping: the call site must then allocate a
// box for each non-constant integer from 256 up, float, string or struct
// it passes. That cannot be fixed inside Print without hiding pointers
// from the compiler, which is unsafe because a user's method may keep its
// receiver. So, as log/slog pairs Log(...any) with LogAttrs(...Attr),
// PrintArgs takes ...Arg: an Arg holds a built-in value or a manipulator
// in two words (the value, and its kind and options) and a pointer-shaped
// interface (a string's bytes, a Locale's data), and only a user type sits in
// that interface as a box of its own. The user value's box then escapes,
// but the Args themselves are plain data in the caller's stack frame.

// argKind says which field of an Arg holds the value and how to print it.
type argKind uint8

const (
	argNil      argKind = iota // the zero Arg: "<nil>", as Print(nil)
	argString                  // x: the bytes (*byte), u: the length
	argBytes                   // as argString, from a []byte: not a string operand
	argBool                    // u: 0 or 1
	argInt                     // u as an int64
	argUint                    // u
	argFloat64                 // u: the bits
	argFloat32                 // u: the bits
	argAny                     // x, printed as Print prints it
	argDur                     // u as a time.Duration
	argPointer                 // u: the address
	argChar                    // u: the rune
	argStrFmt                  // as argString
	argIntFmt                  // u: the magnitude, x: the *locale or nil
	argFloatFmt                // u: the bits, x: the *locale or nil
	argTime                    // u: Unix seconds of the wall clock in the time's zone
)

// An Arg's header word holds the kind in its low bits, then option flags,
// then the kind's parameters, then Pad's parameters when it is padded:
//
//	bits  0..4   kind
//	bits  5..12  flags (optNeg ... optBits32)
//	bits 14..29  IntFormat: base (6 bits), zeros (10 bits)
//	             FloatFormat: mode (3 bits), prec+1 (8 bits), zeros (5 bits)
//	bits 30..63  Pad: width (11 bits), alignment (2 bits), fill (21 bits)
//
// A time has no flags and no padding: fraction digits + 1 (4 bits), then
// nanoseconds (30 bits), whether the offset is zero (1 bit), and the
// offset in minutes (24 bits, signed). A manipulator whose parameters do
// not fit these fields (a width of 2048 or more, say) is boxed instead,
// as Print would receive it: the output is the same, it costs the box.
const (
	kindBits  = 5
	flagShift = kindBits
	parShift  = 14
	padShift  = 30
)

// Option flags of an Arg's header.
const (
	optNeg    = 1 << (flagShift + iota) // IntFormat: negative
	optUpper                            // IntFormat: upper case
	optPrefix                           // IntFormat: base prefix
	optPlus                             // IntFormat, FloatFormat: '+' sign
	optGroup                            // IntFormat, FloatFormat: digit groups
	optQuote                            // StrFormat: quoted
	optPad                              // laid out in a field by Pad
	optBits32                           // FloatFormat: a float32
)

// floatModes are the forms of FloatFormat, by their index in the header
// ('F' is never made: Upper leaves fixed notation alone).
const floatModes = "gfexGFEX"

// Arg is one argument of PrintArgs and PrintLnArgs: a value packed by V
// so that passing it does not allocate. The built-in types and this
// package's manipulators are held in two words and a pointer; any other
// value is kept in an interface and printed as Print prints it. The zero
// Arg prints "<nil>". An Arg made from a byte slice, a string or a Plain
// manipulator refers to the bytes: print it before changing them.
//
// A manipulator's parameters are packed when they are within these
// ranges: IntFormat's Zeros below 1024; FloatFormat's precision up to 254
// and Zeros up to 31; Pad's width below 2048; a time zone offset within
// 2^23 minutes (every real zone). Outside them, and for Pad of a
// TimeFormat, the manipulator is boxed as for a user type: the output is
// the same, at the cost of one allocation.
//
// An Arg is 32 bytes with three fields, so that Go passes and returns it
// in registers rather than through memory.
type Arg struct {
	hdr uint64
	u   uint64
	x   any // the bytes of a string, a Locale's data, or a user's value
}

func (a *Arg) kind() argKind { return argKind(a.hdr & (1<<kindBits - 1)) }

// isString reports whether a is a string operand for Print's spacing, as
// the value V packed would be: a string, or a user value whose type's
// kind is string.
func (a *Arg) isString() bool {
	switch argKind(a.hdr) {
	case argString:
		return true
	case argAny:
		return a.x != nil && reflect.TypeOf(a.x).Kind() == reflect.String
	}
	return false
}

// V packs x into an Arg. For the built-in types (bool, string, []byte,
// every integer and float type, time.Time, time.Duration, unsafe.Pointer,
// a nil interface) and this package's manipulators (IntFormat,
// FloatFormat, StrFormat, CharFormat, TimeFormat, DurFormat, and Pad of
// any of them but TimeFormat) it does not
// allocate, within the ranges the header fields allow (see Arg). Any
// other type — a defined type such as time.Month, a user's Appender,
// error or fmt.Stringer — is stored in an interface as Print
// would receive it, which boxes x unless it is pointer-shaped (a pointer,
// map, chan, func, or an interface value such as an error, whose box
// already exists): a user struct or a defined integer type costs its one
// box, exactly as passing it to Print does.
//
// V of an interface value (an any, an error) packs the value it holds, by
// its dynamic type. A rune is an int32 and packs as a number; use Char for
// a character.
func V[T any](x T) Arg {
	switch v := any(x).(type) {
	case string:
		return Arg{hdr: uint64(argString), u: uint64(len(v)), x: unsafe.StringData(v)}
	case int:
		return Arg{hdr: uint64(argInt), u: uint64(v)}
	case float64:
		return Arg{hdr: uint64(argFloat64), u: math.Float64bits(v)}
	case []byte:
		return Arg{hdr: uint64(argBytes), u: uint64(len(v)), x: unsafe.SliceData(v)}
	case bool:
		a := Arg{hdr: uint64(argBool)}
		if v {
			a.u = 1
		}
		return a
	case int64:
		return Arg{hdr: uint64(argInt), u: uint64(v)}
	case int32:
		return Arg{hdr: uint64(argInt), u: uint64(v)}
	case int16:
		return Arg{hdr: uint64(argInt), u: uint64(v)}
	case int8:
		return Arg{hdr: uint64(argInt), u: uint64(v)}
	case uint:
		return Arg{hdr: uint64(argUint), u: uint64(v)}
	case uint64:
		return Arg{hdr: uint64(argUint), u: v}
	case uint32:
		return Arg{hdr: uint64(argUint), u: uint64(v)}
	case uint16:
		return Arg{hdr: uint64(argUint), u: uint64(v)}
	case uint8:
		return Arg{hdr: uint64(argUint), u: uint64(v)}
	case uintptr:
		return Arg{hdr: uint64(argUint), u: uint64(v)}
	case float32:
		return Arg{hdr: uint64(argFloat32), u: uint64(math.Float32bits(v))}
	case nil:
		return Arg{}
	case time.Duration:
		return Arg{hdr: uint64(argDur), u: uint64(v)}
	case time.Time:
		if a, ok := timeArg(v, -1); ok {
			return a
		}
	case unsafe.Pointer:
		return Arg{hdr: uint64(argPointer), u: uint64(uintptr(v))}
	case Arg:
		return v
	case IntFormat:
		if a, ok := intArg(v); ok {
			return a
		}
	case FloatFormat:
		if a, ok := floatArg(v); ok {
			return a
		}
	case StrFormat:
		return strArg(v)
	case CharFormat:
		return charArg(v)
	case TimeFormat:
		if a, ok := timeArg(v.t, v.frac); ok {
			return a
		}
	case DurFormat:
		return Arg{hdr: uint64(argDur), u: uint64(v.d)}
	case Padded[IntFormat]:
		if a, ok := intArg(v.a); ok {
			if a, ok := padArg(a, v.width, v.fill, v.align); ok {
				return a
			}
		}
	case Padded[FloatFormat]:
		if a, ok := floatArg(v.a); ok {
			if a, ok := padArg(a, v.width, v.fill, v.align); ok {
				return a
			}
		}
	case Padded[StrFormat]:
		if a, ok := padArg(strArg(v.a), v.width, v.fill, v.align); ok {
			return a
		}
	case Padded[CharFormat]:
		if a, ok := padArg(charArg(v.a), v.width, v.fill, v.align); ok {
			return a
		}
	case Padded[DurFormat]:
		if a, ok := padArg(Arg{hdr: uint64(argDur), u: uint64(v.a.d)}, v.width, v.fill, v.align); ok {
			return a
		}
	}
	// A second conversion, so that only this path boxes x: the switch's
	// own box does not escape and stays on V's stack.
	return Arg{hdr: uint64(argAny), x: any(x)}
}

// flag returns bit when b is true.
func flag(b bool, bit uint64) uint64 {
	if b {
		return bit
	}
	return 0
}

// intArg packs f when its zero padding fits in 10 bits.
func intArg(f IntFormat) (Arg, bool) {
	if f.zeros >= 1<<10 || f.base >= 1<<6 {
		return Arg{}, false
	}
	zeros := uint64(max(f.zeros, 0))
	a := Arg{u: f.u, hdr: uint64(argIntFmt) | flag(f.neg, optNeg) | flag(f.upper, optUpper) |
		flag(f.prefix, optPrefix) | flag(f.plus, optPlus) | flag(f.group, optGroup) |
		uint64(f.base)<<parShift | zeros<<(parShift+6)}
	if f.loc != nil {
		a.x = f.loc
	}
	return a, true
}

// floatArg packs f when its precision is at most 254 and its zero padding
// at most 31.
func floatArg(f FloatFormat) (Arg, bool) {
	mode := strings.IndexByte(floatModes, f.mode)
	if mode < 0 || f.prec > 254 || f.zeros > 31 || f.prec < -1 {
		return Arg{}, false
	}
	zeros := uint64(max(f.zeros, 0))
	a := Arg{u: math.Float64bits(f.v), hdr: uint64(argFloatFmt) | flag(f.flags&floatPlus != 0, optPlus) |
		flag(f.flags&floatGroup != 0, optGroup) | flag(f.bitSize == 32, optBits32) |
		uint64(mode)<<parShift | uint64(f.prec+1)<<(parShift+3) | zeros<<(parShift+11)}
	if f.loc != nil {
		a.x = f.loc
	}
	return a, true
}

func strArg(f StrFormat) Arg {
	return Arg{hdr: uint64(argStrFmt) | flag(f.quote, optQuote),
		u: uint64(len(f.s)), x: unsafe.StringData(f.s)}
}

func charArg(f CharFormat) Arg {
	return Arg{hdr: uint64(argChar), u: uint64(uint32(f.r))}
}

// padArg adds Pad's parameters to a when the width is below 2048. An
// invalid fill rune is stored as utf8.RuneError, which is what it prints.
func padArg(a Arg, width int, fill rune, align byte) (Arg, bool) {
	if width >= 1<<11 {
		return Arg{}, false
	}
	var al uint64 // right
	switch align {
	case 'l':
		al = 1
	case 'c':
		al = 2
	}
	if !utf8.ValidRune(fill) {
		fill = utf8.RuneError
	}
	a.hdr |= optPad | uint64(max(width, 0))<<padShift | al<<(padShift+11) | uint64(fill)<<(padShift+13)
	return a, true
}

// timeArg packs t as the Unix seconds of its wall clock, its nanoseconds
// and its zone offset, which is all RFC 3339 shows.
func timeArg(t time.Time, frac int8) (Arg, bool) {
	_, off := t.Zone()
	zone := off / 60
	if zone >= 1<<23 || zone < -1<<23 || frac < -1 || frac > 9 {
		return Arg{}, false
	}
	// Wrapping arithmetic, as time's own: the date is computed from the
	// same value modulo 2^64.
	local := uint64(t.Unix()) + uint64(int64(off))
	hdr := uint64(argTime) | uint64(frac+1)<<5 | uint64(t.Nanosecond())<<9 | uint64(zone&(1<<24-1))<<40
	if off == 0 {
		hdr |= 1 << 39
	}
	return Arg{hdr: hdr, u: local}, true
}

// PrintArgs writes its arguments exactly as Print writes the same values,
// spaces included (one between two operands when neither is a string; a
// V of a string is a string, a V of a byte slice or a manipulator is
// not), and allocates nothing. It is the variadic form for hot paths:
//
//	format.PrintArgs(w, format.V("id="), format.V(id), format.V(" x="), format.V(x), format.V("\n"))
func PrintArgs[W Writer](w W, args ...Arg) {
	if cw, ok := any(w).(*core.Writer); ok {
		printArgsTo(cw.Engine(), args, false)
		return
	}
	printArgsAny(w, args, false)
}

// printArgsAny is PrintArgs (and PrintLnArgs, with ln) for a writer that
// is not a *core.Writer, held in w.
func printArgsAny(w any, args []Arg, ln bool) {
	if cw, ok := engine(w); ok {
		printArgsTo(cw, args, ln)
		if ln {
			cw.WriteByte('\n')
		}
		return
	}
	if bw, ok := w.(core.BufferedWriter); ok {
		prev := true
		for i := range args {
			s := args[i].isString()
			if ln && i > 0 || !ln && !s && !prev {
				byteB(bw, ' ')
			}
			printArg(bw, &args[i])
			prev = s
		}
		if ln {
			byteB(bw, '\n')
		}
		return
	}
	viaScratch(w.(Writer), func(b *scratchBuf) { printArgsAny(b, args, ln) })
}

// PrintLnArgs writes its arguments exactly as PrintLn writes the same
// values, a space between each two and a newline at the end, and
// allocates nothing:
//
//	format.PrintLnArgs(w, format.V(id), format.V(x), format.V(name))
func PrintLnArgs[W Writer](w W, args ...Arg) {
	if cw, ok := any(w).(*core.Writer); ok {
		printArgsTo(cw.Engine(), args, true)
		cw.PutByte('\n')
		return
	}
	printArgsAny(w, args, true)
}

// printArgsTo is PrintArgs for the concrete writer, with the commonest
// kinds written out so that the writer's methods inline; ln selects
// PrintLn's spacing. It writes no newline.
func printArgsTo(w core.Engine, args []Arg, ln bool) {
	prev := true // no space before the first operand
	for i := range args {
		a := &args[i]
		s := a.isString()
		if ln && i > 0 || !ln && !s && !prev {
			w.WriteByte(' ')
		}
		prev = s
		switch argKind(a.hdr) {
		case argString, argBytes:
			p, _ := a.x.(*byte)
			w.WriteString(unsafe.String(p, a.u))
		case argInt:
			u, neg := split(int64(a.u))
			p := w.Reserve(maxIntLen)
			w.Commit(putIntFast(p, u, neg))
		case argFloat64:
			p := w.Reserve(maxFloatLen)
			w.Commit(len(appendShortest(p[:0], math.Float64frombits(a.u))))
		case argBool:
			if a.u != 0 {
				w.WriteString("true")
			} else {
				w.WriteString("false")
			}
		case argStrFmt:
			if a.hdr&(optQuote|optPad) != optQuote {
				printArg(w, a)
				break
			}
			p, _ := a.x.(*byte)
			quoteCore(w, unsafe.String(p, a.u))
		default:
			printArg(w, a)
		}
	}
}

func printArg(w core.BufferedWriter, a *Arg) {
	// The plain kinds (below argDur) have no other bits set; the low byte
	// of a manipulator's header is argDur or more.
	switch argKind(a.hdr) {
	case argString, argBytes:
		p, _ := a.x.(*byte)
		strB(w, unsafe.String(p, a.u))
		return
	case argInt:
		intAny(w, int64(a.u))
		return
	case argFloat64:
		floatB(w, math.Float64frombits(a.u), 64, false)
		return
	case argUint:
		intB(w, a.u, false)
		return
	case argBool:
		boolB(w, a.u != 0)
		return
	case argFloat32:
		floatB(w, float64(math.Float32frombits(uint32(a.u))), 32, false)
		return
	case argNil:
		strB(w, "<nil>")
		return
	case argAny:
		printOne(w, a.x)
		return
	}
	// A manipulator: as Put writes it.
	p := w.Reserve(64)
	q := a.appendFormat(p[:0])
	if a.hdr&optPad != 0 && a.kind() != argTime { // a time has its own layout
		h := a.hdr >> padShift
		align := [4]byte{'r', 'l', 'c', 'r'}[h>>11&3]
		q = padField(q, 0, int(h&(1<<11-1)), rune(h>>13), align)
	}
	putAppended(w, p, q)
}

// appendFormat appends a manipulator's Arg as the manipulator's own
// AppendFormat does.
func (a *Arg) appendFormat(dst []byte) []byte {
	h := a.hdr
	par := h >> parShift
	switch a.kind() {
	case argIntFmt:
		f := IntFormat{u: a.u, base: uint8(par & 63), zeros: int(par >> 6 & (1<<10 - 1)),
			neg: h&optNeg != 0, upper: h&optUpper != 0, prefix: h&optPrefix != 0,
			plus: h&optPlus != 0, group: h&optGroup != 0}
		f.loc, _ = a.x.(*locale)
		return f.AppendFormat(dst)
	case argFloatFmt:
		f := FloatFormat{v: math.Float64frombits(a.u), bitSize: 64, mode: floatModes[par&7],
			prec: int(par>>3&255) - 1, zeros: int(par >> 11 & 31)}
		if h&optPlus != 0 {
			f.flags |= floatPlus
		}
		if h&optGroup != 0 {
			f.flags |= floatGroup
		}
		if h&optBits32 != 0 {
			f.bitSize = 32
		}
		f.loc, _ = a.x.(*locale)
		return f.AppendFormat(dst)
	case argStrFmt:
		p, _ := a.x.(*byte)
		return StrFormat{s: unsafe.String(p, a.u), quote: h&optQuote != 0}.AppendFormat(dst)
	case argChar:
		return CharFormat{r: rune(uint32(a.u))}.AppendFormat(dst)
	case argDur:
		return Dur(time.Duration(a.u)).AppendFormat(dst)
	case argPointer:
		return pointerFormat{uintptr(a.u)}.AppendFormat(dst)
	case argTime:
		t := time.Unix(int64(a.u), int64(h>>9&(1<<30-1))).UTC()
		off := 0
		if h&(1<<39) == 0 {
			// The offset's minutes, sign-extended; its seconds are
			// already in u, and RFC 3339 does not show them.
			off = int(int64(h)>>40) * 60
			if off == 0 {
				off = 1 // less than a minute, not zero: "+00:00"
			}
		}
		return appendTime(dst, t, off, int8(h>>5&15)-1)
	}
	// The plain kinds are printed by printArg and never padded.
	return dst
}

// maxQuoteGrowth bounds strconv.AppendQuote's output per input byte: an
// invalid byte becomes \xHH, and no escape of a rune is longer than four
// bytes per byte of its UTF-8 encoding (\U0010FFFF for four bytes).
const maxQuoteGrowth = 4

// quoteCore quotes s in place in w's buffer when its longest quoted form
// fits the buffer, so that no string of that size allocates.
func quoteCore(w core.Engine, s string) {
	if n := maxQuoteGrowth*len(s) + 2; n <= w.Size() {
		p := w.Reserve(n)
		w.Commit(len(strconv.AppendQuote(p[:0], s)))
		return
	}
	putB(w, Quote(s))
}
