// Package seed reproduces fast_io's benchmark tables for fastio, end to end,
// on the machine it runs on: integers written to a file and read back
// (10M at the full size, fewer at the default size; every table's title
// states the counts of its run), doubles written shortest and read back
// bit-exactly, "Hello World\n" lines, the stripped size of a hello-world binary, code
// conversion of emoji and mixed-script text between UTF-8, UTF-16LE,
// UTF-32LE and GB18030, the record codec, large reads, SHA digests, gzip,
// and a print → gzip → file → inflate → scan chain.
//
// Every cell of a table is a process of its own: the running binary
// re-executed with the name of a Go scenario in the FASTIO_SEEDBENCH_CHILD
// environment variable (an init function of this package runs it and
// exits, so any program that links the package can be re-executed this
// way), a small C or C++ reference compiled from the sources in cpeers/,
// or a command-line peer (iconv, sha256sum, openssl, gzip, pigz,
// libdeflate-gzip, igzip). Each works on the same generated data, in a
// temporary directory on tmpfs where there is one.
//
// Method: a check round first runs every method once and compares what it
// produced with fastio's output (the same bytes, the same sum, the same
// digest, inflating to the same text); a mismatch stops the program with an
// error naming both. Then fastio and its peers alternate for N rounds
// (the order reversed every other round) and each cell reports the median
// CPU time of the child (user+sys from its rusage), the median wall time,
// the median of the same-round ratios to fastio's CPU time with their
// range, throughput per CPU second, and peak RSS. A peer that is not
// installed is skipped with a note in its table, never replaced.
//
// Main is the command-line entry point (go run ./bench/cmd/seedbench, make
// bench); LoadResults and WriteCharts give other programs the
// machine-readable results and their SVG charts.
package seed
