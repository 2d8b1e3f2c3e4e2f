//go:build linux || darwin || freebsd

package crypto

import (
	"os"
	"runtime/debug"
	"syscall"
)

// mapWindow is how much of a file is mapped at a time, so that huge files
// need no huge address range (32-bit platforms included).
const mapWindow = 64 << 20

// hashMapped hashes the first size bytes of f through read-only memory
// maps. done is false, with no error, when the first map fails (a file
// system that cannot map): the caller then reads the file instead.
func hashMapped(h *Hasher, f *os.File, size int64) (done bool, err error) {
	sc, err := f.SyscallConn()
	if err != nil {
		return false, nil
	}
	var inner error
	cerr := sc.Control(func(fd uintptr) {
		for off := int64(0); off < size; off += mapWindow {
			n := int(min(mapWindow, size-off))
			m, err := syscall.Mmap(int(fd), off, n, syscall.PROT_READ, syscall.MAP_SHARED)
			if err != nil {
				if off == 0 {
					return
				}
				inner = err
				done = true
				return
			}
			adviseSequential(m)
			err = hashRegion(h, m)
			_ = syscall.Munmap(m)
			if err != nil {
				inner = err
				done = true
				return
			}
		}
		done = true
	})
	if cerr != nil {
		return false, nil
	}
	return done, inner
}

// hashRegion hashes mapped memory. Reading a page past the end of a file
// that shrank faults (SIGBUS); SetPanicOnFault turns that into a panic we
// recover as ErrFileChanged instead of a crash.
func hashRegion(h *Hasher, m []byte) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = ErrFileChanged
		}
	}()
	h.Write(m)
	return nil
}
