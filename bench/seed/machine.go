package seed

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// machine describes the computer and the toolchains of this run.
func machine(e *env) Machine {
	m := Machine{CPU: cpuModel(), Cores: runtime.NumCPU(), OS: runtime.GOOS, Arch: runtime.GOARCH,
		Kernel: firstLine(exec.Command("uname", "-r")), Go: runtime.Version(), TempDir: e.dir,
		Tools: map[string]string{}}
	var flags []string
	for _, v := range []string{"GOFLAGS", "GOAMD64", "GOEXPERIMENT"} {
		if s := os.Getenv(v); s != "" {
			flags = append(flags, v+"="+s)
		}
	}
	m.GoFlags = strings.Join(flags, " ")
	if _, err := e.lookPath("gcc"); err == nil {
		m.CC = firstLine(exec.Command("gcc", "--version"))
	}
	if _, err := e.lookPath("g++"); err == nil {
		m.CXX = firstLine(exec.Command("g++", "--version"))
	}
	versions := map[string][]string{
		"iconv": {"--version"}, "sha256sum": {"--version"}, "openssl": {"version"},
		"gzip": {"--version"}, "pigz": {"--version"}, "libdeflate-gzip": {"-V"}, "igzip": {"--version"},
	}
	for tool, args := range versions {
		if p, err := e.lookPath(tool); err == nil {
			m.Tools[tool] = firstLine(exec.Command(p, args...))
		}
	}
	return m
}

// firstLine runs cmd and returns the first non-empty line it printed.
func firstLine(cmd *exec.Cmd) string {
	out, _ := cmd.CombinedOutput()
	for l := range strings.SplitSeq(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// cpuModel reads the processor's model name on Linux.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var model string
	var flags []string
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "model name":
			if model == "" {
				model = strings.TrimSpace(v)
			}
		case "flags":
			if flags == nil {
				for _, f := range strings.Fields(v) {
					switch f {
					case "avx2", "avx512f", "avx512bw", "avx512vl", "sha_ni", "bmi2", "vaes", "vpclmulqdq":
						flags = append(flags, f)
					}
				}
			}
		}
	}
	if len(flags) > 0 {
		model += " (" + strings.Join(flags, " ") + ")"
	}
	return model
}

// repoRoot finds the repository's root (the directory holding go.work and
// format/), from the working directory upwards, then from this source
// file's directory; "" if neither has it.
func repoRoot() string {
	try := func(dir string) string {
		for range 6 {
			if st, err := os.Stat(filepath.Join(dir, "format", "go.mod")); err == nil && !st.IsDir() {
				if _, err := os.Stat(filepath.Join(dir, "bench", "go.mod")); err == nil {
					return dir
				}
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
		return ""
	}
	if wd, err := os.Getwd(); err == nil {
		if r := try(wd); r != "" {
			return r
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		return try(filepath.Dir(file))
	}
	return ""
}
