package core_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

func TestWrapWriter(t *testing.T) {
	var sink bytes.Buffer
	cw := core.NewWriter(&sink)
	if core.WrapWriter(cw) != core.BufferedWriter(cw) {
		t.Fatal("a BufferedWriter must be returned as is")
	}
	if _, ok := core.WrapWriter(struct{ io.Writer }{&sink}).(*core.Writer); !ok {
		t.Fatal("a plain io.Writer must get a *core.Writer")
	}
	if _, ok := core.WrapWriter(&sink).(*core.Writer); ok {
		t.Fatal("a *bytes.Buffer must get the adapter, not a second buffer")
	}
	for _, size := range []int{16, 4096} {
		t.Run("bufio "+strconv.Itoa(size), func(t *testing.T) {
			var out bytes.Buffer
			bw := bufio.NewWriterSize(&out, size)
			w := core.WrapWriter(bw)
			var want []byte
			for i := range 200 {
				p := w.Reserve(20)
				p = strconv.AppendInt(p[:0], int64(i)*99991, 10)
				w.Commit(len(p))
				want = strconv.AppendInt(want, int64(i)*99991, 10)
			}
			p := w.Reserve(100) // larger than the 16-byte bufio
			copy(p, strings.Repeat("L", 100))
			w.Commit(100)
			want = append(want, strings.Repeat("L", 100)...)
			w.Write([]byte("!"))
			want = append(want, '!')
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Fatalf("got %q", out.Bytes())
			}
			w.Reserve(1)
			w.Commit(1 << 20)
			if !errors.Is(w.Flush(), core.ErrInvalidCount) {
				t.Fatal("bad Commit not reported")
			}
		})
	}
}

func TestWrapReader(t *testing.T) {
	data := pattern(8, 3000)
	sr := core.NewSpanReader(data)
	if core.WrapReader(sr) != core.BufferedReader(sr) {
		t.Fatal("a BufferedReader must be returned as is")
	}
	if _, ok := core.WrapReader(bytes.NewReader(data)).(*core.Reader); !ok {
		t.Fatal("a plain io.Reader must get a *core.Reader")
	}
	br := core.WrapReader(bufio.NewReaderSize(bytes.NewReader(data), 16))
	got, err := drain(br, 7)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatal(err, len(got))
	}
	full := core.WrapReader(bufio.NewReaderSize(bytes.NewReader(data), 16))
	full.Fill()
	for {
		if _, err := full.Fill(); err != nil {
			if !errors.Is(err, core.ErrBufferFull) {
				t.Fatal(err)
			}
			break
		}
	}
	p := make([]byte, 4)
	if n, _ := full.Read(p); n != 4 || !bytes.Equal(p, data[:4]) {
		t.Fatal("Read through adapter")
	}
}

func TestWrapFile(t *testing.T) {
	path := t.TempDir() + "/f"
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := core.WrapWriter(f)
	io.WriteString(w, "file contents\n")
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	f, _ = os.Open(path)
	defer f.Close()
	got, _ := drain(core.WrapReader(f), 3)
	if string(got) != "file contents\n" {
		t.Fatal(string(got))
	}
}
