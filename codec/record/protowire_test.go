package record

import (
	"io"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// This file is the protobuf peer of the record codec, the named
// comparison: the seed's record as a protobuf message written and read with
// google.golang.org/protobuf/encoding/protowire, the package protobuf's
// generated code is built on, by hand (no reflection), framed as
// protodelim frames a stream of messages (a varint length, then the
// message).
//
//	message Stat {
//		uint64 uid = 1; uint64 gid = 2; uint64 mode = 3;
//		bytes name = 4;
//		repeated uint64 time = 5; // packed: seconds, nanoseconds
//		bytes blob = 6;
//	}
//
// The bytes differ from the record codec's (a protobuf tag is a varint,
// one byte here, where a record tag takes two), so each peer decodes its
// own stream.

// encodeSeedProtowire appends the message of s to body (a scratch slice)
// and writes its frame to w, as protodelim does after proto.Marshal.
func encodeSeedProtowire(w io.Writer, body []byte, s *seedStat) []byte {
	body = protowire.AppendTag(body[:0], 1, protowire.VarintType)
	body = protowire.AppendVarint(body, s.UID)
	body = protowire.AppendTag(body, 2, protowire.VarintType)
	body = protowire.AppendVarint(body, s.GID)
	body = protowire.AppendTag(body, 3, protowire.VarintType)
	body = protowire.AppendVarint(body, s.Mode)
	body = protowire.AppendTag(body, 4, protowire.BytesType)
	body = protowire.AppendBytes(body, s.Name)
	sec, nsec := uint64(s.Time.Unix()), uint64(s.Time.Nanosecond())
	body = protowire.AppendTag(body, 5, protowire.BytesType)
	body = protowire.AppendVarint(body, uint64(protowire.SizeVarint(sec)+protowire.SizeVarint(nsec)))
	body = protowire.AppendVarint(body, sec)
	body = protowire.AppendVarint(body, nsec)
	body = protowire.AppendTag(body, 6, protowire.BytesType)
	body = protowire.AppendBytes(body, s.Blob[:])
	var hdr [10]byte
	w.Write(protowire.AppendVarint(hdr[:0], uint64(len(body))))
	w.Write(body)
	return body
}

// decodeSeedProtowire decodes one framed message at the start of p,
// copying the name into a string as the encoding/binary peer does, and
// returns the frame's length. Unknown fields are skipped, as protobuf
// requires.
func decodeSeedProtowire(p []byte, s *seedStatString) (int, error) {
	size, n := protowire.ConsumeVarint(p)
	if n < 0 {
		return 0, protowire.ParseError(n)
	}
	if size > uint64(len(p)-n) {
		return 0, io.ErrUnexpectedEOF
	}
	body := p[n : n+int(size)]
	for len(body) > 0 {
		num, typ, k := protowire.ConsumeTag(body)
		if k < 0 {
			return 0, protowire.ParseError(k)
		}
		body = body[k:]
		switch {
		case typ == protowire.VarintType && num <= 3:
			v, k := protowire.ConsumeVarint(body)
			if k < 0 {
				return 0, protowire.ParseError(k)
			}
			body = body[k:]
			switch num {
			case 1:
				s.UID = v
			case 2:
				s.GID = v
			case 3:
				s.Mode = v
			}
		case typ == protowire.BytesType && num >= 4 && num <= 6:
			v, k := protowire.ConsumeBytes(body)
			if k < 0 {
				return 0, protowire.ParseError(k)
			}
			body = body[k:]
			switch num {
			case 4:
				s.Name = string(v)
			case 5:
				var k2 int
				s.Sec, k = protowire.ConsumeVarint(v)
				s.Nsec, k2 = protowire.ConsumeVarint(v[max(k, 0):])
				if k < 0 || k2 < 0 {
					return 0, protowire.ParseError(min(k, k2))
				}
			case 6:
				copy(s.Blob[:], v)
			}
		default:
			k := protowire.ConsumeFieldValue(num, typ, body)
			if k < 0 {
				return 0, protowire.ParseError(k)
			}
			body = body[k:]
		}
	}
	return n + int(size), nil
}

// TestSeedProtowire checks that the protowire peer round-trips the seed's
// records, so that the benchmarks compare working code.
func TestSeedProtowire(t *testing.T) {
	in := seedInputs()
	var out bytesWriter
	var body []byte
	for i := range in {
		body = encodeSeedProtowire(&out, body, &in[i])
	}
	p := []byte(out)
	for i := range in {
		var got seedStatString
		n, err := decodeSeedProtowire(p, &got)
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		want := &in[i]
		if got.UID != want.UID || got.GID != want.GID || got.Mode != want.Mode || got.Name != string(want.Name) ||
			got.Sec != uint64(want.Time.Unix()) || got.Nsec != uint64(want.Time.Nanosecond()) || got.Blob != want.Blob {
			t.Fatalf("record %d: decoded %+v, want %+v", i, got, *want)
		}
		p = p[n:]
	}
	if len(p) != 0 {
		t.Fatalf("%d bytes left", len(p))
	}
	if _, err := decodeSeedProtowire([]byte{5, 0x08, 0x80}, new(seedStatString)); err == nil {
		t.Fatal("truncated frame accepted")
	}
	if _, err := decodeSeedProtowire([]byte{2, 0x08, 0x80}, new(seedStatString)); err == nil {
		t.Fatal("truncated varint accepted")
	}
}

type bytesWriter []byte

func (w *bytesWriter) Write(p []byte) (int, error) {
	*w = append(*w, p...)
	return len(p), nil
}
