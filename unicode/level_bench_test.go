package unicode

import "testing"

// BenchmarkKernelLevels runs the conversions that have AVX-512 kernels at
// each of the three best kernel levels of the machine (AVX-512, AVX2 with
// the mixed-text UTF-8 decoder, and the AVX2 run kernels alone, on a CPU
// with AVX-512), on every corpus, to compare them in the same run.
func BenchmarkKernelLevels(b *testing.B) {
	levels := kernelLevels()
	if len(levels) > 3 {
		levels = levels[:3]
	}
	for _, pair := range []string{"UTF8ToUTF16LE", "UTF8ToUTF32LE", "UTF16LEToUTF8", "UTF32LEToUTF8"} {
		p := benchPairs[pair]
		c, _ := New(p.from, p.to, Options{})
		for _, name := range corpusNames {
			in := benchInput(b, name, p.from)
			out := make([]byte, 0, 5*len(in)+64)
			for _, level := range levels {
				b.Run(pair+"/"+name+"/"+level, func(b *testing.B) {
					defer setLevel(level)()
					cpuLoop(b, len(in), func() {
						if _, err := c.Append(out[:0], in); err != nil {
							b.Fatal(err)
						}
					})
				})
			}
		}
	}
}
