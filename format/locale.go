package format

// Locale holds the conventions of a locale that matter to numbers: the
// decimal point and the digit grouping separator. fastio has no global
// locale state; a Locale is passed to the manipulators that use one
// (IntFormat.In, FloatFormat.In), and the default everywhere is C, the
// "C" convention: a '.' point and ',' as the separator when grouping is
// asked for.
type Locale struct {
	// Decimal is the decimal point, "." in C.
	Decimal string
	// Group is the separator put between digit groups, "," in C.
	Group string
	// GroupSize is the number of digits per group, counted from the
	// decimal point; 0 means 3.
	GroupSize int
}

// C is the default locale: "." as the decimal point, "," between groups of
// three digits.
var C = &Locale{Decimal: ".", Group: ",", GroupSize: 3}

func (l *Locale) groupSize() int {
	if l == nil || l.GroupSize <= 0 {
		return 3
	}
	return l.GroupSize
}

func (l *Locale) or() *Locale {
	if l == nil {
		return C
	}
	return l
}

// groupDigits rewrites the run of digits dst[from:to] with sep between
// groups of size digits counted from the right, and returns dst and the
// new end of the run.
func groupDigits(dst []byte, from, to, size int, sep string) ([]byte, int) {
	n := to - from
	if n <= size || size <= 0 {
		return dst, to
	}
	seps := (n - 1) / size
	extra := seps * len(sep)
	old := len(dst)
	dst = grow(dst, extra)
	copy(dst[to+extra:], dst[to:old])
	// Move digits right to left, dropping a separator every size digits.
	w := to + extra
	r := to
	for k := 0; r > from; k++ {
		if k > 0 && k%size == 0 {
			w -= len(sep)
			copy(dst[w:], sep)
		}
		r--
		w--
		dst[w] = dst[r]
	}
	return dst, to + extra
}
