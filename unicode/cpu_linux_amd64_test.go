//go:build !purego

package unicode

import (
	"os"
	"strings"
	"testing"
)

// TestCPUFeatures checks the features the vector kernels are chosen by
// against the flags the Linux kernel reports in /proc/cpuinfo.
func TestCPUFeatures(t *testing.T) {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo:", err)
	}
	flags := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if name, list, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			for _, f := range strings.Fields(list) {
				flags[f] = true
			}
			break
		}
	}
	avx512 := flags["avx2"] && flags["bmi2"] && flags["avx512f"] && flags["avx512bw"] && flags["avx512vl"] &&
		flags["avx512vbmi"] && flags["avx512_vbmi2"]
	if hasAVX2 != flags["avx2"] || hasAVX512 != avx512 {
		t.Errorf("detected AVX2 %v, AVX-512 %v; /proc/cpuinfo says %v, %v", hasAVX2, hasAVX512, flags["avx2"], avx512)
	}
}
