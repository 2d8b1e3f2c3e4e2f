// Package format prints and scans values through fastio's buffer
// concepts: numbers are written in place into a buffered writer's free
// space (core.BufferedWriter's Reserve and Commit) and parsed in place
// from a core.BufferedReader's window (Window, Consume), with no
// intermediate slice and no allocation.
//
// The print functions write to a [Writer]: any fastio buffered writer, a
// *bufio.Writer, or another writer with a Flush method. An *os.File is
// wrapped once (core.NewWriter or bufio.NewWriter) and flushed by whoever
// wrapped it; [Writer] says what each kind of writer gets.
//
// Printing comes in three forms, after log/slog's precedent (Log takes
// ...any and allocates, LogAttrs takes ...Attr and does not):
//
//   - [Print] and [PrintLn] take any values and space them as fmt.Print
//     and fmt.Println do: Print puts a space between two operands when
//     neither is a string (Print(w, "n=", 1, "\n") writes "n=1\n"),
//     PrintLn between every two, and a newline (PrintLn(w, "n =", 1)
//     writes "n = 1\n"). An operand is a string when its type's kind is
//     string, as for fmt; a byte slice, an error or a manipulator is not.
//     Go boxes each argument into an interface, and since Print calls
//     user types' methods through those interfaces (Appender, error,
//     fmt.Stringer), the compiler must assume every box escapes: each
//     non-constant integer from 256 up, float, string or struct costs the
//     caller one allocation, as with fmt. Print allocates nothing else.
//   - [PrintArgs] and [PrintLnArgs] take Args made by [V], which packs every
//     built-in type and every manipulator of this package into plain
//     fields without boxing: the variadic forms for hot paths, with the
//     output of Print and PrintLn, spaces included, and no allocation. Only a user type is kept in
//     an interface, and costs its one box unless it is a pointer.
//   - The typed functions [Int], [IntLn], [Float], [FloatLn], [Str] and
//     [Put] (any manipulator or [Appender]) write one value each and never
//     allocate: Str(w, "\n") ends a line, Put(w, Char(r)) writes a rune as
//     a character. [Ints] writes a whole slice of integers with a
//     separator, many values per reservation of the buffer.
//
// For example:
//
//	w := bufio.NewWriter(os.Stdout) // or core.NewWriter(os.Stdout)
//	defer w.Flush()
//	format.PrintLn(w, "n =", n, "mean =", mean)
//	format.PrintArgs(w, format.V("id="), format.V(id), format.V(" x="), format.V(x), format.V("\n"))
//	for _, v := range values {
//		format.IntLn(w, v)
//	}
//
// The boxing cannot be avoided inside Print without hiding pointers from
// the compiler, which is unsafe when a user's method may keep its
// receiver; hence the separate Arg form.
//
// Manipulators are plain values that wrap one value each, with no hidden
// stream state: [Base] for integers in any base (with Prefix, Upper, Plus,
// Group, Zeros); [Fixed], [Sci], [General] and [HexFloat] for floats, with
// a precision (-1: the shortest that reads back); [Quote], [Plain] and
// [Char] for strings and characters; [Pad] for a field width with fill and
// alignment; [Time] and [Dur] for time.Time and time.Duration. A [Locale]
// ([NewLocale]) sets the decimal point, grouping separator and group size;
// the zero Locale, the default, is the "C" convention. Any type can join
// in by implementing [Appender]: append yourself to a byte slice, which
// the print functions hand you in place in the writer's buffer.
//
// Scanning goes through a [Scanner]: integers of every width and base with
// overflow detection ([Scanner.Int], [ScanInt]), floats correctly rounded
// ([Scanner.Float64], [ScanFloat]), tokens, lines ([Scanner.Line], whose
// loop stands for bufio.Scanner's for s.Scan()), and with [Scanner.Scan]
// any mix of those, bools, strings and user types through
// encoding.TextUnmarshaler. The Scanner documentation states the
// whitespace rules, EOF behaviour, errors and the state after an error.
// [ParseInt] and [ParseFloat] parse a string or byte slice with the same
// rules as strconv, without allocating.
package format
