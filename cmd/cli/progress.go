package cli

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressMin is the input size from which a progress bar is shown.
const progressMin = 4 << 20

// withProgress returns r, counted by a progress bar on stderr when stderr is
// a terminal, quiet is false and the input is known to be at least
// progressMin bytes, and a function that ends the bar.
func withProgress(r io.Reader, size int64, desc string, stderr io.Writer, quiet bool) (io.Reader, func()) {
	f, ok := stderr.(*os.File)
	if quiet || !ok || size < progressMin || !term.IsTerminal(int(f.Fd())) {
		return r, func() {}
	}
	bar := progressbar.NewOptions64(size,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowTotalBytes(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
	pr := progressbar.NewReader(r, bar)
	return &pr, func() { bar.Finish() }
}

// sizeOf returns the size of a regular file behind r, or -1.
func sizeOf(r io.Reader) int64 {
	f, ok := r.(*os.File)
	if !ok {
		return -1
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return -1
	}
	return st.Size()
}
