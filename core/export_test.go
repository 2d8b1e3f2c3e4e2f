package core

// CursorAvailable returns how many bytes c can take before it hands its
// bytes to the Writer, for the tests of the Cursor's invariants.
func CursorAvailable(c Cursor) int { return c.available() }
