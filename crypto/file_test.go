package crypto

import (
	"bytes"
	"crypto/hmac"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
)

func TestSumFile(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	key := []byte("file key")
	for _, size := range []int{0, 1, 1000, readBlock - 1, readBlock, readBlock + 1, 3*readBlock + 12345} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		path := filepath.Join(dir, strconv.Itoa(size))
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		for _, a := range []Algorithm{SHA1, SHA256, SHA512} {
			t.Run(a.String()+"/"+strconv.Itoa(size), func(t *testing.T) {
				d, err := SumFile(a, path)
				if want := stdSum(a, data); err != nil || !bytes.Equal(d.Bytes(), want) {
					t.Errorf("SumFile = %v, %v; want %x", d, err, want)
				}
				m := hmac.New(stdNew(a), key)
				m.Write(data)
				d, err = SumFileHMAC(a, key, path)
				if want := m.Sum(nil); err != nil || !bytes.Equal(d.Bytes(), want) {
					t.Errorf("SumFileHMAC = %v, %v; want %x", d, err, want)
				}
			})
		}
	}
}

func TestSumFileErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		path string
		want error
	}{
		{"missing", filepath.Join(dir, "missing"), fs.ErrNotExist},
		{"directory", dir, nil}, // any error: reading a directory fails
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, sum := range []func() (Digest, error){
				func() (Digest, error) { return SumFile(SHA256, tt.path) },
				func() (Digest, error) { return SumFileHMAC(SHA256, nil, tt.path) },
			} {
				d, err := sum()
				if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) || d.Len() != 0 {
					t.Errorf("got %v, %v; want error %v", d, err, tt.want)
				}
				var pe *fs.PathError
				if !errors.As(err, &pe) || pe.Path != tt.path {
					t.Errorf("error does not name the path: %v", err)
				}
			}
		})
	}
	if _, err := SumFile(0, "x"); !errors.Is(err, ErrAlgorithm) {
		t.Errorf("SumFile(0) = %v", err)
	}
	if _, err := SumFileHMAC(0, nil, "x"); !errors.Is(err, ErrAlgorithm) {
		t.Errorf("SumFileHMAC(0) = %v", err)
	}
}

// fakeFile is a file whose contents and reported sizes the test chooses:
// Read yields data in reads of at most max bytes, Stat reports size and
// mtime the first time and size2 and mtime2 after that.
type fakeFile struct {
	data          []byte
	max           int
	mode          fs.FileMode
	size, size2   int64
	mtime, mtime2 time.Time
	stats         int
}

func (f *fakeFile) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), f.max)], f.data)
	f.data = f.data[n:]
	return n, nil
}

func (f *fakeFile) Stat() (fs.FileInfo, error) {
	f.stats++
	if f.stats == 1 {
		return fakeInfo{f.size, f.mtime, f.mode}, nil
	}
	return fakeInfo{f.size2, f.mtime2, f.mode}, nil
}

func (f *fakeFile) Close() error { return nil }

type fakeInfo struct {
	size  int64
	mtime time.Time
	mode  fs.FileMode
}

func (i fakeInfo) Name() string       { return "fake" }
func (i fakeInfo) Size() int64        { return i.size }
func (i fakeInfo) Mode() fs.FileMode  { return i.mode }
func (i fakeInfo) ModTime() time.Time { return i.mtime }
func (i fakeInfo) IsDir() bool        { return false }
func (i fakeInfo) Sys() any           { return nil }

// TestSumFileChanged hashes files that change while they are read, at
// chosen moments, and files whose size says nothing: every change is
// core.ErrFileChanged with an empty digest, never a digest.
func TestSumFileChanged(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 3*readBlock/16+7)
	n := int64(len(data))
	t0 := time.Unix(1700000000, 0)
	t1 := t0.Add(time.Nanosecond)
	tests := []struct {
		name    string
		f       fakeFile
		changed bool
	}{
		{"unchanged", fakeFile{data: data, size: n, size2: n, mtime: t0, mtime2: t0}, false},
		{"shrunk by 100 bytes", fakeFile{data: data[:n-100], size: n, size2: n - 100, mtime: t0, mtime2: t1}, true},
		{"shrunk, size and mtime restored", fakeFile{data: data[:n-100], size: n, size2: n, mtime: t0, mtime2: t0}, true},
		{"grown by 1 byte", fakeFile{data: append(data[:n:n], 'x'), size: n, size2: n + 1, mtime: t0, mtime2: t1}, true},
		{"grown after the last read", fakeFile{data: data, size: n, size2: n + 5, mtime: t0, mtime2: t0}, true},
		{"rewritten in place", fakeFile{data: data, size: n, size2: n, mtime: t0, mtime2: t1}, true},
		{"size 0 (procfs)", fakeFile{data: data[:3000], size: 0, size2: 0, mtime: t0, mtime2: t1}, false},
		{"pipe", fakeFile{data: data, mode: fs.ModeNamedPipe, size: 0, size2: 9, mtime: t0, mtime2: t1}, false},
	}
	defer func(o func(string) (statReader, io.Closer, error)) { openFile = o }(openFile)
	for _, tc := range tests {
		for _, max := range []int{1 << 30, 4096, 100001} {
			t.Run(tc.name+"/"+strconv.Itoa(max), func(t *testing.T) {
				f := tc.f
				f.max = max
				content := f.data
				openFile = func(string) (statReader, io.Closer, error) { return &f, &f, nil }
				d, err := SumFile(SHA256, "fake")
				if tc.changed {
					var pe *fs.PathError
					if !errors.Is(err, core.ErrFileChanged) || d.Len() != 0 || !errors.As(err, &pe) || pe.Path != "fake" {
						t.Fatalf("SumFile = %v, %v; want core.ErrFileChanged for the path", d, err)
					}
					return
				}
				if want := stdSum(SHA256, content); err != nil || !bytes.Equal(d.Bytes(), want) {
					t.Fatalf("SumFile = %v, %v; want %x", d, err, want)
				}
			})
		}
	}
}

// changingFile is a real file that its test changes after the first read.
type changingFile struct {
	*os.File
	reads  int
	change func() error
}

func (f *changingFile) Read(p []byte) (int, error) {
	f.reads++
	n, err := f.File.Read(p)
	if f.reads == 1 {
		if cerr := f.change(); cerr != nil {
			return n, cerr
		}
	}
	return n, err
}

// TestSumFileChangedOnDisk changes a real file on disk while SumFile reads
// it: shrunk by less than a page, grown, rewritten with the same size.
func TestSumFileChangedOnDisk(t *testing.T) {
	size := 2*readBlock + 4096
	tests := []struct {
		name   string
		change func(path string) error
	}{
		{"shrunk by 100 bytes", func(path string) error { return os.Truncate(path, int64(size-100)) }},
		{"grown by 1 byte", func(path string) error {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				return err
			}
			_, err = f.Write([]byte{1})
			return errors.Join(err, f.Close())
		}},
		{"rewritten in place", func(path string) error {
			time.Sleep(10 * time.Millisecond) // a modification time the file system can tell apart
			return os.WriteFile(path, make([]byte, size), 0o600)
		}},
	}
	defer func(o func(string) (statReader, io.Closer, error)) { openFile = o }(openFile)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f")
			if err := os.WriteFile(path, bytes.Repeat([]byte{7}, size), 0o600); err != nil {
				t.Fatal(err)
			}
			openFile = func(p string) (statReader, io.Closer, error) {
				f, err := os.Open(p)
				if err != nil {
					return nil, nil, err
				}
				return &changingFile{File: f, change: func() error { return tc.change(p) }}, f, nil
			}
			if d, err := SumFile(SHA256, path); !errors.Is(err, core.ErrFileChanged) || d.Len() != 0 {
				t.Fatalf("SumFile = %v, %v; want core.ErrFileChanged", d, err)
			}
		})
	}
}
