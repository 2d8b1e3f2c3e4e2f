package device

import (
	"io"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestPreallocateCopy checks that a kernel copy into an ext4 file reserves
// the destination's blocks for the rest of the source without changing the
// destination's size, only where it should, and that the copy is exact.
func TestPreallocateCopy(t *testing.T) {
	dir := t.TempDir()
	var fs unix.Statfs_t
	if err := unix.Statfs(dir, &fs); err != nil || fs.Type != unix.EXT4_SUPER_MAGIC {
		t.Skipf("%s is not on ext4 (type %#x, %v)", dir, fs.Type, err)
	}
	data := testData(3 << 20)
	src := filepath.Join(dir, "src")
	writeFile(t, src, string(data))
	tests := []struct {
		name     string
		mode     string
		skip     int64 // source offset
		pre      string
		reserved bool // at least the rest of the source is reserved
	}{
		{"whole", "w", 0, "", true},
		{"rest after offset, behind a head", "r+", 1 << 20, "head", true},
		{"rest below 1 MiB", "w", 3<<20 - 100_000, "", false},
		{"append", "a", 0, "head", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := filepath.Join(dir, "dst")
			writeFile(t, dst, tt.pre)
			s, err := Open(src, "r")
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if _, err := s.Seek(tt.skip, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			d, err := Open(dst, tt.mode)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if _, err := d.Seek(int64(len(tt.pre)), io.SeekStart); err != nil {
				t.Fatal(err)
			}
			preallocateCopy(d, s)
			var st unix.Stat_t
			if err := unix.Fstat(int(d.Fd()), &st); err != nil {
				t.Fatal(err)
			}
			if st.Size != int64(len(tt.pre)) {
				t.Errorf("size after preallocation = %d, want %d", st.Size, len(tt.pre))
			}
			rest := int64(len(data)) - tt.skip
			if got := st.Blocks * 512; (got >= rest) != tt.reserved {
				t.Errorf("%d bytes reserved for a rest of %d, want reserved=%v", got, rest, tt.reserved)
			}
			if n, err := Copy(d, s); err != nil || n != rest {
				t.Fatalf("Copy = %d, %v; want %d", n, err, rest)
			}
			if got := readFile(t, dst); got != tt.pre+string(data[tt.skip:]) {
				t.Errorf("destination differs (%d bytes)", len(got))
			}
		})
	}
}
