package coretest_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

func TestWriterFaults(t *testing.T) {
	tests := []struct {
		name      string
		faults    coretest.Faults
		calls     []string
		wantData  string
		wantErrAt int // 1-based call that errs; 0 none
		temporary bool
	}{
		{"none", coretest.Faults{}, []string{"ab", "cd"}, "abcd", 0, false},
		{"short", coretest.Faults{Max: 1}, []string{"ab", "cd"}, "ac", 0, false},
		{"fail at 2", coretest.Faults{FailAt: 2}, []string{"ab", "cd", "ef"}, "ab", 2, false},
		{"partial", coretest.Faults{FailAt: 1, FailFor: 1, Partial: true}, []string{"abcd", "ef"}, "abef", 1, false},
		{"temporary", coretest.Faults{FailAt: 1, FailFor: 1, Temporary: true}, []string{"ab", "cd"}, "cd", 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := &coretest.Writer{Faults: tc.faults}
			for i, c := range tc.calls {
				_, err := w.Write([]byte(c))
				if (err != nil) != (i+1 >= tc.wantErrAt && tc.wantErrAt > 0 && (tc.faults.FailFor == 0 || i+1 < tc.wantErrAt+tc.faults.FailFor)) {
					t.Fatalf("call %d: err = %v", i+1, err)
				}
				if err != nil {
					var te interface{ Timeout() bool }
					if got := errors.As(err, &te) && te.Timeout(); got != tc.temporary {
						t.Fatalf("temporary = %v", got)
					}
					if !errors.Is(err, coretest.ErrFault) {
						t.Fatalf("err %v is not ErrFault", err)
					}
				}
			}
			if string(w.Bytes()) != tc.wantData || w.Calls != len(tc.calls) {
				t.Fatalf("data %q calls %d", w.Bytes(), w.Calls)
			}
		})
	}
}

func TestReaderFaults(t *testing.T) {
	r := &coretest.Reader{Data: []byte("abcdef"), Faults: coretest.Faults{Max: 2, FailAt: 2, FailFor: 1}, EOFWithData: true}
	p := make([]byte, 10)
	var got []byte
	var errs []error
	for range 5 {
		n, err := r.Read(p)
		got = append(got, p[:n]...)
		errs = append(errs, err)
		if err == io.EOF {
			break
		}
	}
	if string(got) != "abcdef" {
		t.Fatalf("got %q", got)
	}
	if !errors.Is(errs[1], coretest.ErrFault) || errs[len(errs)-1] != io.EOF || errs[0] != nil {
		t.Fatalf("errors %v", errs)
	}
}

func TestChecker(t *testing.T) {
	dev := &coretest.Writer{}
	c := &coretest.Checker{W: dev}
	c.Write([]byte("hello "))
	c.Write([]byte("world"))
	if err := c.Verify(dev.Bytes(), 0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		device  string
		pending int
	}{
		{"lost", "hello", 0},
		{"duplicated", "hello hello world", 0},
		{"changed", "hellO world", 0},
		{"pending wrong", "hello ", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := c.Verify([]byte(tc.device), tc.pending); err == nil {
				t.Fatal("Verify accepted a bad device")
			}
		})
	}
	if err := c.Verify([]byte("hello "), 5); err != nil {
		t.Fatal(err)
	}
	if err := c.Verify([]byte("hel"), -1); err != nil {
		t.Fatal(err)
	}
	c.Ack([]byte("!"))
	if !bytes.Equal(c.Acked(), []byte("hello world!")) {
		t.Fatal(string(c.Acked()))
	}
}
