package core

import "io"

// ReadEach reads r until io.EOF, the loop behind every ReadFrom in fastio.
// For each Read it asks space for the slice to read into (space's error
// ends the loop) and hands use the bytes read, before it looks at the
// Read's error (use's error ends the loop too). It returns the number of
// bytes read and nil at io.EOF, or the first error: a Read's, space's or
// use's; ErrInvalidCount for a count outside [0, len(p)]; an error
// satisfying errors.Is(err, io.ErrNoProgress) after 100 reads in a row
// that return no bytes and no error.
func ReadEach(r io.Reader, space func() ([]byte, error), use func(p []byte) error) (int64, error) {
	var total int64
	empty := 0
	for {
		p, err := space()
		if err != nil {
			return total, err
		}
		m, err := r.Read(p)
		if m < 0 || m > len(p) {
			return total, ErrInvalidCount
		}
		total += int64(m)
		if uerr := use(p[:m]); uerr != nil {
			return total, uerr
		}
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
		if m > 0 {
			empty = 0
		} else if empty++; empty >= maxEmptyCalls {
			return total, errNoProgress
		}
	}
}
