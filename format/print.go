package format

import (
	"bufio"
	"encoding"
	"encoding/binary"
	"fmt"
	"io"
	"reflect"
	"sync"
	"time"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// Writer is what the print functions write to: an io.Writer that buffers
// what it is given and sends it on when flushed. Every fastio buffered
// writer is one (core.BufferedWriter: core's Writer, device's
// files, the transcoders, compressors and hashes), and so are the
// standard library's *bufio.Writer and other writers with a Flush method
// (*gzip.Writer, *tabwriter.Writer). What the print functions do depends on
// the writer, never on what it prints:
//
//   - a *core.Writer (which device's OutFile is): the value is formatted
//     in place in the buffer, through the writer's inlined fast paths;
//   - a writer that puts a transform behind a *core.Writer and hands out
//     its core.Engine (unicode's transcoders, compress's compressors): the
//     same, in its buffer through the Engine;
//   - any other core.BufferedWriter (core.WrapWriter of a *bytes.Buffer):
//     in place, through Reserve and Commit;
//   - a *bufio.Writer: in place in bufio's free space (AvailableBuffer,
//     then Write, the protocol bufio documents);
//   - any other Writer: each call's output is formatted in a buffer of this
//     package and handed to w with one Write.
//
// In every case nothing is sent to the device before the writer's own
// Flush (or its buffer filling up), and device errors are the writer's:
// kept by it and reported by its Flush.
//
// An *os.File, a net.Conn or another unbuffered io.Writer is not a Writer,
// on purpose: printing to one directly would make a system call per value.
// Wrap it once in a buffered writer and flush that when done, which is also
// how its write errors reach you:
//
//	w := core.NewWriter(os.Stdout) // or bufio.NewWriter(os.Stdout)
//	defer w.Flush()
//	format.IntLn(w, 42)
//
// A *bytes.Buffer or *strings.Builder is not a Writer either (it has no
// Flush): print into core.WrapWriter(&buf), which formats in place in a
// *bytes.Buffer's spare capacity.
//
// The print functions take the writer as a type parameter W constrained by
// Writer, not as a Writer interface value: whatever the caller holds (a
// *core.Writer, a *bufio.Writer, a core.BufferedWriter interface value)
// is passed as it is, with no conversion between interface types per call.
type Writer interface {
	io.Writer
	Flush() error
}

// scratch holds the output of one call for a Writer that is neither a
// core.BufferedWriter nor a *bufio.Writer.
var scratch = sync.Pool{New: func() any { return new(scratchBuf) }}

// stdSpace returns n bytes to format into for w, a Writer that is not a
// core.BufferedWriter: the free space of a *bufio.Writer when it has n
// bytes (flushing it first if needed), else nil, and then the caller uses
// scratch.
func stdSpace(w Writer, n int) []byte {
	if bw, ok := w.(*bufio.Writer); ok {
		if bw.Available() < n {
			bw.Flush() // a failure is sticky in bufio, reported by its Flush
		}
		if bw.Available() >= n {
			return bw.AvailableBuffer()[:n]
		}
	}
	return nil
}

// viaScratch formats into a pooled buffer with f and writes the result
// to w at once.
func viaScratch(w Writer, f func(b *scratchBuf)) {
	b := scratch.Get().(*scratchBuf)
	f(b)
	if b.Len() > 0 {
		w.Write(b.Bytes())
	}
	release(b)
}

// release returns b to scratch, unless one large output made it large:
// the pool then keeps no more than small buffers.
func release(b *scratchBuf) {
	if cap(b.Bytes()) > 64<<10 {
		return
	}
	b.Reset()
	scratch.Put(b)
}

// hasEngine is a writer that hands out the core.Engine of the
// *core.Writer that buffers its input (see core.Engine).
type hasEngine interface{ Engine() core.Engine }

// engine returns the core.Engine of w when w is a *core.Writer or has an
// Engine method (a transcoder or a compressor whose input is buffered in
// a *core.Writer), so that the print functions format into its buffer
// through the Engine's inlined methods. (It takes an any: the print functions
// convert their type parameter to any, which costs nothing, where a
// conversion between two interface types would look the method table up.)
func engine(w any) (core.Engine, bool) {
	switch w := w.(type) {
	case *core.Writer:
		return w.Engine(), true
	case core.Engine:
		return w, true
	case hasEngine:
		return w.Engine(), true
	}
	return core.Engine{}, false
}

// buffered returns w as a core.BufferedWriter when it is one: its
// core.Engine when it has one (see engine), else w itself. The functions
// given the result check for a core.Engine first.
func buffered(w any) (core.BufferedWriter, bool) {
	if cw, ok := engine(w); ok {
		return cw, true
	}
	bw, ok := w.(core.BufferedWriter)
	return bw, ok
}

// Appender is implemented by values that format themselves by appending to
// a byte slice; every manipulator of this package is one. Print uses it
// before any other interface. AppendFormat must return dst extended, and
// must not keep dst.
type Appender interface {
	AppendFormat(dst []byte) []byte
}

// Int writes v, of any integer type, in decimal. It is the typed form for
// hot loops: it writes in place into w's buffer and does not allocate.
//
// Like every print function, it is generic in the writer's type W, so
// that a caller holding a *core.Writer, a *bufio.Writer or a
// core.BufferedWriter interface value passes it as it is, with no
// interface conversion per call.
func Int[T core.Integer, W Writer](w W, v T) {
	u, neg := split(v)
	if cw, ok := any(w).(*core.Writer); ok {
		p := cw.Reserve(maxIntLen)
		cw.Commit(putIntFast(p, u, neg))
		return
	}
	intTo(w, u, neg)
}

// intTo is Int for any writer, held in w.
func intTo(w any, u uint64, neg bool) {
	if bw, ok := buffered(w); ok {
		intB(bw, u, neg)
		return
	}
	sw := w.(Writer)
	if p := stdSpace(sw, maxIntLen); p != nil {
		sw.Write(p[:putIntFast(p, u, neg)])
		return
	}
	viaScratch(sw, func(b *scratchBuf) { intB(b, u, neg) })
}

// intB is Int for a core.BufferedWriter.
func intB(w core.BufferedWriter, u uint64, neg bool) {
	if cw, ok := w.(core.Engine); ok {
		p := cw.Reserve(maxIntLen)
		cw.Commit(putIntFast(p, u, neg))
		return
	}
	p := w.Reserve(maxIntLen)
	w.Commit(putIntFast(p, u, neg))
}

// IntLn writes v in decimal followed by a newline.
func IntLn[T core.Integer, W Writer](w W, v T) {
	intLn(w, uint64(v), v < 0)
}

// intLn is IntLn for any writer, with v's bits sign-extended to 64 and its
// sign: IntLn, a conversion and this one call, inlines into its caller,
// and the writer's type is checked here.
func intLn(w any, u uint64, neg bool) {
	// The *core.Writer with room is decided before the call to Reserve,
	// whose slow path is then known not to run and is compiled out. A
	// negative value, sign-extended, is at least 1<<63, so u < 1e8 is the
	// common case whatever neg is; it ends without a call, so that nothing
	// is saved across one. Its length comes from u, not from the digits,
	// so its Commit goes before the stores and reuses the bounds loaded
	// for the room check (after a store through q the compiler would load
	// them again); the stores land in the same bytes.
	cw, ok := w.(*core.Writer)
	if !ok || cw.Available() < maxLineRoom {
		if neg {
			u = -u
		}
		intLnAny(w, u, neg)
		return
	}
	q := (*[maxLineRoom]byte)(cw.Reserve(maxLineRoom))
	if u < 1e8 {
		n := decLen32(uint32(u)) & 15
		x := ascii8(uint32(u)) >> lead(n)
		cw.Commit(n + 1)
		binary.LittleEndian.PutUint64(q[:], x)
		q[n] = '\n'
		return
	}
	if neg {
		u = -u
	}
	cw.Commit(putLineLong(q, u, neg))
}

// intLnAny is intLn for a writer other than a *core.Writer, or a full
// buffer: it writes the magnitude u, with a '-' when neg, and a newline.
func intLnAny(w any, u uint64, neg bool) {
	if cw, ok := engine(w); ok {
		cw.Commit(putLineLong((*[maxLineRoom]byte)(cw.Reserve(maxLineRoom)), u, neg))
		return
	}
	if bw, ok := w.(core.BufferedWriter); ok {
		bw.Commit(putLineLong((*[maxLineRoom]byte)(bw.Reserve(maxLineRoom)), u, neg))
		return
	}
	sw := w.(Writer)
	if p := stdSpace(sw, maxLineRoom); p != nil {
		sw.Write(p[:putLineLong((*[maxLineRoom]byte)(p), u, neg)])
		return
	}
	viaScratch(sw, func(b *scratchBuf) { intLnAny(b, u, neg) })
}

// Float writes v in the shortest decimal form that reads back as the same
// value, byte-identical to strconv.AppendFloat(b, v, 'g', -1, bitSize).
func Float[T core.Float, W Writer](w W, v T) {
	if cw, ok := any(w).(*core.Writer); ok {
		p := cw.Reserve(maxFloatLen)
		cw.Commit(len(appendShortest(p[:0], v)))
		return
	}
	floatTo(w, float64(v), int(unsafe.Sizeof(v)*8), false)
}

// FloatLn writes v as Float does, followed by a newline.
func FloatLn[T core.Float, W Writer](w W, v T) {
	if cw, ok := any(w).(*core.Writer); ok {
		p := cw.Reserve(maxFloatLen + 1)
		p = appendShortest(p[:0], v)
		p = append(p, '\n')
		cw.Commit(len(p))
		return
	}
	floatTo(w, float64(v), int(unsafe.Sizeof(v)*8), true)
}

// floatTo is Float (and FloatLn, with ln) for any writer, of a value of
// bitSize bits.
func floatTo(w any, v float64, bitSize int, ln bool) {
	if bw, ok := buffered(w); ok {
		floatB(bw, v, bitSize, ln)
		return
	}
	sw := w.(Writer)
	if p := stdSpace(sw, maxFloatLen+1); p != nil {
		q := appendFloatShortest(p[:0], v, bitSize)
		if ln {
			q = append(q, '\n')
		}
		sw.Write(q)
		return
	}
	viaScratch(sw, func(b *scratchBuf) { floatB(b, v, bitSize, ln) })
}

// floatB is floatTo for a core.BufferedWriter.
func floatB(w core.BufferedWriter, v float64, bitSize int, ln bool) {
	if cw, ok := w.(core.Engine); ok {
		p := cw.Reserve(maxFloatLen + 1)
		q := appendFloatShortest(p[:0], v, bitSize)
		if ln {
			q = append(q, '\n')
		}
		cw.Commit(len(q))
		return
	}
	p := w.Reserve(maxFloatLen + 1)
	q := appendFloatShortest(p[:0], v, bitSize)
	if ln {
		q = append(q, '\n')
	}
	putAppended(w, p, q)
}

// Str writes s, a string or a byte slice, as it is.
func Str[S core.Text, W Writer](w W, s S) {
	if cw, ok := any(w).(*core.Writer); ok {
		// core.Writer's own copies inline, and a string as large as the
		// buffer goes straight to the device.
		cw.PutString(asString(s))
		return
	}
	strTo(w, asString(s))
}

// strTo is Str for any writer: a string goes to a Writer that is not a
// core.BufferedWriter as it is, with WriteString when w has it (bufio
// copies it into its buffer, or passes a long one through).
func strTo(w any, s string) {
	if bw, ok := buffered(w); ok {
		strB(bw, s)
		return
	}
	io.WriteString(w.(Writer), s)
}

// strB is Str for a core.BufferedWriter.
func strB(w core.BufferedWriter, s string) {
	if cw, ok := w.(core.Engine); ok {
		cw.WriteString(s)
		return
	}
	for len(s) > 0 {
		p := w.Reserve(1)
		n := copy(p, s)
		w.Commit(n)
		s = s[n:]
	}
}

// byteB writes c, a space or a newline, to a core.BufferedWriter.
func byteB(w core.BufferedWriter, c byte) {
	if cw, ok := w.(core.Engine); ok {
		cw.WriteByte(c)
		return
	}
	p := w.Reserve(1)
	p[0] = c
	w.Commit(1)
}

// Put writes a, any Appender (a manipulator or a user type), in place into
// w's buffer.
func Put[A Appender, W Writer](w W, a A) {
	if cw, ok := any(w).(*core.Writer); ok {
		// A shortest-form FloatFormat goes the way of FloatLn, straight
		// to the layout, without AppendFormat's dispatch and the check of
		// where its result landed.
		if f, ok := any(&a).(*FloatFormat); ok && f.shortestOnly() {
			p := cw.Reserve(maxFloatLen)
			cw.Commit(len(appendShortestBits(p[:0], f.v, int(f.bitSize), f.mode == 'e')))
			return
		}
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
	putTo(w, a)
}

// putTo is Put for any writer.
func putTo[A Appender](w any, a A) {
	if bw, ok := buffered(w); ok {
		putB(bw, a)
		return
	}
	sw := w.(Writer)
	if p := stdSpace(sw, 64); p != nil {
		sw.Write(a.AppendFormat(p[:0]))
		return
	}
	viaScratch(sw, func(b *scratchBuf) { putB(b, a) })
}

// putB is Put for a core.BufferedWriter.
func putB[A Appender](w core.BufferedWriter, a A) {
	if cw, ok := w.(core.Engine); ok {
		if f, ok := any(&a).(*FloatFormat); ok && f.shortestOnly() {
			p := cw.Reserve(maxFloatLen)
			cw.Commit(len(appendShortestBits(p[:0], f.v, int(f.bitSize), f.mode == 'e')))
			return
		}
		p := cw.Reserve(64)
		q := a.AppendFormat(p[:0])
		if inPlace(p, q) {
			cw.Commit(len(q))
			return
		}
		cw.Commit(0)
		cw.Write(q)
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

// Print writes its arguments as fmt.Print does: one after another, with a
// space between two operands when neither is a string. An operand is a
// string, as for fmt, when its dynamic type's kind is string (a string,
// or a defined type such as type Name string), and so is a V of one; a
// byte slice, an error, a fmt.Stringer and a manipulator (Quote, Plain...)
// are not. Print(w, "x=", 1, 2, "\n") writes "x=1 2\n".
//
// Built-in types are written as the typed functions write them:
// integers in decimal, floats in shortest form, strings and byte slices as
// they are, bools as true/false, a nil as "<nil>". A rune is an int32 and
// so prints as a number; use Char to print it as a character. time.Time
// prints in RFC 3339 with fractional seconds, time.Duration as
// Duration.String does. Any other value is tried as an Appender, an
// encoding.TextAppender, an error and a fmt.Stringer, in that order; then
// a pointer (and an unsafe.Pointer) prints as 0x and its address in hex,
// as fmt's %p, and the rest goes through fmt's %v. Where fmt prints a value
// differently (a byte slice, a time, a manipulator, a pointer to a struct),
// the spacing is still fmt's.
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
func Print[W Writer](w W, args ...any) {
	if cw, ok := any(w).(*core.Writer); ok {
		// The commonest writer, without the interface assertion.
		e := cw.Engine()
		prev := true // no space before the first operand
		for _, a := range args {
			s := isString(a)
			if !s && !prev {
				e.WriteByte(' ')
			}
			printOne(e, a)
			prev = s
		}
		return
	}
	if bw, ok := buffered(w); ok {
		prev := true
		for _, a := range args {
			s := isString(a)
			if !s && !prev {
				byteB(bw, ' ')
			}
			printOne(bw, a)
			prev = s
		}
		return
	}
	viaScratch(w, func(b *scratchBuf) { Print(b, args...) })
}

// PrintLn writes its arguments as fmt.Println does: as Print writes each
// one, always with a space between two operands, then a newline.
// PrintLn(w, "n =", 1) writes "n = 1\n". To print a value right after a
// label, as in "n=1", use Print(w, "n=", 1, "\n") (no space next to a
// string) or PrintArgs.
func PrintLn[W Writer](w W, args ...any) {
	if cw, ok := any(w).(*core.Writer); ok {
		e := cw.Engine()
		for i, a := range args {
			if i > 0 {
				e.WriteByte(' ')
			}
			printOne(e, a)
		}
		cw.PutByte('\n')
		return
	}
	if bw, ok := buffered(w); ok {
		for i, a := range args {
			if i > 0 {
				byteB(bw, ' ')
			}
			printOne(bw, a)
		}
		byteB(bw, '\n')
		return
	}
	viaScratch(w, func(b *scratchBuf) { PrintLn(b, args...) })
}

// isString reports whether fmt.Print would take a as a string operand,
// one that gets no space next to it: a value whose dynamic type's kind
// is string. An Arg is by what V packed into it.
func isString(a any) bool {
	switch v := a.(type) {
	case string:
		return true
	case int, float64, []byte, bool, nil:
		return false
	case Arg:
		return v.isString()
	}
	return reflect.TypeOf(a).Kind() == reflect.String
}

func printOne(w core.BufferedWriter, a any) {
	switch v := a.(type) {
	case string:
		strB(w, asString(v))
	case []byte:
		strB(w, asString(v))
	case int:
		intAny(w, v)
	case int64:
		intAny(w, v)
	case int32:
		intAny(w, v)
	case int16:
		intAny(w, v)
	case int8:
		intAny(w, v)
	case uint:
		intAny(w, v)
	case uint64:
		intAny(w, v)
	case uint32:
		intAny(w, v)
	case uint16:
		intAny(w, v)
	case uint8:
		intAny(w, v)
	case uintptr:
		intAny(w, v)
	case float64:
		floatB(w, v, 64, false)
	case float32:
		floatB(w, float64(v), 32, false)
	case bool:
		boolB(w, v)
	case nil:
		strB(w, "<nil>")
	case time.Duration:
		putB(w, Dur(v))
	case time.Time:
		putB(w, Time(v))
	case Arg:
		printArg(w, &v)
	case Appender:
		putB(w, v)
	case encoding.TextAppender:
		p := w.Reserve(64)
		q, err := v.AppendText(p[:0])
		if err != nil {
			w.Commit(0)
			strB(w, "%!(error=")
			strB(w, err.Error())
			strB(w, ")")
			return
		}
		putAppended(w, p, q)
	case error:
		strB(w, v.Error())
	case fmt.Stringer:
		strB(w, v.String())
	case unsafe.Pointer:
		putB(w, pointerFormat{uintptr(v)})
	default:
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer {
			putB(w, pointerFormat{uintptr(rv.UnsafePointer())})
			return
		}
		p := w.Reserve(64)
		putAppended(w, p, fmt.Append(p[:0], v))
	}
}

// intAny is Int of any integer type for a core.BufferedWriter.
func intAny[T core.Integer](w core.BufferedWriter, v T) {
	u, neg := split(v)
	intB(w, u, neg)
}

// boolB is Bool for a core.BufferedWriter.
func boolB(w core.BufferedWriter, b bool) {
	if b {
		strB(w, "true")
	} else {
		strB(w, "false")
	}
}
