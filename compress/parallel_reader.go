package compress

import (
	"encoding/binary"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/fastio-go/fastio/compress/internal/inflate"
	"github.com/fastio-go/fastio/core"
)

// parInflater inflates one deflate stream on several goroutines, the
// method of rapidgzip (Knespel and Brunst, HPDC 2023). The compressed
// stream, which the Reader reads with ReadAt, is cut into chunks of
// chunkSize bytes. For each chunk but the first a worker finds the
// first block header in it (blockfind.go) and decodes from there with
// the window unknown (markinflate.go); as soon as the last 32 KiB of its
// output hold no marker, it goes on with the inflate engine, the window
// being known from there. It stops at the first block boundary past the
// chunk's end that the finder accepts: where the next chunk's worker
// starts.
//
// The Reader's goroutine (the consumer) holds the confirmed state: the
// bit offset up to which the output is known, and the 32 KiB before it.
// When it reaches a chunk, it asks the chunk's worker to stop at its
// next block boundary and, without waiting, takes the output the worker
// published at the last boundary it passed (all of it if the worker
// reached the next chunk). When that output starts exactly at the
// confirmed offset, its markers are replaced by the window's bytes as it
// is delivered, and the consumer inflates from where it ends to the next
// chunk's boundary itself with the engine; otherwise (no block header
// found yet, a false one, corrupt data, output over the cap, input
// beyond what the worker read) it inflates the whole chunk so. So every
// byte delivered is the engine's or provably equal to it, and an error
// is always the engine's, at the offset the one-goroutine Reader
// reports.
//
// n-1 workers run while the consumer inflates or delivers, each on the
// next chunk not taken: on two CPUs one worker decodes with markers
// while the consumer runs the engine, each always busy, so the work
// divides itself by the two speeds (rapidgzip's workers finish their
// chunks, which pays on many CPUs; on two it would leave the engine's
// speed unused).
type parInflater struct {
	ra    io.ReaderAt
	base  int64 // offset of the deflate data in ra
	size  int64 // bytes of ra from base on
	n     int   // workers
	csize int64 // compressed bytes per chunk
	ocap  int   // output bytes a worker's chunk may hold
	wait  bool  // wait for a chunk's worker to stop (ReaderOptions.waitChunks)

	pos  int64  // bit offset where the confirmed output ends
	win  []byte // the output (or dictionary) before pos, at most 32 KiB
	win2 []byte

	jobs []*parChunk // started and not taken, by increasing index
	next int64       // index of the next chunk to start
	sem  chan struct{}
	wg   sync.WaitGroup

	pend, pend2 []byte         // output to deliver, then more
	pmarks      []uint16       // before pend: markers to resolve through tab, then deliver
	tab         *[1 << 16]byte // a literal's value to itself, a marker to its window byte
	res         []byte         // pmarks resolved, a piece at a time
	cur         *parChunk      // the chunk pend refers to
	free        []*parChunk    // chunks done with, whose buffers new jobs reuse
	dropped     []*parChunk    // cancelled jobs, recycled once done
	atEnd       bool           // after pend: the end of the stream
	off         int64          // input offset reported outside seq
	endByte     int64          // length of the deflate data, after io.EOF
	err         error
	seq         *inflate.Decoder
	seqIn       *core.Reader
	seqOn       bool
	seqAt       int64 // byte offset where seq started
	seqStop     int64 // bit offset where seq stops
	scratch     []byte
	fd          finder
	seqAcceptFn func(int64) bool
	// counts, for the tests: chunks delivered from a worker, and engine
	// runs of the consumer
	specUsed, seqRuns int
}

// parChunk is one worker's chunk.
type parChunk struct {
	idx    int64
	done   chan struct{}
	cancel atomic.Bool // the result is not wanted: stop as soon as possible
	stop   atomic.Bool // the consumer is here: stop at the next block boundary
	res    parResult   // the result, once done is closed
	// prog is the output up to the last block boundary the worker
	// passed, while it decodes with markers: the consumer that reaches
	// the chunk takes it without waiting.
	prog  atomic.Pointer[parResult]
	plain []byte
	in    []byte
	mbuf  []uint16 // marks' buffer, with the window's markers before them
}

// parResult is the output of a chunk's worker.
type parResult struct {
	ok     bool
	lo, hi int64 // the chunk holds the output from any bit offset in [lo, hi]
	end    int64 // bit offset where it stopped
	final  bool  // end is the end of the final block
	marks  []uint16
	plain  []byte
}

// parallel Reader parameters; tests make chunks small. A worker reads
// parBlockSlack bytes past its chunk, for the block that crosses the
// chunk's end: deflate encoders end a block every few hundred KiB at
// most (zlib and gzip after 16 to 32 Ki symbols, libdeflate after 300
// KB of input), and a stored block holds 64 KiB.
const (
	parChunkSize  = 2 << 20
	parOutCap     = 32 << 20
	parBlockSlack = 512 << 10
	parPiece      = 64 << 10  // markers resolved at a time, at most
	parReadPiece  = 256 << 10 // input a worker reads at a time
)

var (
	parDecoders  = sync.Pool{New: func() any { return new(inflate.Decoder) }}
	specDecoders = sync.Pool{New: func() any { return new(specDecoder) }}
)

func newParInflater(n int, csize int64) *parInflater {
	if csize <= 0 {
		csize = parChunkSize
	}
	p := &parInflater{n: n, csize: csize, ocap: int(min(8*csize, parOutCap)),
		sem: make(chan struct{}, n), seq: new(inflate.Decoder),
		win: make([]byte, 0, markWindow), win2: make([]byte, 0, markWindow),
		scratch: make([]byte, maxHeaderBytes)}
	p.seqIn = core.NewReaderSize(nil, 256<<10)
	p.seqAcceptFn = p.seqAccept
	return p
}

// reset starts a stream of deflate data at base in ra, size bytes long
// at most, with the window dict.
func (p *parInflater) reset(ra io.ReaderAt, base, size int64, dict []byte) {
	p.stop()
	p.ra, p.base, p.size = ra, base, size
	if len(dict) > markWindow {
		dict = dict[len(dict)-markWindow:]
	}
	p.win = append(p.win[:0], dict...)
	p.pos, p.next, p.off, p.endByte = 0, 1, 0, 0
	p.specUsed, p.seqRuns = 0, 0
	p.pend, p.pend2, p.cur, p.atEnd, p.err, p.seqOn = nil, nil, nil, false, nil, false
	p.pmarks = nil
}

// stop cancels the workers and waits for them, so that nothing reads ra
// after it.
func (p *parInflater) stop() {
	for _, c := range p.jobs {
		c.cancel.Store(true)
	}
	p.wg.Wait()
	for _, c := range p.jobs {
		p.recycle(c)
	}
	for _, c := range p.dropped {
		p.recycle(c)
	}
	if p.cur != nil {
		p.recycle(p.cur)
		p.cur = nil
	}
	clear(p.jobs)
	clear(p.dropped)
	p.jobs, p.dropped = p.jobs[:0], p.dropped[:0]
}

// recycle keeps the buffers of a chunk no one uses any more for the next
// jobs: as many as can be in use at once.
func (p *parInflater) recycle(c *parChunk) {
	<-c.done // a worker may still write past what was taken
	if len(p.free) < p.n+2 {
		p.free = append(p.free, &parChunk{mbuf: c.mbuf, plain: c.plain, in: c.in})
	}
}

// inputOffset returns the offset in the deflate data up to which the
// input was used: the engine's count inside an engine run.
func (p *parInflater) inputOffset() int64 {
	if p.seqOn {
		return p.seqAt + p.seq.InputOffset()
	}
	return p.off
}

// Next returns up to n inflated bytes, valid until the next call: as
// inflate.Decoder.Next.
func (p *parInflater) Next(n int) ([]byte, error) {
	for {
		if len(p.pmarks) > 0 {
			// Resolved a piece at a time, into a buffer the cache
			// holds, as they are delivered.
			k := min(n, len(p.pmarks), len(p.res))
			q := p.res[:k]
			resolveMarks(q, p.pmarks[:k], p.tab)
			p.pmarks = p.pmarks[k:]
			return q, nil
		}
		if len(p.pend) > 0 {
			k := min(n, len(p.pend))
			q := p.pend[:k]
			p.pend = p.pend[k:]
			if len(p.pend) == 0 {
				p.pend, p.pend2 = p.pend2, nil
			}
			return q, nil
		}
		if p.err != nil {
			return nil, p.err
		}
		if p.seqOn {
			q, stopped, err := p.seq.NextUntil(n, p.seqStop-8*p.seqAt, p.seqAcceptFn)
			switch {
			case len(q) > 0:
				return q, nil
			case stopped:
				p.pos = 8*p.seqAt + p.seq.BitOffset()
				p.win = append(p.win[:0], p.seq.History()...)
				p.off = p.seqAt + p.seq.InputOffset()
				p.seqOn = false
			case err == io.EOF:
				p.endByte = p.seqAt + p.seq.InputOffset()
				p.off = p.endByte
				p.seqOn = false
				p.finish(io.EOF)
			default:
				p.finish(err)
			}
			continue
		}
		if p.atEnd {
			p.finish(io.EOF)
			continue
		}
		p.advance()
	}
}

// finish ends the stream with err: the workers are stopped.
func (p *parInflater) finish(err error) {
	p.err = err
	p.stop()
}

// advance moves on from the confirmed offset: with the chunk a worker
// decoded from there, or with the engine up to the next chunk.
func (p *parInflater) advance() {
	if p.cur != nil {
		p.recycle(p.cur)
		p.cur = nil
	}
	j := p.pos / 8 / p.csize
	if j >= 1 {
		if c, r := p.take(j); c != nil {
			if r.ok && r.lo <= p.pos && p.pos <= r.hi && p.resolve(c, &r) {
				p.specUsed++
				p.startJobs(j, p.n-1)
				return
			}
			c.cancel.Store(true)
			p.dropped = append(p.dropped, c)
		}
	}
	p.startJobs(j, p.n-1)
	p.seqAt = p.pos >> 3
	p.seqIn.Reset(io.NewSectionReader(p.ra, p.base+p.seqAt, p.size-p.seqAt))
	p.seq.ResetAt(p.seqIn, p.win, uint(p.pos&7))
	p.seqStop = 8 * (j + 1) * p.csize
	p.seqOn = true
	p.seqRuns++
}

// seqAccept is the engine's stop test: bit counts from seqAt.
func (p *parInflater) seqAccept(bit int64) bool {
	at := 8*p.seqAt + bit
	n, _ := p.ra.ReadAt(p.scratch, p.base+at>>3)
	return p.fd.candidate(p.scratch[:n], at&7)
}

// startJobs starts workers for the chunks after j, up to ahead of them
// running, and cancels those before j.
func (p *parInflater) startJobs(j int64, ahead int) {
	k := 0
	d := 0
	for _, c := range p.dropped {
		select {
		case <-c.done:
			p.recycle(c)
		default:
			p.dropped[d] = c
			d++
		}
	}
	clear(p.dropped[d:])
	p.dropped = p.dropped[:d]
	for _, c := range p.jobs {
		if c.idx < j {
			c.cancel.Store(true)
			p.dropped = append(p.dropped, c)
			continue
		}
		p.jobs[k] = c
		k++
	}
	clear(p.jobs[k:])
	p.jobs = p.jobs[:k]
	if p.next <= j {
		p.next = j + 1
	}
	for len(p.jobs) < ahead && p.next*p.csize+16 < p.size {
		c := &parChunk{idx: p.next, done: make(chan struct{})}
		if k := len(p.free); k > 0 {
			f := p.free[k-1]
			p.free = p.free[:k-1]
			c.mbuf, c.plain, c.in = f.mbuf[:0], f.plain[:0], f.in[:0]
		}
		p.next++
		p.jobs = append(p.jobs, c)
		p.sem <- struct{}{}
		p.wg.Add(1)
		go p.work(c)
	}
}

// take returns chunk j and its output so far, asking its worker to stop
// at the next block boundary without waiting for it, or nil if it was
// not started.
func (p *parInflater) take(j int64) (*parChunk, parResult) {
	for i, c := range p.jobs {
		if c.idx != j {
			continue
		}
		p.jobs = append(p.jobs[:i], p.jobs[i+1:]...)
		c.stop.Store(true)
		if p.wait {
			<-c.done
		}
		select {
		case <-c.done:
			return c, c.res
		default:
		}
		if r := c.prog.Load(); r != nil {
			return c, *r
		}
		// Not past its first block yet: the consumer does not wait.
		return c, parResult{}
	}
	return nil, parResult{}
}

// tail32 appends to dst the last 32 KiB of the concatenation of parts.
func tail32(dst []byte, parts ...[]byte) []byte {
	need := markWindow
	start := len(parts)
	for start > 0 && need > 0 {
		start--
		need -= len(parts[start])
	}
	for i := start; i < len(parts); i++ {
		q := parts[i]
		if i == start && need < 0 {
			q = q[-need:]
		}
		dst = append(dst, q...)
	}
	return dst
}

// resolve replaces the markers of c by the window's bytes and makes c's
// output the next to deliver. It reports false when a marker stands for
// a byte before the start of the stream.
func (p *parInflater) resolve(c *parChunk, r *parResult) bool {
	marks := r.marks
	// Near the start of the stream the window is shorter than 32 KiB: a
	// marker for a byte before the stream makes the chunk not the
	// stream's.
	lo := markWindow - len(p.win)
	if lo > 0 {
		for _, v := range marks {
			if v >= markBase && int(v-markBase) < lo {
				return false
			}
		}
	}
	if p.tab == nil {
		p.tab = new([1 << 16]byte)
		for i := range 256 {
			p.tab[i] = byte(i)
		}
		p.res = make([]byte, parPiece)
	}
	copy(p.tab[markBase+lo:], p.win)
	// The window after the chunk: the last 32 KiB of its output.
	k := max(0, len(marks)-max(0, markWindow-len(r.plain)))
	tail := p.res[:len(marks)-k]
	resolveMarks(tail, marks[k:], p.tab)
	p.win, p.win2 = tail32(p.win2[:0], p.win, tail, r.plain), p.win
	p.pmarks, p.pend, p.pend2 = marks, r.plain, nil
	p.cur = c
	p.pos = r.end
	p.off = (r.end + 7) >> 3
	if r.final {
		p.atEnd = true
		p.endByte = p.off
	}
	return true
}

// resolveMarks sets q[i] to tab[m[i]] for each value of m: a literal
// to itself, a marker to its window byte. Eight at a time, with the
// table in a register and one bounds check for the eight, it runs at
// about twice the speed of the plain loop.
func resolveMarks(q []byte, m []uint16, tab *[1 << 16]byte) {
	q = q[:len(m)]
	i := 0
	for ; i+8 <= len(m); i += 8 {
		s := m[i : i+8 : i+8]
		d := q[i : i+8 : i+8]
		d[0], d[1], d[2], d[3] = tab[s[0]], tab[s[1]], tab[s[2]], tab[s[3]]
		d[4], d[5], d[6], d[7] = tab[s[4]], tab[s[5]], tab[s[6]], tab[s[7]]
	}
	for ; i < len(m); i++ {
		q[i] = tab[m[i]]
	}
}

// work decodes chunk c speculatively.
func (p *parInflater) work(c *parChunk) {
	defer func() {
		close(c.done)
		<-p.sem
		p.wg.Done()
	}()
	// The input is read as the decoding needs it, a piece at a time, into
	// an array that holds all it may need: the worker is usually stopped
	// half way through its chunk.
	from := c.idx * p.csize
	to := min(p.size, from+p.csize+parBlockSlack)
	if int64(cap(c.in)) < to-from {
		c.in = make([]byte, 0, to-from)
	}
	c.in = c.in[:0]
	full := false
	more := func() []byte {
		n := len(c.in)
		if full || from+int64(n) >= to {
			full = true
			return nil
		}
		k := int(min(int64(parReadPiece), to-from-int64(n)))
		got, _ := p.ra.ReadAt(c.in[n:n+k], p.base+from+int64(n))
		if got == 0 {
			full = true
			return nil
		}
		c.in = c.in[:n+got]
		return c.in
	}
	more()
	stop := 8 * p.csize // the next chunk, in bits from c.in[0]
	var fd finder
	accept := func(b int64) bool { return fd.candidate(c.in, b) }
	sd := specDecoders.Get().(*specDecoder)
	sd.cancel, sd.stop = &c.cancel, &c.stop
	defer func() {
		sd.cancel, sd.stop, sd.out, sd.more, sd.progress = nil, nil, nil, nil, nil
		specDecoders.Put(sd)
	}()
	at := int64(0)
	for try := range 16 {
		// Search where a whole header is in the input read so far.
		var q int64
		for {
			lim := stop
			if !full {
				lim = min(stop, 8*int64(len(c.in)-maxHeaderBytes-16))
			}
			if q = fd.next(c.in, at, lim); q >= 0 || lim == stop || c.cancel.Load() {
				break
			}
			at = max(at, lim)
			more()
		}
		if q < 0 {
			return
		}
		lo, hi := q, q
		if storedAt(c.in, q, leBits(c.in, q)) {
			hi = storedEnd(q)
		}
		// A decoding the consumer may have taken is not overwritten:
		// the consumer asks to stop before it looks at prog.
		c.prog.Store(nil)
		if try > 0 && c.stop.Load() {
			return
		}
		sd.reset(c.in, q, c.mbuf[:0])
		sd.more = more
		sd.progress = func(end int64, out []uint16) {
			c.prog.Store(&parResult{ok: true, lo: lo + 8*from, hi: hi + 8*from, end: end + 8*from, marks: out[markWindow:]})
		}
		why, err := sd.run(stop, accept, p.ocap)
		c.mbuf = sd.out[:0]
		if err != nil {
			if c.cancel.Load() {
				return
			}
			at = q + 1
			continue
		}
		r := &c.res
		r.marks = sd.out[markWindow:]
		end := sd.b.pos()
		switch why {
		case specFinal:
			r.final = true
		case specClean:
			var dict [markWindow]byte
			for i, v := range sd.out[len(sd.out)-markWindow:] {
				dict[i] = byte(v)
			}
			c.plain = c.plain[:0]
			if cap(c.plain) == 0 {
				c.plain = make([]byte, 0, 4*p.csize)
			}
			for more() != nil { // the engine reads c.in as it is
			}
			var ok bool
			if end, ok = p.engine(c, dict[:], end, stop, accept); !ok {
				return
			}
			r.plain = c.plain
		}
		r.lo, r.hi, r.end = lo+8*from, hi+8*from, end+8*from
		r.ok = true
		return
	}
}

// engine goes on decoding c with the inflate engine from bit offset at
// of c.in, with the window dict, to the stop rule of run, appending to
// c.plain. It returns the bit offset where it stopped.
func (p *parInflater) engine(c *parChunk, dict []byte, at, stop int64, accept func(int64) bool) (int64, bool) {
	d := parDecoders.Get().(*inflate.Decoder)
	defer parDecoders.Put(d)
	rel := at >> 3 << 3
	span := core.NewSpanReader(c.in[at>>3:])
	d.ResetAt(span, dict, uint(at&7))
	relAccept := func(b int64) bool { return accept(rel + b) }
	st := stop - rel
	plain := c.plain
	limit := p.ocap - len(c.res.marks)
	defer func() { c.plain = plain }()
	for {
		q, stopped, err := d.NextUntil(256<<10, st, relAccept)
		switch {
		case len(q) > 0:
			if c.cancel.Load() {
				return 0, false
			}
			plain = append(plain, q...)
			if c.stop.Load() {
				st, relAccept = 0, nil // the consumer is here
			}
			if len(plain) > limit {
				if len(plain) > 2*limit {
					return 0, false
				}
				// At the cap: stop at the next boundary.
				st, relAccept = 0, nil
			}
		case stopped:
			return rel + d.BitOffset(), true
		case err == io.EOF:
			c.res.final = true
			return rel + 8*d.InputOffset(), true
		default:
			return 0, false
		}
	}
}

// leBits returns the 57 bits of in from bit p on.
func leBits(in []byte, p int64) uint64 {
	var b [8]byte
	copy(b[:], in[p>>3:])
	return binary.LittleEndian.Uint64(b[:]) >> (p & 7)
}

// offsetSource returns the Reader's source as an io.ReaderAt, the offset
// in it of the next byte the Reader would read, and its size; ok is false
// for a source that cannot be read at offsets. err reports a source that
// the seeks finding its size left at another offset.
func (r *Reader) offsetSource() (ra io.ReaderAt, at, size int64, ok bool, err error) {
	switch {
	case r.s.mem != nil:
		at = r.s.mem.Size() - int64(r.s.mem.Len()) - int64(r.s.br.Buffered())
		return r.s.mem, at, r.s.mem.Size(), true, nil
	case r.s.plain != nil:
		a, ok := r.s.plain.(io.ReaderAt)
		sk, ok2 := r.s.plain.(io.Seeker)
		if !ok || !ok2 {
			return nil, 0, 0, false, nil
		}
		cur, err := sk.Seek(0, io.SeekCurrent)
		if err != nil {
			return nil, 0, 0, false, nil
		}
		end, err := sk.Seek(0, io.SeekEnd)
		if _, err2 := sk.Seek(cur, io.SeekStart); err2 != nil {
			return nil, 0, 0, false, err2
		}
		if err != nil {
			return nil, 0, 0, false, nil
		}
		return a, cur - int64(r.s.br.Buffered()), end, true, nil
	}
	return nil, 0, 0, false, nil
}

// parMinInput is the least compressed input left at the start of a
// member's deflate data for the Reader to inflate it in parallel: below
// it, the chunks are too few to pay for the speculation.
const parMinInput = 2 * parChunkSize

// startParallel makes par inflate the member's deflate data, starting
// at the source's offset, if the source can be read at offsets and
// enough input is left. It reports whether it did.
func (r *Reader) startParallel(dict []byte) bool {
	if runtime.GOMAXPROCS(0) < 2 {
		return false // one thread: speculation can only cost
	}
	ra, at, size, ok, err := r.offsetSource()
	if err != nil {
		r.fail("read", r.s.offset(), err, "")
		return true
	}
	if !ok {
		return false
	}
	min := int64(parMinInput)
	if r.opts.chunkSize > 0 {
		min = 2 * r.opts.chunkSize
	}
	if size-at < min {
		return false
	}
	if r.par == nil || r.par.n != r.opts.Concurrency {
		r.par = newParInflater(r.opts.Concurrency, r.opts.chunkSize)
	}
	r.par.wait = r.opts.waitChunks
	r.par.reset(ra, at, size-at, dict)
	r.parOn, r.parAt = true, at
	return true
}

// endParallel positions the source after the member's deflate data,
// which par has inflated.
func (r *Reader) endParallel() {
	r.parOn = false
	end := r.parAt + r.par.endByte
	switch {
	case r.s.mem != nil:
		r.s.mem.Seek(end, io.SeekStart)
	default:
		if _, err := r.s.plain.(io.Seeker).Seek(end, io.SeekStart); err != nil {
			r.fail("read", r.start+r.par.endByte, err, "")
			return
		}
		r.s.done = r.start + r.par.endByte
	}
	r.s.br.Reset(&r.s)
}

// stopParallel stops par's workers.
func (r *Reader) stopParallel() {
	if r.par != nil {
		r.par.stop()
	}
}
