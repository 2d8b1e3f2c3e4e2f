package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// This file is the text format of the same records, the "before", kept as
// the peer of the record codec: NUL-terminated "key value" fields written
// with fmt.Fprintf and parsed back with strconv.

// writeSeedText writes s the way a C program's fprintf calls would.
func writeSeedText(w io.Writer, s *seedStat) {
	fmt.Fprintf(w, "uid %d%c", s.UID, 0)
	fmt.Fprintf(w, "gid %d%c", s.GID, 0)
	fmt.Fprintf(w, "mode %#o%c", s.Mode, 0)
	fmt.Fprintf(w, "name %s%c", s.Name, 0)
	fmt.Fprintf(w, "time %d.%09d%c", s.Time.Unix(), s.Time.Nanosecond(), 0)
	w.Write([]byte("blob\x00"))
	w.Write(s.Blob[:])
	w.Write([]byte{0})
}

func appendSeedText(dst []byte, s *seedStat) []byte {
	b := bytes.NewBuffer(dst)
	writeSeedText(b, s)
	return b.Bytes()
}

var errText = errors.New("bad text record")

// parseSeedText parses one text record from the start of p.
func parseSeedText(p []byte) (seedStat, error) {
	var s seedStat
	_, err := parseSeedTextInto(p, &s)
	return s, err
}

// parseSeedTextInto parses one text record from the start of p into s,
// returning its length. As a C strtoul loop would, it copies the name.
func parseSeedTextInto(p []byte, s *seedStat) (int, error) {
	off := 0
	for {
		end := bytes.IndexByte(p[off:], 0)
		if end < 0 {
			return 0, errText
		}
		f := p[off : off+end]
		off += end + 1
		key, val, _ := bytes.Cut(f, []byte{' '})
		var err error
		switch string(key) {
		case "uid":
			s.UID, err = strconv.ParseUint(string(val), 0, 64)
		case "gid":
			s.GID, err = strconv.ParseUint(string(val), 0, 64)
		case "mode":
			s.Mode, err = strconv.ParseUint(string(val), 0, 64)
		case "name":
			s.Name = append(s.Name[:0], val...)
		case "time":
			sec, nsec, _ := bytes.Cut(val, []byte{'.'})
			if s.Sec, err = strconv.ParseUint(string(sec), 10, 64); err == nil {
				s.Nsec, err = strconv.ParseUint(string(nsec), 10, 64)
			}
		case "blob":
			if len(p)-off < len(s.Blob)+1 {
				return 0, errText
			}
			copy(s.Blob[:], p[off:])
			return off + len(s.Blob) + 1, nil
		}
		if err != nil {
			return 0, err
		}
	}
}
