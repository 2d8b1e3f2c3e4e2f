package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/doc"
	"html"
	"html/template"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// allExamples lists every example of a package, wherever go/doc filed it.
func (a *apiPkg) allExamples() []*doc.Example {
	d := a.doc
	out := append([]*doc.Example(nil), d.Examples...)
	for _, f := range d.Funcs {
		out = append(out, f.Examples...)
	}
	for _, t := range d.Types {
		out = append(out, t.Examples...)
		for _, f := range t.Funcs {
			out = append(out, f.Examples...)
		}
		for _, m := range t.Methods {
			out = append(out, m.Examples...)
		}
	}
	return out
}

// commandPage renders the reference of the fastio command from its cobra
// tree: every command's usage, description, examples and flags.
func (s *Site) commandPage() error {
	root := s.cfg.Commands
	if root == nil {
		return nil
	}
	body := CommandReference(root)
	s.walkCommands(root, func(c *cobra.Command) {
		s.search = append(s.search, SearchEntry{Title: c.CommandPath(), URL: "commands/#" + commandID(c), Kind: "command", Summary: c.Short})
	})
	return s.add(&Page{Path: "commands/", Title: "The " + root.Name() + " command", Section: "commands", Body: template.HTML(body)})
}

func (s *Site) walkCommands(c *cobra.Command, fn func(*cobra.Command)) {
	if c.Hidden {
		return
	}
	fn(c)
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			s.walkCommands(sub, fn)
		}
	}
}

func commandID(c *cobra.Command) string {
	return "cmd-" + strings.ReplaceAll(c.CommandPath(), " ", "-")
}

// CommandReference renders a cobra command tree as HTML: a contents list,
// then one section per available command.
func CommandReference(root *cobra.Command) string {
	var s Site
	var b strings.Builder
	b.WriteString(`<ul class="index">`)
	s.walkCommands(root, func(c *cobra.Command) {
		fmt.Fprintf(&b, `<li><a href="#%s"><code>%s</code></a> — %s</li>`, commandID(c), html.EscapeString(c.CommandPath()), html.EscapeString(c.Short))
	})
	b.WriteString("</ul>")
	s.walkCommands(root, func(c *cobra.Command) {
		fmt.Fprintf(&b, `<section class="command"><h2 id="%s"><code>%s</code></h2>`, commandID(c), html.EscapeString(c.CommandPath()))
		fmt.Fprintf(&b, `<pre class="code sh">%s</pre>`, html.EscapeString(c.UseLine()))
		long := c.Long
		if long == "" {
			long = c.Short
		}
		for _, para := range strings.Split(strings.TrimSpace(long), "\n\n") {
			fmt.Fprintf(&b, "<p>%s</p>", html.EscapeString(para))
		}
		if c.Example != "" {
			fmt.Fprintf(&b, `<h3 id="%s-examples">Examples</h3><pre class="code sh">%s</pre>`, commandID(c), html.EscapeString(c.Example))
		}
		b.WriteString(flagTable("Flags", commandID(c)+"-flags", c.NonInheritedFlags()))
		b.WriteString(flagTable("Inherited flags", commandID(c)+"-inherited", c.InheritedFlags()))
		var subs []string
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				subs = append(subs, fmt.Sprintf(`<a href="#%s"><code>%s</code></a>`, commandID(sub), html.EscapeString(sub.Name())))
			}
		}
		if len(subs) > 0 {
			b.WriteString("<p>Subcommands: " + strings.Join(subs, ", ") + ".</p>")
		}
		b.WriteString("</section>")
	})
	return b.String()
}

func flagTable(title, id string, fs *pflag.FlagSet) string {
	var rows strings.Builder
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name := "--" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", " + name
		}
		def := f.DefValue
		if def == "" || def == "[]" {
			def = "—"
		}
		fmt.Fprintf(&rows, `<tr><td><code>%s</code></td><td>%s</td><td><code>%s</code></td><td>%s</td></tr>`,
			html.EscapeString(name), html.EscapeString(f.Value.Type()), html.EscapeString(def), html.EscapeString(f.Usage))
	})
	if rows.Len() == 0 {
		return ""
	}
	return fmt.Sprintf(`<h3 id="%s">%s</h3><table class="flags"><thead><tr><th>flag</th><th>type</th><th>default</th><th>meaning</th></tr></thead><tbody>%s</tbody></table>`,
		id, title, rows.String())
}

// changelogPage renders CHANGELOG.md from the repository root.
func (s *Site) changelogPage() error {
	file := filepath.Join(s.cfg.Root, "CHANGELOG.md")
	data, err := os.ReadFile(file)
	var body string
	if os.IsNotExist(err) {
		body = "<p>The repository has no CHANGELOG.md: no release has been made from this tree yet.</p>"
	} else if err != nil {
		return fmt.Errorf("site: %w", err)
	} else {
		text := string(data)
		if first, rest, ok := strings.Cut(text, "\n"); ok && strings.HasPrefix(first, "# ") {
			text = rest // the page has its own title
		}
		var out bytes.Buffer
		if err := md.Convert([]byte(text), &out); err != nil {
			return fmt.Errorf("site: %s: %w", file, err)
		}
		body = out.String()
	}
	return s.add(&Page{Path: "changelog/", Title: "Changelog", Section: "changelog", Body: template.HTML(body)})
}

// writeSearch writes the search index as a script, so that search works
// from the file system as well as over HTTP, with no request to anywhere.
func (s *Site) writeSearch() error {
	entries := make([]SearchEntry, len(s.search))
	for i, e := range s.search {
		e.URL = IndexFile(e.URL)
		if e.URL == "" {
			e.URL = "index.html"
		}
		entries[i] = e
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return err
	}
	js := append([]byte("window.FASTIO_SEARCH="), data...)
	js = append(js, ";\n"...)
	return writeFile(filepath.Join(s.cfg.Out, "search-index.js"), js)
}
