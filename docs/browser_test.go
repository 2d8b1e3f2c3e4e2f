// chromedp drives a browser process, which wasip1 cannot start.

//go:build !wasip1

package main

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"golang.org/x/mod/modfile"

	"github.com/fastio-go/fastio/docs/internal/site"
)

// pageInfo is what the browser reports about a loaded page.
type pageInfo struct {
	Title string   `json:"title"`
	IDs   []string `json:"ids"`
	Links []string `json:"links"`
}

const pageInfoJS = `({
	title: document.title,
	ids: Array.from(document.querySelectorAll('[id]'), e => e.id),
	links: Array.from(document.querySelectorAll('a[href]'), a => a.href)
})`

// chromium finds Debian's chromium, the browser the test drives.
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	t.Fatal("the browser test needs chromium: apt-get install chromium")
	return ""
}

// TestSiteInBrowser builds the site, serves it on 127.0.0.1 and loads every
// page in a headless Chromium: no console error, no failed request, every
// internal link and anchor resolves, every package of every module has its
// API page with an anchor per exported identifier, every module its guide,
// search finds identifiers and cookbook pages, and the landing page's
// charts render. It saves screenshots into public/screenshots.
func TestSiteInBrowser(t *testing.T) {
	exe := chromium(t)
	out := t.TempDir()
	cfg, cleanup, err := config("..")
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	cfg.Out = out
	s, err := site.Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancelC := chromedp.NewContext(actx)
	defer cancelC()
	ctx, cancelT := context.WithTimeout(ctx, 4*time.Minute)
	defer cancelT()

	var mu sync.Mutex
	var problems []string
	current := ""
	report := func(format string, args ...any) {
		mu.Lock()
		problems = append(problems, current+": "+fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				report("console %s: %s", ev.Type, strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			report("exception: %s at %s:%d", msg, d.URL, d.LineNumber)
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError {
				report("browser log: %s %s", ev.Entry.Text, ev.Entry.URL)
			}
		case *network.EventLoadingFailed:
			if !ev.Canceled {
				report("request failed: %s (%s)", ev.ErrorText, ev.Type)
			}
		case *network.EventResponseReceived:
			if ev.Response.Status >= 400 {
				report("HTTP %d for %s", ev.Response.Status, ev.Response.URL)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}

	pages := s.Pages()
	infos := map[string]pageInfo{}
	for _, p := range pages {
		mu.Lock()
		current = p
		mu.Unlock()
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+p)); err != nil {
			t.Fatalf("load %s: %v", p, err)
		}
		info, err := chromedp.Run(ctx, chromedp.Evaluate[pageInfo](pageInfoJS))
		if err != nil {
			t.Fatalf("inspect %s: %v", p, err)
		}
		if !strings.HasSuffix(info.Title, "· fastio") {
			t.Errorf("%s: title %q", p, info.Title)
		}
		infos[p] = info
	}
	t.Logf("loaded %d pages", len(pages))

	// Links and anchors.
	base, _ := url.Parse(srv.URL)
	broken := 0
	for _, p := range pages {
		for _, l := range infos[p].Links {
			u, err := url.Parse(l)
			if err != nil {
				t.Errorf("%s: bad link %q", p, l)
				continue
			}
			if u.Host != base.Host {
				continue // a link out of the site; the browser did not follow it
			}
			key := strings.TrimPrefix(u.Path, "/")
			target, isPage := infos[key]
			if !isPage {
				if fi, err := os.Stat(filepath.Join(out, filepath.FromSlash(key))); err != nil || fi.IsDir() {
					t.Errorf("%s: link to %s: no such page or file", p, l)
					broken++
				}
				continue
			}
			if u.Fragment != "" && !slices.Contains(target.IDs, u.Fragment) {
				t.Errorf("%s: link to %s: no anchor %q on %s", p, l, u.Fragment, key)
				broken++
			}
			if broken > 40 {
				t.Fatal("too many broken links")
			}
		}
	}

	// Every module has a guide, every package an API page with an anchor
	// for each exported identifier.
	for _, m := range workspaceModules(t, "..") {
		if _, ok := infos["guide/"+m+"/"]; !ok {
			t.Errorf("module %s has no guide page", m)
		}
	}
	for _, pkg := range listPackages(t, "..") {
		key := "api/" + strings.TrimPrefix(pkg.importPath, site.RepoPath+"/") + "/"
		info, ok := infos[key]
		if !ok {
			t.Errorf("package %s has no API page (%s)", pkg.importPath, key)
			continue
		}
		for _, id := range exportedIdents(t, pkg.dir, pkg.files) {
			if !slices.Contains(info.IDs, id) {
				t.Errorf("%s: no anchor for %s", key, id)
			}
		}
	}

	// Search, on the landing page.
	mu.Lock()
	current = "search"
	mu.Unlock()
	search := func(q string) []string {
		t.Helper()
		err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"),
			chromedp.SendKeys(chromedp.CSS("#search"), q),
			chromedp.WaitVisible(chromedp.CSS("#search-results")))
		if err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		hrefs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('#search-results a'), a => a.href)`))
		if err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		return hrefs
	}
	for _, c := range []struct{ query, want string }{
		{"NewWriter", "/api/core/#NewWriter"},
		{"Reserve", "/api/core/#BufferedWriter.Reserve"},
		{"gzip", "/cookbook/gzip/"},
		{"memory-map", "/cookbook/mmap/"},
	} {
		hrefs := search(c.query)
		if !slices.ContainsFunc(hrefs, func(h string) bool { return strings.HasSuffix(h, c.want) }) {
			t.Errorf("search %q: no result %s in %v", c.query, c.want, hrefs)
		}
	}

	// Enter opens the first result.
	search("NewWriter")
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#search"), kb.Enter), chromedp.WaitReady(chromedp.CSS("#NewWriter"))); err != nil {
		t.Fatalf("enter in search: %v", err)
	}
	if loc, err := chromedp.Run(ctx, chromedp.Location()); err != nil || !strings.HasSuffix(loc, "/api/core/#NewWriter") {
		t.Errorf("enter in search went to %s (%v)", loc, err)
	}

	// The landing page's charts render with a size.
	mu.Lock()
	current = "charts"
	mu.Unlock()
	type box struct {
		W, H, Natural float64
		Src           string
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	charts, err := chromedp.Run(ctx, chromedp.Evaluate[[]box](`(async () => {
		await new Promise(r => { if (document.readyState === 'complete') r(); else window.addEventListener('load', r); });
		return Array.from(document.querySelectorAll('.charts img'), i => {
			const r = i.getBoundingClientRect();
			return {W: r.width, H: r.height, Natural: i.naturalWidth, Src: i.src};
		});
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Bench == nil || len(cfg.Bench.Charts) == 0 {
		t.Error("no charts: the landing page's figures come from bench/RESULTS.json, which this tree lacks")
	}
	if len(charts) == 0 {
		t.Error("the landing page shows no charts")
	}
	for _, c := range charts {
		if c.W <= 0 || c.H <= 0 || c.Natural <= 0 {
			t.Errorf("chart %s renders at %vx%v (natural width %v)", c.Src, c.W, c.H, c.Natural)
		}
	}
	t.Logf("%d charts on the landing page", len(charts))

	// Screenshots for people to look at, of a tall desktop window.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1800)); err != nil {
		t.Fatal(err)
	}
	shots := filepath.Join("public", "screenshots")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, sc := range []struct{ name, page string }{
		{"landing.png", ""},
		{"cookbook.png", "cookbook/numbers/"},
		{"api.png", "api/core/"},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+sc.page)); err != nil {
			t.Fatal(err)
		}
		img, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(shots, sc.name), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Light by default, dark when the reader's system asks for it.
	background := func() string {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
			t.Fatal(err)
		}
		bg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.body).backgroundColor`))
		if err != nil {
			t.Fatal(err)
		}
		return bg
	}
	if bg := background(); brightness(bg) < 600 {
		t.Errorf("light scheme: body background %s is not light", bg)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
	}); err != nil {
		t.Fatal(err)
	}
	if bg := background(); brightness(bg) < 0 || brightness(bg) > 150 {
		t.Errorf("dark scheme: body background %s is not dark", bg)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}

	// On a phone, pages fit the screen's width: only code blocks and
	// tables scroll sideways, inside themselves.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"", "getting-started/", "cookbook/numbers/", "api/core/", "api/codec/record/", "src/core/writer.go.html", "commands/", "benchmarks/"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+p)); err != nil {
			t.Fatal(err)
		}
		over, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.documentElement.scrollWidth - window.innerWidth`))
		if err != nil {
			t.Fatal(err)
		}
		if over > 1 {
			t.Errorf("%s is %vpx wider than a 390px phone screen", p, over)
		}
	}

	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Error(p)
	}
}

// workspaceModules lists the module folders of go.work.
func workspaceModules(t *testing.T, root string) []string {
	t.Helper()
	name := filepath.Join(root, "go.work")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	wf, err := modfile.ParseWork(name, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, u := range wf.Use {
		out = append(out, path.Clean(filepath.ToSlash(u.Path)))
	}
	return out
}

type listedPackage struct {
	importPath, dir string
	files           []string
}

// listPackages asks the go command for every package of the workspace,
// commands included, independently of the generator's own discovery.
func listPackages(t *testing.T, root string) []listedPackage {
	t.Helper()
	work, err := filepath.Abs(filepath.Join(root, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles ","}}`, "work")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOWORK="+work, "GOOS=linux", "GOARCH=amd64", "CGO_ENABLED=0")
	outb, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list work: %v", err)
	}
	var pkgs []listedPackage
	for _, line := range strings.Split(strings.TrimSpace(string(outb)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 3 {
			continue
		}
		pkgs = append(pkgs, listedPackage{f[0], f[1], strings.Split(f[2], ",")})
	}
	if len(pkgs) == 0 {
		t.Fatal("go list found no packages")
	}
	return pkgs
}

// exportedIdents lists the ids a package's API page must have: every
// exported function, type, constant and variable, methods and interface
// methods of exported types as "Type.Method", exported struct fields as
// "Type.Field".
func exportedIdents(t *testing.T, dir string, files []string) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					out = append(out, d.Name.Name)
					continue
				}
				if r := receiver(d.Recv.List[0].Type); token.IsExported(r) {
					out = append(out, r+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								out = append(out, n.Name)
							}
						}
					case *ast.TypeSpec:
						if !sp.Name.IsExported() {
							continue
						}
						out = append(out, sp.Name.Name)
						var fields *ast.FieldList
						switch tt := sp.Type.(type) {
						case *ast.StructType:
							fields = tt.Fields
						case *ast.InterfaceType:
							fields = tt.Methods
						}
						if fields == nil {
							continue
						}
						for _, fl := range fields.List {
							for _, n := range fl.Names {
								if n.IsExported() {
									out = append(out, sp.Name.Name+"."+n.Name)
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}

func receiver(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// brightness adds up the red, green and blue of a CSS "rgb(r, g, b)" colour.
func brightness(css string) int {
	var r, g, b int
	if _, err := fmt.Sscanf(css, "rgb(%d, %d, %d)", &r, &g, &b); err != nil {
		return -1
	}
	return r + g + b
}
