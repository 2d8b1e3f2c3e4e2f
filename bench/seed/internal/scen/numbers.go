package scen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

// The number scenarios: integers, doubles and "Hello World\n" lines, out
// to a file (or /dev/null) and back in.
var (
	_ = register("ints.write.outfile", func(a []string) (string, error) {
		n, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		out, err := device.Create(arg(a, 1))
		if err != nil {
			return "", err
		}
		for i := range n {
			format.IntLn(out, i)
		}
		return "", out.Close()
	})
	_ = register("ints.write.core", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := core.NewWriter(f)
			for i := range n {
				format.IntLn(w, i)
			}
			return w.Flush()
		})
	})
	_ = register("ints.write.bufio", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := bufio.NewWriter(f)
			for i := range n {
				b := strconv.AppendInt(w.AvailableBuffer(), int64(i), 10)
				w.Write(append(b, '\n'))
			}
			return w.Flush()
		})
	})
	_ = register("ints.write.fmt", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := bufio.NewWriter(f)
			for i := range n {
				fmt.Fprintln(w, i)
			}
			return w.Flush()
		})
	})
	_ = register("ints.read.fastio", func(a []string) (string, error) {
		in, err := device.OpenIn(arg(a, 0))
		if err != nil {
			return "", err
		}
		defer in.Close()
		return scanInts(in)
	})
	_ = register("ints.read.bufio", func(a []string) (string, error) {
		var n, sum int64
		err := EachLine(arg(a, 0), func(b []byte) error {
			v, err := strconv.ParseInt(string(b), 10, 64)
			n++
			sum += v
			return err
		})
		return intsFingerprint(n, sum), err
	})
	_ = register("ints.read.fmt", func(a []string) (string, error) {
		f, err := os.Open(arg(a, 0))
		if err != nil {
			return "", err
		}
		defer f.Close()
		r := bufio.NewReader(f)
		var n, sum int64
		for {
			var v int64
			_, err := fmt.Fscan(r, &v)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return "", err
			}
			n++
			sum += v
		}
		return intsFingerprint(n, sum), nil
	})

	_ = register("doubles.write.outfile", func(a []string) (string, error) {
		n, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		out, err := device.Create(arg(a, 1))
		if err != nil {
			return "", err
		}
		s := uint64(1)
		for range n {
			format.FloatLn(out, nextDouble(&s))
		}
		return "", out.Close()
	})
	_ = register("doubles.write.sci", func(a []string) (string, error) {
		n, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		out, err := device.Create(arg(a, 1))
		if err != nil {
			return "", err
		}
		s := uint64(1)
		for range n {
			format.Put(out, format.Sci(nextDouble(&s), -1))
			format.Str(out, "\n")
		}
		return "", out.Close()
	})
	_ = register("doubles.write.bufio", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := bufio.NewWriter(f)
			s := uint64(1)
			for range n {
				b := strconv.AppendFloat(w.AvailableBuffer(), nextDouble(&s), 'g', -1, 64)
				w.Write(append(b, '\n'))
			}
			return w.Flush()
		})
	})
	_ = register("doubles.write.fmt", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := bufio.NewWriter(f)
			s := uint64(1)
			for range n {
				fmt.Fprintln(w, nextDouble(&s))
			}
			return w.Flush()
		})
	})
	_ = register("doubles.read.fastio", func(a []string) (string, error) {
		in, err := device.OpenIn(arg(a, 0))
		if err != nil {
			return "", err
		}
		defer in.Close()
		sc := format.NewScanner(in)
		n, h := 0, uint64(foldInit)
		for {
			v, err := sc.Float64()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return "", err
			}
			n++
			h = fold(h, v)
		}
		return doublesFingerprint(n, h), nil
	})
	_ = register("doubles.read.bufio", func(a []string) (string, error) {
		n, h := 0, uint64(foldInit)
		err := EachLine(arg(a, 0), func(b []byte) error {
			v, err := strconv.ParseFloat(string(b), 64)
			n++
			h = fold(h, v)
			return err
		})
		return doublesFingerprint(n, h), err
	})
	_ = register("doubles.read.fmt", func(a []string) (string, error) {
		f, err := os.Open(arg(a, 0))
		if err != nil {
			return "", err
		}
		defer f.Close()
		r := bufio.NewReader(f)
		n, h := 0, uint64(foldInit)
		for {
			var v float64
			_, err := fmt.Fscan(r, &v)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return "", err
			}
			n++
			h = fold(h, v)
		}
		return doublesFingerprint(n, h), nil
	})

	_ = register("hello.outfile", func(a []string) (string, error) {
		n, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		out, err := device.Create(arg(a, 1))
		if err != nil {
			return "", err
		}
		for range n {
			out.PutString("Hello World\n")
		}
		return "", out.Close()
	})
	_ = register("hello.core", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := core.NewWriter(f)
			for range n {
				w.PutString("Hello World\n")
			}
			return w.Flush()
		})
	})
	_ = register("hello.cursor", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := core.NewWriter(f)
			c := w.Cursor()
			for range n {
				c = c.PutString("Hello World\n")
			}
			c.Done()
			return w.Flush()
		})
	})
	_ = register("hello.bufio", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := bufio.NewWriter(f)
			for range n {
				w.WriteString("Hello World\n")
			}
			return w.Flush()
		})
	})
	_ = register("hello.fmt", func(a []string) (string, error) {
		return "", withFile(a, func(f *os.File, n int) error {
			w := bufio.NewWriter(f)
			for range n {
				fmt.Fprint(w, "Hello World\n")
			}
			return w.Flush()
		})
	})
)

// withFile creates the file args[1] and calls f with it and the count
// args[0].
func withFile(args []string, f func(*os.File, int) error) error {
	n, err := strconv.Atoi(arg(args, 0))
	if err != nil {
		return err
	}
	file, err := os.Create(arg(args, 1))
	if err != nil {
		return err
	}
	if err := f(file, n); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// EachLine calls f with every line of the file, as bufio.Scanner gives it.
func EachLine(path string, f func([]byte) error) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		if err := f(sc.Bytes()); err != nil {
			return err
		}
	}
	return sc.Err()
}
