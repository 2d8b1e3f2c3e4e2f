package format

import "unicode/utf8"

// Locale holds the conventions of a locale that matter to numbers: the
// decimal point, the digit grouping separator and the size of a group.
// fastio has no global locale state: a Locale is passed to the
// manipulators that use one (IntFormat.In, FloatFormat.In), and the
// default everywhere is the zero Locale, the "C" convention: a '.' point
// and ',' between groups of three digits when grouping is asked for.
//
// A Locale is an immutable value, one pointer in size, made once by
// NewLocale and then passed around and compared freely; nothing can
// change a Locale another part of a program holds.
type Locale struct{ l *locale }

// locale is the data of a Locale made by NewLocale.
type locale struct {
	decimal string
	group   string
	size    int
	runes   int // the characters of group
}

// NewLocale returns the Locale whose decimal point is decimal and whose
// separator between groups of groupSize digits, counted from the decimal
// point, is group. An empty decimal means "."; a groupSize of 0 or less
// means 3; an empty group puts nothing between groups.
func NewLocale(decimal, group string, groupSize int) Locale {
	if decimal == "" {
		decimal = "."
	}
	if groupSize <= 0 {
		groupSize = 3
	}
	return Locale{&locale{decimal: decimal, group: group, size: groupSize, runes: utf8.RuneCountInString(group)}}
}

// cLocale is the data of the zero Locale, the C convention.
var cLocale = locale{decimal: ".", group: ",", size: 3, runes: 1}

func (l *locale) or() *locale {
	if l == nil {
		return &cLocale
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

// groupedZeros returns how many digits a run of n digits grouped by size
// with a separator of sepRunes characters must be widened to, with
// leading zeros, for the grouped run to take at least width characters:
// Python's rule for a zero-padded grouped number (format(155, '08,d') is
// "0,000,155"), in which the zeros are grouped like the digits and a
// group never starts with a separator, so the result can be one character
// wider than width.
func groupedZeros(n, size, sepRunes, width int) int {
	d := n
	for d+(d-1)/size*sepRunes < width {
		d++
	}
	return d
}
