// Program logging writes log lines: a timestamp, a padded level, a message
// and fields, through one buffered writer shared by goroutines. Locked
// keeps every line whole; PrintArgs formats without allocating.
package main

import (
	"os"
	"sync"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

// logger writes one line per event to a shared buffered writer.
type logger struct {
	out *device.Locked
}

func (l *logger) log(t time.Time, level, msg string, id int, took time.Duration) {
	w := l.out.Lock() // the whole line is written under the lock
	defer l.out.Unlock()
	format.PrintArgs(w, // no space is added next to a string, as with fmt.Print
		format.V(t), format.V(" "),
		format.V(format.Pad(format.Plain(level), 5).Left()), format.V(" "),
		format.V(msg), format.V(" id="), format.V(id),
		format.V(" took="), format.V(took), format.V("\n"))
}

func main() {
	out := core.NewWriter(os.Stdout)
	l := &logger{out: device.NewLocked(out)}
	start := time.Date(2026, 3, 14, 15, 9, 26, 535000000, time.UTC)

	l.log(start, "INFO", "server started", 0, 0)
	var wg sync.WaitGroup
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		// Each goroutine writes whole lines whatever the others do; waiting
		// for each in turn only fixes the order of the output below.
		go func() {
			defer wg.Done()
			l.log(start.Add(time.Duration(i)*time.Millisecond), "DEBUG", "request", i, time.Duration(i)*1500*time.Microsecond)
		}()
		wg.Wait()
	}
	l.log(start.Add(time.Second), "WARN", "slow request", 4, 2*time.Second)
	if err := l.out.Flush(); err != nil {
		os.Exit(1)
	}
}
