package format

import (
	"encoding"
	"encoding/binary"
	"fmt"
	"io"
	"reflect"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// Appender is implemented by values that format themselves by appending to
// a byte slice; every manipulator of this package is one. Print uses it
// before any other interface. AppendFormat must return dst extended, and
// must not keep dst.
type Appender interface {
	AppendFormat(dst []byte) []byte
}

// Printer is implemented by values that write themselves to a buffered
// writer, for output too large to append in one piece. Errors go to the
// writer, which keeps them (see core.BufferedWriter).
type Printer interface {
	PrintTo(w core.BufferedWriter)
}

// Int writes v, of any integer type, in decimal. It is the typed form for
// hot loops: it writes in place into w's buffer and does not allocate.
func Int[T core.Integer](w core.BufferedWriter, v T) {
	u, neg := split(v)
	if cw, ok := w.(*core.Writer); ok {
		p := cw.Reserve(MaxIntLen)
		cw.Commit(putIntFast(p, u, neg))
		return
	}
	p := w.Reserve(MaxIntLen)
	w.Commit(putIntFast(p, u, neg))
}

// IntLn writes v in decimal followed by a newline.
func IntLn[T core.Integer](w core.BufferedWriter, v T) {
	u, neg := split(v)
	if cw, ok := w.(*core.Writer); ok && u < 1e8 && !neg {
		// The common case written out: eight digits at once, the newline
		// stored with them when there are fewer than eight. Reserve(0)
		// never flushes, so this path has no call in it.
		if p := cw.Reserve(0); len(p) >= 9 {
			// The length comes from u, not from the digits, so that where
			// the next number goes does not wait for this conversion.
			n := decLen32(uint32(u))
			binary.LittleEndian.PutUint64(p, ascii8(uint32(u))>>(uint(8-n)*8)|uint64('\n')<<(uint(n)*8))
			p[8] = '\n'
			cw.Commit(n + 1)
			return
		}
	}
	intLn(w, u, neg)
}

// intLn is IntLn for any writer and value.
func intLn(w core.BufferedWriter, u uint64, neg bool) {
	p := w.Reserve(MaxIntLen + 1)
	n := putIntFast(p, u, neg)
	p[n] = '\n'
	w.Commit(n + 1)
}

// Float writes v in the shortest decimal form that reads back as the same
// value, byte-identical to strconv.AppendFloat(b, v, 'g', -1, bitSize).
func Float[T core.Float](w core.BufferedWriter, v T) {
	if cw, ok := w.(*core.Writer); ok {
		p := cw.Reserve(maxFloatLen)
		cw.Commit(len(appendShortest(p[:0], v)))
		return
	}
	p := w.Reserve(maxFloatLen)
	putAppended(w, p, appendShortest(p[:0], v))
}

// FloatLn writes v as Float does, followed by a newline.
func FloatLn[T core.Float](w core.BufferedWriter, v T) {
	if cw, ok := w.(*core.Writer); ok {
		p := cw.Reserve(maxFloatLen + 1)
		p = appendShortest(p[:0], v)
		p = append(p, '\n')
		cw.Commit(len(p))
		return
	}
	p := w.Reserve(maxFloatLen + 1)
	putAppended(w, p, append(appendShortest(p[:0], v), '\n'))
}

// Str writes s, a string or a byte slice, as it is.
func Str[S core.Text](w core.BufferedWriter, s S) {
	if cw, ok := w.(*core.Writer); ok {
		// core.Writer's own copies inline, and a string as large as the
		// buffer goes straight to the device.
		cw.PutString(asString(s))
		return
	}
	for len(s) > 0 {
		p := w.Reserve(1)
		n := copy(p, s)
		w.Commit(n)
		s = s[n:]
	}
}

// Bool writes "true" or "false".
func Bool(w core.BufferedWriter, b bool) {
	if b {
		Str(w, "true")
	} else {
		Str(w, "false")
	}
}

// Rune writes r as a character, UTF-8 encoded (utf8.RuneError for an invalid
// rune).
func Rune(w core.BufferedWriter, r rune) {
	p := w.Reserve(utf8.UTFMax)
	w.Commit(utf8.EncodeRune(p, r))
}

// Ln writes a newline.
func Ln(w core.BufferedWriter) {
	if cw, ok := w.(*core.Writer); ok {
		cw.PutByte('\n') // inlined
		return
	}
	p := w.Reserve(1)
	p[0] = '\n'
	w.Commit(1)
}

// Put writes a, any Appender (a manipulator or a user type), in place into
// w's buffer.
func Put[A Appender](w core.BufferedWriter, a A) {
	if cw, ok := w.(*core.Writer); ok {
		// The concrete writer's Reserve and Commit inline.
		p := cw.Reserve(64)
		q := a.AppendFormat(p[:0])
		if inPlace(p, q) {
			cw.Commit(len(q))
			return
		}
		cw.Commit(0)
		cw.Put(q)
		return
	}
	p := w.Reserve(64)
	putAppended(w, p, a.AppendFormat(p[:0]))
}

// putAppended commits q when it was built in place in p, the space just
// reserved, and writes it otherwise (it outgrew p and was reallocated).
func putAppended(w core.BufferedWriter, p, q []byte) {
	if inPlace(p, q) {
		w.Commit(len(q))
		return
	}
	w.Commit(0)
	w.Write(q)
}

// inPlace reports whether q, appended to p[:0], is still in p's memory.
func inPlace(p, q []byte) bool {
	return len(q) <= len(p) && (len(q) == 0 || unsafe.SliceData(q) == unsafe.SliceData(p))
}

// Print writes each argument in turn, with no separator, as fast_io's print
// does. Built-in types are written as the typed functions write them:
// integers in decimal, floats in shortest form, strings and byte slices as
// they are, bools as true/false, a nil as "<nil>". A rune is an int32 and
// so prints as a number; use Char to print it as a character. time.Time
// prints in RFC 3339 with fractional seconds, time.Duration as
// Duration.String does. Any other value is tried as an Appender, a
// Printer, an encoding.TextAppender, an error and a fmt.Stringer, in that
// order; then a pointer (and an unsafe.Pointer) prints as 0x and its
// address in hex, as fmt's %p, and the rest goes through fmt's %v.
//
// An Arg made by V prints as PrintArgs prints it. Errors are kept by w
// and reported by its Flush.
//
// Allocation: as with fmt, Go boxes each argument into its interface at
// the call site, and because Print calls methods of the values it is
// given (AppendFormat, Error, String...), the compiler must assume the
// boxes escape: every non-constant integer from 256 up, float, string,
// slice, time.Time, manipulator or struct passed to Print costs one
// allocation, made by the caller (a constant or a small integer does
// not, nor does a pointer, map, func or a value already in an interface,
// such as an error). Print itself allocates nothing more for the
// built-in types. For hot paths use PrintArgs with V, or the typed
// functions (Int, Float, Str, Put...), which never allocate.
func Print(w core.BufferedWriter, args ...any) {
	for _, a := range args {
		printOne(w, a)
	}
}

// Println writes the arguments as Print does, then a newline.
func Println(w core.BufferedWriter, args ...any) {
	for _, a := range args {
		printOne(w, a)
	}
	Ln(w)
}

func printOne(w core.BufferedWriter, a any) {
	switch v := a.(type) {
	case string:
		Str(w, v)
	case []byte:
		Str(w, v)
	case int:
		Int(w, v)
	case int64:
		Int(w, v)
	case int32:
		Int(w, v)
	case int16:
		Int(w, v)
	case int8:
		Int(w, v)
	case uint:
		Int(w, v)
	case uint64:
		Int(w, v)
	case uint32:
		Int(w, v)
	case uint16:
		Int(w, v)
	case uint8:
		Int(w, v)
	case uintptr:
		Int(w, v)
	case float64:
		Float(w, v)
	case float32:
		Float(w, v)
	case bool:
		Bool(w, v)
	case nil:
		Str(w, "<nil>")
	case time.Duration:
		Put(w, Dur(v))
	case time.Time:
		Put(w, Time(v))
	case Arg:
		printArg(w, &v)
	case Appender:
		Put(w, v)
	case Printer:
		v.PrintTo(w)
	case encoding.TextAppender:
		p := w.Reserve(64)
		q, err := v.AppendText(p[:0])
		if err != nil {
			w.Commit(0)
			Str(w, "%!(error=")
			Str(w, err.Error())
			Str(w, ")")
			return
		}
		putAppended(w, p, q)
	case error:
		Str(w, v.Error())
	case fmt.Stringer:
		Str(w, v.String())
	case unsafe.Pointer:
		Put(w, PointerFormat{uintptr(v)})
	default:
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer {
			Put(w, PointerFormat{uintptr(rv.UnsafePointer())})
			return
		}
		p := w.Reserve(64)
		putAppended(w, p, fmt.Append(p[:0], v))
	}
}

// Fprint is Print to any io.Writer: it buffers through core.WrapWriter
// and flushes before it returns the first error met.
func Fprint(w io.Writer, args ...any) error {
	bw := core.WrapWriter(w)
	Print(bw, args...)
	return bw.Flush()
}

// Fprintln is Println to any io.Writer, as Fprint.
func Fprintln(w io.Writer, args ...any) error {
	bw := core.WrapWriter(w)
	Println(bw, args...)
	return bw.Flush()
}
