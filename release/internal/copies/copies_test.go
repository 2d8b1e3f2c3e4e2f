package copies

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCPUTimeCopies checks that every module's internal/cputime is
// core/internal/cputime's source files, byte for byte.
func TestCPUTimeCopies(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	src := filepath.Join(root, "core", "internal", "cputime")
	files, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no source files in %s: %v", src, err)
	}
	copies, _ := filepath.Glob(filepath.Join(root, "*", "internal", "cputime"))
	if len(copies) < 2 {
		t.Fatalf("found %d copies of %s, want the source and at least one copy", len(copies), src)
	}
	for _, dir := range copies {
		if dir == src {
			continue
		}
		for _, f := range files {
			name := filepath.Base(f)
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			want, _ := os.ReadFile(f)
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s/%s differs from %s (%v): copy it again", dir, name, f, err)
			}
		}
	}
}
