package device

import (
	"net"
)

// Conn is an unbuffered TCP connection device. It adds to net.TCPConn the
// gathered write WriteBuffers (writev through net.Buffers), which
// core.Writer uses, and a
// name for error messages. NewIOFile(NewConn(c)) buffers it both ways;
// Dial does that for a new connection.
//
// For a server, accept with net.ListenTCP and AcceptTCP and wrap each
// connection; for deadlines, socket options or a dial timeout, keep the
// *net.TCPConn given to NewConn.
type Conn struct {
	c     *net.TCPConn
	name  string
	vec   net.Buffers // consumed by WriteTo
	store [][]byte    // vec's backing array, kept across calls
}

// NewConn returns a Conn over c. The Conn owns c.
func NewConn(c *net.TCPConn) *Conn {
	return &Conn{c: c, name: "tcp " + c.RemoteAddr().String()}
}

// Dial connects to the TCP address addr ("host:port") and returns the
// connection buffered both ways.
func Dial(addr string) (*IOFile, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, &Error{Op: "dial", Path: addr, Written: -1, Err: err}
	}
	return NewIOFile(NewConn(c.(*net.TCPConn))), nil
}

// Read reads from the connection.
func (c *Conn) Read(p []byte) (int, error) { return c.c.Read(p) }

// Write writes all of p to the connection.
func (c *Conn) Write(p []byte) (int, error) { return c.c.Write(p) }

// WriteBuffers writes the slices of bufs in order with writev; it is the
// gathered write core.Writer uses.
func (c *Conn) WriteBuffers(bufs [][]byte) (int64, error) {
	c.store = append(c.store[:0], bufs...)
	c.vec = c.store
	n, err := c.vec.WriteTo(c.c)
	clear(c.store) // drop the references to the caller's slices
	c.vec = nil
	return n, err
}

// CloseWrite shuts down the writing side of the connection.
func (c *Conn) CloseWrite() error { return c.c.CloseWrite() }

// Close closes the connection.
func (c *Conn) Close() error { return c.c.Close() }
