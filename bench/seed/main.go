package seed

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// sizes are the counts of one run.
type sizes struct {
	name           string
	Ints, Doubles  int   // integers and doubles written and read
	Hello          int   // "Hello World\n" lines
	Emoji          int   // U+1F684 characters
	Mixed          int   // bytes of mixed-script and of Latin text
	Records        int   // records encoded and decoded
	Large          int64 // bytes read in large reads
	SHA            int64 // bytes hashed in one file
	Msgs64, Msgs1K int   // short messages hashed
	Gzip           int   // bytes of each gzip corpus
	ParInflate     int   // bytes of mixed-script text inflated on every CPU
	Chain          int   // integers through the chain
	Small          int   // KiB of short strings converted
}

var (
	fullSize = sizes{name: "full", Ints: 10_000_000, Doubles: 10_000_000, Hello: 100_000_000,
		Emoji: 100_000_000, Mixed: 64 << 20, Records: 2_000_000, Large: 1 << 30, SHA: 1 << 30,
		Msgs64: 2_000_000, Msgs1K: 200_000, Gzip: 32 << 20, ParInflate: 256 << 20, Chain: 2_000_000, Small: 256 << 10}
	defaultSize = sizes{name: "default", Ints: 1_000_000, Doubles: 500_000, Hello: 10_000_000,
		Emoji: 5_000_000, Mixed: 8 << 20, Records: 500_000, Large: 64 << 20, SHA: 32 << 20,
		Msgs64: 200_000, Msgs1K: 20_000, Gzip: 4 << 20, ParInflate: 32 << 20, Chain: 500_000, Small: 32 << 10}
	tinySize = sizes{name: "tiny", Ints: 20_000, Doubles: 20_000, Hello: 100_000,
		Emoji: 50_000, Mixed: 128 << 10, Records: 10_000, Large: 4 << 20, SHA: 2 << 20,
		Msgs64: 10_000, Msgs1K: 2_000, Gzip: 128 << 10, ParInflate: 256 << 10, Chain: 20_000, Small: 256}
)

// Default rounds: the full run uses fewer so that it stays near a quarter
// of an hour on a 2-core machine.
const (
	defaultRounds = 5
	fullRounds    = 3
	maxRounds     = 1000
)

// options are Main's flags.
type options struct {
	size     *sizes
	rows     []string
	rounds   int
	out      string
	md, json string
	list     bool
	cpeers   string
	tmp      string
	notes    []string
	charts   bool
}

// notesFlag collects repeated -note flags.
type notesFlag []string

func (n *notesFlag) String() string     { return strings.Join(*n, "; ") }
func (n *notesFlag) Set(s string) error { *n = append(*n, s); return nil }

// parseFlags reads Main's command line.
func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("seedbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: seedbench [flags]\n\n"+
			"Runs fast_io's benchmark tables for fastio and its peers, each cell a process of\n"+
			"its own, and prints Markdown tables (also written to -out with results.json and\n"+
			"SVG charts).\n\nflags:\n")
		fs.PrintDefaults()
	}
	full := fs.Bool("full", false, "use the seed's counts (10M integers, 100M lines, 1 GiB, ...) and "+fmt.Sprint(fullRounds)+" rounds")
	size := fs.String("size", "", "default, full or tiny (the test size); -full is -size full")
	rows := fs.String("rows", "", "comma-separated table ids to run (see -list); default all")
	rounds := fs.Int("rounds", 0, fmt.Sprintf("timed rounds per cell after the check round (default %d, %d with -full)", defaultRounds, fullRounds))
	out := fs.String("out", defaultOut(), "directory for RESULTS.md, results.json and the charts")
	md := fs.String("md", "", "also write the Markdown to this file")
	js := fs.String("json", "", "also write the results to this JSON file")
	list := fs.Bool("list", false, "list the tables, columns and methods, and which peers are installed")
	cpeers := fs.String("cpeers", "", "directory of the compiled C/C++ references (make bench builds them); default: compile them into the temporary directory when gcc and g++ exist")
	tmp := fs.String("tmp", "", "directory for the generated data (default /dev/shm when it exists)")
	charts := fs.Bool("charts", true, "write SVG charts to -out")
	var notes notesFlag
	fs.Var(&notes, "note", "a note for the results header (repeatable)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	o := &options{out: *out, md: *md, json: *js, list: *list, cpeers: *cpeers, tmp: *tmp, notes: notes, charts: *charts}
	switch {
	case *full && *size != "" && *size != "full":
		return nil, fmt.Errorf("-full and -size %s disagree", *size)
	case *full || *size == "full":
		o.size = &fullSize
	case *size == "" || *size == "default":
		o.size = &defaultSize
	case *size == "tiny":
		o.size = &tinySize
	default:
		return nil, fmt.Errorf("-size %q: want default, full or tiny", *size)
	}
	o.rounds = *rounds
	if o.rounds == 0 {
		o.rounds = defaultRounds
		if o.size == &fullSize {
			o.rounds = fullRounds
		}
	}
	if o.rounds < 1 || o.rounds > maxRounds {
		return nil, fmt.Errorf("-rounds %d: want 1 to %d", *rounds, maxRounds)
	}
	if *rows != "" {
		known := map[string]bool{}
		var ids []string
		for _, t := range tables() {
			known[t.id] = true
			ids = append(ids, t.id)
		}
		for r := range strings.SplitSeq(*rows, ",") {
			r = strings.TrimSpace(r)
			if !known[r] {
				return nil, fmt.Errorf("-rows: unknown table %q (have %s)", r, strings.Join(ids, ", "))
			}
			o.rows = append(o.rows, r)
		}
	}
	return o, nil
}

// defaultOut is bench/results at the repository's root, results inside the
// bench module, and seedbench-results elsewhere.
func defaultOut() string {
	if st, err := os.Stat(filepath.Join("bench", "seed")); err == nil && st.IsDir() {
		return filepath.Join("bench", "results")
	}
	if st, err := os.Stat("seed"); err == nil && st.IsDir() {
		return "results"
	}
	return "seedbench-results"
}

// Main runs the seed tables as the seedbench command does with args
// (without the program name): it prints the tables to
// stdout and progress to stderr, writes the results to the -out directory,
// and returns the exit code: 0, 1 when a method failed or two methods
// disagreed, 2 for bad flags.
func Main(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "seedbench:", err)
		return 2
	}
	if err := run(o, stdout, stderr, exec.LookPath); err != nil {
		fmt.Fprintln(stderr, "seedbench:", err)
		return 1
	}
	return 0
}

// run does the work of Main with the parsed options; lookPath finds the
// command-line peers.
func run(o *options, stdout, stderr io.Writer, lookPath func(string) (string, error)) error {
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this program to re-execute it: %w", err)
	}
	base := o.tmp
	if base == "" {
		if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
			base = "/dev/shm"
		}
	}
	dir, err := os.MkdirTemp(base, "seedbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// An interrupt (the children get it too) still removes the data.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer func() {
		signal.Stop(sig)
		close(sig)
	}()
	go func() {
		if _, ok := <-sig; ok {
			os.RemoveAll(dir)
			fmt.Fprintln(stderr, "seedbench: interrupted; removed", dir)
			os.Exit(130)
		}
	}()
	e := &env{size: o.size, rounds: o.rounds, dir: dir, child: self, stderr: stderr,
		files: map[string]bool{}, lookPath: lookPath, root: repoRoot(), cpus: runtime.NumCPU()}
	all := tables()
	if o.list {
		return list(e, all, stdout)
	}
	m := machine(e)
	if o.cpeers != "" {
		e.cpeers = o.cpeers
		m.CFlags, m.CXXFlags = readFlags(o.cpeers)
	} else {
		e.cpeers, e.cpeerNote, err = buildCPeers(e, filepath.Join(dir, "cpeers"))
		if err != nil {
			return err
		}
		if e.cpeers != "" {
			m.CFlags, m.CXXFlags = cFlags, cxxFlags
		}
	}
	if e.cpeers != "" {
		if _, err := os.Stat(filepath.Join(e.cpeers, "launch")); err == nil {
			e.launcher = filepath.Join(e.cpeers, "launch")
		}
	}
	childNote := buildChild(e)
	res := &Results{Date: time.Now().UTC().Truncate(time.Second), Machine: m, Size: o.size.name, Rounds: o.rounds, Commit: commit(e)}
	res.Notes = append(res.Notes, o.size.statement())
	if e.launcher == "" {
		res.Notes = append(res.Notes, "Peak RSS includes this program's own: the launcher (cpeers/launch.c) was not built, and Linux carries the peak RSS across execve. "+
			"Without it the processes were not pinned to their tables' CPUs either.")
	} else {
		res.Notes = append(res.Notes, fmt.Sprintf("Every process ran pinned to one CPU, except in the multi-core table (all %d CPUs the run may use); "+
			"a method that takes a thread count was given one thread per CPU it was pinned to, except the rows of that table that say they run one.", e.cpus))
	}
	res.Notes = append(res.Notes, childNote)
	res.Notes = append(res.Notes, o.notes...)
	var run []*table
	for i := range all {
		if len(o.rows) == 0 || slices.Contains(o.rows, all[i].id) {
			run = append(run, &all[i])
		}
	}
	total := 0
	for _, t := range run {
		total += max(len(t.columns), 1)
	}
	fmt.Fprintf(stderr, "seedbench: %d tables, %d scenarios, %s size, %d rounds, data in %s\n", len(run), total, o.size.name, o.rounds, dir)
	n := 0
	for _, t := range run {
		rt := Table{ID: t.id, Title: o.size.expand(t.title), Goal: o.size.expand(t.goal), Counts: t.counts(o.size), Unit: "s"}
		for _, n := range t.notes {
			rt.Notes = append(rt.Notes, o.size.expand(n))
		}
		oneThread := false
		for _, c := range t.columns {
			rt.Columns = append(rt.Columns, c.name)
			if c.wall {
				rt.WallColumns = append(rt.WallColumns, c.name)
			}
			for _, m := range c.methods {
				oneThread = oneThread || m.oneThread
			}
		}
		e.pin = t.cpusFor(e.cpus)
		if t.cpus == allCPUs {
			if e.cpus < 2 {
				// A multi-core table on one CPU would repeat the one-CPU
				// tables: its rows say why they did not run.
				skipAll(&rt, t, fmt.Sprintf("needs 2 CPUs or more; this run may use %d", e.cpus))
				n += len(t.columns)
				res.Tables = append(res.Tables, rt)
				continue
			}
			note := fmt.Sprintf("This run: %d CPUs, so %d threads for each method", e.pin, e.pin)
			if oneThread {
				note += " but the one-thread rows, which run on the same CPUs"
			}
			rt.Notes = append(rt.Notes, note+".")
		}
		if t.prepare != nil {
			if err := t.prepare(e); err != nil {
				return fmt.Errorf("%s: %w", t.id, err)
			}
		}
		if t.build != nil {
			n++
			if err := t.build(e, &rt); err != nil {
				return fmt.Errorf("%s: %w", t.id, err)
			}
			fmt.Fprintf(stderr, "seedbench: [%d/%d] %s: done\n", n, total, rt.Title)
		}
		for i := range t.columns {
			n++
			if err := e.runColumn(&rt, &t.columns[i], fmt.Sprintf("[%d/%d]", n, total)); err != nil {
				return err
			}
		}
		res.Tables = append(res.Tables, rt)
		// The inputs of a table are not needed by the next ones.
		for name := range e.files {
			os.Remove(e.path(name))
			delete(e.files, name)
		}
	}
	md := res.Markdown()
	fmt.Fprint(stdout, md)
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	outputs := []string{filepath.Join(o.out, "RESULTS.md"), filepath.Join(o.out, "results.json")}
	if o.md != "" {
		outputs = append(outputs, o.md)
	}
	if o.json != "" {
		outputs = append(outputs, o.json)
	}
	for _, p := range outputs {
		var err error
		if strings.HasSuffix(p, ".json") {
			err = res.writeJSON(p)
		} else {
			err = os.WriteFile(p, []byte(md), 0o644)
		}
		if err != nil {
			return err
		}
	}
	if o.charts {
		files, err := WriteCharts(res, o.out)
		if err != nil {
			return err
		}
		outputs = append(outputs, files...)
	}
	fmt.Fprintf(stderr, "seedbench: wrote %s\n", strings.Join(outputs, ", "))
	return nil
}

// skipAll fills rt with t's rows, every one skipped for why.
func skipAll(rt *Table, t *table, why string) {
	for _, c := range t.columns {
		for _, m := range c.methods {
			rt.Rows = append(rt.Rows, Row{Method: m.name, Column: c.name, Kind: m.kind, Comment: m.comment, Skipped: why})
		}
	}
}

// statement says which counts a run used.
func (s *sizes) statement() string {
	switch s.name {
	case "full":
		return fmt.Sprintf("Full size: the seed's counts (10M integers, 10M doubles, 100M lines, 100M emoji, 1 GiB hashed), "+
			"%d timed rounds per cell (the default size has %d) to keep the run near a quarter of an hour on 2 cores; ", fullRounds, defaultRounds) +
			"the tables the seed has no counts for use 64 MiB of mixed-script text, 2M records, a 1 GiB file for large reads, 32 MiB gzip corpora, 256 MiB of mixed-script text inflated on every CPU, 2M integers through the chain."
	case "tiny":
		return "Tiny size (the test run): counts far below the seed's; the figures mean nothing."
	}
	return fmt.Sprintf("Default size: counts scaled down from the seed's so that the run takes a few minutes "+
		"(%s integers instead of 10M, %s doubles instead of 10M, %s lines instead of 100M, %s emoji instead of 100M, %s hashed instead of 1 GiB); "+
		"-full uses the seed's counts.", count(s.Ints), count(s.Doubles), count(s.Hello), count(s.Emoji), mib(s.SHA))
}

// expand replaces the placeholders of a table's title or goal with the
// counts of s: {ints}, {doubles}, {hello}, {emoji}, {records}, {chain}
// (counts: 10M, 500k), {sha}, {large}, {mixed}, {gzip}, {parinflate}
// (sizes: 1 GiB, 32 MiB). Every table states its counts this way, so that a run at the
// default size does not carry the full size's titles.
func (s *sizes) expand(text string) string {
	return strings.NewReplacer(
		"{ints}", count(s.Ints), "{doubles}", count(s.Doubles), "{hello}", count(s.Hello),
		"{emoji}", count(s.Emoji), "{records}", count(s.Records), "{chain}", count(s.Chain),
		"{sha}", mib(s.SHA), "{large}", mib(s.Large), "{mixed}", mib(int64(s.Mixed)), "{gzip}", mib(int64(s.Gzip)),
		"{parinflate}", mib(int64(s.ParInflate)),
	).Replace(text)
}

// count writes n as 10M, 1M, 100k or the digits.
func count(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

// mib writes a byte count in MiB or KiB.
func mib(n int64) string {
	if n >= 1<<30 && n%(1<<30) == 0 {
		return fmt.Sprintf("%d GiB", n>>30)
	}
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// list prints the tables, their columns and methods, and what can run.
func list(e *env, all []table, w io.Writer) error {
	cp := "compiled at run time when gcc and g++ exist"
	if _, err := e.lookPath("gcc"); err != nil {
		cp = "not available: gcc not installed (apt-get install gcc g++)"
	}
	fmt.Fprintf(w, "C/C++ references: %s\n", cp)
	for _, t := range all {
		fmt.Fprintf(w, "%s\t%s\n", t.id, e.size.expand(t.title))
		if t.build != nil {
			fmt.Fprintf(w, "\t(binary sizes, built at run time)\n")
		}
		for _, c := range t.columns {
			fmt.Fprintf(w, "\t%s:", c.name)
			for i, m := range c.methods {
				sep := ","
				if i == 0 {
					sep = ""
				}
				state := ""
				if m.kind == kindCLI {
					if _, skip := e.resolve(m); skip != "" {
						state = " (" + skip + ")"
					}
				}
				fmt.Fprintf(w, "%s %s%s", sep, m.name, state)
			}
			fmt.Fprintln(w)
		}
	}
	return nil
}

// buildChild builds the binary the Go scenarios run in (the scenarios
// alone, without this program's chart and flag code, so that its start-up
// is that of a plain Go program) and returns a note saying which binary
// they ran in. Without the sources or the go command they run in this
// program itself.
func buildChild(e *env) string {
	goTool, err := e.lookPath("go")
	if err != nil || e.root == "" {
		return "Go scenarios ran in this program's own binary (the sources or the go command were not found), whose start-up is larger than a plain Go program's."
	}
	bin := e.path("seedchild")
	cmd := exec.Command(goTool, "build", "-o", bin, "./seed/internal/child")
	cmd.Dir = filepath.Join(e.root, "bench")
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(e.stderr, "seedbench: building the scenario binary failed, using this program: %v\n%s", err, out)
		return "Go scenarios ran in this program's own binary (go build of the scenario binary failed)."
	}
	e.child = bin
	return "Go scenarios ran in a binary of the scenarios alone (go build, default flags)."
}

// commit names the checkout's commit, "" outside one.
func commit(e *env) string {
	if e.root == "" {
		return ""
	}
	if _, err := e.lookPath("git"); err != nil {
		return ""
	}
	cmd := exec.Command("git", "describe", "--always", "--dirty")
	cmd.Dir = e.root
	return firstLine(cmd)
}
