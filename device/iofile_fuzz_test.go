package device

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"
)

// FuzzIOFile runs a sequence of reads, writes, window operations and
// seeks decoded from the input on an IOFile over a file opened "r+" with a
// small buffer, and on a model (a byte slice and a position, the C stdio
// semantics): every read and the final file must agree.
func FuzzIOFile(f *testing.F) {
	f.Add([]byte{0, 5, 1, 3, 0, 2})
	f.Add([]byte{1, 10, 2, 0, 1, 200, 3, 7, 0, 1})
	f.Add([]byte{4, 3, 1, 100, 0, 100, 5, 0, 2, 9})
	f.Add([]byte{1, 255, 1, 255, 0, 255, 4, 200, 0, 30})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 400 {
			return
		}
		initial := testData(300)
		path := filepath.Join(t.TempDir(), "f")
		writeFile(t, path, string(initial))
		raw, err := Open(path, "r+")
		if err != nil {
			t.Fatal(err)
		}
		file := newIOFile(raw, 64)
		model := append([]byte(nil), initial...)
		pos := 0
		for i := 0; i+1 < len(ops); i += 2 {
			op, n := ops[i]%6, int(ops[i+1])
			switch op {
			case 0: // write n bytes
				p := bytes.Repeat([]byte{byte(i)}, n)
				if m, err := file.Write(p); m != n || err != nil {
					t.Fatalf("op %d: Write = %d, %v", i, m, err)
				}
				if end := pos + n; end > len(model) {
					model = append(model, make([]byte, end-len(model))...)
				}
				copy(model[pos:], p)
				pos += n
			case 1: // read up to n bytes with Read, as many calls as needed
				p := make([]byte, n)
				m, err := io.ReadFull(file, p)
				want := model[pos:min(pos+n, len(model))]
				if !bytes.Equal(p[:m], want) || (m < n) != (err != nil) {
					t.Fatalf("op %d: read %d bytes (%v), want %d", i, m, err, len(want))
				}
				pos += m
			case 2: // consume n bytes through the window
				for done := 0; done < n; {
					if len(file.Window()) == 0 {
						if _, err := file.Fill(); err != nil {
							break
						}
					}
					w := file.Window()
					k := min(n-done, len(w))
					if !bytes.Equal(w[:k], model[pos:pos+k]) {
						t.Fatalf("op %d: window differs at %d", i, pos)
					}
					file.Consume(k)
					done += k
					pos += k
				}
			case 3: // seek from the start
				off, err := file.Seek(int64(n), io.SeekStart)
				if err != nil || off != int64(n) {
					t.Fatalf("op %d: Seek = %d, %v", i, off, err)
				}
				pos = n
			case 4: // seek from the current position, backwards
				back := min(n, pos)
				off, err := file.Seek(int64(-back), io.SeekCurrent)
				if err != nil || off != int64(pos-back) {
					t.Fatalf("op %d: Seek = %d, %v, want %d", i, off, err, pos-back)
				}
				pos -= back
			case 5: // write through Reserve/Commit
				p := file.Reserve(n)
				for j := range n {
					p[j] = byte(j)
				}
				file.Commit(n)
				if end := pos + n; end > len(model) {
					model = append(model, make([]byte, end-len(model))...)
				}
				copy(model[pos:], p[:n])
				pos += n
			}
			if pos > len(model) {
				// Seeking past the end: a later write leaves a hole of zeros.
				model = append(model, make([]byte, pos-len(model))...)
				// The model grows only when written; keep the file's view.
				model = model[:pos]
			}
		}
		if err := file.Close(); err != nil {
			t.Fatal(err)
		}
		if got := readFile(t, path); got != string(model) && !holeOnly(got, model) {
			t.Fatalf("file has %d bytes, model %d; they differ", len(got), len(model))
		}
	})
}

// holeOnly reports whether got is model without the tail created by a
// seek past the end that no write followed (the model extends at once,
// the file only when written).
func holeOnly(got string, model []byte) bool {
	if len(got) > len(model) || got != string(model[:len(got)]) {
		return false
	}
	for _, c := range model[len(got):] {
		if c != 0 {
			return false
		}
	}
	return true
}
