package a

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/crypto"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/unicode"
)

// True positives.

func neverFlushed() {
	w := bufio.NewWriter(os.Stdout) // want `w \(\*bufio.Writer\) is not flushed or closed on the path returning at line 24`
	fmt.Fprintln(w, "lost")
}

func earlyReturn(skip bool) error {
	w := core.NewWriter(os.Stdout) // want `w \(\*core.Writer\) is not flushed or closed on the path returning at line 29`
	if skip {
		return nil
	}
	w.WriteString("x")
	return w.Flush()
}

func oneCase(k int) error {
	var w = core.NewWriter(os.Stdout) // want `not flushed or closed on the path returning at line 43`
	switch k {
	case 1:
		w.WriteString("one")
	case 2:
		return w.Close()
	}
	return nil
}

func compressed(dst io.Writer, p []byte) error {
	zw, err := compress.NewWriter(dst, 6) // want `zw \(\*compress.Writer\) is not flushed or closed`
	if err != nil {
		return err
	}
	zw.Write(p)
	return nil
}

func deferredIgnored() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush() // want `the error of w.Flush is ignored`
	fmt.Fprintln(w, "hello")
}

func statementIgnored() {
	w := core.NewWriter(os.Stdout)
	w.WriteString("hi")
	w.Flush() // want `the error of w.Flush is ignored`
}

func blankIgnored() {
	w := core.NewWriter(os.Stdout)
	w.WriteString("hi")
	_ = w.Close() // want `the error of w.Close is ignored`
}

func loopBreak(lines []string) {
	w := bufio.NewWriter(os.Stdout) // want `not flushed or closed`
	for _, l := range lines {
		if l == "" {
			return
		}
		w.WriteString(l)
	}
	if err := w.Flush(); err != nil {
		log.Print(err)
	}
}

// False positives: none of these is reported.

func flushedChecked() error {
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, "kept")
	return w.Flush()
}

func returned() *bufio.Writer {
	w := bufio.NewWriter(os.Stdout)
	return w
}

type holder struct{ w *core.Writer }

func stored(h *holder) {
	w := core.NewWriter(os.Stdout)
	h.w = w
}

func finish(w *bufio.Writer) error { return w.Flush() }

func handedOver() error {
	w := bufio.NewWriter(os.Stdout)
	w.WriteString("x")
	return finish(w)
}

func errorPath(p []byte) error {
	w := bufio.NewWriter(os.Stdout)
	if _, err := w.Write(p); err != nil {
		return err
	}
	if len(p) == 0 {
		return errors.New("empty")
	}
	return w.Flush()
}

func fatalPath(p []byte) {
	w := core.NewWriter(os.Stdout)
	if len(p) == 0 {
		log.Fatal("nothing to write")
	}
	if len(p) == 1 {
		os.Exit(2)
	}
	if len(p) == 2 {
		panic("two")
	}
	w.Write(p)
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}

func deferredClosure() (err error) {
	w := bufio.NewWriter(os.Stdout)
	defer func() {
		if ferr := w.Flush(); ferr != nil && err == nil {
			err = ferr
		}
	}()
	fmt.Fprintln(w, "x")
	return nil
}

func hashed(p []byte) []byte {
	h := crypto.New()
	h.Write(p)
	return h.Sum(nil)
}

func viaInterface(r io.Reader) error {
	w := bufio.NewWriter(os.Stdout)
	if _, err := io.Copy(w, r); err != nil {
		return err
	}
	fmt.Fprintf(w, "%d\n", 1)
	return w.Flush()
}

func goroutine(done chan struct{}) {
	w := bufio.NewWriter(os.Stdout)
	go func() {
		w.WriteString("x")
		w.Flush()
		close(done)
	}()
}

func deferCloseCheckedFlush() error {
	w := core.NewWriter(os.Stdout)
	defer w.Close()
	w.WriteString("x")
	return w.Flush()
}

func asAny() {
	w := bufio.NewWriter(os.Stdout)
	keep(w)
}

var kept any

func keep(v any) { kept = v }

func closedAtEnd() error {
	zw, err := compress.NewWriter(os.Stdout, 9)
	if err != nil {
		return err
	}
	defer zw.Close()
	zw.Write([]byte("x"))
	if err := zw.Close(); err != nil {
		return err
	}
	return nil
}

func deviceOpen(path string) {
	w, err := openOut(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	w.WriteString("x")
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
}

func openOut(path string) (*core.Writer, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return core.NewWriter(f), nil
}

func inLoop(n int, data []byte) {
	w := core.NewWriter(io.Discard)
	for i := 0; i < n; i++ {
		w.Reset(io.Discard)
		w.Write(data)
		w.Flush()
	}
}

func wrapped(dst io.Writer) error {
	bw := core.NewWriter(dst)
	zw, err := compress.NewWriter(bw, 6)
	if err != nil {
		return err
	}
	zw.Write([]byte("x"))
	return zw.Close()
}

func abandoned(fail bool) {
	w := core.NewWriter(os.Stdout)
	w.WriteString("partial")
	if fail {
		w.Reset(io.Discard) // drop the partial output on purpose
		return
	}
	if err := w.Flush(); err != nil {
		log.Print(err)
	}
}

func memory() string {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	w.WriteString("x")
	w.Flush()
	return b.String()
}

func memoryForgotten() string {
	var b bytes.Buffer
	w := bufio.NewWriter(&b) // want `w \(\*bufio.Writer\) is not flushed or closed`
	w.WriteString("x")
	return b.String()
}

func stdoutDevice() {
	out := device.Stdout() // want `out \(\*core.Writer\) is not flushed or closed`
	out.WriteString("lost")
}

func transcoded(dst io.Writer) error {
	u := unicode.NewWriter(dst)
	if _, err := u.Write([]byte("x")); err != nil {
		return err
	}
	return u.Close()
}

func transcodedLost(dst io.Writer) {
	u := unicode.NewWriter(dst) // want `u \(\*unicode.Writer\) is not flushed or closed`
	u.Write([]byte("x"))
}

func exitSkipsDefer(args []string) {
	w := bufio.NewWriter(os.Stdout)
	defer func() {
		if err := w.Flush(); err != nil {
			log.Print(err)
		}
	}()
	fmt.Fprintln(w, "report")
	if len(args) == 0 {
		os.Exit(1) // want `this call ends the program without running the deferred Flush or Close of w`
	}
}

func fatalSkipsDefer(n int) {
	w := core.NewWriter(os.Stdout)
	defer func() {
		if err := w.Close(); err != nil {
			log.Print(err)
		}
	}()
	w.WriteString("x")
	if n < 0 {
		log.Fatalf("negative: %d", n) // want `ends the program without running the deferred`
	}
}

func deferredThenReturn() (err error) {
	w := core.NewWriter(os.Stdout)
	defer func() {
		if cerr := w.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	w.WriteString("x")
	if len(os.Args) > 5 {
		return nil
	}
	panic("defers run on panic")
}

func fatalOnError() {
	w := core.NewWriter(os.Stdout)
	defer func() {
		if err := w.Close(); err != nil {
			log.Print(err)
		}
	}()
	if _, err := w.WriteString("x"); err != nil {
		log.Fatal(err)
	}
}

func discarded(p []byte) {
	w := bufio.NewWriter(io.Discard)
	w.Write(p)
}

func engineHandedOut(dst io.Writer) *core.Writer {
	zw, _ := compress.NewWriter(dst, 6)
	return zw.Engine()
}

func engineUsed(dst io.Writer) {
	zw, _ := compress.NewWriter(dst, 6) // want `zw \(\*compress.Writer\) is not flushed`
	zw.Engine().WriteString("x")
}

func madeOverEachOther() {
	var a, b *bufio.Writer
	a = bufio.NewWriter(b) // want `a \(\*bufio.Writer\) is not flushed`
	b = bufio.NewWriter(a) // want `b \(\*bufio.Writer\) is not flushed`
	a.WriteString("x")
}
