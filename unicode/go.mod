module github.com/fastio-go/fastio/unicode

go 1.26.0

require (
	github.com/fastio-go/fastio/core v0.0.0-00010101000000-000000000000
	golang.org/x/text v0.44.0
)

replace github.com/fastio-go/fastio/core => ../core
