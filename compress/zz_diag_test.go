package compress

import (
	"os"
	"sync/atomic"
	"testing"
)

func TestZZDiagClean(t *testing.T) {
	gz, err := os.ReadFile(os.Getenv("ZZ_GZ"))
	if err != nil {
		t.Fatal(err)
	}
	s := gz[10:]
	var fd finder
	for from := int64(2 << 20); from+16 < int64(len(s)); from += 2 << 20 {
		q := fd.next(s, 8*from, 8*from+8*(2<<20))
		var sd specDecoder
		sd.cancel = new(atomic.Bool)
		sd.reset(s, q, nil)
		never := func(int64) bool { return false }
		why, err := sd.run(1<<62, never, 1<<40, nil)
		t.Logf("chunk at %d: block at +%d bits, stop %d err %v, output to clean %d", from, q-8*from, why, err, len(sd.out)-markWindow)
	}
}
