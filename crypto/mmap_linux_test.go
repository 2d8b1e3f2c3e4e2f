package crypto

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestMappedFileShrinks maps a file, truncates it, and hashes the mapping:
// the fault on the vanished pages must come back as ErrFileChanged, not
// crash the process.
func TestMappedFileShrinks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	size := 4 * os.Getpagesize()
	if err := os.WriteFile(path, make([]byte, size), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Skip("cannot map:", err)
	}
	defer syscall.Munmap(m)
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	h := mustNew(t, SHA256)
	if err := hashRegion(h, m); !errors.Is(err, ErrFileChanged) {
		t.Fatalf("got %v, want ErrFileChanged", err)
	}
}
