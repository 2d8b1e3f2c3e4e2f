package seed

import (
	"fmt"
	"image/color"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// chartColors are the bar colours of the columns of a table, in order
// (a colour-blind-safe palette: blue, orange, green, purple, brown, grey).
var chartColors = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff},
	{0xff, 0x7f, 0x0e, 0xff},
	{0x2c, 0xa0, 0x2c, 0xff},
	{0x94, 0x67, 0xbd, 0xff},
	{0x8c, 0x56, 0x4b, 0xff},
	{0x7f, 0x7f, 0x7f, 0xff},
}

// WriteCharts writes one SVG chart per table of r into dir (created if
// needed), named after the table's ID: horizontal bars of the median CPU
// time of each method (wall time in a column timed by it, binary size for
// the size table), one colour per column with a legend; skipped methods
// have no bar. It returns the paths
// written.
func WriteCharts(r *Results, dir string) ([]string, error) {
	var paths []string
	for i := range r.Tables {
		t := &r.Tables[i]
		p, err := chart(t, r.Machine.Model())
		if err != nil {
			return paths, fmt.Errorf("seed: chart %s: %w", t.ID, err)
		}
		if p == nil {
			continue
		}
		methods := chartMethods(t)
		height := vg.Length(len(methods)*len(t.Columns))*12*vg.Millimeter/4 + 45*vg.Millimeter
		path := filepath.Join(dir, t.ID+".svg")
		if err := p.Save(180*vg.Millimeter, height, path); err != nil {
			return paths, fmt.Errorf("seed: chart %s: %w", t.ID, err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// chartMethods returns the methods of t in row order, once each.
func chartMethods(t *Table) []string {
	seen := map[string]bool{}
	var out []string
	for _, row := range t.Rows {
		if !seen[row.Method] {
			seen[row.Method] = true
			out = append(out, row.Method)
		}
	}
	return out
}

// chart builds the plot of one table, or nil when it has no rows; cpu
// names the processor the times were measured on.
func chart(t *Table, cpu string) (*plot.Plot, error) {
	methods := chartMethods(t)
	if len(methods) == 0 {
		return nil, nil
	}
	// The first method at the top: gonum counts the Y axis upwards.
	index := map[string]int{}
	names := make([]string, len(methods))
	for i, m := range methods {
		index[m] = len(methods) - 1 - i
		names[len(methods)-1-i] = m
	}
	p := plot.New()
	p.Title.Text = t.Title
	p.X.Label.Text = "median CPU time (s) on " + cpu + ", lower is faster"
	switch {
	case t.Unit == "bytes":
		p.X.Label.Text = "stripped binary size (KiB), lower is smaller"
	case len(t.WallColumns) == len(t.Columns):
		p.X.Label.Text = "median wall time (s) on " + cpu + ", lower is faster"
	case len(t.WallColumns) > 0:
		p.X.Label.Text = "median CPU time (s), wall time where the legend says, on " + cpu + "; lower is faster"
	}
	p.X.Min = 0
	p.Legend.Top = true
	p.Legend.Left = false
	width := vg.Points(10)
	n := len(t.Columns)
	if n > 1 {
		width = vg.Points(24 / float64(n))
	}
	top := 0.0
	for ci, col := range t.Columns {
		vals := make(plotter.Values, len(methods))
		for _, row := range t.Rows {
			if row.Column != col || row.Skipped != "" {
				continue
			}
			v := row.CPU
			switch {
			case t.Unit == "bytes":
				v = float64(row.OutputBytes) / 1024
			case t.Wall(col):
				v = row.Wall
			}
			vals[index[row.Method]] = v
			top = max(top, v)
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return nil, err
		}
		bars.Horizontal = true
		bars.Color = chartColors[ci%len(chartColors)]
		bars.LineStyle.Width = 0
		// The first column on top of its group.
		bars.Offset = vg.Length(float64(n-1)/2-float64(ci)) * width
		p.Add(bars)
		switch {
		case t.Wall(col):
			p.Legend.Add(col+" (wall time)", bars)
		case n > 1 || t.Unit != "bytes":
			p.Legend.Add(col, bars)
		}
	}
	// Room on the right for the legend, clear of the longest bar.
	p.X.Max = top * 1.35
	p.NominalY(names...)
	p.Add(plotter.NewGrid())
	return p, nil
}
