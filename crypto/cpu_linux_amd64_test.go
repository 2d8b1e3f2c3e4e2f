//go:build !purego

package crypto

import (
	"os"
	"strings"
	"testing"
)

// TestCPUFeatures checks the features the block functions are chosen by
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
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"SHA-NI", hasSHANI, flags["sha_ni"] && flags["ssse3"] && flags["sse4_1"]},
		{"AVX2+BMI", hasAVX2, flags["avx2"] && flags["bmi1"] && flags["bmi2"]},
		{"AVX-512F+VL", hasAVX512, flags["avx2"] && flags["bmi1"] && flags["bmi2"] && flags["avx512f"] && flags["avx512vl"]},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: detected %v, /proc/cpuinfo says %v", tc.name, tc.got, tc.want)
		}
	}
}
