// Command okgoroutine writes from a goroutine and flushes after waiting for it.
package main

import (
	"bufio"
	"log"
	"os"
	"sync"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w.WriteString("from the goroutine\n")
	}()
	wg.Wait()
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
