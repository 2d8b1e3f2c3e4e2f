// Package seamtest measures the seam between fastio's modules: that
// formatting and encoding into the buffered file device.Create returns
// costs the same as into a core.Writer built by hand, because
// device.OutFile is core's Writer and format and record take its inlined
// fast path; and that formatting and encoding into a transform writer
// (unicode's and compress's Writers, which hand out their core.Engine)
// costs the same as into its core.Engine, whose inlined paths format and
// record take. It holds tests and benchmarks only.
//
//	go test -run '^$' -bench . ./seamtest
//	FASTIO_RATIOS=1 go test -run Ratios -v ./seamtest
package seamtest
