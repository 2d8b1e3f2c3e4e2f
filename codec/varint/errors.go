package varint

import (
	"errors"
	"fmt"
	"io"
)

var (
	// ErrTruncated means the input ended inside a varint: its last byte has
	// the continuation bit set. It matches io.ErrUnexpectedEOF with errors.Is.
	ErrTruncated = fmt.Errorf("varint: truncated: %w", io.ErrUnexpectedEOF)
	// ErrOverlong means a varint has a redundant zero group at its end, a
	// non-minimal encoding of a value that has a shorter one.
	ErrOverlong = errors.New("varint: non-minimal (overlong) encoding")
	// ErrOverflow means a 10-byte varint holds bits beyond bit 63.
	ErrOverflow = errors.New("varint: value overflows 64 bits")
	// ErrTooLong means a varint continues past its 10th byte, longer than
	// any 64-bit value needs.
	ErrTooLong = errors.New("varint: longer than 10 bytes")
)
