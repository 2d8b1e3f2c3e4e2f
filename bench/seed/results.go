package seed

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"
)

// Results is one run of the seed tables: what ran, where, and every cell.
// It is what Main writes to results.json (and make bench-results to
// bench/RESULTS.json) and what LoadResults reads back.
type Results struct {
	// Date is when the run started (UTC).
	Date time.Time `json:"date"`
	// Machine describes the computer, the toolchains and their flags.
	Machine Machine `json:"machine"`
	// Size is "default", "full" or "tiny" (the test size).
	Size string `json:"size"`
	// Commit is the repository's commit the run measured (git describe
	// --always --dirty), when it ran in a checkout.
	Commit string `json:"commit,omitempty"`
	// Rounds is the number of timed rounds per cell (after one check round).
	Rounds int `json:"rounds"`
	// Notes are statements about the whole run: the counts used, the load
	// of the machine.
	Notes []string `json:"notes,omitempty"`
	// Tables are the seed's tables in order.
	Tables []Table `json:"tables"`
}

// Machine describes where the figures were taken.
type Machine struct {
	// CPU is the processor's model name (from /proc/cpuinfo on Linux).
	CPU string `json:"cpu"`
	// Cores is the number of logical CPUs the run could use.
	Cores int `json:"cores"`
	// OS and Arch are runtime.GOOS and runtime.GOARCH.
	OS   string `json:"os"`
	Arch string `json:"arch"`
	// Kernel is the operating system's release (uname -r).
	Kernel string `json:"kernel"`
	// Go is the Go toolchain's version; GoFlags any GOFLAGS/GOAMD64 in effect.
	Go      string `json:"go"`
	GoFlags string `json:"go_flags,omitempty"`
	// CC and CXX are the C and C++ compilers' version lines, CFlags and
	// CXXFlags the flags the references were compiled with.
	CC       string `json:"cc,omitempty"`
	CXX      string `json:"cxx,omitempty"`
	CFlags   string `json:"cflags,omitempty"`
	CXXFlags string `json:"cxxflags,omitempty"`
	// Tools are the versions of the command-line peers found.
	Tools map[string]string `json:"tools,omitempty"`
	// TempDir is where the generated data lived (tmpfs when /dev/shm exists).
	TempDir string `json:"temp_dir"`
}

// Model returns the processor's model name without the feature flags
// that CPU lists after it: the name figures are quoted with.
func (m Machine) Model() string {
	if strings.HasSuffix(m.CPU, ")") {
		if i := strings.LastIndex(m.CPU, " ("); i > 0 {
			return m.CPU[:i]
		}
	}
	if m.CPU == "" {
		return "an unknown CPU"
	}
	return m.CPU
}

// Table is one of the seed's tables: a method per row, a measured column
// per operation (for instance output time and input time).
type Table struct {
	// ID is the short name -rows selects (ints, doubles, hello, ...).
	ID string `json:"id"`
	// Title is the table's heading; Goal says what each cell does.
	Title string `json:"title"`
	Goal  string `json:"goal"`
	// Counts states the sizes of this run (scaled down unless -full).
	Counts string `json:"counts"`
	// Unit is "s" for timed tables and "bytes" for the binary-size table.
	Unit string `json:"unit"`
	// Columns are the operations in order.
	Columns []string `json:"columns"`
	// WallColumns are the columns timed by wall time: their Time and
	// Ratio are wall time (for one job spread over threads), the CPU time
	// still in CPU.
	WallColumns []string `json:"wall_columns,omitempty"`
	// Rows hold one cell per method and column, in the table's order.
	Rows []Row `json:"rows"`
	// Notes are remarks on the table (what a column checks, what was scaled).
	Notes []string `json:"notes,omitempty"`
}

// Row is one cell: one method measured in one column.
type Row struct {
	// Method names what ran ("fastio format.IntLn", "C stdio fprintf/fscanf").
	Method string `json:"method"`
	// Column is the operation measured (one of Table.Columns).
	Column string `json:"column"`
	// Kind is "fastio", "go" (the standard library or a Go package), "c"
	// (our C/C++ references), "cli" (a command-line peer) or "fastio
	// command" (the fastio command beside the command-line peers).
	Kind string `json:"kind"`
	// Comment says how the method works or what it lacks.
	Comment string `json:"comment,omitempty"`
	// Skipped, when not empty, says why the method did not run (a peer
	// not installed); the figures are then zero.
	Skipped string `json:"skipped,omitempty"`
	// CPU is the median CPU time (user+sys) of the child in seconds; Wall
	// the median wall time in seconds.
	CPU  float64 `json:"cpu_s"`
	Wall float64 `json:"wall_s"`
	// Ratio is the median over rounds of this method's CPU time divided by
	// fastio's in the same round (above 1: fastio is faster);
	// RatioMin and RatioMax are the smallest and largest of those ratios.
	// In a column of Table.WallColumns they are the ratios of wall times,
	// to the baseline its table's notes name. For the binary-size table
	// they are the size ratio.
	Ratio    float64 `json:"ratio"`
	RatioMin float64 `json:"ratio_min"`
	RatioMax float64 `json:"ratio_max"`
	// Throughput is the work per CPU second in Unit (MB/s, M/s).
	Throughput float64 `json:"throughput,omitempty"`
	Unit       string  `json:"unit,omitempty"`
	// PeakRSS is the child's peak resident set size in bytes (ru_maxrss).
	PeakRSS int64 `json:"peak_rss,omitempty"`
	// OutputBytes is the size of what the method wrote (a compressed file,
	// a binary), when that is part of the result.
	OutputBytes int64 `json:"output_bytes,omitempty"`
	// Rounds is the number of timed runs behind the medians.
	Rounds int `json:"rounds,omitempty"`
}

// LoadResults reads a results file written by Main (results.json) or by
// make bench-results (bench/RESULTS.json).
func LoadResults(path string) (*Results, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Results
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("seed: %s: %w", path, err)
	}
	if err := r.validate(); err != nil {
		return nil, fmt.Errorf("seed: %s: %w", path, err)
	}
	return &r, nil
}

// validate checks what a chart or a table needs: columns that rows name.
func (r *Results) validate() error {
	if len(r.Tables) == 0 {
		return errors.New("no tables")
	}
	for i, t := range r.Tables {
		if t.ID == "" {
			return fmt.Errorf("table %d has no id", i)
		}
		cols := map[string]bool{}
		for _, c := range t.Columns {
			cols[c] = true
		}
		for _, c := range t.WallColumns {
			if !cols[c] {
				return fmt.Errorf("table %s: wall-time column %q is not one of %q", t.ID, c, t.Columns)
			}
		}
		for j, row := range t.Rows {
			if !cols[row.Column] {
				return fmt.Errorf("table %s row %d (%s): column %q is not one of %q", t.ID, j, row.Method, row.Column, t.Columns)
			}
			if row.Method == "" {
				return fmt.Errorf("table %s row %d: no method", t.ID, j)
			}
			if row.CPU < 0 || row.Wall < 0 || row.Ratio < 0 {
				return fmt.Errorf("table %s row %d (%s): negative figure", t.ID, j, row.Method)
			}
		}
	}
	return nil
}

// writeJSON writes r to path, indented.
func (r *Results) writeJSON(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// Wall reports whether column col of t is timed by wall time.
func (t *Table) Wall(col string) bool { return slices.Contains(t.WallColumns, col) }
