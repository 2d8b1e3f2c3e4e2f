package codecbench

import (
	"io"

	"google.golang.org/protobuf/encoding/protowire"
)

// appendProtowire appends the framed message of s to dst, the way
// protodelim writes what proto.Marshal returns: the message is built in
// body (a scratch slice, returned for reuse), then its length and bytes
// are appended.
func appendProtowire(dst, body []byte, s *stat) (out, scratch []byte) {
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
	dst = protowire.AppendVarint(dst, uint64(len(body)))
	return append(dst, body...), body
}

// decodeProtowire decodes one framed message at the start of p, copying
// the name into a string, and returns the frame's length. Unknown fields
// are skipped, as protobuf requires.
func decodeProtowire(p []byte, s *decoded) (int, error) {
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
