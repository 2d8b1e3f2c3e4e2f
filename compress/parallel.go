package compress

import (
	"encoding/binary"
	"errors"
	"io"
	"sync"
	"sync/atomic"

	"github.com/fastio-go/fastio/core"
)

// historySize is the deflate window: a block is primed with this much of
// the input before it.
const historySize = 32 << 10

// fastPrimeSize is how much input primes a block of MaxBlockSize bytes at
// levels 2 to 5. klauspost's fast encoders prime by compressing the
// dictionary and dropping the output, so 32 KiB of priming costs as much
// as compressing 32 KiB, 3% of the work of a 1 MiB block; 8 KiB costs
// under 1%, and loses only the matches that the first 32 KiB of a block
// would find 8 to 32 KiB back: on 32 MiB of Go source and of Go tool
// binaries the concurrent stream stays within 0.2% of one goroutine's at
// every level. The slower levels, and this module's own encoder (levels
// 1 and 6), prime by hashing, which is cheap, and keep the whole window.
const fastPrimeSize = 8 << 10

// parallel is the compressor of a Writer with a concurrency of 2 or more.
// It follows pigz's method: the input is cut into blocks; each block is
// compressed independently, with the 32 KiB of input before it as a
// preset dictionary so that matches still reach back a full window (8 KiB
// at the fast levels, see fastPrimeSize), and
// ends with a sync flush (an empty stored block), which leaves the output
// byte-aligned, so the blocks' outputs concatenate into one deflate
// stream; the last block ends with a final block instead. Each block's
// checksum is computed beside its compression and combined in order.
//
// The Writer's goroutine fills blocks and writes finished ones in order;
// at most n worker goroutines compress them, each with a compressor of
// its own, taking the submitted blocks in order. A worker goes on to the
// next submitted block without a hand-off, so its compressor's tables
// stay in the cache of the core it runs on, and ends when no block is
// waiting, so nothing is left running once the blocks in flight are
// done, whatever the caller does. There are at most n+2 blocks: n being
// compressed, one waiting for a worker (so that a worker that finishes
// finds work at once, even when it finishes before an older block it must
// not overtake in the output), and one being filled. When all are in use
// the Writer waits for the oldest to finish and writes it, so memory
// stays bounded and no queue grows.
type parallel struct {
	w     *Writer
	n     int      // compressors, so blocks compressed at once
	bsize int      // input bytes per block
	all   int      // blocks made so far, at most n+2
	free  []*block // blocks not in use
	queue []*block // blocks handed to a goroutine, oldest first
	cur   *block   // the block being filled, or nil
	prime int      // bytes of input before a block that prime it: historySize or fastPrimeSize
	hist  []byte   // the last prime bytes of input before cur
	sum   uint32   // checksum of the input of the blocks written
	index bool     // each block is a gzip member (WriterOptions.Index)
	mems  int      // members submitted in this stream, with index
	abort atomic.Bool
	work  func() // p.work, made once, so that starting a worker allocates nothing

	mu      sync.Mutex
	pending []*block     // submitted blocks no worker has taken, oldest first
	workers int          // running workers, at most n
	comps   []compressor // compressors of no running worker
}

// block is one unit of concurrent compression.
type block struct {
	in   []byte // in[:dict] is the history that primes the compressor, in[dict:] the block's input
	dict int
	last bool
	out  blockOut
	sum  uint32 // checksum of in[dict:]
	hdr  []byte // with index: the member's header, its length field zero
	lat  int    // offset of the length field in hdr
	done chan struct{}
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
	prime := historySize
	if !ownLevel(w.level) && w.level >= 1 && w.level <= 5 && bsize == MaxBlockSize {
		prime = fastPrimeSize
	}
	if w.index {
		prime = 0 // independent blocks
	}
	p := &parallel{w: w, n: n, bsize: bsize, prime: prime, index: w.index}
	p.work = p.worker
	return p
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
	p.mems = 0
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

// readFrom reads r straight into blocks until io.EOF, as core.Writer's
// ReadFrom reads into its buffer, without the copy from that buffer. It
// stops at the first error the destination reported and returns
// errDest.
func (p *parallel) readFrom(r io.Reader) (int64, error) {
	return core.ReadEach(r, func() ([]byte, error) {
		if p.cur == nil {
			p.start()
		}
		return p.cur.in[len(p.cur.in) : p.cur.dict+p.bsize], nil
	}, func(in []byte) error {
		b := p.cur
		b.in = b.in[:len(b.in)+len(in)]
		p.w.size += uint64(len(in))
		if len(b.in)-b.dict == p.bsize {
			p.submit(false)
		}
		p.emitDone()
		if p.w.out.err != nil {
			return errDest
		}
		return nil
	})
}

// errDest says that the destination failed: the outlet has its error.
var errDest = errors.New("destination failed")

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
	if p.index && len(p.cur.in) == 0 && p.mems > 0 {
		// Every member is complete: no empty one at the end.
		p.free = append(p.free, p.cur)
		p.cur = nil
	} else {
		p.submit(true)
	}
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
	case p.all < p.n+2:
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
	// Room for the output of incompressible input (stored blocks: 5 bytes
	// per 64 KiB), so that it never grows.
	b.out.b = make([]byte, 0, p.bsize+p.bsize>>10+64)
	return b
}

// submit hands cur to a goroutine and keeps its tail as the history of
// the next block.
func (p *parallel) submit(last bool) {
	b := p.cur
	p.cur = nil
	b.last = last
	h := b.in
	if len(h) > p.prime {
		h = h[len(h)-p.prime:]
	}
	p.hist = append(p.hist[:0], h...)
	if p.index {
		b.hdr, b.lat = appendIndexHeader(b.hdr[:0], &p.w.Header, p.w.level, p.mems == 0)
		p.mems++
	}
	p.queue = append(p.queue, b)
	p.mu.Lock()
	p.pending = append(p.pending, b)
	start := p.workers < p.n
	if start {
		p.workers++
	}
	p.mu.Unlock()
	if start {
		go p.work()
	}
}

// worker compresses the submitted blocks in order until none is waiting.
func (p *parallel) worker() {
	var fw compressor
	p.mu.Lock()
	if k := len(p.comps); k > 0 {
		fw = p.comps[k-1]
		p.comps = p.comps[:k-1]
	}
	p.mu.Unlock()
	if fw == nil {
		fw, _ = newCompressor(nil, p.w.level, nil) // the level was validated by NewWriter
	}
	for {
		p.mu.Lock()
		if len(p.pending) == 0 {
			p.workers--
			p.comps = append(p.comps, fw)
			p.mu.Unlock()
			return
		}
		b := p.pending[0]
		p.pending = p.pending[:copy(p.pending, p.pending[1:])]
		p.mu.Unlock()
		p.compress(fw, b)
		b.done <- struct{}{}
	}
}

// compress compresses b with fw.
func (p *parallel) compress(fw compressor, b *block) {
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
		if p.index {
			b.out.b = append(b.out.b, b.hdr...)
		}
		fw.ResetDict(&b.out, dict)
		fw.Write(data) // blockOut does not fail
		if b.last || p.index {
			fw.Close()
		} else {
			fw.Flush()
		}
		if p.index {
			b.out.b = binary.LittleEndian.AppendUint32(b.out.b, b.sum)
			b.out.b = binary.LittleEndian.AppendUint32(b.out.b, uint32(len(data)))
			binary.LittleEndian.PutUint32(b.out.b[b.lat:], uint32(len(b.out.b)))
		}
	}
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
