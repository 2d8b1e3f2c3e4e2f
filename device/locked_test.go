package device

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// TestLockedLines has many goroutines print whole lines through one
// Locked writer with a small buffer (so flushes happen mid-stream); every
// line must come out whole. Run it with -race.
func TestLockedLines(t *testing.T) {
	const goroutines, lines = 16, 500
	for _, kind := range []string{"OutFile", "core.Writer", "Buffer"} {
		t.Run(kind, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f")
			var l *Locked
			var mem bytes.Buffer
			switch kind {
			case "OutFile":
				f, err := Open(path, "w")
				if err != nil {
					t.Fatal(err)
				}
				l = NewLocked(core.NewOwningWriter(f, 100))
			case "core.Writer":
				f, err := Open(path, "w")
				if err != nil {
					t.Fatal(err)
				}
				l = NewLocked(core.NewWriterSize(f, 100))
				defer f.Close()
			case "Buffer":
				l = NewLocked(core.WrapWriter(&mem))
			}
			var wg sync.WaitGroup
			for g := range goroutines {
				wg.Go(func() {
					for i := range lines {
						line := fmt.Sprintf("goroutine %d line %d %s\n", g, i, bytes.Repeat([]byte{'a' + byte(g)}, i%50))
						switch i % 3 {
						case 0:
							l.WriteString(line)
						case 1:
							l.Write([]byte(line))
						case 2:
							// A line in pieces, under one lock.
							w := l.Lock()
							w.Write([]byte(line[:5]))
							p := w.Reserve(len(line))
							w.Commit(copy(p, line[5:]))
							l.Unlock()
						}
						if i%97 == 0 {
							l.Flush()
						}
					}
					l.WriteString("\n")
				})
			}
			wg.Wait()
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			var out []byte
			if kind == "Buffer" {
				out = mem.Bytes()
			} else {
				out = []byte(readFile(t, path))
			}
			seen := map[string]bool{}
			blank := 0
			for _, line := range bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n")) {
				if len(line) == 0 {
					blank++
					continue
				}
				var g, i int
				var tail string
				n, _ := fmt.Sscanf(string(line), "goroutine %d line %d %s", &g, &i, &tail)
				if n < 2 || (i%50 != 0 && tail != string(bytes.Repeat([]byte{'a' + byte(g)}, i%50))) {
					t.Fatalf("interleaved line %q", line)
				}
				seen[strconv.Itoa(g)+"/"+strconv.Itoa(i)] = true
			}
			if len(seen) != goroutines*lines || blank != goroutines {
				t.Errorf("%d distinct lines and %d blank, want %d and %d", len(seen), blank, goroutines*lines, goroutines)
			}
		})
	}
}
