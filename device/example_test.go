package device_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strconv"

	"github.com/fastio-go/fastio/device"
)

// Write a file through the buffered output file, formatting in place with
// Reserve/Commit, then read it back through the memory map.
func Example() {
	dir, _ := os.MkdirTemp("", "device")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "numbers.txt")

	out, err := device.Create(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range 5 {
		p := out.Reserve(24)
		p = strconv.AppendInt(p[:0], int64(i*i), 10)
		p = append(p, '\n')
		out.Commit(len(p))
	}
	if err := out.Close(); err != nil {
		fmt.Println(err)
		return
	}

	m, err := device.Map(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	fmt.Printf("%q\n", m.Window())
	// Output: "0\n1\n4\n9\n16\n"
}

func ExampleParseMode() {
	for _, mode := range []string{"r", "w+x", "a+b", "rw"} {
		flag, err := device.ParseMode(mode)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: write=%v create=%v exclusive=%v\n", mode,
			flag&(os.O_WRONLY|os.O_RDWR) != 0, flag&os.O_CREATE != 0, flag&os.O_EXCL != 0)
	}
	// Output:
	// r: write=false create=false exclusive=false
	// w+x: write=true create=true exclusive=true
	// a+b: write=true create=true exclusive=false
	// device: bad mode "rw" at offset 1: unexpected 'w'
}

func ExampleOpen_errors() {
	_, err := device.Open("/nonexistent/file", "r")
	fmt.Println(errors.Is(err, fs.ErrNotExist))
	fmt.Println(err)
	// Output:
	// true
	// device: open "/nonexistent/file" (mode "r"): no such file or directory
}

func ExampleOpenOut_full() {
	out, err := device.OpenOut("/dev/full", "w")
	if err != nil {
		fmt.Println("no /dev/full")
		return
	}
	out.WriteString("hello\n") // buffered: no error yet
	fmt.Println(out.Close())
	// Output: device: write "/dev/full" (mode "w"): no space left on device (0 bytes reached the device)
}

func ExampleNull() {
	var null device.Null
	fmt.Fprintf(&null, "%d bottles", 99)
	p := null.Reserve(20) // formatters write in place; the bytes are dropped
	null.Commit(copy(p, " on the wall"))
	fmt.Println(null.Count())
	// Output: 22
}

func ExampleLocked() {
	var buf bytes.Buffer
	out := device.NewOutFile(&buf)
	l := device.NewLocked(out)
	done := make(chan bool)
	for range 3 {
		go func() {
			l.WriteString("a whole line\n") // never interleaved
			done <- true
		}()
	}
	for range 3 {
		<-done
	}
	// Several pieces as one line: hold the lock.
	w := l.Lock()
	w.Write([]byte("last "))
	w.Write([]byte("line\n"))
	l.Unlock()
	if err := l.Flush(); err != nil {
		log.Fatal(err)
	}
	fmt.Print(buf.String())
	// Output:
	// a whole line
	// a whole line
	// a whole line
	// last line
}

func ExampleDial() {
	l, err := device.Listen("127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		device.Copy(c, c) // echo until the client half-closes
	}()

	c, err := device.Dial(l.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	c.WriteString("ping")
	c.CloseWrite() // flushes, then shuts down our sending side
	reply, _ := c.Peek(4)
	fmt.Printf("%s\n", reply)
	// Output: ping
}

func ExampleCopy() {
	dir, _ := os.MkdirTemp("", "device")
	defer os.RemoveAll(dir)
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	os.WriteFile(src, []byte("copied in the kernel where it can be\n"), 0o644)

	in, _ := device.Open(src, "r")
	defer in.Close()
	out, _ := device.Open(dst, "w")
	n, err := device.Copy(out, in) // copy_file_range on Linux
	if err := out.Close(); err != nil {
		log.Fatal(err)
	}
	data, _ := os.ReadFile(dst)
	fmt.Printf("%d %v %s", n, err, data)
	// Output: 37 <nil> copied in the kernel where it can be
}

// The standard streams are buffered: flush before the program exits.
func ExampleStdout() {
	out := device.Stdout()
	out.WriteString("hello, world\n")
	if err := out.Flush(); err != nil {
		device.Stderr().WriteString(err.Error() + "\n")
		_ = device.Stderr().Flush() // nowhere left to report a failure to

	}
}

// A scanner that parses a mapped file in place runs inside Guard, so that
// a file truncated meanwhile gives an error instead of ending the program.
func ExampleMapped_Guard() {
	path := filepath.Join(os.TempDir(), "fastio-guard-example.txt")
	os.WriteFile(path, []byte("one\ntwo\nthree\n"), 0o644)
	defer os.Remove(path)
	m, err := device.Map(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	lines := 0
	err = m.Guard(func(window []byte) error {
		lines = bytes.Count(window, []byte("\n"))
		return nil
	})
	fmt.Println(lines, err)
	// Output: 3 <nil>
}

// Sync flushes a buffered file and then commits it to stable storage.
func ExampleSync() {
	path := filepath.Join(os.TempDir(), "fastio-sync-example.txt")
	defer os.Remove(path)
	out, err := device.Create(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	out.WriteString("durable\n")
	fmt.Println(device.Sync(out), out.Close())
	fmt.Println(device.Sync(device.NewOutFile(io.Discard)) != nil)
	// Output:
	// <nil> <nil>
	// true
}
