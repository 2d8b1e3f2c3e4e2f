package deflate

const (
	htBits       = 15 // buckets of the greedy matcher's table
	greedyInsert = 3  // positions inside a match the greedy parse enters
	hc4Bits      = 15 // heads of the 4-byte hash chains
	hc3Bits      = 14 // the 3-byte table of the lazy matcher
	shortFar     = 4096
)

// parseGreedy enters the greedyInsert positions after a match's first
// one by hand: this fails to compile if the constant changes without it.
const _ = uint(greedyInsert-3) + uint(3-greedyInsert)

// matcher holds the match-finding tables. Entries are virtual positions
// (Encoder.base plus the index in buf), so that sliding the buffer or
// starting a stream renumbers nothing.
type matcher struct {
	lazy bool
	ht   *[1 << htBits][2]uint32 // greedy: two entries per bucket, the newer first
	head *[1 << hc4Bits]uint32   // lazy: newest position of each 4-byte hash
	prev *[windowSize]uint32     // lazy: the position before, by position mod windowSize
	h3   *[1 << hc3Bits]uint32   // lazy: newest position of each 3-byte hash
}

func (m *matcher) init(lazy bool) {
	m.lazy = lazy
	if lazy {
		m.head = new([1 << hc4Bits]uint32)
		m.prev = new([windowSize]uint32)
		m.h3 = new([1 << hc3Bits]uint32)
	} else {
		m.ht = new([1 << htBits][2]uint32)
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
			b := &m.ht[hash4(x, htBits)&(1<<htBits-1)]
			b[1], b[0] = b[0], v
		}
	}
}

// parseGreedy parses buf[start:] up to stop (matches may run on to end)
// taking the longer of the two candidates of the position's bucket, and
// returns where it stopped.
func (e *Encoder) parseGreedy(start, stop, end int) int {
	buf := e.buf[:end]
	last := min(stop, end-4) // positions with more than 4 bytes left
	p := start
	if p < last {
		if useAsm {
			p = e.greedyFast(buf, p, last)
		} else {
			p = e.greedyGeneric(buf, p, last)
		}
	}
	for ; p < stop; p++ {
		e.literal(buf[p])
	}
	return p
}

// greedyGeneric is parseGreedy's loop over the positions before last,
// in Go (greedy_amd64.s is the same loop in assembly); it returns where
// the last match ends, or last.
func (e *Encoder) greedyGeneric(buf []byte, p, last int) int {
	end := len(buf)
	ht := e.m.ht
	base := e.base
	toks := (*[maxTokens]uint32)(e.tokens[:maxTokens])
	nt := len(e.tokens)
	litFreq, distFreq := &e.litFreq, &e.distFreq
	for p < last {
		x := load32(buf, p)
		b := &ht[hash4(x, htBits)&(1<<htBits-1)]
		v0, v1 := b[0], b[1]
		vp := base + uint32(p)
		b[1], b[0] = v0, vp
		// An entry more than a window before p is out of the window or
		// the buffer, or from an earlier stream, or empty (see
		// Encoder.base): entries are never above vp.
		best, dist := 0, 0
		if vp-v0 <= windowSize && load32(buf, int(v0-base)) == x {
			c := int(v0 - base)
			best = 4 + matchLen(buf, c+4, p+4, min(maxMatch, end-p)-4)
			dist = p - c
		}
		if vp-v1 <= windowSize && load32(buf, int(v1-base)) == x {
			c := int(v1 - base)
			if l := 4 + matchLen(buf, c+4, p+4, min(maxMatch, end-p)-4); l > best {
				best, dist = l, p-c
			}
		}
		if best == 0 {
			c := buf[p]
			toks[nt&(maxTokens-1)] = uint32(c)
			nt++
			litFreq[c]++
			p++
			continue
		}
		ds := distSym(dist)
		toks[nt&(maxTokens-1)] = 1<<31 | uint32(ds)<<25 | uint32(best)<<16 | uint32(dist)
		nt++
		litFreq[257+int(lenSym[uint8(best-minMatch)])]++
		distFreq[ds]++
		// Enter the first positions inside the match: the rest
		// would cost more time than the matches they find save bytes.
		q := p + 1
		p += best
		if q+greedyInsert < last {
			// The three positions from one 8-byte load (a match is at
			// least 4 long, so all three are inside it), written out:
			// a loop over them costs binary records 5%.
			w := load64(buf, q)
			v := base + uint32(q)
			b := &ht[hash4(uint32(w), htBits)&(1<<htBits-1)]
			b[1], b[0] = b[0], v
			b = &ht[hash4(uint32(w>>8), htBits)&(1<<htBits-1)]
			b[1], b[0] = b[0], v+1
			b = &ht[hash4(uint32(w>>16), htBits)&(1<<htBits-1)]
			b[1], b[0] = b[0], v+2
			continue
		}
		for stopAt := min(p, last, q+greedyInsert); q < stopAt; q++ {
			b := &ht[hash4(load32(buf, q), htBits)&(1<<htBits-1)]
			b[1], b[0] = b[0], base+uint32(q)
		}
	}
	e.tokens = toks[:nt]
	return p
}

// parseLazy parses buf[start:] up to stop (matches may run on to end)
// with lazy evaluation: a match is emitted only if the next position has
// no longer one, and returns where it stopped.
func (e *Encoder) parseLazy(start, stop, end int) int {
	buf := e.buf[:end]
	toks := (*[maxTokens]uint32)(e.tokens[:maxTokens])
	nt := len(e.tokens)
	litFreq, distFreq := &e.litFreq, &e.distFreq
	depth, nextDepth, nice := e.p.depth, e.p.nextDepth, e.p.nice
	p := start
	last := min(stop, end-4)
	for p < last {
		l, d := e.findChain(buf, p, end, 0, depth)
		ins := p + 1 // the next position to enter into the tables
		if l < minMatch {
			c := buf[p]
			toks[nt&(maxTokens-1)] = uint32(c)
			nt++
			litFreq[c]++
			p++
			continue
		}
		for l < nice && p+1 < last {
			l2, d2 := e.findChain(buf, p+1, end, l, nextDepth)
			ins = p + 2
			if l2 <= l {
				break
			}
			c := buf[p]
			toks[nt&(maxTokens-1)] = uint32(c)
			nt++
			litFreq[c]++
			p++
			l, d = l2, d2
		}
		ds := distSym(d)
		toks[nt&(maxTokens-1)] = 1<<31 | uint32(ds)<<25 | uint32(l)<<16 | uint32(d)
		nt++
		litFreq[257+int(lenSym[uint8(l-minMatch)])]++
		distFreq[ds]++
		e.insertChain(buf, ins, min(p+l, last))
		p += l
	}
	e.tokens = toks[:nt]
	for ; p < stop; p++ {
		e.literal(buf[p])
	}
	return p
}

// insertChain enters the positions [from, to) into the chains and the
// 3-byte table.
func (e *Encoder) insertChain(buf []byte, from, to int) {
	head, prev, h3 := e.m.head, e.m.prev, e.m.h3
	v := e.base + uint32(from)
	for i := from; i < to; i++ {
		x := load32(buf, i)
		h := hash4(x, hc4Bits) & (1<<hc4Bits - 1)
		prev[v&(windowSize-1)] = head[h]
		head[h] = v
		h3[hash3(x)] = v
		v++
	}
}

// findChain enters p into the tables and returns the longest match at p
// longer than prev found within depth steps of the chain (length 0 if
// none).
func (e *Encoder) findChain(buf []byte, p, end, prevLen, depth int) (int, int) {
	m := &e.m
	base := e.base
	x := load32(buf, p)
	h := hash4(x, hc4Bits) & (1<<hc4Bits - 1)
	v := base + uint32(p)
	cand := m.head[h]
	m.prev[v&(windowSize-1)] = cand
	m.head[h] = v
	h3 := hash3(x)
	c3 := m.h3[h3]
	m.h3[h3] = v

	limit := min(maxMatch, end-p)
	if prevLen >= limit || depth <= 0 {
		return 0, 0
	}
	// Virtual positions below vlo are out of the window or the buffer
	// (see Encoder.base).
	vlo := base + uint32(max(p-windowSize, 0))
	best, dist := prevLen, 0
	if best < 3 {
		best = 2
		if c3 >= vlo && v-c3 <= shortFar && load32(buf, int(c3-base))&0xffffff == x&0xffffff {
			best, dist = 3, int(v-c3)
		}
	}
	nice := min(e.p.nice, limit)
	prevTab := m.prev
	if best < 4 {
		// No match of 4 bytes yet: a candidate's first 4 bytes decide,
		// in a loop of its own (libdeflate's first loop). Both loops
		// load the next candidate before they look at this one, so
		// that the walk's loads overlap the comparisons.
		for {
			if cand < vlo {
				return best3(best, dist)
			}
			c := int(cand - base)
			next := prevTab[cand&(windowSize-1)]
			if load32(buf, c) == x {
				best = 4 + matchLen(buf, c+4, p+4, limit-4)
				dist = p - c
				if best >= nice {
					return best, dist
				}
				if depth--; depth == 0 {
					return best, dist
				}
				cand = next
				break
			}
			if depth--; depth == 0 {
				return best3(best, dist)
			}
			cand = next
		}
	}
	// Reject a candidate by the 4 bytes ending at the current best
	// length before comparing from the start.
	k := best - 3
	want := load32(buf, p+k)
	// What only a candidate that passes both tests needs stays in
	// memory (the compiler keeps an array there), so that the walk has
	// the registers to itself: p, limit, best, dist, nice.
	keep := [5]int{p, limit, best, dist, nice}
	for cand >= vlo {
		c := int(cand - base)
		next := prevTab[cand&(windowSize-1)]
		if load32(buf, c+k) == want && load32(buf, c) == x {
			p := keep[0]
			l := 4 + matchLen(buf, c+4, p+4, keep[1]-4)
			if l > keep[2] {
				keep[2], keep[3] = l, p-c
				if l >= keep[4] {
					break
				}
				k = l - 3
				want = load32(buf, p+k)
			}
		}
		if depth--; depth == 0 {
			break
		}
		cand = next
	}
	return best3(keep[2], keep[3])
}

// best3 is findChain's result: the match of length best at dist, or
// none (0, 0) when dist is 0.
func best3(best, dist int) (int, int) {
	if dist == 0 {
		return 0, 0
	}
	return best, dist
}
