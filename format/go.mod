module github.com/fastio-go/fastio/format

go 1.26.0

require github.com/fastio-go/fastio/core v0.1.0

replace github.com/fastio-go/fastio/core => ../core
