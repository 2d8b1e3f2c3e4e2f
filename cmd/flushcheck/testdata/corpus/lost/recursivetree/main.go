// Command recursivetree prints a tree with a recursive function and never flushes.
package main

import (
	"bufio"
	"os"
)

type node struct {
	name string
	kids []*node
}

func printTree(w *bufio.Writer, n *node, depth int) {
	for range depth {
		w.WriteString("  ")
	}
	w.WriteString(n.name + "\n")
	for _, k := range n.kids {
		printTree(w, k, depth+1)
	}
}

var root = &node{"/", []*node{{"etc", []*node{{"hosts", nil}}}, {"tmp", nil}}}

func main() {
	w := bufio.NewWriter(os.Stdout)
	printTree(w, root, 0)
}
