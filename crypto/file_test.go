package crypto

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func TestSumFile(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{0, 1, 1000, readChunk - 1, readChunk + 1, mapThreshold, mapThreshold + 12345} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		path := filepath.Join(dir, strconv.Itoa(size))
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		for _, a := range []Algorithm{SHA1, SHA256, SHA512} {
			want := stdSum(a, data)
			for _, mapOK := range []bool{true, false} {
				t.Run(a.String()+"/"+strconv.Itoa(size)+"/map="+strconv.FormatBool(mapOK), func(t *testing.T) {
					d, err := sumFile(a, path, mapOK)
					if err != nil || !bytes.Equal(d.Bytes(), want) {
						t.Errorf("got %v, %v; want %x", d, err, want)
					}
				})
			}
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
			d, err := SumFile(SHA256, tt.path)
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) || d.Len() != 0 {
				t.Errorf("got %v, %v; want error %v", d, err, tt.want)
			}
			var pe *fs.PathError
			if !errors.As(err, &pe) || pe.Path != tt.path {
				t.Errorf("error does not name the path: %v", err)
			}
		})
	}
}
