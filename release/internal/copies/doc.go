// Package copies checks the files that several modules hold the same
// copy of, because Go's internal rule keeps one module's internal
// packages from the others: each copy must be identical to its source.
package copies
