// Package gzip is a stand-in for klauspost's gzip.
package gzip

import "io"

type Writer struct{ w io.Writer }

func NewWriter(w io.Writer) *Writer           { return &Writer{w} }
func (z *Writer) Write(p []byte) (int, error) { return len(p), nil }
func (z *Writer) Close() error                { return nil }
