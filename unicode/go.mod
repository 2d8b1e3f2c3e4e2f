module github.com/fastio-go/fastio/unicode

go 1.26.0

require golang.org/x/text v0.44.0

replace github.com/fastio-go/fastio/core => ../core
