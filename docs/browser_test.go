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
	"regexp"
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

	"github.com/fastio-go/fastio/core/coretest"
	"github.com/fastio-go/fastio/docs/internal/site"
)

// chromium finds Debian's chromium, the browser the test drives; without
// it the test skips naming the package (or fails under
// FASTIO_REQUIRE_PEERS=1).
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return coretest.Peer(t, "chromium", "chromium")
}

// artifactDir is where the browser test saves its screenshots: a folder
// git ignores (docs/public is the site's build output). FASTIO_ARTIFACTS
// names another.
func artifactDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("FASTIO_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("public", "screenshots")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browserPages are the pages the browser loads: one of every kind the
// generator writes (each section's index, a package of every module, a
// guide, cookbook and source page, the command reference, the
// benchmarks). Every other page has the same layout, stylesheet and
// scripts; its links and anchors are checked from the files themselves.
func browserPages(all []string) []string {
	want := []string{"", "getting-started/", "cookbook/", "cookbook/numbers/", "cookbook/gzip/", "guide/", "guide/core/",
		"guide/compress/", "api/", "api/codec/record/", "api/cmd/fastio/", "api/docs/cookbook/first/", "src/core/writer.go.html",
		"src/unicode/convert.go.html", "commands/", "benchmarks/", "design/", "changelog/"}
	for _, p := range all {
		if m, ok := strings.CutPrefix(p, "api/"); ok && strings.Count(m, "/") == 1 {
			want = append(want, p) // the root package of every module
		}
	}
	var out []string
	for _, p := range want {
		if slices.Contains(all, p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// TestSiteInBrowser builds the site and checks it two ways. From the files:
// every page's links and anchors resolve to a file of the site (never a
// folder, which opens as a directory listing from file://), every module
// has a guide and every package an API page with an anchor per exported
// identifier. In a headless Chromium, served on 127.0.0.1 and opened from
// the file system: a page of every kind loads with no console error and no
// failed request, navigation and search work from file://, a search can
// be linked with ?q= and ranks the API first, the chart labels are
// readable sans-serif text whose legends do not overlap, emoji render in
// colour, the dark scheme applies, and at a phone's 390 px no element is
// wider than the screen except inside a block that scrolls. Screenshots of
// the landing page, an API page, a cookbook page, a search and the phone
// layout are saved to the folder the test prints.
//
// No fixed deadline decides the verdict: each browser step's budget is a
// multiple of the time the first page took to load on this machine, and
// the test logs its progress.
func TestSiteInBrowser(t *testing.T) {
	exe := chromium(t)
	started := time.Now()
	progress := func(format string, args ...any) {
		t.Logf("%6.1fs  %s", time.Since(started).Seconds(), fmt.Sprintf(format, args...))
	}
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
	pages := s.Pages()
	progress("built %d pages", len(pages))

	// From the files.
	files := checkSiteFiles(t, out, pages)
	for _, m := range workspaceModules(t, "..") {
		if _, ok := files["guide/"+m+"/"]; !ok {
			t.Errorf("module %s has no guide page", m)
		}
	}
	for _, pkg := range listPackages(t, "..") {
		key := "api/" + strings.TrimPrefix(pkg.importPath, site.RepoPath+"/") + "/"
		ids, ok := files[key]
		if !ok {
			t.Errorf("package %s has no API page (%s)", pkg.importPath, key)
			continue
		}
		for _, id := range exportedIdents(t, pkg.dir, pkg.files) {
			if !ids[id] {
				t.Errorf("%s: no anchor for %s", key, id)
			}
		}
	}
	progress("checked the links and anchors of %d pages from their files", len(pages))

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
		chromedp.Flag("allow-file-access-from-files", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	browser, cancelB := chromedp.NewContext(actx)
	defer cancelB()

	var mu sync.Mutex
	var problems []string
	watch := func(tab context.Context, current *string) {
		err := chromedp.Listen(tab, func(ev any) {
			report := func(format string, args ...any) {
				mu.Lock()
				defer mu.Unlock()
				problems = append(problems, *current+": "+fmt.Sprintf(format, args...))
			}
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
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	mainPage := "start"
	watch(browser, &mainPage)

	// Calibration: the browser's start and the first load of the landing
	// page, with nothing cached, set the budget of every later step.
	t0 := time.Now()
	if err := chromedp.Do(browser, chromedp.Navigate(srv.URL+"/index.html")); err != nil {
		t.Fatalf("start chromium and load the landing page: %v", err)
	}
	calibration := time.Since(t0)
	budget := max(60*time.Second, 40*calibration)
	progress("chromium started and loaded the landing page in %v; each step's budget is %v", calibration.Round(time.Millisecond), budget.Round(time.Second))
	run := func(ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, budget)
		defer cancel()
		if err := chromedp.Do(c, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}

	// A page of every kind, served, in two tabs at once.
	load := browserPages(pages)
	second, cancelSecond := chromedp.NewContext(browser)
	defer cancelSecond()
	secondPage := "second tab"
	watch(second, &secondPage)
	var wg sync.WaitGroup
	var titleErrs []string
	for tab, ctx := range []context.Context{browser, second} {
		cur := &mainPage
		if tab == 1 {
			cur = &secondPage
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := tab; i < len(load); i += 2 {
				mu.Lock()
				*cur = load[i]
				mu.Unlock()
				c, cancel := context.WithTimeout(ctx, budget)
				err := chromedp.Do(c, chromedp.Navigate(srv.URL+"/"+site.IndexFile(load[i])))
				title := ""
				if err == nil {
					title, err = chromedp.Run(c, chromedp.Title())
				}
				cancel()
				mu.Lock()
				if err != nil {
					titleErrs = append(titleErrs, fmt.Sprintf("load %s: %v", load[i], err))
				} else if !strings.HasSuffix(title, "· fastio") {
					titleErrs = append(titleErrs, fmt.Sprintf("%s: title %q", load[i], title))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	cancelSecond()
	for _, e := range titleErrs {
		t.Error(e)
	}
	progress("loaded %d pages of every kind in two tabs", len(load))
	mainPage = "file://"

	// From the file system: the landing page, a click on the API section,
	// a click on a package, and a search given in the address.
	fileURL := (&url.URL{Scheme: "file", Path: filepath.ToSlash(out) + "/index.html"}).String()
	type where struct{ URL, H1, Root string }
	whereJS := chromedp.Evaluate[where](`(async () => {
			await new Promise(r => { if (document.readyState === 'complete') r(); else window.addEventListener('load', r); });
			const m = document.querySelector('meta[name="fastio-root"]');
			const h = document.querySelector('h1');
			return {URL: location.href, H1: h ? h.textContent : '', Root: m ? m.content : 'none'};
		})()`, chromedp.EvalAwaitPromise)
	here := func(what string) where {
		t.Helper()
		return within(t, browser, budget, what, whereJS)
	}
	// at waits for a click's navigation to reach the page whose address
	// ends in suffix (the click returns before the new page loads), within
	// the step budget, and returns where the browser is. A look that
	// meets the navigation itself (the page it asked goes away under it)
	// is made again.
	at := func(what, suffix string) where {
		t.Helper()
		deadline := time.Now().Add(budget)
		for {
			c, cancel := context.WithTimeout(browser, budget)
			w, err := chromedp.Run(c, whereJS)
			cancel()
			switch {
			case err != nil && time.Now().After(deadline):
				t.Fatalf("%s: %v", what, err)
			case err == nil && (strings.HasSuffix(w.URL, suffix) || time.Now().After(deadline)):
				return w
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	run(browser, "open the landing page from a file", chromedp.Navigate(fileURL))
	if w := here("landing from a file"); w.Root == "none" || !strings.HasSuffix(w.URL, "/index.html") {
		t.Errorf("landing page from a file: %+v", w)
	}
	run(browser, "click API", chromedp.Click(chromedp.CSS(`header nav a[href$="api/index.html"]`)))
	if w := at("API index from a file", "/api/index.html"); !strings.HasSuffix(w.URL, "/api/index.html") || w.H1 != "API reference" {
		t.Errorf("the API link from a file opened %+v", w)
	}
	run(browser, "click format", chromedp.Click(chromedp.CSS(`table.pkgs a[href$="api/format/index.html"]`)))
	if w := at("package page from a file", "/api/format/index.html"); !strings.HasSuffix(w.URL, "/api/format/index.html") || w.H1 != "package format" {
		t.Errorf("the format link from a file opened %+v", w)
	}
	run(browser, "click the module's guide", chromedp.Click(chromedp.CSS(`p.meta a[href$="guide/format/index.html"]`)))
	if w := at("guide from a file", "/guide/format/index.html"); !strings.HasSuffix(w.URL, "/guide/format/index.html") {
		t.Errorf("the guide link from a file opened %+v", w)
	}
	results := func(what string) []string {
		t.Helper()
		run(browser, what, chromedp.WaitVisible(chromedp.CSS("#search-results")))
		return within(t, browser, budget, what, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('#search-results a'), a => a.href)`))
	}
	run(browser, "search from a file", chromedp.Navigate(fileURL+"?q=NewWriter"))
	if hrefs := results("search from a file"); len(hrefs) == 0 || !strings.HasSuffix(hrefs[0], "/api/core/index.html#NewWriter") {
		t.Errorf("search from a file: first results %v", first(hrefs, 3))
	} else {
		run(browser, "follow a search result from a file", chromedp.Click(chromedp.CSS("#search-results a")))
		if w := at("search result from a file", "/api/core/index.html#NewWriter"); !strings.HasSuffix(w.URL, "/api/core/index.html#NewWriter") || w.H1 != "package core" {
			t.Errorf("the search result opened %+v", w)
		}
	}
	progress("navigated and searched from file://")
	mainPage = "search"

	// Search, served: a linkable query, typed queries, Enter, ranking.
	run(browser, "search by address", chromedp.Navigate(srv.URL+"/index.html?q=Reserve"))
	if hrefs := results("search by address"); !slices.ContainsFunc(hrefs, func(h string) bool { return strings.HasSuffix(h, "/api/core/index.html#BufferedWriter.Reserve") }) {
		t.Errorf("?q=Reserve: no BufferedWriter.Reserve in %v", first(hrefs, 5))
	}
	typed := func(q string) []string {
		t.Helper()
		run(browser, "search "+q, chromedp.Navigate(srv.URL+"/index.html"), chromedp.SendKeys(chromedp.CSS("#search"), q))
		return results("search " + q)
	}
	for _, c := range []struct{ query, want string }{
		{"NewWriter", "/api/core/index.html#NewWriter"},
		{"gzip", "/cookbook/gzip/index.html"},
		{"memory-map", "/cookbook/mmap/index.html"},
	} {
		if hrefs := typed(c.query); !slices.ContainsFunc(hrefs, func(h string) bool { return strings.HasSuffix(h, c.want) }) {
			t.Errorf("search %q: no result %s in %v", c.query, c.want, first(hrefs, 8))
		}
	}
	loc := within(t, browser, budget, "the address follows the query", chromedp.Location())
	if !strings.HasSuffix(loc, "?q=memory-map") {
		t.Errorf("after typing a query the address is %s, want ?q=memory-map", loc)
	}
	typed("Writer")
	kinds := within(t, browser, budget, "kinds of results", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('#search-results .kind'), k => k.textContent)`))
	api := []string{"package", "command", "type", "func", "method", "field", "const", "var"}
	if len(kinds) == 0 || !slices.Contains(api, kinds[0]) {
		t.Errorf("search Writer: the first result is a %v, not the API", first(kinds, 3))
	}
	typed("NewWriter")
	run(browser, "enter in search", chromedp.SendKeys(chromedp.CSS("#search"), kb.Enter), chromedp.WaitReady(chromedp.CSS("#NewWriter")))
	loc = within(t, browser, budget, "location", chromedp.Location())
	// Served, http.FileServer redirects …/index.html to its folder.
	if !strings.HasSuffix(loc, "/api/core/index.html#NewWriter") && !strings.HasSuffix(loc, "/api/core/#NewWriter") {
		t.Errorf("enter in search went to %s", loc)
	}
	progress("searched")

	// Screenshots for people to look at, of a tall desktop window.
	shots := artifactDir(t)
	shoot := func(name, page string) {
		t.Helper()
		run(browser, "load "+page, chromedp.Navigate(srv.URL+"/"+page), chromedp.Sleep(100*time.Millisecond))
		img := within(t, browser, budget, "screenshot "+name, chromedp.CaptureScreenshot())
		if err := os.WriteFile(filepath.Join(shots, name), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(browser, "desktop viewport", chromedp.EmulateViewport(1280, 1800))
	shoot("landing.png", "index.html")
	shoot("api.png", "api/core/index.html")
	shoot("cookbook.png", "cookbook/numbers/index.html")
	shoot("search.png", "index.html?q=Writer")

	// The charts, at 1280 px: sans-serif labels of at least 12 px, legend
	// entries clear of each other and of the bars.
	mainPage = "charts"
	run(browser, "desktop width", chromedp.EmulateViewport(1280, 1000))
	type chartReport struct {
		Charts, Bars int
		Small, Serif []string
		Overlap      []string
	}
	const measureCharts = `(() => {
		const out = {Charts: 0, Bars: 0, Small: [], Serif: [], Overlap: []};
		const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
		for (const c of document.querySelectorAll('figure.chart')) {
			out.Charts++;
			for (const b of c.querySelectorAll('.bar .fill')) if (b.getBoundingClientRect().width > 0) out.Bars++;
			for (const el of c.querySelectorAll('figcaption, .legend li, .label, .value, .axis')) {
				const st = getComputedStyle(el);
				if (parseFloat(st.fontSize) < 12) out.Small.push(c.id + ': ' + el.textContent.trim() + ' at ' + st.fontSize);
				const fam = st.fontFamily.toLowerCase();
				if (!fam.includes('sans') && !fam.includes('system-ui')) out.Serif.push(c.id + ': ' + st.fontFamily);
			}
			const legend = Array.from(c.querySelectorAll('.legend li'), li => li.getBoundingClientRect());
			for (let i = 0; i < legend.length; i++) for (let j = i + 1; j < legend.length; j++)
				if (hit(legend[i], legend[j])) out.Overlap.push(c.id + ': legend entries ' + i + ' and ' + j);
			const bars = c.querySelector('.bars');
			const lg = c.querySelector('.legend');
			if (bars && lg && hit(lg.getBoundingClientRect(), bars.getBoundingClientRect())) out.Overlap.push(c.id + ': the legend covers the bars');
			for (const b of c.querySelectorAll('.bar')) {
				const f = b.querySelector('.fill'), v = b.querySelector('.value');
				if (f && v && f.getBoundingClientRect().right > v.getBoundingClientRect().left + 0.5) out.Overlap.push(c.id + ': a bar covers its value ' + v.textContent);
			}
			const labels = Array.from(c.querySelectorAll('.label, .value'), e => [e, e.getBoundingClientRect()]);
			for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++)
				if (hit(labels[i][1], labels[j][1])) { out.Overlap.push(c.id + ': "' + labels[i][0].textContent + '" and "' + labels[j][0].textContent + '"'); break; }
		}
		return out;
	})()`
	if cfg.Bench == nil || len(cfg.Bench.Charts) == 0 {
		t.Error("no charts: the landing page's figures come from bench/RESULTS.json, which this tree lacks")
	}
	for _, page := range []string{"index.html", "benchmarks/index.html"} {
		run(browser, "load "+page, chromedp.Navigate(srv.URL+"/"+page))
		cr := within(t, browser, budget, "measure the charts of "+page, chromedp.Evaluate[chartReport](measureCharts))
		if cr.Charts == 0 || cr.Bars == 0 {
			t.Errorf("%s shows %d charts with %d bars", page, cr.Charts, cr.Bars)
		}
		for _, p := range append(append(cr.Small, cr.Serif...), cr.Overlap...) {
			t.Errorf("%s: chart %s", page, p)
		}
		progress("%s: %d charts, %d bars: labels checked", page, cr.Charts, cr.Bars)
	}

	// Emoji render in colour (the benchmark tables name 🚄).
	t.Run("emoji", func(t *testing.T) {
		coloured := within(t, browser, budget, "draw an emoji", chromedp.Evaluate[int](`(() => {
			const c = document.createElement('canvas'); c.width = 64; c.height = 64;
			const g = c.getContext('2d');
			g.font = '48px ' + getComputedStyle(document.body).fontFamily;
			g.textBaseline = 'top';
			g.fillText('\u{1F684}', 4, 4);
			const d = g.getImageData(0, 0, 64, 64).data;
			let n = 0;
			for (let i = 0; i < d.length; i += 4) if (d[i+3] > 0 && (Math.abs(d[i] - d[i+1]) > 40 || Math.abs(d[i+1] - d[i+2]) > 40)) n++;
			return n;
		})()`))
		if coloured < 50 {
			if _, err := os.Stat("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"); err != nil {
				coretest.MissingPeer(t, "a colour emoji font", "fonts-noto-color-emoji")
			}
			t.Errorf("an emoji renders with %d coloured pixels: no colour emoji font reaches the page", coloured)
		}
	})

	// Light by default, dark when the reader's system asks for it.
	background := func() string {
		t.Helper()
		run(browser, "load the landing page", chromedp.Navigate(srv.URL+"/index.html"))
		return within(t, browser, budget, "background", chromedp.Evaluate[string](`getComputedStyle(document.body).backgroundColor`))
	}
	if bg := background(); brightness(bg) < 600 {
		t.Errorf("light scheme: body background %s is not light", bg)
	}
	if _, err := chromedp.Call(browser, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
	}); err != nil {
		t.Fatal(err)
	}
	if bg := background(); brightness(bg) < 0 || brightness(bg) > 150 {
		t.Errorf("dark scheme: body background %s is not dark", bg)
	}
	if _, err := chromedp.Call(browser, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}

	// On a phone, no element is wider than the screen, except inside a
	// block that scrolls sideways by itself (code, tables).
	mainPage = "phone"
	run(browser, "phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	for _, p := range []string{"index.html", "getting-started/index.html", "cookbook/numbers/index.html", "api/index.html", "api/core/index.html",
		"api/codec/record/index.html", "src/core/writer.go.html", "commands/index.html", "benchmarks/index.html", "guide/compress/index.html", "design/index.html"} {
		mainPage = "phone " + p
		type fit struct {
			W, Over float64
			Bad     []string
		}
		run(browser, "load "+p+" on a phone", chromedp.Navigate(srv.URL+"/"+p))
		r := within(t, browser, budget, "measure "+p, chromedp.Evaluate[fit](`(() => {
			const W = document.documentElement.clientWidth, bad = [];
			const scrolls = el => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
				const ox = getComputedStyle(p).overflowX; if (ox === 'auto' || ox === 'scroll' || ox === 'hidden') return true; } return false; };
			for (const el of document.querySelectorAll('body *')) {
				const r = el.getBoundingClientRect();
				if (r.width === 0 || r.height === 0 || (r.right <= W + 1 && r.left >= -1) || scrolls(el)) continue;
				bad.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') +
					' "' + el.textContent.trim().slice(0, 40) + '" reaches ' + Math.round(r.right) + 'px');
			}
			return {W: W, Over: document.documentElement.scrollWidth - W, Bad: bad.slice(0, 8)};
		})()`))
		if r.Over > 1 || len(r.Bad) > 0 {
			t.Errorf("%s is %vpx wider than a %vpx phone screen: %v", p, r.Over, r.W, r.Bad)
		}
	}
	shoot("phone.png", "index.html")
	progress("phone layout checked; screenshots in %s", shots)

	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Error(p)
	}
	progress("done")
}

func first[T any](s []T, n int) []T { return s[:min(n, len(s))] }

// within runs one browser step with the test's budget and fails the test,
// naming the step, if it does not complete.
func within[T any](t *testing.T, ctx context.Context, budget time.Duration, what string, a chromedp.Action[T]) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	v, err := chromedp.Run(c, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

var (
	hrefRE = regexp.MustCompile(`(?:href|src)="([^"]*)"`)
	idRE   = regexp.MustCompile(` id="([^"]+)"`)
)

// checkSiteFiles reads every written page and checks that each link to the
// site names a file that exists (not a folder) and each fragment an id on
// the target page. It returns the ids of every page, by page path.
func checkSiteFiles(t *testing.T, out string, pages []string) map[string]map[string]bool {
	t.Helper()
	file := func(p string) string {
		if p == "" || strings.HasSuffix(p, "/") {
			return p + "index.html"
		}
		return p
	}
	html := map[string]string{}
	ids := map[string]map[string]bool{}
	byFile := map[string]string{}
	for _, p := range pages {
		data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(file(p))))
		if err != nil {
			t.Fatal(err)
		}
		html[p] = string(data)
		ids[p] = map[string]bool{}
		for _, m := range idRE.FindAllStringSubmatch(html[p], -1) {
			ids[p][m[1]] = true
		}
		byFile[file(p)] = p
		if !strings.Contains(html[p], "· fastio</title>") {
			t.Errorf("%s: no title", p)
		}
	}
	broken := 0
	for _, p := range pages {
		for _, m := range hrefRE.FindAllStringSubmatch(html[p], -1) {
			l := m[1]
			if l == "" || strings.HasPrefix(l, "#") || strings.Contains(l, "://") || strings.HasPrefix(l, "data:") || strings.HasPrefix(l, "mailto:") {
				if frag, ok := strings.CutPrefix(l, "#"); ok && frag != "" && !ids[p][frag] {
					t.Errorf("%s: link to #%s: no such anchor", p, frag)
					broken++
				}
				continue
			}
			target, frag, _ := strings.Cut(l, "#")
			target, _, _ = strings.Cut(target, "?")
			resolved := path.Join(path.Dir("/"+file(p)), target)[1:]
			if strings.HasSuffix(target, "/") || target == "." || target == ".." {
				t.Errorf("%s: link %s names a folder, which opens as a directory listing from file://", p, l)
				broken++
				continue
			}
			fi, err := os.Stat(filepath.Join(out, filepath.FromSlash(resolved)))
			switch {
			case err != nil:
				t.Errorf("%s: link %s: no such file", p, l)
				broken++
			case fi.IsDir():
				t.Errorf("%s: link %s names a folder", p, l)
				broken++
			case frag != "":
				if tp, ok := byFile[resolved]; ok && !ids[tp][frag] {
					t.Errorf("%s: link %s: no anchor %q on %s", p, l, frag, tp)
					broken++
				}
			}
			if broken > 40 {
				t.Fatal("too many broken links")
			}
		}
	}
	return ids
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
