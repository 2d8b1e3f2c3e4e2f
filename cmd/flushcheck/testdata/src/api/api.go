// Package api holds the programs the analyzer must follow through fastio's
// API, the standard library's writers and the program's own functions.
package api

import (
	"bufio"
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"sync"
	"text/tabwriter"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
	kgzip "github.com/klauspost/compress/gzip"

	"helpers"
)

// True positives.

func formatted() {
	w := core.NewWriter(os.Stdout) // want `w \(\*core.Writer\) is not flushed or closed on the path returning at line 31`
	for i := range 10 {
		format.IntLn(w, i)
	}
}

func formattedBufio(name string) {
	w := bufio.NewWriter(os.Stdout) // want `w \(\*bufio.Writer\) is not flushed`
	format.Str(w, "hello, ")
	format.PrintLn(w, name)
}

func crossPackage() {
	w := bufio.NewWriter(os.Stdout) // want `w \(\*bufio.Writer\) is not flushed`
	helpers.Header(w, "report")
}

func writeRows(w *bufio.Writer, rows []string) {
	for _, r := range rows {
		w.WriteString(r)
	}
}

func samePackage(rows []string) {
	w := bufio.NewWriter(os.Stdout) // want `w \(\*bufio.Writer\) is not flushed`
	writeRows(w, rows)
}

func goroutineWrites(lines []string) {
	w := bufio.NewWriter(os.Stdout) // want `w \(\*bufio.Writer\) is not flushed`
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, l := range lines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			w.WriteString(l)
			mu.Unlock()
		}()
	}
	wg.Wait()
}

func gzipOverBufio(f *os.File, p []byte) error {
	bw := bufio.NewWriter(f) // want `bw \(\*bufio.Writer\) is not flushed`
	zw := gzip.NewWriter(bw)
	if _, err := zw.Write(p); err != nil {
		return err
	}
	return zw.Close()
}

func klauspostUnclosed(p []byte) {
	zw := kgzip.NewWriter(os.Stdout) // want `zw \(\*gzip.Writer\) is not flushed`
	zw.Write(p)
}

func csvUnchecked(rows [][]string) {
	w := csv.NewWriter(os.Stdout)
	for _, r := range rows {
		w.Write(r)
	}
	w.Flush() // want `the error of w is never read: csv's Flush returns nothing`
}

func csvUnflushed(rows [][]string) error {
	w := csv.NewWriter(os.Stdout) // want `w \(\*csv.Writer\) is not flushed`
	for _, r := range rows {
		w.Write(r)
	}
	return nil
}

func newOut() *bufio.Writer { return bufio.NewWriterSize(os.Stdout, 1<<16) }

func ownConstructor() {
	w := newOut() // want `w \(\*bufio.Writer\) is not flushed`
	w.WriteString("x")
}

func otherPackageConstructor() {
	w := helpers.Stdout() // want `w \(\*bufio.Writer\) is not flushed`
	w.WriteString("x")
}

func tabbed() {
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0) // want `tw \(\*tabwriter.Writer\) is not flushed`
	fmt.Fprintln(tw, "a\tb")
}

func recordUnflushed(p string) error {
	rw := record.NewWriter(os.Stdout) // want `rw \(\*record.Writer\) is not flushed`
	r := rw.Start(64)
	r = r.String(1, p)
	return rw.Finish(r)
}

// False positives: none of these is reported.

func selectLoop(ch <-chan string, done <-chan struct{}) error {
	b := bufio.NewWriter(os.Stdout)
	for {
		select {
		case s := <-ch:
			b.WriteString(s)
		case <-done:
			return b.Flush()
		}
	}
}

type server struct{ w *core.Writer }

func (s *server) out() *core.Writer {
	if s.w == nil {
		s.w = core.NewWriter(os.Stdout)
	}
	return s.w
}

func cachedInField(s *server) {
	w := s.out()
	w.WriteString("x")
}

func recordOverBuffered(p string) error {
	bw := core.NewWriter(os.Stdout)
	rw := record.NewWriter(bw)
	r := rw.Start(64)
	r = r.String(1, p)
	if err := rw.Finish(r); err != nil {
		return err
	}
	return rw.Flush()
}

func compressOverBuffered(p []byte) error {
	bw := bufio.NewWriter(os.Stdout)
	zw, err := compress.NewWriter(bw, 6)
	if err != nil {
		return err
	}
	zw.Write(p)
	return zw.Close()
}

func gzipThenFlush(f *os.File, p []byte) error {
	bw := bufio.NewWriter(f)
	zw := gzip.NewWriter(bw)
	zw.Write(p)
	if err := zw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}

func crossPackageDone() error {
	w := bufio.NewWriter(os.Stdout)
	helpers.Header(w, "report")
	return helpers.Done(w)
}

func crossPackageKeep() {
	w := bufio.NewWriter(os.Stdout)
	helpers.Keep(w)
}

func flushRows(w *bufio.Writer, rows []string) error {
	writeRows(w, rows)
	return w.Flush()
}

func samePackageDone(rows []string) error {
	w := bufio.NewWriter(os.Stdout)
	return flushRows(w, rows)
}

func sent(ch chan<- *bufio.Writer) {
	w := bufio.NewWriter(os.Stdout)
	ch <- w
}

var global *bufio.Writer

func storedGlobal() {
	w := bufio.NewWriter(os.Stdout)
	global = w
}

func callback(register func(func() error)) {
	w := bufio.NewWriter(os.Stdout)
	w.WriteString("x")
	register(func() error { return w.Flush() })
}

func goroutineFlushes(done chan<- error) {
	w := bufio.NewWriter(os.Stdout)
	go func() {
		w.WriteString("x")
		done <- w.Flush()
	}()
}

func calledClosure() error {
	w := bufio.NewWriter(os.Stdout)
	return func() error {
		w.WriteString("x")
		return w.Flush()
	}()
}

func csvChecked(rows [][]string) error {
	w := csv.NewWriter(os.Stdout)
	if err := w.WriteAll(rows); err != nil {
		return err
	}
	w.Flush()
	return w.Error()
}

func copied(r io.Reader) error {
	w := core.NewWriter(os.Stdout)
	if _, err := io.Copy(w, r); err != nil {
		return err
	}
	return w.Flush()
}

func waitGroupGo(lines []string) error {
	w := bufio.NewWriter(os.Stdout)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, l := range lines {
		wg.Go(func() {
			mu.Lock()
			defer mu.Unlock()
			w.WriteString(l)
		})
	}
	wg.Wait()
	return w.Flush()
}

func wrapped() error {
	bw := bufio.NewWriter(os.Stdout)
	w := core.WrapWriter(bw)
	w.Write([]byte("ok\n"))
	return w.Flush()
}

type node struct {
	name string
	kids []*node
}

func printTree(w *bufio.Writer, n *node, depth int) {
	for range depth {
		w.WriteString("  ")
	}
	w.WriteString(n.name + "\n")
	for _, k := range n.kids {
		printTree(w, k, depth+1)
	}
}

func recursive(root *node) {
	w := bufio.NewWriter(os.Stdout) // want `w \(\*bufio.Writer\) is not flushed`
	printTree(w, root, 0)
}

func openWithCleanup(f *os.File) (*bufio.Writer, func() error) {
	w := bufio.NewWriter(f)
	return w, func() error { return w.Flush() }
}

func cleanupFunc(f *os.File) error {
	w, done := openWithCleanup(f)
	w.WriteString("x")
	return done()
}

func funcValue() {
	w := bufio.NewWriter(os.Stdout) // want `w \(\*bufio.Writer\) is not flushed`
	render := func(w *bufio.Writer, k string) {
		w.WriteString(k + "\n")
	}
	render(w, "a")
	render(w, "b")
}

func funcValueFlushes() error {
	w := bufio.NewWriter(os.Stdout)
	done := func(w *bufio.Writer) error {
		w.WriteString("end\n")
		return w.Flush()
	}
	return done(w)
}

func funcValueReassigned(alt func(*bufio.Writer)) {
	w := bufio.NewWriter(os.Stdout)
	render := func(w *bufio.Writer) { w.WriteString("x") }
	if alt != nil {
		render = alt
	}
	render(w)
}
