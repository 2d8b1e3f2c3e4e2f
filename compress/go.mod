module github.com/fastio-go/fastio/compress

go 1.26.0

require (
	github.com/fastio-go/fastio/core v0.1.0
	github.com/google/go-cmp v0.7.0
	github.com/klauspost/compress v1.20.4
	golang.org/x/sys v0.50.0
)

replace github.com/fastio-go/fastio/core => ../core
