package device_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"os"
	"path/filepath"
	"strconv"

	"github.com/fastio-go/fastio/core"
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

// Open takes C's fopen mode strings: "w+x" creates a file for reading and
// writing, and fails if it exists.
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "device")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "new.txt")

	f, err := device.Open(path, "w+x")
	if err != nil {
		fmt.Println(err)
		return
	}
	f.WriteString("first\n")
	if err := f.Close(); err != nil {
		fmt.Println(err)
		return
	}
	_, err = device.Open(path, "w+x")
	fmt.Println(errors.Is(err, fs.ErrExist))
	_, err = device.Open("new.txt", "rw")
	fmt.Println(errors.Is(err, device.ErrBadMode))
	fmt.Println(err)
	// Output:
	// true
	// true
	// device: open "new.txt" (mode "rw"): device: bad mode "rw" at offset 1: unexpected 'w'
}

func ExampleOpen_errors() {
	_, err := device.Open("/nonexistent/file", "r")
	fmt.Println(errors.Is(err, fs.ErrNotExist))
	fmt.Println(err)
	// Output:
	// true
	// device: open "/nonexistent/file" (mode "r"): no such file or directory
}

func ExampleCreate_full() {
	out, err := device.Create("/dev/full")
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
	l := device.NewLocked(core.NewWriter(&buf))
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
	l, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Close()
	go func() {
		tc, err := l.AcceptTCP()
		if err != nil {
			return
		}
		c := device.NewIOFile(device.NewConn(tc)) // a server's connection
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
	reply, _ := io.ReadAll(c)
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
	fmt.Println(device.Sync(core.NewWriter(io.Discard)) != nil)
	// Output:
	// <nil> <nil>
	// true
}
