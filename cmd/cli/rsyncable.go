package cli

import (
	"encoding/binary"
	"hash/crc32"
	"io"

	"github.com/fastio-go/fastio/compress"
)

// --rsyncable: the compressed output is cut into pieces at points that
// the content chooses, so that a change early in a file changes the
// compressed bytes only up to the next such point and rsync (or any
// chunk-matching tool) finds the rest unchanged. The points are gzip's:
// gzip keeps the sum of the last rsyncWindow input bytes and marks a
// point where that sum is a multiple of rsyncWindow (deflate.c,
// RSYNC_WIN and rsync_roll). gzip only ends a deflate block there, which
// keeps LZ77 references to earlier data and the bit alignment; here each
// piece is compressed afresh (no reference before the point) and ends
// byte-aligned with a sync flush, so the compressed bytes after a point
// depend only on the input after it. A point is taken only rsyncMinPiece
// bytes or more after the previous one: in a run of equal bytes every
// position qualifies, and gzip too cuts at most once per match (of up to
// 258 bytes).

const (
	rsyncWindow   = 4096
	rsyncMinPiece = 258
)

// rsyncPoints finds the reset points of a stream fed to it in order.
type rsyncPoints struct {
	sum   uint32
	ring  [rsyncWindow]byte
	n     int64 // bytes seen
	piece int   // bytes since the last point
}

// next feeds p up to the next reset point and returns how many bytes of
// p come before it, or -1 when p holds none (all of p was fed).
func (r *rsyncPoints) next(p []byte) int {
	for i, b := range p {
		at := r.n & (rsyncWindow - 1)
		if r.n >= rsyncWindow {
			r.sum -= uint32(r.ring[at])
		}
		r.sum += uint32(b)
		r.ring[at] = b
		r.n++
		r.piece++
		if r.n > rsyncWindow && r.sum%rsyncWindow == 0 && r.piece >= rsyncMinPiece {
			r.piece = 0
			return i + 1
		}
	}
	return -1
}

// plainWriter hides the Flush of a buffered destination, so that the
// sync flush at each reset point does not also push the bytes to the
// device.
type plainWriter struct{ w io.Writer }

func (p plainWriter) Write(b []byte) (int, error) { return p.w.Write(b) }

// deflateRsyncable compresses in to dst as one gzip member with the reset
// points of --rsyncable.
func (g *gzipRun) deflateRsyncable(in io.Reader, h compress.Header, dst io.Writer) error {
	out := plainWriter{dst}
	if _, err := out.Write(gzipHeader(h, g.level)); err != nil {
		return err
	}
	if g.rw == nil {
		rw, err := compress.NewWriter(out, compress.Deflate, g.level, nil)
		if err != nil {
			return err
		}
		g.rw = rw
	} else {
		g.rw.Reset(out)
	}
	var pts rsyncPoints
	var crc uint32
	var size uint64
	buf := make([]byte, 64<<10)
	for {
		n, rerr := in.Read(buf)
		p := buf[:n]
		crc = crc32.Update(crc, crc32.IEEETable, p)
		size += uint64(n)
		for len(p) > 0 {
			k := pts.next(p)
			point := k >= 0
			if !point {
				k = len(p)
			}
			if _, err := g.rw.Write(p[:k]); err != nil {
				return err
			}
			if point {
				// A reset point: end the piece byte-aligned and start
				// the next with no history.
				if err := g.rw.Flush(); err != nil {
					return err
				}
				g.rw.Reset(out)
			}
			p = p[k:]
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return rerr
		}
	}
	if err := g.rw.Close(); err != nil {
		return err
	}
	var t [8]byte
	binary.LittleEndian.PutUint32(t[:4], crc)
	binary.LittleEndian.PutUint32(t[4:], uint32(size))
	_, err := out.Write(t[:])
	return err
}

// gzipHeader is the member header gzip writes for h at level: the name
// if any, the time, the extra flags of levels 9 and 1, the OS.
func gzipHeader(h compress.Header, level int) []byte {
	flg := byte(0)
	if h.Name != "" {
		flg |= 0x08
	}
	var mtime uint32
	if s := h.ModTime.Unix(); !h.ModTime.IsZero() && s > 0 && s <= 0xffffffff {
		mtime = uint32(s)
	}
	xfl := byte(0)
	switch level {
	case 9:
		xfl = 2
	case 1:
		xfl = 4
	}
	b := []byte{0x1f, 0x8b, 8, flg}
	b = binary.LittleEndian.AppendUint32(b, mtime)
	b = append(b, xfl, h.OS)
	if h.Name != "" {
		b = append(append(b, h.Name...), 0)
	}
	return b
}
