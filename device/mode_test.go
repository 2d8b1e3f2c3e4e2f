package device

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestParseMode(t *testing.T) {
	tests := []struct {
		mode string
		want int
	}{
		{"r", os.O_RDONLY},
		{"rb", os.O_RDONLY},
		{"re", os.O_RDONLY},
		{"w", os.O_WRONLY | os.O_CREATE | os.O_TRUNC},
		{"wb", os.O_WRONLY | os.O_CREATE | os.O_TRUNC},
		{"wx", os.O_WRONLY | os.O_CREATE | os.O_TRUNC | os.O_EXCL},
		{"a", os.O_WRONLY | os.O_CREATE | os.O_APPEND},
		{"r+", os.O_RDWR},
		{"rb+", os.O_RDWR},
		{"r+b", os.O_RDWR},
		{"w+", os.O_RDWR | os.O_CREATE | os.O_TRUNC},
		{"w+x", os.O_RDWR | os.O_CREATE | os.O_TRUNC | os.O_EXCL},
		{"wbxe+", os.O_RDWR | os.O_CREATE | os.O_TRUNC | os.O_EXCL},
		{"a+", os.O_RDWR | os.O_CREATE | os.O_APPEND},
		{"a+e", os.O_RDWR | os.O_CREATE | os.O_APPEND},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			got, err := parseMode(tt.mode)
			if err != nil {
				t.Fatalf("parseMode(%q): %v", tt.mode, err)
			}
			if got != tt.want {
				t.Errorf("parseMode(%q) = %#x, want %#x", tt.mode, got, tt.want)
			}
		})
	}
}

func TestParseModeBad(t *testing.T) {
	tests := []struct {
		mode   string
		offset int
		reason string
	}{
		{"", 0, "empty"},
		{"q", 0, "first letter"},
		{"+r", 0, "first letter"},
		{"R", 0, "first letter"},
		{"rq", 1, "unexpected 'q'"},
		{"r++", 2, "repeated '+'"},
		{"wbb", 2, "repeated 'b'"},
		{"wxx", 2, "repeated 'x'"},
		{"rx", 1, "needs 'w'"},
		{"ax", 1, "needs 'w'"},
		{"w ", 1, "unexpected ' '"},
		{"r\x00", 1, "unexpected"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			_, err := parseMode(tt.mode)
			if !errors.Is(err, ErrBadMode) {
				t.Fatalf("parseMode(%q) error = %v, want ErrBadMode", tt.mode, err)
			}
			var me *modeError
			if !errors.As(err, &me) {
				t.Fatalf("error %T is not a *modeError", err)
			}
			if me.Offset != tt.offset || me.Mode != tt.mode || !strings.Contains(me.Reason, tt.reason) {
				t.Errorf("got %+v, want offset %d and reason containing %q", me, tt.offset, tt.reason)
			}
		})
	}
}

// FuzzParseMode checks that every accepted mode follows fopen's grammar
// and that every rejected one is reported as a *modeError inside it.
func FuzzParseMode(f *testing.F) {
	for _, s := range []string{"r", "w", "a", "r+", "w+x", "a+be", "rq", "", "r++", "wbxe+", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, mode string) {
		flag, err := parseMode(mode)
		if err != nil {
			var me *modeError
			if !errors.As(err, &me) || !errors.Is(err, ErrBadMode) {
				t.Fatalf("error %v is not a *modeError wrapping ErrBadMode", err)
			}
			if me.Offset < 0 || (len(mode) > 0 && me.Offset >= len(mode)) {
				t.Fatalf("offset %d outside %q", me.Offset, mode)
			}
			return
		}
		if len(mode) == 0 || len(mode) > 5 || !strings.ContainsRune("rwa", rune(mode[0])) {
			t.Fatalf("accepted %q", mode)
		}
		for i := 1; i < len(mode); i++ {
			if !strings.ContainsRune("+xeb", rune(mode[i])) || strings.Count(mode, mode[i:i+1]) != 1 {
				t.Fatalf("accepted %q", mode)
			}
		}
		plus := strings.Contains(mode, "+")
		acc := flag & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR)
		canRead, canWrite := acc != os.O_WRONLY, acc != os.O_RDONLY
		if canRead != (mode[0] == 'r' || plus) || canWrite != (mode[0] != 'r' || plus) {
			t.Fatalf("parseMode(%q) = %#x: wrong access", mode, flag)
		}
		if (flag&os.O_EXCL != 0) != strings.Contains(mode, "x") {
			t.Fatalf("parseMode(%q) = %#x: wrong O_EXCL", mode, flag)
		}
	})
}
