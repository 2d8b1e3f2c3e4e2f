// Package device holds fastio's operating system devices, "as close to the
// system call as possible" (fast_io): files, native handles, the standard
// streams, pipes, child processes, memory maps, TCP sockets, the null
// device, random bytes, a locking wrapper and kernel-side copies. They plug
// into core's concepts: every buffered device is a core.BufferedWriter or
// core.BufferedReader (or both), and every device is a plain io.Writer or
// io.Reader too.
//
// Raw devices make one system call per operation, through
// golang.org/x/sys/unix on Linux, macOS and FreeBSD, and through package os
// elsewhere (Windows, wasip1):
//
//   - File: opened with a C mode string (Open(path, "w+x")), wrapping a
//     native handle with NewFile (owning) or an *os.File with FromOS (not
//     owning: the way to os.OpenFile's flags and permission bits).
//     Positional I/O (ReadAt/WriteAt), Seek, Sync, Truncate, and writev
//     through WriteBuffers.
//   - Conn: a TCP connection, from NewConn; Dial returns one buffered.
//   - Null: counts and discards.
//
// Buffered devices (fast_io's obuf_file, ibuf_file, iobuf_file):
//
//   - [OutFile] (Create, Stdout, Stderr): core's Writer owning its device,
//     so every fastio formatter takes the [core.Writer] fast path into it;
//     Close flushes and closes the device. core.NewOwningWriter makes one
//     over any device.
//   - [InFile] (OpenIn, Stdin): core's Reader owning its device;
//     core.NewOwningReader makes one over any device.
//   - [IOFile] (NewIOFile, Dial): both on one device, giving back the
//     read-ahead before writing on a seekable file.
//   - [Mapped] (Map): a read-only memory map whose window is the whole file.
//     Files whose size is not their content (/proc, /dev/zero, pipes) are
//     read instead, up to 64 MiB; a mapped file truncated meanwhile gives
//     [core.ErrFileChanged], never a crash, on every read path and inside
//     [Mapped.Guard].
//
// Files opened by path are buffered with [FileBufferSize]. [Sync] flushes a
// buffered file and commits it to stable storage.
//
// Pipe and Start (child processes) give pipes as devices, Locked makes a
// buffered writer safe for several goroutines line by line, and Copy moves
// data file to file with copy_file_range and file to socket with sendfile
// (refusing, with [ErrSameFile], to copy a file onto itself where it would
// read what it writes).
//
// A write to standard output or error whose reader has gone (EPIPE) ends
// the program with SIGPIPE, as a write to os.Stdout does (see [Stdout]).
//
// Errors are *Error values that name the operation, the path and the mode,
// and for writes the number of bytes that reached the device; they wrap the
// system's error, so errors.Is(err, fs.ErrNotExist) and
// errors.Is(err, syscall.ENOSPC) work. Bad mode strings give errors
// wrapping ErrBadMode that say where the string is wrong; closed devices
// give errors wrapping fs.ErrClosed, a missing
// capability errors wrapping
// errors.ErrUnsupported, a device that accepts nothing io.ErrNoProgress.
package device
