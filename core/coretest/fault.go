// Package coretest holds what fastio's modules test and measure with: the
// conformance suite of the buffer concepts ([TestBufferedWriter],
// [TestBufferedReader]), a writer and a reader that inject faults (short
// writes, 1-byte reads, errors at the Nth call, temporary errors), a
// [Checker] that proves a writer lost and duplicated nothing it
// acknowledged, and the CPU clocks every module's benchmarks report beside
// wall time.
//
// A buffered type passes the suite from a test of its own module:
//
//	func TestConformance(t *testing.T) {
//		coretest.TestBufferedWriter(t, coretest.WriterConfig{
//			New:    func(dev io.Writer) core.BufferedWriter { return mypkg.NewWriter(dev) },
//			Decode: mypkg.DecodeAll, // omit for a writer that passes bytes through
//		})
//		coretest.TestBufferedReader(t, coretest.ReaderConfig{
//			New:    func(src io.Reader) core.BufferedReader { return mypkg.NewReader(src) },
//			Encode: mypkg.EncodeAll,
//		})
//	}
package coretest

import (
	"errors"
	"io"
)

// ErrFault is the error a fault device returns when no other is set.
var ErrFault = errors.New("coretest: injected fault")

// TempError wraps an error so that it reports itself as temporary: its
// Timeout method reports true, as os and net errors do when a deadline
// passes. fastio writers keep their buffered bytes on such errors and retry
// them.
type TempError struct{ Err error }

func (e *TempError) Error() string   { return "temporary: " + e.Err.Error() }
func (e *TempError) Unwrap() error   { return e.Err }
func (e *TempError) Temporary() bool { return true }
func (e *TempError) Timeout() bool   { return true }

// Faults says when and how a fault device misbehaves. The zero value
// injects nothing.
type Faults struct {
	// Max, when positive, caps the bytes moved by one call: writes accept
	// at most Max bytes and return no error (a short write the caller must
	// complete); reads return at most Max bytes (Max = 1 gives 1-byte reads).
	Max int
	// FailAt, when positive, is the 1-based number of the first call that
	// fails. It moves no bytes and returns Err.
	FailAt int
	// FailFor is how many calls in a row fail from FailAt on; zero means
	// every call from FailAt on fails (a permanent fault).
	FailFor int
	// Partial, with FailAt, makes a failing call first move half of its
	// bytes (at least one when there is one), then return the error.
	Partial bool
	// Temporary wraps Err in a TempError.
	Temporary bool
	// Err is the injected error; nil means ErrFault.
	Err error
}

// failing reports whether call number n (1-based) fails, and the error.
func (f *Faults) failing(n int) (bool, error) {
	if f.FailAt <= 0 || n < f.FailAt || (f.FailFor > 0 && n >= f.FailAt+f.FailFor) {
		return false, nil
	}
	err := f.Err
	if err == nil {
		err = ErrFault
	}
	if f.Temporary {
		err = &TempError{Err: err}
	}
	return true, err
}

// Writer is an io.Writer that stores what it accepts and injects Faults.
type Writer struct {
	Faults
	// Calls counts the calls to Write.
	Calls int
	data  []byte
}

// Write accepts p, or part of it, as Faults say.
func (w *Writer) Write(p []byte) (int, error) {
	w.Calls++
	if fail, err := w.failing(w.Calls); fail {
		n := 0
		if w.Partial {
			n = (len(p) + 1) / 2
			w.data = append(w.data, p[:n]...)
		}
		return n, err
	}
	n := len(p)
	if w.Max > 0 && n > w.Max {
		n = w.Max
	}
	w.data = append(w.data, p[:n]...)
	return n, nil
}

// Bytes returns everything the device accepted.
func (w *Writer) Bytes() []byte { return w.data }

// Reader is an io.Reader over Data that injects Faults. With EOFWithData
// the last bytes come together with io.EOF, as io.Reader allows.
type Reader struct {
	Faults
	Data        []byte
	EOFWithData bool
	// Calls counts the calls to Read.
	Calls int
	off   int
}

// Read returns bytes of Data as Faults say.
func (r *Reader) Read(p []byte) (int, error) {
	r.Calls++
	if fail, err := r.failing(r.Calls); fail {
		n := 0
		if r.Partial && len(p) > 0 && r.off < len(r.Data) {
			n = copy(p[:(len(p)+1)/2], r.Data[r.off:])
			r.off += n
		}
		return n, err
	}
	if r.off >= len(r.Data) {
		return 0, io.EOF
	}
	q := p
	if r.Max > 0 && len(q) > r.Max {
		q = q[:r.Max]
	}
	n := copy(q, r.Data[r.off:])
	r.off += n
	if r.EOFWithData && r.off == len(r.Data) {
		return n, io.EOF
	}
	return n, nil
}
