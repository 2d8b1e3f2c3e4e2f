package site

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/printer"
	"go/token"
	"html"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// apiPkg is one package loaded for its reference page.
type apiPkg struct {
	site    *Site
	pkg     *Package
	fset    *token.FileSet
	files   map[string]*ast.File // by file name
	doc     *doc.Package
	names   map[string]bool // exported package-level names
	from    string          // the page's directory, "api/core/"
	sources []string        // base names of the non-test Go files
	fileOn  map[string][]string
	identOn map[string][]string
	idents  []apiIdent // every documented identifier, for the search index
}

// apiIdent is one documented identifier of a package.
type apiIdent struct {
	Name, Kind, Synopsis string
}

// loadAPI parses a package as it builds for Linux, with its tests for the
// examples, and works out on which targets each file and identifier exists.
func (s *Site) loadAPI(p *Package) (*apiPkg, error) {
	a := &apiPkg{site: s, pkg: p, fset: token.NewFileSet(), files: map[string]*ast.File{},
		names: map[string]bool{}, from: "api/" + p.Rel + "/",
		fileOn: map[string][]string{}, identOn: map[string][]string{}}
	entries, err := os.ReadDir(p.Dir)
	if err != nil {
		return nil, err
	}
	linux := buildContext(Targets[0])
	var docFiles []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		isTest := strings.HasSuffix(name, "_test.go")
		full := filepath.Join(p.Dir, name)
		if !isTest {
			a.sources = append(a.sources, name)
			var on []string
			for _, t := range Targets {
				ctx := buildContext(t)
				if ok, _ := ctx.MatchFile(p.Dir, name); ok {
					on = append(on, t)
				}
			}
			pure := buildContext(Targets[0])
			pure.BuildTags = []string{"purego"}
			if ok, _ := pure.MatchFile(p.Dir, name); ok && !slices.Contains(on, Targets[0]) {
				on = append(on, Targets[0]+" -tags purego")
			}
			a.fileOn[name] = on
		}
		ok, err := linux.MatchFile(p.Dir, name)
		if err != nil {
			return nil, fmt.Errorf("site: %s: %w", full, err)
		}
		f, err := parser.ParseFile(a.fset, full, nil, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("site: %w", err)
		}
		if !isTest {
			for _, n := range declNames(f) {
				for _, t := range a.fileOn[name] {
					if !slices.Contains(a.identOn[n], t) {
						a.identOn[n] = append(a.identOn[n], t)
					}
				}
			}
		}
		if ok {
			a.files[full] = f
			docFiles = append(docFiles, f)
		}
	}
	d, err := doc.NewFromFiles(a.fset, docFiles, p.ImportPath)
	if err != nil {
		return nil, fmt.Errorf("site: %s: %w", p.ImportPath, err)
	}
	a.doc = d
	p.Synopsis = d.Synopsis(d.Doc)
	for _, c := range d.Consts {
		a.addValueNames(c, "const")
	}
	for _, v := range d.Vars {
		a.addValueNames(v, "var")
	}
	for _, f := range d.Funcs {
		a.names[f.Name] = true
		a.idents = append(a.idents, apiIdent{f.Name, "func", d.Synopsis(f.Doc)})
	}
	for _, t := range d.Types {
		a.names[t.Name] = true
		a.idents = append(a.idents, apiIdent{t.Name, "type", d.Synopsis(t.Doc)})
		for _, c := range t.Consts {
			a.addValueNames(c, "const")
		}
		for _, v := range t.Vars {
			a.addValueNames(v, "var")
		}
		for _, f := range t.Funcs {
			a.names[f.Name] = true
			a.idents = append(a.idents, apiIdent{f.Name, "func", d.Synopsis(f.Doc)})
		}
		for _, m := range t.Methods {
			a.idents = append(a.idents, apiIdent{t.Name + "." + m.Name, "method", d.Synopsis(m.Doc)})
		}
		a.addMembers(t)
	}
	return a, nil
}

// addMembers indexes the exported fields of a struct type and the methods
// of an interface type, which have anchors on the page too.
func (a *apiPkg) addMembers(t *doc.Type) {
	for _, spec := range t.Decl.Specs {
		ts, ok := spec.(*ast.TypeSpec)
		if !ok || ts.Name.Name != t.Name {
			continue
		}
		var fields *ast.FieldList
		kind := "field"
		switch st := ts.Type.(type) {
		case *ast.StructType:
			fields = st.Fields
		case *ast.InterfaceType:
			fields, kind = st.Methods, "method"
		}
		if fields == nil {
			continue
		}
		for _, f := range fields.List {
			text := ""
			if f.Doc != nil {
				text = a.doc.Synopsis(f.Doc.Text())
			} else if f.Comment != nil {
				text = a.doc.Synopsis(f.Comment.Text())
			}
			for _, n := range f.Names {
				if n.IsExported() {
					a.idents = append(a.idents, apiIdent{t.Name + "." + n.Name, kind, text})
				}
			}
		}
	}
}

func (a *apiPkg) addValueNames(v *doc.Value, kind string) {
	for _, n := range v.Names {
		if token.IsExported(n) {
			a.names[n] = true
			a.idents = append(a.idents, apiIdent{n, kind, a.doc.Synopsis(v.Doc)})
		}
	}
}

// declNames lists the exported top-level names a file declares, methods as
// "Type.Method".
func declNames(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			if d.Recv != nil && len(d.Recv.List) > 0 {
				if r := recvName(d.Recv.List[0].Type); r != "" {
					out = append(out, r+"."+d.Name.Name)
				}
				continue
			}
			out = append(out, d.Name.Name)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						out = append(out, s.Name.Name)
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.IsExported() {
							out = append(out, n.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// recvName is the type name of a method receiver, without pointer or type
// parameters.
func recvName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// link returns the href of a symbol of a package seen from this page: the
// package's own page on this site, or pkg.go.dev for any other package.
func (a *apiPkg) link(importPath, sym string) string {
	frag := ""
	if sym != "" {
		frag = "#" + sym
	}
	if importPath == "" || importPath == a.pkg.ImportPath {
		return frag
	}
	if p, ok := a.site.byPath[importPath]; ok {
		return a.site.rel(a.from, "api/"+p.Rel+"/") + frag
	}
	return "https://pkg.go.dev/" + importPath + frag
}

// docHTML renders a doc comment with working doc links.
func (a *apiPkg) docHTML(text string) string {
	if text == "" {
		return ""
	}
	p := a.doc.Printer()
	p.HeadingLevel = 4
	p.DocLinkURL = func(l *comment.DocLink) string {
		sym := l.Name
		if l.Recv != "" {
			sym = l.Recv + "." + l.Name
		}
		return a.link(l.ImportPath, sym)
	}
	return string(p.HTML(a.doc.Parser().Parse(text)))
}

// imports maps the local names a file gives its imports to import paths.
func (a *apiPkg) imports(pos token.Pos) map[string]string {
	out := map[string]string{}
	f := a.files[a.fset.Position(pos).Filename]
	if f == nil {
		return out
	}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		name := ""
		if im.Name != nil {
			name = im.Name.Name
		} else if pk, ok := a.site.byPath[p]; ok {
			name = pk.Name
		} else {
			name = path.Base(p)
			if len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
				name = path.Base(path.Dir(p))
			}
			name = strings.TrimPrefix(name, "go-")
		}
		out[name] = p
	}
	return out
}

// declHTML prints a declaration and renders it with links from every
// identifier to its documentation and anchors on constants, variables,
// struct fields and interface methods.
func (a *apiPkg) declHTML(decl ast.Decl) string {
	var buf bytes.Buffer
	var comments []*ast.CommentGroup
	if f := a.files[a.fset.Position(decl.Pos()).Filename]; f != nil {
		comments = f.Comments
	}
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&buf, a.fset, &printer.CommentedNode{Node: decl, Comments: comments}); err != nil {
		return "<pre>" + html.EscapeString(err.Error()) + "</pre>"
	}
	text := buf.Bytes()
	const prefix = "package p\n"
	src := append([]byte(prefix), text...)
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, "", src, parser.ParseComments|parser.SkipObjectResolution)
	m := Marks{Links: map[int]string{}, Anchors: map[int]string{}}
	if err == nil {
		imports := a.imports(decl.Pos())
		off := func(p token.Pos) int { return fs.Position(p).Offset - len(prefix) }
		done := map[*ast.Ident]bool{}
		for _, d := range f.Decls {
			ast.Inspect(d, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					done[n.Name] = true
					for _, l := range []*ast.FieldList{n.Recv, n.Type.Params, n.Type.Results, n.Type.TypeParams} {
						if l == nil {
							continue
						}
						for _, fl := range l.List {
							for _, nm := range fl.Names {
								done[nm] = true
							}
						}
					}
				case *ast.TypeSpec:
					done[n.Name] = true
					if n.TypeParams != nil {
						for _, fl := range n.TypeParams.List {
							for _, nm := range fl.Names {
								done[nm] = true
							}
						}
					}
					var fields *ast.FieldList
					switch t := n.Type.(type) {
					case *ast.StructType:
						fields = t.Fields
					case *ast.InterfaceType:
						fields = t.Methods
					}
					if fields != nil {
						for _, fl := range fields.List {
							for _, nm := range fl.Names {
								done[nm] = true
								if nm.IsExported() && n.Name.IsExported() {
									m.Anchors[off(nm.Pos())] = n.Name.Name + "." + nm.Name
								}
							}
						}
					}
				case *ast.ValueSpec:
					for _, nm := range n.Names {
						done[nm] = true
						if nm.IsExported() {
							m.Anchors[off(nm.Pos())] = nm.Name
						}
					}
				case *ast.Field:
					for _, nm := range n.Names {
						done[nm] = true
					}
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok {
						if ip, ok := imports[x.Name]; ok {
							done[x], done[n.Sel] = true, true
							m.Links[off(x.Pos())] = a.link(ip, "")
							if h := a.link(ip, n.Sel.Name); h != "" {
								m.Links[off(n.Sel.Pos())] = h
							}
						}
					}
				case *ast.Ident:
					if !done[n] && a.names[n.Name] {
						m.Links[off(n.Pos())] = "#" + n.Name
					}
				}
				return true
			})
		}
	}
	return `<pre class="decl">` + Highlight(text, m) + `</pre>`
}

// exampleHTML renders an example: its doc, the code as a complete program
// where go/doc can make one, and its checked output.
func (a *apiPkg) exampleHTML(ex *doc.Example, id string) string {
	return a.exampleBlock(ex, id, false)
}

// exampleBlock renders an example, collapsed unless open.
func (a *apiPkg) exampleBlock(ex *doc.Example, id string, open bool) string {
	var b strings.Builder
	title := "Example"
	if ex.Suffix != "" {
		title += " (" + ex.Suffix + ")"
	}
	attr := ""
	if open {
		attr = " open"
	}
	fmt.Fprintf(&b, `<details class="example" id="%s"%s><summary>%s</summary>`, html.EscapeString(id), attr, html.EscapeString(title))
	b.WriteString(a.docHTML(ex.Doc))
	b.WriteString(`<pre class="code">` + Highlight([]byte(exampleCode(a.fset, ex)), Marks{}) + `</pre>`)
	if ex.Output != "" || ex.EmptyOutput {
		label := "Output:"
		if ex.Unordered {
			label = "Output (in any order):"
		}
		fmt.Fprintf(&b, `<p class="outlabel">%s</p><pre class="output">%s</pre>`, label, html.EscapeString(ex.Output))
	}
	b.WriteString("</details>")
	return b.String()
}

// exampleCode prints an example as a whole program when go/doc could build
// one (Play), else as the body of the Example function.
func exampleCode(fset *token.FileSet, ex *doc.Example) string {
	var buf bytes.Buffer
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if ex.Play != nil {
		if err := cfg.Fprint(&buf, fset, ex.Play); err == nil {
			return buf.String()
		}
		buf.Reset()
	}
	if err := cfg.Fprint(&buf, fset, &printer.CommentedNode{Node: ex.Code, Comments: ex.Comments}); err != nil {
		return err.Error()
	}
	s := buf.String()
	if _, ok := ex.Code.(*ast.BlockStmt); ok && strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
		s = strings.TrimSuffix(strings.TrimPrefix(s[1:len(s)-1], "\n"), "\n")
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, "\t")
		}
		s = strings.Join(lines, "\n")
	}
	return s
}

// srcLink returns a "file.go:line" link to the source page of a position.
func (a *apiPkg) srcLink(pos token.Pos) string {
	p := a.fset.Position(pos)
	base := filepath.Base(p.Filename)
	href := a.site.rel(a.from, "src/"+a.pkg.Rel+"/"+base+".html") + "#L" + strconv.Itoa(p.Line)
	return fmt.Sprintf(`<a class="src" href="%s">%s:%d</a>`, html.EscapeString(href), html.EscapeString(base), p.Line)
}

// platformNote says on which targets an identifier exists when that is not
// all of them.
func (a *apiPkg) platformNote(name string) string {
	on := a.identOn[name]
	if len(on) == 0 || coversAll(on) {
		return ""
	}
	var missing []string
	for _, t := range Targets {
		if !slices.Contains(on, t) {
			missing = append(missing, t)
		}
	}
	return fmt.Sprintf(`<p class="platform">Platforms: %s; not on %s.</p>`,
		html.EscapeString(strings.Join(on, ", ")), html.EscapeString(strings.Join(missing, ", ")))
}

func coversAll(on []string) bool {
	for _, t := range Targets {
		if !slices.Contains(on, t) {
			return false
		}
	}
	return true
}

// render writes the package's reference page body.
func (a *apiPkg) render() string {
	d := a.doc
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p := a.pkg
	switch {
	case p.CookbookProgram():
		w(`<p class="importpath">A cookbook program (<code>%s</code>), built and run by the docs module's tests; not a command to install.</p>`, p.Rel)
	case p.Internal():
		w(`<p class="importpath"><code>%s</code> is internal to module %s: it cannot be imported from outside it.</p>`, p.ImportPath, p.Module.Dir)
	case p.IsCommand():
		w(`<p class="importpath"><code>go install %s@latest</code></p>`, p.ImportPath)
	default:
		w(`<p class="importpath"><code>import "%s"</code></p>`, p.ImportPath)
	}
	w(`<p class="meta">Module <a href="%s">%s</a> · <code>go get %s@latest</code></p>`,
		a.site.rel(a.from, "guide/"+p.Module.Dir+"/"), p.Module.Dir, p.Module.Path)
	w(`<section id="pkg-overview">%s`, a.docHTML(d.Doc))
	for _, ex := range d.Examples {
		b.WriteString(a.exampleHTML(ex, "example-"+ex.Name))
	}
	b.WriteString("</section>")

	// Index.
	w(`<section id="pkg-index"><h2>Index</h2><ul class="index">`)
	if len(d.Consts) > 0 {
		w(`<li><a href="#pkg-constants">Constants</a></li>`)
	}
	if len(d.Vars) > 0 {
		w(`<li><a href="#pkg-variables">Variables</a></li>`)
	}
	for _, f := range d.Funcs {
		w(`<li><a href="#%s">%s</a></li>`, f.Name, html.EscapeString(signature(a.fset, f.Decl)))
	}
	for _, t := range d.Types {
		w(`<li><a href="#%s">type %s</a>`, t.Name, t.Name)
		if len(t.Funcs)+len(t.Methods) > 0 {
			w("<ul>")
			for _, f := range t.Funcs {
				w(`<li><a href="#%s">%s</a></li>`, f.Name, html.EscapeString(signature(a.fset, f.Decl)))
			}
			for _, m := range t.Methods {
				w(`<li><a href="#%s.%s">%s</a></li>`, t.Name, m.Name, html.EscapeString(signature(a.fset, m.Decl)))
			}
			w("</ul>")
		}
		w("</li>")
	}
	w("</ul></section>")

	if notes := a.platformTable(); notes != "" {
		b.WriteString(notes)
	}

	if len(d.Consts) > 0 {
		w(`<section id="pkg-constants"><h2>Constants</h2>`)
		for _, c := range d.Consts {
			b.WriteString(a.valueHTML(c))
		}
		w("</section>")
	}
	if len(d.Vars) > 0 {
		w(`<section id="pkg-variables"><h2>Variables</h2>`)
		for _, v := range d.Vars {
			b.WriteString(a.valueHTML(v))
		}
		w("</section>")
	}
	if len(d.Funcs) > 0 {
		w(`<section id="pkg-functions"><h2>Functions</h2>`)
		for _, f := range d.Funcs {
			b.WriteString(a.funcHTML(f, "", 3))
		}
		w("</section>")
	}
	if len(d.Types) > 0 {
		w(`<section id="pkg-types"><h2>Types</h2>`)
		for _, t := range d.Types {
			w(`<div class="type"><h3 id="%s">type %s %s</h3>`, t.Name, t.Name, a.srcLink(t.Decl.Pos()))
			b.WriteString(a.platformNote(t.Name))
			b.WriteString(a.declHTML(t.Decl))
			b.WriteString(a.docHTML(t.Doc))
			for _, ex := range t.Examples {
				b.WriteString(a.exampleHTML(ex, "example-"+ex.Name))
			}
			for _, c := range t.Consts {
				b.WriteString(a.valueHTML(c))
			}
			for _, v := range t.Vars {
				b.WriteString(a.valueHTML(v))
			}
			for _, f := range t.Funcs {
				b.WriteString(a.funcHTML(f, "", 4))
			}
			for _, m := range t.Methods {
				b.WriteString(a.funcHTML(m, t.Name, 4))
			}
			w("</div>")
		}
		w("</section>")
	}
	w(`<section id="pkg-files"><h2>Source files</h2><p class="files">`)
	for i, f := range a.sources {
		if i > 0 {
			b.WriteString(" · ")
		}
		w(`<a href="%s">%s</a>`, a.site.rel(a.from, "src/"+p.Rel+"/"+f+".html"), f)
	}
	w("</p></section>")
	return b.String()
}

func (a *apiPkg) valueHTML(v *doc.Value) string {
	return `<div class="value">` + a.srcLink(v.Decl.Pos()) + a.declHTML(v.Decl) + a.docHTML(v.Doc) + "</div>"
}

func (a *apiPkg) funcHTML(f *doc.Func, recv string, level int) string {
	id := f.Name
	title := "func " + f.Name
	if recv != "" {
		id = recv + "." + f.Name
		title = "func (" + f.Recv + ") " + f.Name
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="func"><h%d id="%s">%s %s</h%d>`, level, id, html.EscapeString(title), a.srcLink(f.Decl.Pos()), level)
	b.WriteString(a.platformNote(id))
	b.WriteString(a.declHTML(f.Decl))
	b.WriteString(a.docHTML(f.Doc))
	for _, ex := range f.Examples {
		b.WriteString(a.exampleHTML(ex, "example-"+ex.Name))
	}
	b.WriteString("</div>")
	return b.String()
}

// platformTable lists the files that do not build on every target, and the
// identifiers declared only for targets other than Linux (which the page
// otherwise documents).
func (a *apiPkg) platformTable() string {
	var rows []string
	for _, f := range a.sources {
		on := a.fileOn[f]
		if coversAll(on) {
			continue
		}
		where := strings.Join(on, ", ")
		if where == "" {
			where = "no target (a generator or a file for explicit build tags)"
		}
		rows = append(rows, fmt.Sprintf(`<tr><td><a href="%s">%s</a></td><td>%s</td></tr>`,
			a.site.rel(a.from, "src/"+a.pkg.Rel+"/"+f+".html"), f, html.EscapeString(where)))
	}
	var other []string
	for n, on := range a.identOn {
		if !slices.Contains(on, Targets[0]) && !strings.HasSuffix(strings.Join(on, ","), "purego") {
			other = append(other, fmt.Sprintf("<code>%s</code> (%s)", html.EscapeString(n), html.EscapeString(strings.Join(on, ", "))))
		}
	}
	if len(rows) == 0 && len(other) == 0 {
		return ""
	}
	sort.Strings(other)
	var b strings.Builder
	b.WriteString(`<section id="pkg-platforms"><h2>Platform notes</h2><p>This page documents the package as it builds for linux/amd64. These files build only where shown:</p>`)
	if len(rows) > 0 {
		b.WriteString(`<table><thead><tr><th>file</th><th>builds for</th></tr></thead><tbody>` + strings.Join(rows, "") + `</tbody></table>`)
	}
	if len(other) > 0 {
		b.WriteString("<p>Declared only for other targets: " + strings.Join(other, ", ") + ".</p>")
	}
	b.WriteString("</section>")
	return b.String()
}

// signature prints a function declaration's first line.
func signature(fset *token.FileSet, d *ast.FuncDecl) string {
	var buf bytes.Buffer
	cp := *d
	cp.Doc, cp.Body = nil, nil
	_ = printer.Fprint(&buf, fset, &cp)
	s := buf.String()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}

// sourceMarks links a source file's identifiers to the documentation: the
// names of documented declarations and references to them go to their
// anchors on the package page (apiPage, relative to the source page), and
// qualified identifiers of imported packages to those packages' pages.
func (a *apiPkg) sourceMarks(src []byte, apiPage string) Marks {
	m := Marks{Links: map[int]string{}}
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, "", src, parser.SkipObjectResolution)
	if err != nil {
		return m
	}
	imports := map[string]string{}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		} else if pk, ok := a.site.byPath[p]; ok {
			name = pk.Name
		}
		imports[name] = p
	}
	off := func(p token.Pos) int { return fs.Position(p).Offset }
	// A source page sits as deep as its package page (src/<rel>/ and
	// api/<rel>/), so links to other packages are the package page's own.
	sel := map[*ast.Ident]bool{} // selected names: fields and methods, not package-level names
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.IsExported() {
			id := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) > 0 {
				id = recvName(fd.Recv.List[0].Type) + "." + id
				if !a.names[recvName(fd.Recv.List[0].Type)] {
					id = ""
				}
			} else if !a.names[id] {
				id = ""
			}
			if id != "" {
				m.Links[off(fd.Name.Pos())] = apiPage + "#" + id
			}
		}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok {
					if ip, ok := imports[x.Name]; ok {
						m.Links[off(n.Sel.Pos())] = a.link(ip, n.Sel.Name)
						return false
					}
				}
				sel[n.Sel] = true
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok {
					sel[k] = true // a field name in a composite literal
				}
			case *ast.Ident:
				if _, done := m.Links[off(n.Pos())]; !done && !sel[n] && n.IsExported() && a.names[n.Name] {
					m.Links[off(n.Pos())] = apiPage + "#" + n.Name
				}
			}
			return true
		})
	}
	return m
}
