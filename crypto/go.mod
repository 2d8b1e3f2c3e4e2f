module github.com/fastio-go/fastio/crypto

go 1.26.0

require (
	github.com/fastio-go/fastio/core v0.1.0
	golang.org/x/sys v0.50.0
)

replace github.com/fastio-go/fastio/core => ../core
