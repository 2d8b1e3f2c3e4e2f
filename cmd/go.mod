module github.com/fastio-go/fastio/cmd

go 1.26.0

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/klauspost/compress v1.20.4 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

require (
	github.com/fastio-go/fastio/codec v0.1.0
	github.com/fastio-go/fastio/compress v0.1.0
	github.com/fastio-go/fastio/core v0.1.0
	github.com/fastio-go/fastio/crypto v0.1.0
	github.com/fastio-go/fastio/unicode v0.1.0
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	golang.org/x/term v0.48.0
	golang.org/x/text v0.44.0
	golang.org/x/tools v0.52.0
)

replace (
	github.com/fastio-go/fastio/codec => ../codec
	github.com/fastio-go/fastio/compress => ../compress
	github.com/fastio-go/fastio/core => ../core
	github.com/fastio-go/fastio/crypto => ../crypto
	github.com/fastio-go/fastio/unicode => ../unicode
)
