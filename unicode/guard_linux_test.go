//go:build linux

package unicode

import (
	"math/rand/v2"
	"syscall"
	"testing"
)

// TestDecodeGuardPage puts the source at the very end of a page followed by
// an inaccessible one, so that a load past the end of the slice faults,
// and converts UTF-8 into UTF-16LE and UTF-32LE at every kernel level, for
// every source length up to 300 bytes, as the generic kernel does.
func TestDecodeGuardPage(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	text := mixedText(rng, 400, 0, 0)
	dst := make([]byte, 4*len(text)+64)
	want := make([]byte, 4*len(text)+64)
	for _, level := range kernelLevels() {
		undo := setLevel(level)
		for n := 0; n <= 300; n++ {
			src := mem[page-n : page]
			copy(src, text[len(text)-n:])
			for _, to := range []Encoding{UTF16LE, UTF32LE} {
				k := kernelFor(UTF8, to)
				gd, gs, gst := run(k, UTF8, to, dst, src, true, false)
				wd, ws, wst := generic(UTF8, to, want, src, true, false)
				if gd != wd || gs != ws || gst != wst || string(dst[:gd]) != string(want[:wd]) {
					t.Fatalf("%s, %d bytes into %v: (%d, %d, %d), generic (%d, %d, %d)", level, n, to, gd, gs, gst, wd, ws, wst)
				}
			}
		}
		undo()
	}
}
