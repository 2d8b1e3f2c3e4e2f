package unicode

// The generic kernel converts between any two native encodings one scalar
// value at a time. The specialised kernels cover the pairs with UTF-8 on one
// side; this one serves the rest (UTF-16 ↔ UTF-32, GB18030 ↔ UTF-16, byte
// order swaps, validation of one encoding into itself).

func decodeRune(t *gbTables, from Encoding, p []byte) (r uint32, n int, st int) {
	switch from {
	case UTF8:
		if p[0] < 0x80 {
			return uint32(p[0]), 1, decOK
		}
		return decodeUTF8(p)
	case UTF16LE, UTF16BE:
		return decodeUTF16(p, from == UTF16BE)
	case UTF32LE, UTF32BE:
		return decodeUTF32(p, from == UTF32BE)
	}
	return decodeGB(t, p)
}

// encodedLen returns the length of r in a native encoding.
func encodedLen(t *gbTables, to Encoding, r uint32) int {
	switch to {
	case UTF8:
		return utf8Len(r)
	case UTF16LE, UTF16BE:
		if r >= 0x10000 {
			return 4
		}
		return 2
	case UTF32LE, UTF32BE:
		return 4
	}
	return gbLen(t, r)
}

// putRune writes r to dst, which has room for it.
func putRune(t *gbTables, to Encoding, dst []byte, r uint32) int {
	switch to {
	case UTF8:
		return putUTF8(dst, r)
	case UTF16LE, UTF16BE:
		if r >= 0x10000 {
			s := surrogates(r)
			put16(dst, uint16(s), to == UTF16BE)
			put16(dst[2:], uint16(s>>16), to == UTF16BE)
			return 4
		}
		put16(dst, uint16(r), to == UTF16BE)
		return 2
	case UTF32LE, UTF32BE:
		put32(dst, r, to == UTF32BE)
		return 4
	}
	return putGB(t, dst, r)
}

func generic(from, to Encoding, dst, src []byte, atEOF, strict bool) (nd, ns int, st status) {
	var t *gbTables
	if from == GB18030 || to == GB18030 {
		t = loadGB()
	}
	for ns < len(src) {
		r, n, d := decodeRune(t, from, src[ns:])
		switch d {
		case decIncomplete:
			if !atEOF {
				return nd, ns, stShortSrc
			}
			if strict {
				return nd, ns, stTruncated
			}
		case decInvalid:
			if strict {
				return nd, ns, stInvalid
			}
		}
		if nd+encodedLen(t, to, r) > len(dst) {
			return nd, ns, stShortDst
		}
		nd += putRune(t, to, dst[nd:], r)
		ns += n
	}
	return nd, ns, stDone
}
