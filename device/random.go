package device

// Random reads random bytes from the operating system's generator:
// getrandom(2) on Linux, crypto/rand elsewhere (which uses the system's
// generator too). Every Read fills p entirely. The zero value is ready to
// use; wrap it in an InFile (NewInFile(Random{}, 0)) for a buffered window
// of random bytes.
type Random struct{}

// Read fills p with random bytes and returns len(p), nil; it fails only if
// the operating system's generator does.
func (Random) Read(p []byte) (int, error) {
	done := 0
	for done < len(p) {
		n, err := readRandom(p[done:])
		done += n
		if err == nil && n == 0 {
			err = errNoProgress
		}
		if err != nil {
			return done, &Error{Op: "read", Path: "random", Written: -1, Err: err}
		}
	}
	return done, nil
}
