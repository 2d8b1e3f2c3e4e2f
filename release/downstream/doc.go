// Package downstream tests what a user outside the repository gets: its
// tests publish every workspace module to a module proxy on disk, then, in a
// fresh module outside the workspace, run the README's install commands for
// each library module, build and run a small program against it, and check
// that the build list holds only that module, the fastio modules it requires
// and the third-party modules their go.mod files declare.
package downstream
