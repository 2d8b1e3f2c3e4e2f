package scen

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/device"
	"google.golang.org/protobuf/encoding/protowire"
)

// The record scenarios: N records of the record codec's example (uid,
// gid, mode, a name, a timestamp as two varints, a 5-byte blob) encoded to
// a file and decoded back by the record codec, by encoding/binary by hand
// (the same bytes), as text lines with strconv, and as protobuf with
// protowire.

const (
	idUID  record.ID = 1
	idGID  record.ID = 2
	idMode record.ID = 3
	idName record.ID = 4
	idTime record.ID = 5
	idBlob record.ID = 6
)

// stat is one record's values.
type stat struct {
	uid, gid, mode uint64
	name           []byte
	sec, nsec      uint64
	blob           [5]byte
}

// genStat fills s with record i; the name reuses s.name's storage.
func genStat(i int, s *stat) {
	z := uint64(i)*0x9E3779B97F4A7C15 + 1
	z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9
	s.uid = 1000 + z%5000
	s.gid = (z >> 16) % 100
	s.mode = 0o100644
	if z&7 == 0 {
		s.mode = 0o40755
	}
	w := latinWords[(z>>24)%uint64(len(latinWords))]
	s.name = strconv.AppendInt(append(s.name[:0], w...), int64(i), 10)
	s.sec = 1_700_000_000 + uint64(i)
	s.nsec = (z >> 8) % 1_000_000_000
	s.blob = [5]byte{byte(z), byte(z >> 8), byte(z >> 16), byte(z >> 24), byte(z >> 32)}
}

// statDigest folds the values of a stream of records into a fingerprint.
type statDigest struct {
	n int
	h uint64
}

func (d *statDigest) add(s *stat) {
	d.n++
	h := d.h
	for _, v := range [...]uint64{s.uid, s.gid, s.mode, s.sec, s.nsec} {
		h = (h ^ v) * 0x100000001b3
	}
	for _, c := range s.name {
		h = (h ^ uint64(c)) * 0x100000001b3
	}
	for _, c := range s.blob {
		h = (h ^ uint64(c)) * 0x100000001b3
	}
	d.h = h ^ uint64(len(s.name))
}

func (d *statDigest) String() string { return fmt.Sprintf("%d records %016x", d.n, d.h) }

// WantRecords is the fingerprint of the first n generated records.
func WantRecords(n int) string {
	d := statDigest{h: foldInit}
	var s stat
	for i := range n {
		genStat(i, &s)
		d.add(&s)
	}
	return d.String()
}

// recordEncoders write n records to w in one format.
var recordEncoders = map[string]func(w *bufio.Writer, n int) error{
	"binary": func(w *bufio.Writer, n int) error {
		var s stat
		var body []byte
		for i := range n {
			genStat(i, &s)
			body = appendBinary(body[:0], &s)
			w.Write(binary.AppendUvarint(w.AvailableBuffer(), uint64(len(body))))
			w.Write(body)
		}
		return nil
	},
	"text": func(w *bufio.Writer, n int) error {
		var s stat
		for i := range n {
			genStat(i, &s)
			b := w.AvailableBuffer()
			b = strconv.AppendUint(b, s.uid, 10)
			b = append(b, ' ')
			b = strconv.AppendUint(b, s.gid, 10)
			b = append(b, ' ')
			b = strconv.AppendUint(b, s.mode, 8)
			b = append(b, ' ')
			b = append(b, s.name...)
			b = append(b, ' ')
			b = strconv.AppendUint(b, s.sec, 10)
			b = append(b, '.')
			b = strconv.AppendUint(b, s.nsec, 10)
			b = append(b, ' ')
			b = hex.AppendEncode(b, s.blob[:])
			w.Write(append(b, '\n'))
		}
		return nil
	},
	"proto": func(w *bufio.Writer, n int) error {
		var s stat
		var body []byte
		for i := range n {
			genStat(i, &s)
			body = appendProto(body[:0], &s)
			w.Write(protowire.AppendVarint(w.AvailableBuffer(), uint64(len(body))))
			w.Write(body)
		}
		return nil
	},
}

// appendBinary builds a record body with encoding/binary: the record
// codec's bytes, by hand (2-byte tags, bit 15 for blobs, varint values).
func appendBinary(b []byte, s *stat) []byte {
	b = append(b, 0x00, byte(idUID))
	b = binary.AppendUvarint(b, s.uid)
	b = append(b, 0x00, byte(idGID))
	b = binary.AppendUvarint(b, s.gid)
	b = append(b, 0x00, byte(idMode))
	b = binary.AppendUvarint(b, s.mode)
	b = append(b, 0x80, byte(idName))
	b = binary.AppendUvarint(b, uint64(len(s.name)))
	b = append(b, s.name...)
	var ts [2 * binary.MaxVarintLen64]byte
	n := binary.PutUvarint(ts[:], s.sec)
	n += binary.PutUvarint(ts[n:], s.nsec)
	b = append(b, 0x80, byte(idTime), byte(n))
	b = append(b, ts[:n]...)
	b = append(b, 0x80, byte(idBlob), byte(len(s.blob)))
	return append(b, s.blob[:]...)
}

// appendProto builds the record as a protobuf message by hand:
// uint64 uid = 1, gid = 2, mode = 3; bytes name = 4; packed uint64 time = 5;
// bytes blob = 6.
func appendProto(b []byte, s *stat) []byte {
	b = protowire.AppendTag(b, 1, protowire.VarintType)
	b = protowire.AppendVarint(b, s.uid)
	b = protowire.AppendTag(b, 2, protowire.VarintType)
	b = protowire.AppendVarint(b, s.gid)
	b = protowire.AppendTag(b, 3, protowire.VarintType)
	b = protowire.AppendVarint(b, s.mode)
	b = protowire.AppendTag(b, 4, protowire.BytesType)
	b = protowire.AppendBytes(b, s.name)
	b = protowire.AppendTag(b, 5, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(protowire.SizeVarint(s.sec)+protowire.SizeVarint(s.nsec)))
	b = protowire.AppendVarint(b, s.sec)
	b = protowire.AppendVarint(b, s.nsec)
	b = protowire.AppendTag(b, 6, protowire.BytesType)
	return protowire.AppendBytes(b, s.blob[:])
}

// recordDecoders read a file of one format and fold its values.
var recordDecoders = map[string]func(path string) (string, error){
	"record": decodeRecordFastio,
	"binary": func(path string) (string, error) {
		return withBufReader(path, func(r *bufio.Reader, d *statDigest) error {
			var body []byte
			var s stat
			for {
				size, err := binary.ReadUvarint(r)
				if err == io.EOF {
					return nil
				}
				if err != nil {
					return err
				}
				if size > 1<<20 {
					return fmt.Errorf("record of %d bytes", size)
				}
				body = append(body[:0], make([]byte, size)...)
				if _, err := io.ReadFull(r, body); err != nil {
					return err
				}
				if err := parseBinary(body, &s); err != nil {
					return err
				}
				d.add(&s)
			}
		})
	},
	"text": func(path string) (string, error) {
		return withBufReader(path, func(r *bufio.Reader, d *statDigest) error {
			sc := bufio.NewScanner(r)
			var s stat
			for sc.Scan() {
				if err := parseText(sc.Bytes(), &s); err != nil {
					return fmt.Errorf("record %d: %w", d.n+1, err)
				}
				d.add(&s)
			}
			return sc.Err()
		})
	},
	"proto": func(path string) (string, error) {
		return withBufReader(path, func(r *bufio.Reader, d *statDigest) error {
			var body []byte
			var s stat
			for {
				size, err := binary.ReadUvarint(r)
				if err == io.EOF {
					return nil
				}
				if err != nil {
					return err
				}
				if size > 1<<20 {
					return fmt.Errorf("message of %d bytes", size)
				}
				body = append(body[:0], make([]byte, size)...)
				if _, err := io.ReadFull(r, body); err != nil {
					return err
				}
				if err := parseProto(body, &s); err != nil {
					return err
				}
				d.add(&s)
			}
		})
	},
}

var errRecord = errors.New("malformed record")

// parseBinary decodes a record body with encoding/binary.
func parseBinary(b []byte, s *stat) error {
	for len(b) > 0 {
		if len(b) < 3 {
			return errRecord
		}
		tag := binary.BigEndian.Uint16(b)
		v, k := binary.Uvarint(b[2:])
		if k <= 0 {
			return errRecord
		}
		b = b[2+k:]
		var data []byte
		if tag&0x8000 != 0 {
			if v > uint64(len(b)) {
				return errRecord
			}
			data, b = b[:v], b[v:]
		}
		switch record.ID(tag & 0x7fff) {
		case idUID:
			s.uid = v
		case idGID:
			s.gid = v
		case idMode:
			s.mode = v
		case idName:
			s.name = append(s.name[:0], data...)
		case idTime:
			var k2 int
			s.sec, k = binary.Uvarint(data)
			if k > 0 {
				s.nsec, k2 = binary.Uvarint(data[k:])
			}
			if k <= 0 || k2 <= 0 {
				return errRecord
			}
		case idBlob:
			copy(s.blob[:], data)
		}
	}
	return nil
}

// parseText decodes a text line: uid gid mode(octal) name sec.nsec blobhex.
func parseText(line []byte, s *stat) error {
	var f [6][]byte
	for i := range f {
		j := 0
		for j < len(line) && line[j] != ' ' {
			j++
		}
		f[i], line = line[:j], line[min(j+1, len(line)):]
	}
	var err error
	if s.uid, err = strconv.ParseUint(string(f[0]), 10, 64); err != nil {
		return err
	}
	if s.gid, err = strconv.ParseUint(string(f[1]), 10, 64); err != nil {
		return err
	}
	if s.mode, err = strconv.ParseUint(string(f[2]), 8, 64); err != nil {
		return err
	}
	s.name = append(s.name[:0], f[3]...)
	sec, nsec, ok := cutByte(f[4], '.')
	if !ok {
		return errRecord
	}
	if s.sec, err = strconv.ParseUint(string(sec), 10, 64); err != nil {
		return err
	}
	if s.nsec, err = strconv.ParseUint(string(nsec), 10, 64); err != nil {
		return err
	}
	if len(f[5]) != 10 {
		return errRecord
	}
	_, err = hex.Decode(s.blob[:], f[5])
	return err
}

func cutByte(b []byte, c byte) (before, after []byte, ok bool) {
	for i, x := range b {
		if x == c {
			return b[:i], b[i+1:], true
		}
	}
	return b, nil, false
}

// parseProto decodes the protobuf message by hand with protowire.
func parseProto(b []byte, s *stat) error {
	for len(b) > 0 {
		num, typ, k := protowire.ConsumeTag(b)
		if k < 0 {
			return protowire.ParseError(k)
		}
		b = b[k:]
		switch typ {
		case protowire.VarintType:
			v, k := protowire.ConsumeVarint(b)
			if k < 0 {
				return protowire.ParseError(k)
			}
			b = b[k:]
			switch num {
			case 1:
				s.uid = v
			case 2:
				s.gid = v
			case 3:
				s.mode = v
			}
		case protowire.BytesType:
			data, k := protowire.ConsumeBytes(b)
			if k < 0 {
				return protowire.ParseError(k)
			}
			b = b[k:]
			switch num {
			case 4:
				s.name = append(s.name[:0], data...)
			case 5:
				var k1, k2 int
				s.sec, k1 = protowire.ConsumeVarint(data)
				if k1 > 0 {
					s.nsec, k2 = protowire.ConsumeVarint(data[k1:])
				}
				if k1 < 0 || k2 < 0 {
					return errRecord
				}
			case 6:
				copy(s.blob[:], data)
			}
		default:
			k := protowire.ConsumeFieldValue(num, typ, b)
			if k < 0 {
				return protowire.ParseError(k)
			}
			b = b[k:]
		}
	}
	return nil
}

// decodeRecordFastio reads a record stream with record.Reader and
// Decoder from a device.InFile.
func decodeRecordFastio(path string) (string, error) {
	in, err := device.OpenIn(path)
	if err != nil {
		return "", err
	}
	defer in.Close()
	r := record.NewReader(in)
	d := statDigest{h: foldInit}
	var s stat
	for r.Next() {
		f := r.Fields()
		for f.Next() {
			fl := f.Field()
			switch fl.ID {
			case idUID:
				s.uid = fl.Value
			case idGID:
				s.gid = fl.Value
			case idMode:
				s.mode = fl.Value
			case idName:
				s.name = append(s.name[:0], fl.Data...)
			case idTime:
				var n, k int
				s.sec, n = varint.Decode(fl.Data)
				if n > 0 {
					s.nsec, k = varint.Decode(fl.Data[n:])
				}
				if n <= 0 || k <= 0 {
					return "", errRecord
				}
			case idBlob:
				copy(s.blob[:], fl.Data)
			}
		}
		if err := f.Err(); err != nil {
			return "", err
		}
		d.add(&s)
	}
	if err := r.Err(); err != nil {
		return "", err
	}
	return d.String(), nil
}

func withBufReader(path string, f func(*bufio.Reader, *statDigest) error) (string, error) {
	file, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer file.Close()
	d := statDigest{h: foldInit}
	if err := f(bufio.NewReader(file), &d); err != nil {
		return "", err
	}
	return d.String(), nil
}

// encodeRecordFastio writes n records with the record codec onto a
// device file: through Builder (Start/Finish) or the Writer's methods.
func encodeRecordFastio(path string, n int, builder bool) error {
	out, err := device.Create(path)
	if err != nil {
		return err
	}
	e := record.NewWriter(out)
	var s stat
	for i := range n {
		genStat(i, &s)
		if builder {
			r := e.Start(3*record.MaxHeaderLen + 3 + len(s.name) + record.MaxTimeLen + 3 + len(s.blob))
			r = r.Uint(idUID, s.uid)
			r = r.Uint(idGID, s.gid)
			r = r.Uint(idMode, s.mode)
			r = r.SmallBlob(idName, s.name)
			r = r.Time(idTime, time.Unix(int64(s.sec), int64(s.nsec)))
			r = record.Array(r, idBlob, s.blob)
			err = e.Finish(r)
		} else {
			e.Uint(idUID, s.uid)
			e.Uint(idGID, s.gid)
			e.Uint(idMode, s.mode)
			e.Blob(idName, s.name)
			var ts [2 * varint.MaxLen64]byte
			k := varint.PutUint(ts[:], s.sec)
			k += varint.PutUint(ts[k:], s.nsec)
			e.Blob(idTime, ts[:k])
			e.Blob(idBlob, s.blob[:])
			err = e.EndRecord()
		}
		if err != nil {
			out.Close()
			return err
		}
	}
	if err := e.Flush(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// WriteRecords writes n records in a format (record, binary, text,
// proto) to path, for the decode columns.
func WriteRecords(format, path string, n int) error {
	if format == "record" {
		return encodeRecordFastio(path, n, false)
	}
	enc, ok := recordEncoders[format]
	if !ok {
		return fmt.Errorf("unknown record format %q", format)
	}
	return withOut(path, func(w *bufio.Writer) error { return enc(w, n) })
}

// RecordFile is the fingerprint of a record file of a format: its values.
func RecordFile(format, path string) (string, error) {
	dec, ok := recordDecoders[format]
	if !ok {
		return "", fmt.Errorf("unknown record format %q", format)
	}
	return dec(path)
}

var (
	_ = register("rec.encode.builder", func(a []string) (string, error) {
		n, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		return "", encodeRecordFastio(arg(a, 1), n, true)
	})
	_ = register("rec.encode.writer", func(a []string) (string, error) {
		n, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		return "", encodeRecordFastio(arg(a, 1), n, false)
	})
	_ = register("rec.encode", func(a []string) (string, error) {
		n, err := strconv.Atoi(arg(a, 1))
		if err != nil {
			return "", err
		}
		enc, ok := recordEncoders[arg(a, 0)]
		if !ok {
			return "", fmt.Errorf("unknown record format %q", arg(a, 0))
		}
		return "", withOut(arg(a, 2), func(w *bufio.Writer) error { return enc(w, n) })
	})
	_ = register("rec.decode", func(a []string) (string, error) { return RecordFile(arg(a, 0), arg(a, 1)) })
)
