// Package format prints and scans values through fastio's buffer
// concepts, in the manner of fast_io's print and scan: numbers are written
// in place into a core.BufferedWriter's free space (Reserve, Commit) and
// parsed in place from a core.BufferedReader's window (Window, Consume),
// with no intermediate slice and no allocation.
//
// Printing comes in two forms. Print and Println take any values and write
// them one after another with no separator; the typed functions Int,
// IntLn, Float, FloatLn, Str, Bool, Rune, Ln and Put are for hot loops and
// never allocate:
//
//	w := core.NewWriter(os.Stdout)
//	format.Println(w, "n = ", n, ", mean = ", mean)
//	for _, v := range values {
//		format.IntLn(w, v)
//	}
//	w.Flush()
//
// Manipulators are plain values that wrap one value each, with no hidden
// stream state: Hex, Oct, Bin, Base and Dec for integers (with Prefix,
// Upper, Plus, Group, Zeros); Shortest, Fixed, Sci, General and HexFloat
// for floats; Quote, Text and Char for strings and characters; Pad for a
// field width with fill and alignment; Time and Dur for time.Time and
// time.Duration. A Locale sets the decimal point and grouping separator;
// the default is the "C" convention. Any type can join in by implementing
// Appender (append yourself to a byte slice) or Printer (write yourself to
// a buffered writer).
//
// Scanning goes through a Scanner: integers of every width and base with
// overflow detection, floats correctly rounded, bools, tokens, words,
// lines, and user types through encoding.TextUnmarshaler. The Scanner
// documentation states the whitespace rules, EOF behaviour, errors and
// the state after an error. ParseInt and ParseFloat parse a string or byte
// slice with the same rules as strconv, without allocating.
package format
