module github.com/fastio-go/fastio/device

go 1.26.0

require github.com/fastio-go/fastio/core v0.0.0-00010101000000-000000000000

require golang.org/x/sys v0.50.0

replace github.com/fastio-go/fastio/core => ../core
