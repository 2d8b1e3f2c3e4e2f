// Package unicode is a stand-in for fastio's unicode.
package unicode

import "io"

type Writer struct{ w io.Writer }

func NewWriter(w io.Writer) *Writer           { return &Writer{w} }
func (u *Writer) Write(p []byte) (int, error) { return len(p), nil }
func (u *Writer) Close() error                { return nil }
