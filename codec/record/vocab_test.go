package record

import (
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/codec/binary"
	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// stuckReader returns no bytes and no error, forever.
type stuckReader struct{}

func (stuckReader) Read([]byte) (int, error) { return 0, nil }

// TestErrorVocabulary checks the shared meanings of errors through every
// streaming decoder of the module (varint, binary, record): truncated
// input matches io.ErrUnexpectedEOF, a reader used after Close
// fs.ErrClosed, a reader making no progress io.ErrNoProgress.
func TestErrorVocabulary(t *testing.T) {
	closed := func() core.BufferedReader {
		r := core.NewReader(strings.NewReader("\x05hello"))
		r.Close()
		return r
	}
	readRecord := func(r io.Reader) error {
		d := NewReader(r)
		for d.Next() {
		}
		return d.Err()
	}
	u32, err := binary.For[uint32](binary.LittleEndian)
	if err != nil {
		t.Fatal(err)
	}
	readU32 := func(r core.BufferedReader) error { _, err := u32.Read(r); return err }
	readVarint := func(r core.BufferedReader) error { _, err := varint.ReadUint(r); return err }
	tests := []struct {
		name string
		err  error
		is   error
	}{
		{"record truncated", readRecord(strings.NewReader("\x05hel")), io.ErrUnexpectedEOF},
		{"record after close", readRecord(closed()), fs.ErrClosed},
		{"record no progress", readRecord(stuckReader{}), io.ErrNoProgress},
		{"varint truncated", readVarint(core.NewReader(strings.NewReader("\x80"))), io.ErrUnexpectedEOF},
		{"varint after close", readVarint(closed()), fs.ErrClosed},
		{"varint no progress", readVarint(core.NewReader(stuckReader{})), io.ErrNoProgress},
		{"binary truncated", readU32(core.NewReader(strings.NewReader("ab"))), io.ErrUnexpectedEOF},
		{"binary after close", readU32(closed()), fs.ErrClosed},
		{"binary no progress", readU32(core.NewReader(stuckReader{})), io.ErrNoProgress},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !errors.Is(tt.err, tt.is) {
				t.Fatalf("error %v, want errors.Is %v", tt.err, tt.is)
			}
		})
	}
}
