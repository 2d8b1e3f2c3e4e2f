package cli

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/core"
	"github.com/spf13/cobra"
)

func newRecCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "rec",
		Short: "Dump record streams as JSON lines and encode them back",
		Long: `rec converts between streams of the fastio record codec (framed records of
integer and blob fields with 2-byte identifiers) and JSON lines, one record a
line:

  [{"id":1,"kind":"int","value":42},{"id":4,"kind":"blob","value":"aGVsbG8="}]

An int field's value is the stored unsigned integer (a signed value is
stored zigzag-encoded, as the application chose); a blob's value is its bytes
in standard padded base64. A nested record is a blob whose bytes are a record
body. "rec dump" and "rec encode" round-trip: encoding a dump gives back the
same bytes.`,
		Example: `  fastio rec dump events.rec | head
  fastio rec dump events.rec | grep '"id":7' | fastio rec encode -o subset.rec`,
	}
	c.AddCommand(newRecDumpCommand(), newRecEncodeCommand())
	return c
}

func newRecDumpCommand() *cobra.Command {
	var maxRecord int
	c := &cobra.Command{
		Use:   "dump [FILE]...",
		Short: "Print a record stream as JSON lines",
		Long: `dump reads each FILE (standard input for none or "-") as a record stream and
prints one JSON line per record. A record longer than --max-record bytes, a
truncated frame or a malformed field stops it with the offset of the problem
and exit status 1, after the records before it were printed. A FILE that is
also standard output ("dump r >> r") is refused.`,
		Example: `  fastio rec dump events.rec
  fastio rec dump --max-record 64M big.rec | wc -l`,
		RunE: func(c *cobra.Command, args []string) error {
			prog := progName(c)
			if len(args) == 0 {
				args = []string{"-"}
			}
			out := core.NewWriter(c.OutOrStdout())
			status := 0
			for _, name := range args {
				r, closeFn, err := openInput(name, c.InOrStdin())
				if err == nil {
					if err = checkNotSelf(r, c.OutOrStdout()); err != nil {
						closeFn()
					}
				}
				if err != nil {
					out.Flush()
					fmt.Fprintf(c.ErrOrStderr(), "%s: %s: %s\n", prog, name, strerror(err))
					status = 1
					continue
				}
				err = dumpRecords(r, out, maxRecord)
				closeFn()
				if err != nil {
					out.Flush()
					if errors.Is(err, errOutput) {
						if isEPIPE(err) {
							return exitStatus(141)
						}
						fmt.Fprintf(c.ErrOrStderr(), "%s: write error: %s\n", prog, strerror(err))
						return exitStatus(1)
					}
					fmt.Fprintf(c.ErrOrStderr(), "%s: %s: %v\n", prog, name, err)
					status = 1
				}
			}
			if err := out.Flush(); err != nil {
				if isEPIPE(err) {
					return exitStatus(141)
				}
				fmt.Fprintf(c.ErrOrStderr(), "%s: write error: %s\n", prog, strerror(err))
				return exitStatus(1)
			}
			if status != 0 {
				return exitStatus(status)
			}
			return nil
		},
	}
	c.Flags().IntVar(&maxRecord, "max-record", record.DefaultMaxRecord, "largest record body accepted, in `bytes`")
	return c
}

// errOutput marks an error of the output device.
var errOutput = errors.New("output")

type outputError struct{ err error }

func (e *outputError) Error() string        { return e.err.Error() }
func (e *outputError) Unwrap() []error      { return []error{errOutput, e.err} }
func (e *outputError) Is(target error) bool { return target == errOutput }

// dumpRecords writes each record of the stream r as a JSON line to out.
// A record with a malformed field is not printed at all.
func dumpRecords(r io.Reader, out *core.Writer, maxRecord int) error {
	rd := record.NewReader(r)
	rd.MaxRecord = maxRecord
	var line []byte
	for rd.Next() {
		d := rd.Fields()
		line = appendRecordJSON(line[:0], &d)
		if err := d.Err(); err != nil {
			return err
		}
		out.Write(line)
		if err := out.Err(); err != nil {
			return &outputError{err}
		}
	}
	return rd.Err()
}

// appendRecordJSON appends the JSON line of the record d walks.
func appendRecordJSON(p []byte, d *record.Decoder) []byte {
	p = append(p, '[')
	first := true
	for d.Next() {
		f := d.Field()
		if !first {
			p = append(p, ',')
		}
		first = false
		p = append(p, `{"id":`...)
		p = strconv.AppendUint(p, uint64(f.ID), 10)
		if f.Kind == record.Int {
			p = append(p, `,"kind":"int","value":`...)
			p = strconv.AppendUint(p, f.Value, 10)
			p = append(p, '}')
			continue
		}
		p = append(p, `,"kind":"blob","value":"`...)
		p = base64.StdEncoding.AppendEncode(p, f.Data)
		p = append(p, '"', '}')
	}
	return append(p, ']', '\n')
}

func newRecEncodeCommand() *cobra.Command {
	var output string
	c := &cobra.Command{
		Use:   "encode [-o OUTPUT] [FILE]...",
		Short: "Encode JSON lines (as rec dump prints them) into a record stream",
		Long: `encode reads JSON lines in the form rec dump prints (one array of
{"id","kind","value"} objects a line; blank lines are skipped) from each FILE
or standard input and writes the record stream to standard output or OUTPUT.
A line that is not such an array, an identifier outside 1..32767, an int value
that is not an integer in [0, 2^64), or a blob value that is not standard
padded base64 stops it with the file and line number and exit status 1;
OUTPUT is then left as it was (it is written under a temporary name and
replaces the file at the end). An existing OUTPUT keeps its mode, owner and
group, a symbolic link is written through, a file with other hard links
keeps them, and a device or FIFO is written into. A FILE that is also
standard output ("encode j >> j") is refused.`,
		Example: `  fastio rec encode < records.jsonl > records.rec
  echo '[{"id":1,"kind":"int","value":7}]' | fastio rec encode | fastio rec dump`,
		RunE: func(c *cobra.Command, args []string) error {
			return runRecEncode(c, output, args)
		},
	}
	c.Flags().StringVarP(&output, "output", "o", "", "write the stream to `FILE`")
	return c
}

func runRecEncode(c *cobra.Command, output string, args []string) error {
	prog := progName(c)
	stderr := c.ErrOrStderr()
	stdout := c.OutOrStdout()
	dst := stdout
	var of *outputFile
	if output != "" {
		var err error
		if of, err = openOutput(output); err != nil {
			fmt.Fprintf(stderr, "%s: %s: %s\n", prog, output, strerror(err))
			return exitStatus(1)
		}
		defer of.Abort()
		dst = of
	}
	bw := core.NewWriter(dst)
	w := record.NewWriter(bw)
	if len(args) == 0 {
		args = []string{"-"}
	}
	for _, name := range args {
		r, closeFn, err := openInput(name, c.InOrStdin())
		if err == nil && of == nil {
			if err = checkNotSelf(r, stdout); err != nil {
				closeFn()
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(err))
			return exitStatus(1)
		}
		br := bufio.NewReaderSize(r, 1<<20)
		lineNo := 0
		for {
			line, rerr := readLine(br, maxJSONLine)
			if len(line) > 0 || rerr == nil {
				lineNo++
			}
			if len(bytes.TrimSpace(line)) > 0 {
				if err := encodeLine(line, w); err != nil {
					closeFn()
					fmt.Fprintf(stderr, "%s: %s:%d: %v\n", prog, name, lineNo, err)
					return exitStatus(1)
				}
			}
			if rerr == io.EOF {
				break
			}
			if rerr != nil {
				closeFn()
				fmt.Fprintf(stderr, "%s: %s:%d: %s\n", prog, name, lineNo+1, strerror(rerr))
				return exitStatus(1)
			}
		}
		closeFn()
	}
	if err := w.Flush(); err != nil {
		if isEPIPE(err) {
			return exitStatus(141)
		}
		fmt.Fprintf(stderr, "%s: write error: %s\n", prog, strerror(err))
		return exitStatus(1)
	}
	if of != nil {
		if err := of.Commit(); err != nil {
			fmt.Fprintf(stderr, "%s: %s: %s\n", prog, output, strerror(err))
			return exitStatus(1)
		}
	}
	return nil
}

// maxJSONLine bounds a JSON line: a record of DefaultMaxRecord bytes of
// blobs is at most about 1.4 MB of base64; 64 MiB leaves room for larger
// ones without letting a line without a newline take unbounded memory.
const maxJSONLine = 64 << 20

var errLineTooLong = errors.New("line too long")

// readLine returns the next line without its newline; io.EOF after the last.
func readLine(br *bufio.Reader, limit int) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		long := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull {
			if len(long) > limit {
				return nil, errLineTooLong
			}
			line, err = br.ReadSlice('\n')
			long = append(long, line...)
		}
		line = long
	}
	line = bytes.TrimSuffix(line, []byte{'\n'})
	if err == nil && len(line) == 0 {
		return line, nil
	}
	return line, err
}

// jsonField is one field of a JSON line.
type jsonField struct {
	ID    *uint64         `json:"id"`
	Kind  string          `json:"kind"`
	Value json.RawMessage `json:"value"`
}

// encodeLine parses one JSON line and adds its record to w.
func encodeLine(line []byte, w *record.Writer) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	var fields []jsonField
	if err := dec.Decode(&fields); err != nil {
		return fmt.Errorf("not a JSON array of fields: %v", err)
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value on the line")
	}
	if fields == nil {
		return errors.New("not a JSON array of fields: null")
	}
	for i, f := range fields {
		if f.ID == nil || *f.ID < 1 || *f.ID > uint64(record.MaxID) {
			w.Discard()
			return fmt.Errorf("field %d: id must be an integer in 1..%d", i+1, record.MaxID)
		}
		id := record.ID(*f.ID)
		switch f.Kind {
		case "int":
			v, err := strconv.ParseUint(string(f.Value), 10, 64)
			if err != nil {
				w.Discard()
				return fmt.Errorf("field %d (id %d): int value must be an integer in [0, 2^64): %s", i+1, id, excerpt(f.Value))
			}
			w.Uint(id, v)
		case "blob":
			var s string
			if err := json.Unmarshal(f.Value, &s); err != nil || len(f.Value) == 0 || f.Value[0] != '"' {
				w.Discard()
				return fmt.Errorf("field %d (id %d): blob value must be a base64 string: %s", i+1, id, excerpt(f.Value))
			}
			b, err := base64.StdEncoding.Strict().DecodeString(s)
			if err != nil {
				w.Discard()
				return fmt.Errorf("field %d (id %d): blob value: %v", i+1, id, err)
			}
			w.Blob(id, b)
		default:
			w.Discard()
			return fmt.Errorf("field %d (id %d): kind must be \"int\" or \"blob\", not %q", i+1, id, f.Kind)
		}
	}
	return w.EndRecord()
}

// excerpt quotes at most 40 bytes of a JSON value for a message.
func excerpt(v []byte) string {
	if len(v) == 0 {
		return "(missing)"
	}
	if len(v) > 40 {
		return string(v[:40]) + "…"
	}
	return string(v)
}
