package main

import (
	"strings"
	"testing"
)

func TestParseList(t *testing.T) {
	in := `# module package run env
compress . ^TestStress FASTIO_STRESS=1 FASTIO_STRESS_MB=1024

device ./... ^TestMap(Truncated|Changed) FASTIO_STRESS=1 # changing files
`
	got, err := parseList(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].module != "compress" || got[0].pkg != "." || got[0].run != "^TestStress" ||
		strings.Join(got[0].env, " ") != "FASTIO_STRESS=1 FASTIO_STRESS_MB=1024" ||
		got[1].module != "device" || got[1].pkg != "./..." || len(got[1].env) != 1 {
		t.Errorf("parseList = %+v", got)
	}
	bad := []struct{ in, want string }{
		{"compress .\n", "line 1: want `module package run-regexp"},
		{"\ncompress . ^Test( X=1\n", "line 2:"},
		{"compress . ^Test NOEQUALS\n", `"NOEQUALS" is not NAME=value`},
		{"compress . ^Test =1\n", `"=1" is not NAME=value`},
	}
	for _, b := range bad {
		if _, err := parseList(strings.NewReader(b.in)); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("parseList(%q) = %v, want an error containing %q", b.in, err, b.want)
		}
	}
}

func TestParseTestList(t *testing.T) {
	out := "FuzzA\nFuzzB\nok  \texample.com/m/a\t0.01s\n?   \texample.com/m/none\t[no test files]\nok  \texample.com/m/empty\t0.01s\nFuzzC\nok  \texample.com/m/c\t0.02s\n"
	got := parseTestList(out)
	if strings.Join(got["example.com/m/a"], ",") != "FuzzA,FuzzB" || strings.Join(got["example.com/m/c"], ",") != "FuzzC" || len(got) != 2 {
		t.Errorf("parseTestList = %v", got)
	}
}

func TestFuzzExecs(t *testing.T) {
	tests := []struct {
		out  string
		want int64
	}{
		{"fuzz: elapsed: 0s, gathering baseline coverage: 0/12 completed\nfuzz: elapsed: 3s, execs: 52369 (17456/sec), new interesting: 2 (total: 14)\nfuzz: elapsed: 5s, execs: 90210 (18951/sec), new interesting: 2 (total: 14)\nPASS\n", 90210},
		{"--- FAIL: FuzzX (0.10s)\n    Failing input written to testdata/fuzz/FuzzX/abc\n", 0},
		{"", 0},
	}
	for _, tt := range tests {
		if got := fuzzExecs(tt.out); got != tt.want {
			t.Errorf("fuzzExecs(%q) = %d, want %d", tt.out, got, tt.want)
		}
	}
}

func TestCountTestsAndFailureLine(t *testing.T) {
	out := "=== RUN   TestA\n--- PASS: TestA (1.00s)\n=== RUN   TestB\n    --- PASS: TestB/sub (0.1s)\n--- FAIL: TestB (0.20s)\n    b_test.go:9: lost 3 bytes\nFAIL\n"
	pass, fail := countTests(out)
	if pass != 1 || fail != 1 {
		t.Errorf("countTests = %d passed, %d failed; want 1, 1", pass, fail)
	}
	if got := failureLine(out); got != "--- FAIL: TestB (0.20s)" {
		t.Errorf("failureLine = %q", got)
	}
	fz := "fuzz: elapsed: 1s, execs: 10\n--- FAIL: FuzzX (0.10s)\n    Failing input written to testdata/fuzz/FuzzX/abc\n"
	if got := failureLine(fz); got != "Failing input written to testdata/fuzz/FuzzX/abc" {
		t.Errorf("failureLine = %q", got)
	}
}

func TestPrintTable(t *testing.T) {
	var b strings.Builder
	ok := printTable(&b, []result{
		{target: "codec/varint.FuzzUint", kind: "fuzz", execs: 1000},
		{target: "compress/. -run ^TestStress", kind: "test", execs: 2, fails: 1, note: "--- FAIL: TestStressBomb"},
	})
	if ok {
		t.Error("printTable reported success with a failure")
	}
	for _, want := range []string{"target", "executions", "failures", "codec/varint.FuzzUint", "1000", "--- FAIL: TestStressBomb", "2 targets, 1000 fuzz executions, 1 failures"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
	b.Reset()
	if !printTable(&b, []result{{target: "x", kind: "fuzz", execs: 1}}) {
		t.Error("printTable reported failure without one")
	}
}
