//go:build ignore

// gen_sha512 writes sha512const.go (the 80 round constants of FIPS 180-4,
// 4.2.3, computed here from the cube roots of the first 80 primes) and
// sha512block_amd64.s (two SHA-384/512 block functions for x86-64). Run it
// with `go run gen_sha512.go` in this folder.
//
// Design (after the notes in OpenSSL's crypto/sha/asm/sha512-x86_64.pl by
// Andy Polyakov, its AVX2 path, and Gulley et al., "Fast SHA-512
// Implementations on Intel Architecture Processors", Intel, 2012):
//
//   - The message schedule of two blocks is computed at once in ymm
//     registers: the low 128-bit lane holds two words of the first block,
//     the high lane the same two words of the second. Two words a step is
//     the natural width of SHA-512's schedule (W[t+1] needs W[t-1], not
//     W[t]), and the lane-wise VPALIGNR keeps the blocks apart.
//   - Each step adds the round constants and stores W+K for both blocks to
//     the stack; the scalar rounds of the first block, interleaved with the
//     vector schedule, add W+K from memory. The second block's 80 rounds
//     then run from the stack with no schedule work at all, which is where
//     the gain over a one-block schedule comes from.
//   - The rounds use BMI2's RORX (non-destructive rotates, no flags) and
//     BMI1's ANDN for Ch; Maj is ((a^b)&(b^c))^b, reusing the previous
//     round's a^b as this round's b^c. Registers are renamed by the
//     generator instead of moved.
//
// blockAVX2 computes the schedule's sigma functions from shifts and XORs.
// blockAVX512 is the same code with AVX-512VL's VPRORQ (a native 64-bit
// rotate) and VPTERNLOGQ (a three-way XOR in one instruction) on the same
// ymm registers, which shortens the vector part by half.
package main

import (
	"bytes"
	"fmt"
	"math/big"
	"os"
	"strings"
)

func primes(n int) []int {
	var ps []int
	for c := 2; len(ps) < n; c++ {
		prime := true
		for _, p := range ps {
			if c%p == 0 {
				prime = false
				break
			}
		}
		if prime {
			ps = append(ps, c)
		}
	}
	return ps
}

// cbrtFrac64 returns the first 64 bits of the fractional part of the cube
// root of p, by Newton's method on 300-bit floats.
func cbrtFrac64(p int) uint64 {
	const prec = 300
	x := new(big.Float).SetPrec(prec).SetInt64(int64(p))
	r := new(big.Float).SetPrec(prec).SetFloat64(2)
	three := new(big.Float).SetPrec(prec).SetInt64(3)
	for range 200 {
		r2 := new(big.Float).SetPrec(prec).Mul(r, r)
		r3 := new(big.Float).SetPrec(prec).Mul(r2, r)
		num := new(big.Float).SetPrec(prec).Sub(r3, x)
		den := new(big.Float).SetPrec(prec).Mul(three, r2)
		r.Sub(r, num.Quo(num, den))
	}
	ip, _ := r.Int(nil)
	frac := new(big.Float).SetPrec(prec).Sub(r, new(big.Float).SetPrec(prec).SetInt(ip))
	frac.Mul(frac, new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), 64))
	v, _ := frac.Int(nil)
	return v.Uint64()
}

var out bytes.Buffer

func w(format string, args ...any) { fmt.Fprintf(&out, format+"\n", args...) }

// state registers a..h at round 0; round t's a is regs[(8-t%8)%8].
var regs = [8]string{"AX", "BX", "CX", "DX", "R8", "R9", "R10", "R11"}

func reg(t, i int) string { return regs[((i-t)%8+8)%8] }

// round returns the instructions of scalar round t reading W+K at
// wk(SP).
func round(t, wk int) []string {
	a, b, d, e, f, g, h := reg(t, 0), reg(t, 1), reg(t, 3), reg(t, 4), reg(t, 5), reg(t, 6), reg(t, 7)
	bc, ab := "R12", "R13"
	if t%2 == 1 {
		bc, ab = ab, bc
	}
	// The e chain (Σ1, Ch, T1, d+T1) and the a chain (Σ0, Maj) are
	// interleaved in program order, as in OpenSSL's BMI2 rounds, so that
	// the scheduler, which prefers older instructions, works on both at
	// once; Ch's halves and Σ1 go into h before d += h. Ordered one chain
	// after the other, the same instructions ran 12% slower.
	return []string{
		fmt.Sprintf("ADDQ %d(SP)(R15*1), %s", wk, h), // h += W+K
		fmt.Sprintf("RORXQ $41, %s, SI", e),
		fmt.Sprintf("RORXQ $18, %s, DI", e),
		fmt.Sprintf("ANDNQ %s, %s, R14", g, e),
		"XORQ DI, SI",
		fmt.Sprintf("ADDQ R14, %s", h),
		fmt.Sprintf("RORXQ $14, %s, DI", e),
		fmt.Sprintf("MOVQ %s, R14", f),
		fmt.Sprintf("ANDQ %s, R14", e),
		"XORQ DI, SI",                  // Σ1(e)
		fmt.Sprintf("ADDQ R14, %s", h), // Ch is the sum of e&f and ^e&g
		fmt.Sprintf("MOVQ %s, %s", a, ab),
		fmt.Sprintf("RORXQ $39, %s, DI", a),
		fmt.Sprintf("ADDQ SI, %s", h), // T1
		fmt.Sprintf("RORXQ $34, %s, R14", a),
		fmt.Sprintf("XORQ %s, %s", b, ab), // a^b, the next round's b^c
		fmt.Sprintf("ADDQ %s, %s", h, d),  // T1 + d: the next e
		"XORQ R14, DI",
		fmt.Sprintf("RORXQ $28, %s, R14", a),
		fmt.Sprintf("ANDQ %s, %s", ab, bc),
		"XORQ R14, DI",                    // Σ0(a)
		fmt.Sprintf("XORQ %s, %s", b, bc), // Maj(a, b, c)
		fmt.Sprintf("ADDQ DI, %s", h),     // += Σ0(a)
		fmt.Sprintf("ADDQ %s, %s", bc, h), // += Maj(a, b, c): the next a
	}
}

// wkOff is the stack offset of W[t]+K[t] of the first (lane 0) or second
// (lane 1) block: step i's ymm store holds words 2i and 2i+1 of both.
func wkOff(t, lane int) int { return 32*(t/2) + 8*(t%2) + 16*lane }

func y(i int) string { return fmt.Sprintf("Y%d", i) }

// schedule returns the vector instructions computing W[16+2j] and
// W[16+2j+1] of both blocks into the register that held W[2j], W[2j+1],
// and storing them plus K to the stack.
func schedule(j int, avx512 bool) []string {
	x0, x1, x4, x5, x7 := y(j%8), y((j+1)%8), y((j+4)%8), y((j+5)%8), y((j+7)%8)
	s := []string{
		fmt.Sprintf("VPALIGNR $8, %s, %s, Y8", x0, x1), // W[t-15], W[t-14]
		fmt.Sprintf("VPALIGNR $8, %s, %s, Y9", x4, x5), // W[t-7], W[t-6]
		fmt.Sprintf("VPADDQ Y9, %s, %s", x0, x0),
	}
	if avx512 {
		s = append(s,
			"VPRORQ $1, Y8, Y10",
			"VPRORQ $8, Y8, Y11",
			"VPSRLQ $7, Y8, Y12",
			"VPTERNLOGQ $0x96, Y12, Y11, Y10", // σ0
			fmt.Sprintf("VPRORQ $19, %s, Y13", x7),
			fmt.Sprintf("VPRORQ $61, %s, Y14", x7),
			fmt.Sprintf("VPSRLQ $6, %s, Y9", x7),
			"VPTERNLOGQ $0x96, Y9, Y14, Y13", // σ1
		)
	} else {
		s = append(s,
			"VPSRLQ $1, Y8, Y10",
			"VPSLLQ $63, Y8, Y11",
			"VPSRLQ $8, Y8, Y12",
			"VPXOR Y11, Y10, Y10",
			"VPSLLQ $56, Y8, Y11",
			"VPXOR Y12, Y10, Y10",
			"VPSRLQ $7, Y8, Y12",
			"VPXOR Y11, Y10, Y10",
			"VPXOR Y12, Y10, Y10", // σ0
			fmt.Sprintf("VPSRLQ $19, %s, Y13", x7),
			fmt.Sprintf("VPSLLQ $45, %s, Y14", x7),
			fmt.Sprintf("VPSRLQ $61, %s, Y9", x7),
			"VPXOR Y14, Y13, Y13",
			fmt.Sprintf("VPSLLQ $3, %s, Y14", x7),
			"VPXOR Y9, Y13, Y13",
			fmt.Sprintf("VPSRLQ $6, %s, Y9", x7),
			"VPXOR Y14, Y13, Y13",
			"VPXOR Y9, Y13, Y13", // σ1
		)
	}
	return append(s,
		fmt.Sprintf("VPADDQ Y10, %s, %s", x0, x0),
		fmt.Sprintf("VPADDQ Y13, %s, %s", x0, x0),
		fmt.Sprintf("VPADDQ k512x2<>+%d(SB), %s, Y9", 32*(8+j), x0),
		fmt.Sprintf("VMOVDQU Y9, %d(SP)", 32*(8+j)),
	)
}

// merge spreads the vector instructions evenly among the scalar ones.
func merge(scalar, vector []string) {
	v := 0
	for i, s := range scalar {
		w("\t%s", s)
		for want := (i + 1) * len(vector) / len(scalar); v < want; v++ {
			w("\t%s", vector[v])
		}
	}
}

// The frame: W+K of two blocks, the end of the input, the input pointer.
const frame = 80*16 + 16

func addState() {
	w("\tMOVQ h+0(FP), SI")
	for i, r := range regs {
		w("\tADDQ %d(SI), %s", 8*i, r)
		w("\tMOVQ %s, %d(SI)", r, 8*i)
	}
}

// rounds16 writes 16 rounds of one lane from W+K at the stack offset R15
// plus the offsets of rounds 0 to 15.
func rounds16(lane int) {
	for t := range 16 {
		for _, s := range round(t, wkOff(t, lane)) {
			w("\t%s", s)
		}
	}
}

// blockFunc writes a block function. Registers: the state in regs; SI,
// DI, R14, R12 and R13 for the rounds; R15 the byte offset of the current
// 16 rounds into the W+K area; Y0-Y7 the schedule, Y8-Y14 its
// temporaries, Y15 the byte-swap mask. Rounds 0-63 of the first block,
// which carry the schedule, are unrolled (the constants are addressed
// statically); the other 96 rounds are rolled into loops of 16 (a
// multiple of the registers' rotation), which keeps each function at 14 KiB.
func blockFunc(name string, avx512 bool) {
	end := fmt.Sprintf("%d(SP)", 80*16)
	inp := fmt.Sprintf("%d(SP)", 80*16+8)
	w("// func %s(h *[8]uint64, p []byte)", name)
	w("// Requires AVX2, BMI1 and BMI2%s.", map[bool]string{true: ", AVX-512F and AVX-512VL"}[avx512])
	w("TEXT ·%s(SB), 0, $%d-32", name, frame)
	w("\tMOVQ p_base+8(FP), DI")
	w("\tMOVQ p_len+16(FP), SI")
	w("\tANDQ $~127, SI")
	w("\tJZ done")
	w("\tADDQ DI, SI")
	w("\tMOVQ SI, %s", end)
	w("\tMOVQ DI, %s", inp)
	w("\tMOVQ h+0(FP), SI")
	for i, r := range regs {
		w("\tMOVQ %d(SI), %s", 8*i, r)
	}
	w("\tVMOVDQU bswap512<>(SB), Y15")
	w("loop:")
	// The second block is the next one, or the first again when only
	// one is left (its rounds are then skipped).
	w("\tMOVQ %s, R12", inp)
	w("\tLEAQ 128(R12), DI")
	w("\tLEAQ 256(R12), SI")
	w("\tCMPQ SI, %s", end)
	w("\tJBE two")
	w("\tMOVQ R12, DI")
	w("two:")
	for k := range 8 {
		w("\tVMOVDQU %d(R12), X%d", 16*k, k)
		w("\tVINSERTI128 $1, %d(DI), Y%d, Y%d", 16*k, k, k)
		w("\tVPSHUFB Y15, Y%d, Y%d", k, k)
		w("\tVPADDQ k512x2<>+%d(SB), Y%d, Y9", 32*k, k)
		w("\tVMOVDQU Y9, %d(SP)", 32*k)
	}
	w("\tMOVQ %s, R12", regs[1])
	w("\tXORQ %s, R12", regs[2]) // b^c for round 0
	w("\tXORQ R15, R15")
	// Rounds 0-63 of the first block with the schedule of words 16-79.
	for t := 0; t < 64; t += 2 {
		merge(append(round(t, wkOff(t, 0)), round(t+1, wkOff(t+1, 0))...), schedule(t/2, avx512))
	}
	w("\tMOVQ $1024, R15")
	rounds16(0) // rounds 64-79
	addState()
	w("\tMOVQ %s, SI", inp)
	w("\tADDQ $256, SI")
	w("\tCMPQ SI, %s", end)
	w("\tJA done")
	w("\tMOVQ %s, R12", regs[1])
	w("\tXORQ %s, R12", regs[2])
	w("\tXORQ R15, R15")
	w("second%s:", name)
	rounds16(1)
	w("\tADDQ $256, R15")
	w("\tCMPQ R15, $1280")
	w("\tJB second%s", name)
	addState()
	w("\tMOVQ %s, SI", inp)
	w("\tADDQ $256, SI")
	w("\tMOVQ SI, %s", inp)
	w("\tCMPQ SI, %s", end)
	w("\tJB loop")
	w("done:")
	w("\tVZEROUPPER")
	w("\tRET")
	w("")
}

func main() {
	ps := primes(80)
	var k [80]uint64
	for i, p := range ps {
		k[i] = cbrtFrac64(p)
	}

	var c strings.Builder
	c.WriteString("// Code generated by gen_sha512.go; DO NOT EDIT.\n\npackage crypto\n\n")
	c.WriteString("// sha512K holds the SHA-384/512 round constants (FIPS 180-4, 4.2.3): the\n")
	c.WriteString("// first 64 bits of the fractional parts of the cube roots of the first 80\n// primes.\n")
	c.WriteString("var sha512K = [80]uint64{\n")
	for i := 0; i < 80; i += 4 {
		fmt.Fprintf(&c, "\t%#016x, %#016x, %#016x, %#016x,\n", k[i], k[i+1], k[i+2], k[i+3])
	}
	c.WriteString("}\n")
	if err := os.WriteFile("sha512const.go", []byte(c.String()), 0o644); err != nil {
		panic(err)
	}

	w("// Code generated by gen_sha512.go; DO NOT EDIT.")
	w("")
	w("//go:build amd64 && !purego")
	w("")
	w("#include \"textflag.h\"")
	w("")
	w("// The round constants in pairs, each pair twice (one for each block's lane).")
	for i := 0; i < 80; i += 2 {
		for lane := range 2 {
			w("DATA k512x2<>+%d(SB)/8, $%#016x", 16*i+16*lane, k[i])
			w("DATA k512x2<>+%d(SB)/8, $%#016x", 16*i+16*lane+8, k[i+1])
		}
	}
	w("GLOBL k512x2<>(SB), RODATA|NOPTR, $%d", 80*16)
	w("")
	w("// Byte order of each 64-bit word reversed (big-endian message words).")
	for i := range 4 {
		w("DATA bswap512<>+%d(SB)/8, $%#016x", 8*i, []uint64{0x0001020304050607, 0x08090a0b0c0d0e0f}[i%2])
	}
	w("GLOBL bswap512<>(SB), RODATA|NOPTR, $32")
	w("")
	blockFunc("blockAVX2", false)
	blockFunc("blockAVX512", true)
	if err := os.WriteFile("sha512block_amd64.s", out.Bytes(), 0o644); err != nil {
		panic(err)
	}
}
