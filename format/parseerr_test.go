package format_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/format"
)

// TestParseErrorsNameTheInput checks that ParseInt and ParseFloat errors
// read as strconv's do, naming the function and quoting the input, and
// match strconv's sentinels.
func TestParseErrorsNameTheInput(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
		std  error
	}{
		{"ParseFloat syntax", second(format.ParseFloat[float64]("x5")), `format.ParseFloat: parsing "x5": invalid syntax`, strconv.ErrSyntax},
		{"ParseFloat range", second(format.ParseFloat[float32]("1e100")), `format.ParseFloat: parsing "1e100": value out of range`, strconv.ErrRange},
		{"ParseInt syntax", second(format.ParseInt[int]("12a", 10)), `format.ParseInt: parsing "12a": invalid syntax`, strconv.ErrSyntax},
		{"ParseInt range", second(format.ParseInt[int8]([]byte("300"), 10)), `format.ParseInt: parsing "300": value out of range`, strconv.ErrRange},
		{"ParseInt base", second(format.ParseInt[int]("1", 99)), `format.ParseInt: parsing "1": invalid syntax`, strconv.ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil || tt.err.Error() != tt.want {
				t.Fatalf("error %v, want %s", tt.err, tt.want)
			}
			if !errors.Is(tt.err, tt.std) {
				t.Errorf("%v: errors.Is %v is false", tt.err, tt.std)
			}
		})
	}
}

func second[T any](_ T, err error) error { return err }
