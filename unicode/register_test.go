package unicode

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// TestRegisterConcurrent registers and converts from many goroutines (run
// it with -race): one name gives one Encoding, first registration wins, and
// conversions meanwhile see a consistent list.
func TestRegisterConcurrent(t *testing.T) {
	const workers, names = 8, 20
	got := make([][names]Encoding, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range names {
				e, err := Register(fmt.Sprintf("x-concurrent-%d", i), charmap.ISO8859_1)
				if err != nil {
					t.Error(err)
					return
				}
				got[w][i] = e
				out, err := Convert(nil, []byte("caf\xe9"), e, UTF8)
				if err != nil || string(out) != "café" {
					t.Errorf("%v: %q, %v", e, out, err)
				}
			}
		}()
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		if got[w] != got[0] {
			t.Fatalf("goroutine %d got %v, goroutine 0 %v", w, got[w], got[0])
		}
	}
	again, _ := Register("X-CONCURRENT-3", charmap.Windows1252)
	if again != got[0][3] {
		t.Fatalf("a name registered again (other case, other encoding) = %v, want %v", again, got[0][3])
	}
	if e, _ := Register("utf-16le", charmap.ISO8859_1); e != UTF16LE {
		t.Fatalf("a native name = %v", e)
	}
	if _, err := Register("", charmap.ISO8859_1); !errors.Is(err, ErrUnknownEncoding) {
		t.Fatalf("empty name: %v", err)
	}
}
