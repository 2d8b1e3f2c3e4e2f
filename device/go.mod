module github.com/fastio-go/fastio/device

go 1.26.0

require github.com/fastio-go/fastio/core v0.1.0

require golang.org/x/sys v0.50.0

replace github.com/fastio-go/fastio/core => ../core
