package format

import "unicode/utf8"

// Padded is the manipulator made by Pad: it lays out any Appender in a
// field of a minimum width, filling the rest with a fill character. The
// default is right alignment with spaces (Left and Center change it);
// width counts characters (runes), not bytes.
type Padded[A Appender] struct {
	a     A
	width int
	fill  rune
	align byte
}

// Pad lays a out in a field of at least width characters. A negative width
// counts as 0. The output is width characters long (or a's own length when
// longer), so the caller bounds the memory it costs.
func Pad[A Appender](a A, width int) Padded[A] {
	return Padded[A]{a: a, width: max(width, 0), fill: ' ', align: 'r'}
}

// Fill sets the fill character (a space by default).
func (p Padded[A]) Fill(r rune) Padded[A] { p.fill = r; return p }

// Left aligns the value to the left of the field.
func (p Padded[A]) Left() Padded[A] { p.align = 'l'; return p }

// Center centres the value in the field; an odd fill count puts the extra
// character on the right.
func (p Padded[A]) Center() Padded[A] { p.align = 'c'; return p }

// AppendFormat appends the padded value to dst.
func (p Padded[A]) AppendFormat(dst []byte) []byte {
	start := len(dst)
	return padField(p.a.AppendFormat(dst), start, p.width, p.fill, p.align)
}

// padField lays out dst[start:] in a field of width characters, filled
// with fill and aligned as align says ('l', 'c', anything else right).
func padField(dst []byte, start, width int, fill rune, align byte) []byte {
	pad := width - utf8.RuneCount(dst[start:])
	if pad <= 0 {
		return dst
	}
	switch align {
	case 'l':
		return insertFill(dst, len(dst), pad, fill)
	case 'c':
		dst = insertFill(dst, start, pad/2, fill)
		return insertFill(dst, len(dst), pad-pad/2, fill)
	default:
		return insertFill(dst, start, pad, fill)
	}
}

// insertFill inserts n copies of the fill rune r at index at of dst.
func insertFill(dst []byte, at, n int, r rune) []byte {
	if n <= 0 {
		return dst
	}
	var fb [utf8.UTFMax]byte
	fl := utf8.EncodeRune(fb[:], r)
	old := len(dst)
	dst = grow(dst, n*fl)
	copy(dst[at+n*fl:], dst[at:old])
	for i := at; i < at+n*fl; i += fl {
		copy(dst[i:], fb[:fl])
	}
	return dst
}

// zeroPad widens the number just appended at dst[start:] to width
// characters by inserting zeros after its sign and prefix, which take the
// first skip bytes.
func zeroPad(dst []byte, start, skip, width int) []byte {
	return insertFill(dst, start+skip, width-utf8.RuneCount(dst[start:]), '0')
}
