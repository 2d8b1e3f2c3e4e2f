package device

import (
	"net"
	"time"
)

// Conn is an unbuffered TCP connection device. It adds to net.TCPConn the
// gathered write WriteBuffers (writev through net.Buffers), which
// core.Writer uses, and a name for error messages. Dial and Listener.Accept return it buffered as
// an *IOFile; Device() gives the Conn back.
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
	return DialTimeout(addr, 0)
}

// DialTimeout is Dial with a timeout for the connection to be made; zero
// means none.
func DialTimeout(addr string, timeout time.Duration) (*IOFile, error) {
	c, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return nil, &Error{Op: "dial", Path: addr, Written: -1, Err: err}
	}
	return NewIOFile(NewConn(c.(*net.TCPConn))), nil
}

// TCP returns the underlying connection, for deadlines and socket options.
func (c *Conn) TCP() *net.TCPConn { return c.c }

// Name returns "tcp " and the remote address.
func (c *Conn) Name() string { return c.name }

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

// Listener accepts TCP connections as buffered devices.
type Listener struct {
	l *net.TCPListener
}

// Listen listens on the TCP address addr ("127.0.0.1:0" picks a free
// port).
func Listen(addr string) (*Listener, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, &Error{Op: "listen", Path: addr, Written: -1, Err: err}
	}
	return &Listener{l: l.(*net.TCPListener)}, nil
}

// Accept waits for the next connection and returns it buffered both ways.
func (l *Listener) Accept() (*IOFile, error) {
	c, err := l.l.AcceptTCP()
	if err != nil {
		return nil, &Error{Op: "accept", Path: l.l.Addr().String(), Written: -1, Err: err}
	}
	return NewIOFile(NewConn(c)), nil
}

// Addr returns the address listened on.
func (l *Listener) Addr() net.Addr { return l.l.Addr() }

// Close stops listening.
func (l *Listener) Close() error { return l.l.Close() }
