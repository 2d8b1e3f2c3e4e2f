package seed

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Markdown renders the results in the seed's layout: per table, Method,
// then a time and a ratio per column, then Comment; below each, the
// details (wall time, throughput, peak RSS, output size); at the end, every
// cell where a peer beat fastio.
func (r *Results) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# fastio: the seed benchmark tables\n\n")
	fmt.Fprintf(&b, "Run of %s UTC, %s size, %d timed rounds per cell after a check round%s.\n\n",
		r.Date.Format("2006-01-02 15:04"), r.Size, r.Rounds, opt(", commit ", r.Commit))
	m := r.Machine
	fmt.Fprintf(&b, "- Machine: %s, %d logical CPUs, %s/%s, kernel %s; data in %s\n", m.CPU, m.Cores, m.OS, m.Arch, m.Kernel, m.TempDir)
	fmt.Fprintf(&b, "- Go: %s%s\n", m.Go, opt(" ", m.GoFlags))
	if m.CC != "" {
		fmt.Fprintf(&b, "- C/C++ references: %s `%s`; %s `%s`\n", m.CC, m.CFlags, m.CXX, m.CXXFlags)
	}
	if len(m.Tools) > 0 {
		names := make([]string, 0, len(m.Tools))
		for k := range m.Tools {
			names = append(names, k)
		}
		sort.Strings(names)
		var parts []string
		for _, k := range names {
			parts = append(parts, fmt.Sprintf("%s (%s)", k, m.Tools[k]))
		}
		fmt.Fprintf(&b, "- Command-line peers: %s\n", strings.Join(parts, "; "))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "- %s\n", n)
	}
	fmt.Fprintf(&b, "\nEvery figure below was measured on %s; other CPUs give other figures and other ratios. ", m.Model())
	b.WriteString("Time is the median CPU time (user+sys) of the whole child process, start-up included. " +
		"Ratio is the method's CPU time divided by fastio's in the same round, median (smallest–largest): " +
		"above 1 fastio is faster. Every cell's output was first checked against fastio's.")
	if r.hasWall() {
		b.WriteString(" In a column headed “wall time”, time and ratio are wall time, the ratio to the baseline its table names; the CPU time is in the details.")
	}
	b.WriteString("\n\n")
	for i, t := range r.Tables {
		writeTable(&b, i+1, &t, m.Model())
	}
	behind := r.Behind()
	fmt.Fprintf(&b, "## Where fastio is not the fastest (on %s)\n\n", m.Model())
	if len(behind) == 0 {
		b.WriteString("Nowhere: fastio is the fastest method in every cell of this run.\n")
	}
	for _, l := range behind {
		fmt.Fprintf(&b, "- %s\n", l)
	}
	return b.String()
}

func opt(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

// hasWall reports whether a table of r has a column timed by wall time.
func (r *Results) hasWall() bool {
	for _, t := range r.Tables {
		if len(t.WallColumns) > 0 {
			return true
		}
	}
	return false
}

// Behind lists every cell where a method ran faster than fastio (a ratio
// below 1), with the ratio. In a column timed by wall time, whose
// baseline is fastio's one-thread row, a method is compared with fastio's
// fastest row of the column instead.
func (r *Results) Behind() []string {
	var out []string
	for _, t := range r.Tables {
		best := map[string]Row{} // fastio's fastest row of each wall-time column
		for _, row := range t.Rows {
			if t.Wall(row.Column) && row.Kind == kindFastio && row.Skipped == "" && row.Ratio > 0 {
				if b, ok := best[row.Column]; !ok || row.Ratio < b.Ratio {
					best[row.Column] = row
				}
			}
		}
		for _, row := range t.Rows {
			f, ok := best[row.Column]
			ref := 1.0
			if ok {
				ref = f.Ratio
			}
			if row.Skipped == "" && row.Kind != kindFastio && row.Kind != kindCmd && row.Ratio > 0 && row.Ratio < ref {
				what := "faster"
				if t.Unit == "bytes" {
					what = "smaller"
				}
				if ok {
					out = append(out, fmt.Sprintf("%s / %s: %s is %s, wall time %.2f of %s's (fastio takes %.2fx)", t.Title, row.Column, row.Method, what, row.Ratio/ref, f.Method, ref/row.Ratio))
					continue
				}
				out = append(out, fmt.Sprintf("%s / %s: %s is %s, ratio %.2f (fastio takes %.2fx)", t.Title, row.Column, row.Method, what, row.Ratio, 1/row.Ratio))
			}
		}
	}
	return out
}

// writeTable renders one table; cpu names the processor the times were
// measured on.
func writeTable(b *strings.Builder, n int, t *Table, cpu string) {
	fmt.Fprintf(b, "## %d. %s\n\n%s\n\n", n, t.Title, t.Goal)
	switch {
	case t.Unit == "bytes" && t.Counts != "":
		fmt.Fprintf(b, "Counts: %s.\n\n", t.Counts)
	case t.Unit != "bytes" && t.Counts != "":
		fmt.Fprintf(b, "Counts: %s. Measured on %s.\n\n", t.Counts, cpu)
	case t.Unit != "bytes":
		fmt.Fprintf(b, "Measured on %s.\n\n", cpu)
	}
	for _, note := range t.Notes {
		fmt.Fprintf(b, "%s\n\n", note)
	}
	type key struct{ method, column string }
	cells := map[key]*Row{}
	var methods []string
	comments := map[string]string{}
	for i := range t.Rows {
		row := &t.Rows[i]
		k := key{row.Method, row.Column}
		if _, seen := comments[row.Method]; !seen {
			// A method first seen in a later column goes after the one
			// before it in that column (klauspost at a second level after
			// klauspost), not at the end.
			at := len(methods)
			if i > 0 && t.Rows[i-1].Column == row.Column {
				if j := slices.Index(methods, t.Rows[i-1].Method); j >= 0 {
					at = j + 1
				}
			}
			methods = slices.Insert(methods, at, row.Method)
			comments[row.Method] = row.Comment
		}
		if row.Skipped != "" && comments[row.Method] == row.Comment {
			comments[row.Method] = joinComment(row.Comment, "skipped: "+row.Skipped)
		}
		cells[k] = row
	}
	b.WriteString("| Method |")
	sep := "|---|"
	for _, c := range t.Columns {
		if t.Wall(c) {
			c += ", wall time"
		}
		fmt.Fprintf(b, " %s | ratio |", c)
		sep += "---:|---:|"
	}
	b.WriteString(" Comment |\n" + sep + "---|\n")
	for _, m := range methods {
		fmt.Fprintf(b, "| %s |", m)
		for _, c := range t.Columns {
			row := cells[key{m, c}]
			switch {
			case row == nil:
				b.WriteString(" Meaningless | |")
			case row.Skipped != "":
				b.WriteString(" skipped | |")
			case t.Unit == "bytes":
				fmt.Fprintf(b, " %s | %.2f |", kib(row.OutputBytes), row.Ratio)
			case t.Wall(c):
				fmt.Fprintf(b, " %s | %s |", seconds(row.Wall), ratio(row))
			default:
				fmt.Fprintf(b, " %s | %s |", seconds(row.CPU), ratio(row))
			}
		}
		fmt.Fprintf(b, " %s |\n", strings.ReplaceAll(comments[m], "|", "\\|"))
	}
	b.WriteString("\n")
	if t.Unit == "bytes" {
		return
	}
	b.WriteString("<details><summary>wall time, throughput, peak RSS, output size</summary>\n\n")
	b.WriteString("| Method | Column | CPU | wall | ratio | throughput (per CPU s) | peak RSS | output |\n|---|---|---:|---:|---:|---:|---:|---:|\n")
	for i := range t.Rows {
		row := &t.Rows[i]
		if row.Skipped != "" {
			continue
		}
		tp := ""
		if row.Throughput > 0 {
			tp = fmt.Sprintf("%.1f %s", row.Throughput, row.Unit)
		}
		out := ""
		if row.OutputBytes > 0 {
			out = fmt.Sprint(row.OutputBytes)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", row.Method, row.Column, seconds(row.CPU), seconds(row.Wall), ratio(row), tp, kib(row.PeakRSS), out)
	}
	b.WriteString("\n</details>\n\n")
}

func joinComment(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// ratio formats a cell's ratio with its spread.
func ratio(r *Row) string {
	if r.Kind == kindFastio && r.Ratio == 1 && r.RatioMin == 1 && r.RatioMax == 1 {
		return "1.00"
	}
	return fmt.Sprintf("%.2f (%.2f–%.2f)", r.Ratio, r.RatioMin, r.RatioMax)
}

// kib formats a byte count.
func kib(n int64) string {
	switch {
	case n == 0:
		return ""
	case n >= 10<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 10<<10:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
