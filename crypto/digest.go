package crypto

import (
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
)

// Digest is a digest held by value: up to MaxSize bytes and their count.
// It lets one-shot functions return any algorithm's digest without
// allocating. The zero Digest is empty.
type Digest struct {
	b [MaxSize]byte
	n uint8
}

// DigestOf returns a Digest holding a copy of b, which must be at most
// MaxSize bytes long; otherwise the error wraps ErrDigestLength.
func DigestOf(b []byte) (Digest, error) {
	var d Digest
	if len(b) > MaxSize {
		return d, ErrDigestLength
	}
	d.n = uint8(copy(d.b[:], b))
	return d, nil
}

// ParseHexDigest decodes a hex digest (either case) of 2 to 2*MaxSize
// characters. A bad character or an odd length gives a *HexError wrapping
// ErrHexDigest; an empty or longer string, an error wrapping
// ErrDigestLength.
func ParseHexDigest(s string) (Digest, error) {
	var d Digest
	if len(s) == 0 {
		return d, errEmptyDigest
	}
	if len(s) > 2*MaxSize {
		return d, ErrDigestLength
	}
	n, err := decodeHex(d.b[:], s)
	if err != nil {
		return Digest{}, err
	}
	d.n = uint8(n)
	return d, nil
}

// Bytes returns the digest bytes. The slice aliases d only when d is
// addressable; it is a copy's view otherwise, so use it at once.
func (d *Digest) Bytes() []byte { return d.b[:d.n] }

// Len returns the digest length in bytes.
func (d Digest) Len() int { return int(d.n) }

// String returns the digest in lower-case hex, as sha256sum prints it.
func (d Digest) String() string { return hex.EncodeToString(d.b[:d.n]) }

// AppendHex appends the digest in lower-case hex to dst.
func (d Digest) AppendHex(dst []byte) []byte { return hex.AppendEncode(dst, d.b[:d.n]) }

// AppendBase64 appends the digest in standard padded base64 to dst.
func (d Digest) AppendBase64(dst []byte) []byte {
	return base64.StdEncoding.AppendEncode(dst, d.b[:d.n])
}

// Equal reports, in time independent of the contents, whether d and e are
// the same digest.
func (d Digest) Equal(e Digest) bool {
	return d.n == e.n && subtle.ConstantTimeCompare(d.b[:d.n], e.b[:e.n]) == 1
}

// decodeHex decodes s into dst, which must have room for len(s)/2 bytes,
// and returns the count. Errors say where s is bad.
func decodeHex(dst []byte, s string) (int, error) {
	if len(s)%2 != 0 {
		return 0, &HexError{Offset: len(s), Odd: true}
	}
	for i := 0; i < len(s); i += 2 {
		hi, ok1 := fromHex(s[i])
		lo, ok2 := fromHex(s[i+1])
		if !ok1 {
			return 0, &HexError{Offset: i, Char: s[i]}
		}
		if !ok2 {
			return 0, &HexError{Offset: i + 1, Char: s[i+1]}
		}
		dst[i/2] = hi<<4 | lo
	}
	return len(s) / 2, nil
}

func fromHex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
