package compress

import (
	"sync/atomic"

	"github.com/klauspost/compress/flate"
)

// historySize is the deflate window: a block is primed with this much of
// the input before it.
const historySize = 32 << 10

// parallel is the compressor of a Writer with a concurrency of 2 or more.
// It follows pigz's method: the input is cut into blocks; each block is
// compressed independently, with the 32 KiB of input before it as a
// preset dictionary so that matches still reach back a full window, and
// ends with a sync flush (an empty stored block), which leaves the output
// byte-aligned, so the blocks' outputs concatenate into one deflate
// stream; the last block ends with a final block instead. Each block's
// checksum is computed beside its compression and combined in order.
//
// The Writer's goroutine fills blocks and writes finished ones in order;
// a goroutine per block compresses it with one of at most n compressors.
// There are at most n+1 blocks: when all are in use the Writer waits for
// the oldest to finish and writes it, so memory stays bounded and no
// queue grows. A goroutine ends with its block, so nothing is left
// running once the blocks in flight are done, whatever the caller does.
type parallel struct {
	w     *Writer
	n     int // compressors, so blocks compressed at once
	bsize int // input bytes per block
	level int // klauspost level
	comps chan *flate.Writer
	made  int      // compressors made so far, at most n
	all   int      // blocks made so far, at most n+1
	free  []*block // blocks not in use
	queue []*block // blocks handed to a goroutine, oldest first
	cur   *block   // the block being filled, or nil
	hist  []byte   // the last historySize bytes of input before cur
	sum   uint32   // checksum of the input of the blocks written
	abort atomic.Bool
}

// block is one unit of concurrent compression.
type block struct {
	in   []byte // in[:dict] is the history that primes the compressor, in[dict:] the block's input
	dict int
	last bool
	out  blockOut
	sum  uint32 // checksum of in[dict:]
	done chan struct{}
	job  func() // compresses the block; made once, so that starting it allocates nothing
}

// blockOut collects a block's compressed output; it keeps its memory
// from block to block.
type blockOut struct{ b []byte }

func (o *blockOut) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

func newParallel(w *Writer, n, bsize int) *parallel {
	if bsize == 0 {
		bsize = DefaultBlockSize
	}
	bsize = min(max(bsize, MinBlockSize), MaxBlockSize)
	return &parallel{w: w, n: n, bsize: bsize, level: engineLevel(w.level), comps: make(chan *flate.Writer, n)}
}

// reset drops every block in flight and starts a new stream.
func (p *parallel) reset() {
	p.stop()
	p.abort.Store(false)
	if p.cur != nil {
		p.free = append(p.free, p.cur)
		p.cur = nil
	}
	d := p.w.dict
	if len(d) > historySize {
		d = d[len(d)-historySize:]
	}
	p.hist = append(p.hist[:0], d...)
	p.sum = 1
	if p.w.format == Gzip {
		p.sum = 0
	}
}

// write copies data into blocks, handing each full one to a goroutine,
// and writes the finished blocks at the head of the queue.
func (p *parallel) write(data []byte) {
	for len(data) > 0 {
		if p.cur == nil {
			p.start()
		}
		b := p.cur
		k := copy(b.in[len(b.in):b.dict+p.bsize], data)
		b.in = b.in[:len(b.in)+k]
		data = data[k:]
		if len(b.in)-b.dict == p.bsize {
			p.submit(false)
		}
	}
	p.emitDone()
}

// flush compresses the partial block and writes every block.
func (p *parallel) flush() {
	if p.cur != nil && len(p.cur.in) > p.cur.dict {
		p.submit(false)
	}
	for len(p.queue) > 0 {
		p.waitHead()
	}
}

// finish compresses the rest of the input as the last block, writes every
// block and returns the checksum of the whole input.
func (p *parallel) finish() uint32 {
	if p.cur == nil {
		p.start()
	}
	if len(p.cur.in) == p.cur.dict {
		// Nothing left: an empty final block needs no priming.
		p.cur.in, p.cur.dict = p.cur.in[:0], 0
	}
	p.submit(true)
	for len(p.queue) > 0 {
		p.waitHead()
	}
	return p.sum
}

// stop waits for the blocks in flight, telling the goroutines that have
// not started to skip their work, and drops them.
func (p *parallel) stop() {
	p.abort.Store(true)
	for _, b := range p.queue {
		<-b.done
		p.free = append(p.free, b)
	}
	p.queue = p.queue[:0]
}

// start takes a free block as cur, primed with the history.
func (p *parallel) start() {
	var b *block
	switch {
	case len(p.free) > 0:
		b = p.free[len(p.free)-1]
		p.free = p.free[:len(p.free)-1]
	case p.all <= p.n:
		p.all++
		b = p.newBlock()
	default:
		// Every block is in flight: write the oldest and take it.
		p.waitHead()
		b = p.free[len(p.free)-1]
		p.free = p.free[:len(p.free)-1]
	}
	b.in = append(b.in[:0], p.hist...)
	b.dict = len(p.hist)
	p.cur = b
}

func (p *parallel) newBlock() *block {
	b := &block{in: make([]byte, 0, historySize+p.bsize), done: make(chan struct{}, 1)}
	b.job = func() { p.run(b) }
	return b
}

// submit hands cur to a goroutine and keeps its tail as the history of
// the next block.
func (p *parallel) submit(last bool) {
	b := p.cur
	p.cur = nil
	b.last = last
	h := b.in
	if len(h) > historySize {
		h = h[len(h)-historySize:]
	}
	p.hist = append(p.hist[:0], h...)
	if len(p.comps) == 0 && p.made < p.n {
		p.made++
		fw, _ := flate.NewWriter(nil, p.level) // the level was validated by NewWriter
		p.comps <- fw
	}
	p.queue = append(p.queue, b)
	go b.job()
}

// run compresses b on its own goroutine.
func (p *parallel) run(b *block) {
	fw := <-p.comps
	b.out.b = b.out.b[:0]
	if !p.abort.Load() {
		data := b.in[b.dict:]
		switch p.w.format {
		case Zlib:
			b.sum = adler32Update(1, data)
		case Gzip:
			b.sum = crc32Update(0, data)
		}
		var dict []byte
		if b.dict > 0 {
			dict = b.in[:b.dict]
		}
		fw.ResetDict(&b.out, dict)
		fw.Write(data) // blockOut does not fail
		if b.last {
			fw.Close()
		} else {
			fw.Flush()
		}
	}
	p.comps <- fw
	b.done <- struct{}{}
}

// emitDone writes the finished blocks at the head of the queue, without
// waiting.
func (p *parallel) emitDone() {
	for len(p.queue) > 0 {
		select {
		case <-p.queue[0].done:
			p.emitHead()
		default:
			return
		}
	}
}

// waitHead waits for the oldest block and writes it.
func (p *parallel) waitHead() {
	<-p.queue[0].done
	p.emitHead()
}

// emitHead writes the oldest block, which is done, and frees it.
func (p *parallel) emitHead() {
	b := p.queue[0]
	p.queue = p.queue[:copy(p.queue, p.queue[1:])]
	p.w.out.Write(b.out.b)
	n := int64(len(b.in) - b.dict)
	switch p.w.format {
	case Zlib:
		p.sum = adler32Combine(p.sum, b.sum, n)
	case Gzip:
		p.sum = crc32Combine(p.sum, b.sum, n)
	}
	p.free = append(p.free, b)
}
