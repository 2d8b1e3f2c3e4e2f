package device

import (
	"os"
	"strconv"
)

// parseMode translates a C fopen mode string into os.OpenFile flags.
//
//	"r"  read                       os.O_RDONLY
//	"w"  write, create, truncate    os.O_WRONLY|os.O_CREATE|os.O_TRUNC
//	"a"  append, create             os.O_WRONLY|os.O_CREATE|os.O_APPEND
//	"r+" read and write             os.O_RDWR
//	"w+" read and write, create, truncate
//	"a+" read and append, create
//
// After the first letter, in any order and at most once each: '+' (read
// and write), 'x' (with 'w' only: exclusive create, os.O_EXCL, as in C11),
// 'e' (close-on-exec) and 'b' (binary, accepted and ignored as on POSIX).
// Files opened by this package are always close-on-exec, because Go hands
// descriptors to child processes explicitly (exec.Cmd.ExtraFiles), so 'e'
// changes nothing; it is accepted for compatibility.
//
// A bad string gives a *modeError wrapping ErrBadMode.
func parseMode(mode string) (flag int, err error) {
	if mode == "" {
		return 0, &modeError{Mode: mode, Reason: "empty mode"}
	}
	switch mode[0] {
	case 'r':
		flag = os.O_RDONLY
	case 'w':
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case 'a':
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	default:
		return 0, &modeError{Mode: mode, Reason: "first letter " + strconv.QuoteRune(rune(mode[0])) + " is not 'r', 'w' or 'a'"}
	}
	var seen [4]bool
	for i := 1; i < len(mode); i++ {
		c := mode[i]
		k := -1
		switch c {
		case '+':
			k = 0
			flag = flag&^(os.O_RDONLY|os.O_WRONLY) | os.O_RDWR
		case 'x':
			k = 1
			if mode[0] != 'w' {
				return 0, &modeError{Mode: mode, Offset: i, Reason: "'x' (exclusive create) needs 'w'"}
			}
			flag |= os.O_EXCL
		case 'e':
			k = 2
		case 'b':
			k = 3
		default:
			return 0, &modeError{Mode: mode, Offset: i, Reason: "unexpected " + strconv.QuoteRune(rune(c))}
		}
		if seen[k] {
			return 0, &modeError{Mode: mode, Offset: i, Reason: "repeated " + strconv.QuoteRune(rune(c))}
		}
		seen[k] = true
	}
	return flag, nil
}
