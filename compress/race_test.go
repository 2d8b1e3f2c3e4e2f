//go:build race

package compress

// raceEnabled reports a -race build, in which sync.Pool drops items on
// purpose, so pool allocation counts are not meaningful.
const raceEnabled = true
