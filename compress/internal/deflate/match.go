package deflate

const (
	htBits   = 15 // buckets of the greedy matcher's table
	hc4Bits  = 15 // heads of the 4-byte hash chains
	hc3Bits  = 14 // the 3-byte table of the lazy matcher
	shortFar = 4096
)

// matcher holds the match-finding tables. Entries are virtual positions
// (Encoder.base plus the index in buf), so that sliding the buffer or
// starting a stream renumbers nothing.
type matcher struct {
	lazy bool
	ht   *[2 << htBits]uint32  // greedy: two entries per bucket, the newer first
	head *[1 << hc4Bits]uint32 // lazy: newest position of each 4-byte hash
	prev *[windowSize]uint32   // lazy: the position before, by position mod windowSize
	h3   *[1 << hc3Bits]uint32 // lazy: newest position of each 3-byte hash
}

func (m *matcher) init(lazy bool) {
	m.lazy = lazy
	if lazy {
		m.head = new([1 << hc4Bits]uint32)
		m.prev = new([windowSize]uint32)
		m.h3 = new([1 << hc3Bits]uint32)
	} else {
		m.ht = new([2 << htBits]uint32)
	}
}

func (m *matcher) clear() {
	if m.lazy {
		clear(m.head[:])
		clear(m.prev[:])
		clear(m.h3[:])
	} else {
		clear(m.ht[:])
	}
}

func hash4(x uint32, b uint) uint32 { return (x * 0x1e35a7bd) >> (32 - b) }
func hash3(x uint32) uint32         { return ((x << 8) * 0x9e3779b1) >> (32 - hc3Bits) & (1<<hc3Bits - 1) }

// insertRange enters the positions [from, to) of buf into the tables.
func (m *matcher) insertRange(e *Encoder, from, to int) {
	to = min(to, len(e.buf)-3)
	for i := from; i < to; i++ {
		x := load32(e.buf, i)
		v := e.base + uint32(i)
		if m.lazy {
			h := hash4(x, hc4Bits) & (1<<hc4Bits - 1)
			m.prev[v&(windowSize-1)] = m.head[h]
			m.head[h] = v
			m.h3[hash3(x)] = v
		} else {
			h := 2 * hash4(x, htBits) & (2<<htBits - 2)
			m.ht[h+1] = m.ht[h]
			m.ht[h] = v
		}
	}
}

// parseGreedy parses buf[start:] up to stop (matches may run on to end)
// taking the longer of the two candidates of the position's bucket, and
// returns where it stopped.
func (e *Encoder) parseGreedy(start, stop, end int) int {
	buf := e.buf[:end]
	ht := e.m.ht
	base := int(e.base)
	p := start
	last := min(stop, end-4) // positions with more than 4 bytes left
	for p < last {
		x := load32(buf, p)
		h := 2 * hash4(x, htBits) & (2<<htBits - 2)
		c0, c1 := int(ht[h])-base, int(ht[h+1])-base
		ht[h+1] = ht[h]
		ht[h] = uint32(base + p)
		lo := p - windowSize
		limit := min(maxMatch, end-p)
		best, dist := 0, 0
		if c0 >= lo && c0 >= 0 && load32(buf, c0) == x {
			best = 4 + matchLen(buf, c0+4, p+4, limit-4)
			dist = p - c0
		}
		if best < limit && c1 >= lo && c1 >= 0 && load32(buf, c1) == x {
			if l := 4 + matchLen(buf, c1+4, p+4, limit-4); l > best {
				best, dist = l, p-c1
			}
		}
		if best < 4 {
			e.literal(buf[p])
			p++
			continue
		}
		e.match(best, dist)
		// Enter the positions inside the match, up to the last to hash.
		q := p + 1
		p += best
		for stopAt := min(p, last); q < stopAt; q++ {
			h := 2 * hash4(load32(buf, q), htBits) & (2<<htBits - 2)
			ht[h+1] = ht[h]
			ht[h] = uint32(base + q)
		}
	}
	if p >= stop {
		return p
	}
	for ; p < stop; p++ {
		e.literal(buf[p])
	}
	return p
}

// parseLazy parses buf[start:] up to stop (matches may run on to end)
// with lazy evaluation: a match is emitted only if the next position has
// no longer one, and returns where it stopped.
func (e *Encoder) parseLazy(start, stop, end int) int {
	buf := e.buf[:end]
	p := start
	last := min(stop, end-4)
	ins := start // next position to enter into the tables
	for p < last {
		l, d := e.findChain(buf, p, end, 0)
		ins = p + 1
		if l < minMatch {
			e.literal(buf[p])
			p++
			continue
		}
		for l < e.p.nice && p+1 < last {
			l2, d2 := e.findChain(buf, p+1, end, l)
			ins = p + 2
			if l2 <= l {
				break
			}
			e.literal(buf[p])
			p++
			l, d = l2, d2
		}
		e.match(l, d)
		p += l
		if ins < p {
			e.m.insertRange(e, ins, min(p, last))
			ins = p
		}
	}
	for ; p < stop; p++ {
		e.literal(buf[p])
	}
	return p
}

// findChain enters p into the tables and returns the longest match at p
// longer than prev found within the chain-walk budget (length 0 if none).
func (e *Encoder) findChain(buf []byte, p, end, prev int) (int, int) {
	m := &e.m
	base := int(e.base)
	x := load32(buf, p)
	h := hash4(x, hc4Bits) & (1<<hc4Bits - 1)
	v := uint32(base + p)
	cand := int(m.head[h]) - base
	m.prev[v&(windowSize-1)] = m.head[h]
	m.head[h] = v
	h3 := hash3(x)
	c3 := int(m.h3[h3]) - base
	m.h3[h3] = v

	lo := max(p-windowSize, 0)
	limit := min(maxMatch, end-p)
	best, dist := prev, 0
	if best < 3 {
		best = 3
		if c3 >= lo && p-c3 <= shortFar && load32(buf, c3)&0xffffff == x&0xffffff {
			dist = p - c3
		} else {
			best = 2
		}
	}
	nice := min(e.p.nice, limit)
	for depth := e.p.depth; depth > 0 && cand >= lo; depth-- {
		// Reject by the 4 bytes ending at the current best length
		// before comparing from the start.
		k := max(best-3, 0)
		if best < limit && load32(buf, cand+k) == load32(buf, p+k) && load32(buf, cand) == x {
			l := 4 + matchLen(buf, cand+4, p+4, limit-4)
			if l > best {
				best, dist = l, p-cand
				if l >= nice {
					break
				}
			}
		}
		next := int(m.prev[(uint32(base+cand))&(windowSize-1)]) - base
		if next >= cand {
			break
		}
		cand = next
	}
	if dist == 0 {
		return 0, 0
	}
	return best, dist
}
