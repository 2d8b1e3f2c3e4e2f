// Command okworkers collects results from goroutines, then writes and flushes them.
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"sync"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	var wg sync.WaitGroup
	results := make([]int, 4)
	for i := range results {
		wg.Go(func() { results[i] = i * i })
	}
	wg.Wait()
	for i, r := range results {
		fmt.Fprintf(w, "%d: %d\n", i, r)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
