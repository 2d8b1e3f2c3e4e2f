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
//   - File: opened with a C mode string (Open(path, "w+x")) or os flags
//     (OpenFlag), or wrapping a native handle with NewFile (owning),
//     Observe (not owning) or FromOS. Positional I/O (ReadAt/WriteAt),
//     Seek, Sync, Datasync, Truncate, Preallocate, and writev through
//     core.GatherWriter.
//   - Conn: a TCP connection, from Dial or Listener.Accept.
//   - Null (counts and discards) and Random (the OS generator).
//
// Buffered devices (fast_io's obuf_file, ibuf_file, iobuf_file):
//
//   - OutFile (Create, OpenOut, NewOutFile, Stdout, Stderr): a *core.Writer
//     over a device that Close flushes and closes.
//   - InFile (OpenIn, NewInFile, Stdin): a *core.Reader over a device.
//   - IOFile (OpenInOut, Dial, Accept): both on one device, giving back the
//     read-ahead before writing on a seekable file.
//   - Mapped (Map): a read-only memory map whose window is the whole file.
//
// Pipe and Start (child processes) give pipes as devices, Locked makes a
// buffered writer safe for several goroutines line by line, and Copy moves
// data file to file with copy_file_range and file to socket with sendfile.
//
// Errors are *Error values that name the operation, the path and the mode,
// and for writes the number of bytes that reached the device; they wrap the
// system's error, so errors.Is(err, fs.ErrNotExist) and
// errors.Is(err, syscall.ENOSPC) work. Bad mode strings give a *ModeError
// wrapping ErrBadMode; closed devices give errors wrapping ErrClosed.
package device
