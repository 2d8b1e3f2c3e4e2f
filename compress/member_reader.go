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

// Indexed gzip members: a member whose header's extra field says how long
// the member is can be inflated without the members before it, as soon
// as it is found, since a gzip member's deflate data starts with an empty
// window. Two such indexes exist: this package's Writer with
// WriterOptions.Index writes the subfield FI (LEN 4, the member's length),
// and BGZF, the blocked gzip of bioinformatics (bgzip, htslib), the
// subfield BC (LEN 2, the member's length less one).
//
// memberInflater works through a run of consecutive indexed members. The
// Reader's goroutine reads each member's header as it always does; the
// run then follows the lengths ahead of it, reading only the headers, and
// queues the members for n-1 workers, each of which reads its member with
// ReadAt and inflates it with the engine into a buffer of its own,
// checking that the deflate data ends exactly at the trailer and that
// the CRC-32 and the size are the trailer's. The Reader delivers the
// members in order. A member it reaches that no worker has started it
// takes back and inflates itself, straight into its output as with one
// goroutine; while it waits for a worker it inflates the next queued
// member into that member's buffer, as a worker would: so n goroutines
// inflate, and the Reader is idle only when nothing is queued. A member it
// reaches is taken from a worker only
// if the run found it at the same offset, with the same header length
// and member length, and the worker succeeded; anything else (a header
// the run could not follow, a length past the input, a worker's failure,
// a member the size limit would cut) makes the Reader inflate that member
// itself from its start, so the output, the errors and their offsets are
// those of one goroutine. The memory is bounded: at most n+1 members are
// queued or inflated beyond the one being delivered, each at most
// memberMaxInput long with at most memberMaxOutput bytes of output;
// larger members are inflated by the Reader itself.
type memberInflater struct {
	ra     io.ReaderAt
	size   int64        // length of ra
	n      int          // goroutines that inflate, the Reader's included
	steal  bool         // the Reader inflates the members no worker has started
	jobs   []*memberJob // queued or being inflated, in stream order
	free   []*memberJob
	next   int64 // offset in ra of the next member to queue, or -1
	cur    *memberJob
	pend   []byte // cur's output not yet delivered
	hdr    []byte // scratch for the headers the run follows
	workFn func()

	mu      sync.Mutex
	queue   []*memberJob // jobs no worker has started, in stream order
	workers int          // running workers
	wg      sync.WaitGroup

	// delta is the offset in ra of the Reader's input offset 0, for a
	// source that is not in memory.
	delta int64
	// counts, for the tests: members delivered from a worker or the
	// Reader's inflating ahead, members the Reader took back from the
	// queue, members the Reader inflated ahead while it waited
	used, stolen, helped int
}

// memberJob is one member of a run.
type memberJob struct {
	ra      io.ReaderAt
	at      int64 // offset of the member in ra
	hlen    int   // length of its header
	size    int   // length of the member
	in      []byte
	out     []byte
	span    core.SpanReader
	crc     uint32
	ok      bool
	started bool // a worker took it from the queue (under mu)
	cancel  atomic.Bool
	done    chan struct{} // one value when the worker that started it is done
}

// Limits of the members workers inflate: input and output bytes.
const (
	memberMaxInput  = 4 << 20
	memberMaxOutput = 4 << 20
	// memberHeaderRead is how much the run reads to follow a header; a
	// longer header (a long name or comment) ends the run, and the
	// Reader starts another after it.
	memberHeaderRead = 512
)

// indexedLength returns the member length an extra field gives, from its
// last subfield FI or BC (the Writer appends FI to Header.Extra, which may
// hold one copied from another file), or -1.
func indexedLength(extra []byte) int64 {
	size := int64(-1)
	for len(extra) >= 4 {
		si1, si2 := extra[0], extra[1]
		n := int(binary.LittleEndian.Uint16(extra[2:]))
		if len(extra) < 4+n {
			return -1
		}
		v := extra[4 : 4+n]
		switch {
		case si1 == indexSI1 && si2 == indexSI2 && n == 4:
			size = int64(binary.LittleEndian.Uint32(v))
		case si1 == 'B' && si2 == 'C' && n == 2:
			size = int64(binary.LittleEndian.Uint16(v)) + 1
		}
		extra = extra[4+n:]
	}
	return size
}

func newMemberInflater(n int, steal bool) *memberInflater {
	m := &memberInflater{n: n, steal: steal, next: -1, hdr: make([]byte, memberHeaderRead)}
	m.workFn = m.worker
	return m
}

// reset starts a run over ra, size bytes long, with nothing queued.
func (m *memberInflater) reset(ra io.ReaderAt, size int64) {
	m.stop()
	m.ra, m.size, m.used, m.stolen, m.helped = ra, size, 0, 0, 0
}

// stop drops the queued members, cancels the workers and waits for
// them, so that nothing reads ra after it.
func (m *memberInflater) stop() {
	m.mu.Lock()
	clear(m.queue)
	m.queue = m.queue[:0]
	m.mu.Unlock()
	for _, j := range m.jobs {
		j.cancel.Store(true)
	}
	for _, j := range m.jobs {
		if j.started {
			<-j.done
		}
		m.free = append(m.free, j)
	}
	m.wg.Wait()
	clear(m.jobs)
	m.jobs = m.jobs[:0]
	m.drop()
	m.next = -1
}

// drop frees the member being delivered.
func (m *memberInflater) drop() {
	if m.cur != nil {
		m.free = append(m.free, m.cur)
		m.cur, m.pend = nil, nil
	}
}

// start queues the member at offset at, whose header (hlen bytes) gives
// the length size, and follows the lengths from there. Nothing is queued
// before.
func (m *memberInflater) start(at int64, hlen int, size int64) {
	m.next = -1
	if m.add(at, hlen, size) {
		m.fill()
	}
}

// add queues a member if it fits the limits, and makes the one after it
// the next.
func (m *memberInflater) add(at int64, hlen int, size int64) bool {
	if size < int64(hlen)+8+2 || size > memberMaxInput || at+size > m.size {
		return false // too short for empty deflate data and a trailer, too long, or past the end
	}
	var j *memberJob
	if k := len(m.free); k > 0 {
		j = m.free[k-1]
		m.free = m.free[:k-1]
	} else {
		j = &memberJob{done: make(chan struct{}, 1)}
	}
	j.ra, j.at, j.hlen, j.size, j.ok, j.started = m.ra, at, hlen, int(size), false, false
	j.cancel.Store(false)
	m.jobs = append(m.jobs, j)
	m.next = at + size
	m.mu.Lock()
	m.queue = append(m.queue, j)
	run := m.workers < max(1, m.n-1)
	if run {
		m.workers++
	}
	m.mu.Unlock()
	if run {
		m.wg.Add(1)
		go m.workFn()
	}
	return true
}

// fill queues members until n+1 are out or the run ends.
func (m *memberInflater) fill() {
	for len(m.jobs) <= m.n && m.next >= 0 && m.next < m.size {
		at := m.next
		m.next = -1
		hlen, size := m.follow(at)
		if hlen < 0 || !m.add(at, hlen, size) {
			return
		}
	}
}

// worker inflates the queued members in order until none is left.
func (m *memberInflater) worker() {
	defer m.wg.Done()
	for m.inflateQueued(true) {
	}
}

// inflateQueued inflates the member at the head of the queue, reporting
// false if the queue is empty; a worker (quitting) stops counting as
// running then, under the same lock.
func (m *memberInflater) inflateQueued(quitting bool) bool {
	m.mu.Lock()
	if len(m.queue) == 0 {
		if quitting {
			m.workers--
		}
		m.mu.Unlock()
		return false
	}
	j := m.queue[0]
	m.queue = m.queue[:copy(m.queue, m.queue[1:])]
	j.started = true
	m.mu.Unlock()
	j.inflate()
	j.done <- struct{}{}
	return true
}

// follow reads the header of the member at offset at and returns its
// length and the member length it gives, or -1. It checks only what it
// needs: the Reader parses every header again before it takes a member.
func (m *memberInflater) follow(at int64) (int, int64) {
	n, _ := m.ra.ReadAt(m.hdr, at)
	h := m.hdr[:n]
	if len(h) < 12 || h[0] != gzipID1 || h[1] != gzipID2 || h[2] != gzipDeflate ||
		h[3]&flagReserve != 0 || h[3]&flagExtra == 0 {
		return -1, -1
	}
	flg := h[3]
	xlen := int(binary.LittleEndian.Uint16(h[10:]))
	p := 12 + xlen
	if p > len(h) {
		return -1, -1
	}
	size := indexedLength(h[12:p])
	for _, f := range []byte{flagName, flagComment} {
		if flg&f == 0 {
			continue
		}
		k := -1
		for i := p; i < len(h); i++ {
			if h[i] == 0 {
				k = i
				break
			}
		}
		if k < 0 {
			return -1, -1
		}
		p = k + 1
	}
	if flg&flagHdrCRC != 0 {
		p += 2
	}
	if size < 0 || p > len(h) {
		return -1, -1
	}
	return p, size
}

// inflate inflates the member: it is ok if the deflate data ends
// exactly at the trailer with the trailer's CRC-32 and size.
func (j *memberJob) inflate() {
	if j.cancel.Load() {
		return
	}
	if cap(j.in) < j.size {
		j.in = make([]byte, j.size)
	}
	in := j.in[:j.size]
	if n, _ := j.ra.ReadAt(in, j.at); n < len(in) {
		return
	}
	wantCRC := binary.LittleEndian.Uint32(in[len(in)-8:])
	isize := int(binary.LittleEndian.Uint32(in[len(in)-4:]))
	if isize > memberMaxOutput {
		return
	}
	if cap(j.out) < isize+inflate.IntoSlack {
		j.out = make([]byte, 0, isize+inflate.IntoSlack)
	}
	d := parDecoders.Get().(*inflate.Decoder)
	defer parDecoders.Put(d)
	j.span.Reset(in[j.hlen:])
	// Straight into the member's buffer: Next hands out its consecutive
	// pieces, and ErrFull for more output than the trailer's size.
	d.ResetInto(&j.span, j.out)
	crc, n := uint32(0), 0
	for {
		q, err := d.Next(256 << 10)
		crc = crc32Update(crc, q)
		n += len(q)
		if err == io.EOF {
			break
		}
		if err != nil || j.cancel.Load() {
			return
		}
	}
	j.out = j.out[:n]
	j.crc = crc
	j.ok = n == isize && crc == wantCRC && d.InputOffset() == int64(j.size-j.hlen-8)
}

// take returns the member queued at offset at with the given header and
// member lengths, waiting for its worker; nil if the run did not find it
// there (and then the run is stopped), or, with stolen, if no worker had
// started it and the Reader is to inflate it.
func (m *memberInflater) take(at int64, hlen int, size int64) (j *memberJob, stolen bool) {
	m.drop()
	if len(m.jobs) == 0 {
		return nil, false
	}
	j = m.jobs[0]
	if j.at != at || j.hlen != hlen || int64(j.size) != size {
		m.stop()
		return nil, false
	}
	m.jobs = m.jobs[:copy(m.jobs, m.jobs[1:])]
	m.mu.Lock()
	if !j.started && m.steal {
		// The queue's head: no worker is ahead of the Reader.
		m.queue = m.queue[:copy(m.queue, m.queue[1:])]
		stolen = true
	}
	m.mu.Unlock()
	if stolen {
		m.free = append(m.free, j)
		m.stolen++
		m.fill()
		return nil, true
	}
	m.fill()
	for m.steal {
		// While the worker is at it, inflate the next queued member.
		select {
		case <-j.done:
			return j, false
		default:
		}
		if !m.inflateQueued(false) {
			break
		}
		m.helped++
	}
	<-j.done
	return j, false
}

// Next returns up to n bytes of the member being delivered, then io.EOF.
func (m *memberInflater) Next(n int) ([]byte, error) {
	if len(m.pend) == 0 {
		return nil, io.EOF
	}
	k := min(n, len(m.pend))
	q := m.pend[:k]
	m.pend = m.pend[k:]
	return q, nil
}

// beginIndexed runs at the start of a gzip member's deflate data, its
// header (which began at input offset hdrAt) read: if the header gives
// the member's length and the source can be read at offsets, the member
// comes from the run of indexed members when the run's worker inflated
// it, and beginIndexed reports true. It reports indexed when the header
// gave a length and the source can be read at offsets, so that a member
// the Reader inflates itself is not inflated speculatively.
func (r *Reader) beginIndexed(hdrAt int64) (ok, indexed bool) {
	size := indexedLength(r.Header.Extra)
	if size < 0 || runtime.GOMAXPROCS(0) < 2 {
		r.stopIndexed()
		return false, false
	}
	at := r.memberAt(hdrAt)
	if at < 0 {
		return false, false
	}
	hlen := int(r.start - hdrAt)
	m := r.mi
	j, stolen := m.take(at, hlen, size)
	if j == nil && !stolen {
		// No run, or one that lost its way: start one here.
		m.start(at, hlen, size)
		j, _ = m.take(at, hlen, size)
	}
	if j == nil {
		return false, true
	}
	if !j.ok || int64(len(j.out)) > r.max-r.out {
		m.free = append(m.free, j)
		return false, true
	}
	m.cur, m.pend = j, j.out
	m.used++
	r.memOn = true
	return true, true
}

// memberAt returns the offset in the source of the member whose header
// began at input offset hdrAt, or -1 if the source cannot be read at
// offsets. The first call after Reset finds out.
func (r *Reader) memberAt(hdrAt int64) int64 {
	hlen := r.start - hdrAt
	if r.mi != nil && r.mi.ra != nil {
		if r.s.mem != nil {
			return r.s.mem.Size() - int64(r.s.mem.Len()) - int64(r.s.br.Buffered()) - hlen
		}
		return r.mi.delta + hdrAt
	}
	ra, at, size, ok, err := r.offsetSource()
	if !ok || err != nil {
		return -1
	}
	if r.mi == nil {
		r.mi = newMemberInflater(r.opts.Concurrency, !r.opts.workersOnly)
	}
	r.mi.reset(ra, size)
	r.mi.delta = at - r.start
	return at - hlen
}

// endIndexed positions the source after the deflate data of the member
// the run delivered: the trailer follows.
func (r *Reader) endIndexed() {
	r.memOn = false
	j := r.mi.cur
	r.sum = j.crc
	end := j.at + int64(j.size) - 8
	deflated := int64(j.size - j.hlen - 8)
	switch {
	case r.s.mem != nil:
		r.s.mem.Seek(end, io.SeekStart)
	default:
		if _, err := r.s.plain.(io.Seeker).Seek(end, io.SeekStart); err != nil {
			r.fail("read", r.start+deflated, err, "")
			return
		}
		r.s.done = r.start + deflated
	}
	r.s.br.Reset(&r.s)
}

// stopIndexed stops the run's workers.
func (r *Reader) stopIndexed() {
	if r.mi != nil {
		r.mi.stop()
	}
}

// forgetIndexed stops the run's workers and forgets the source.
func (r *Reader) forgetIndexed() {
	r.memOn = false
	if r.mi != nil {
		r.mi.reset(nil, 0)
	}
}
