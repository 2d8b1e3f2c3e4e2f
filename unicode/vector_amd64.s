//go:build !purego

#include "textflag.h"

// func asciiToUTF16AVX2(dst, src *byte, n int, shift uint64) int
// Widens 32 bytes per step while they are all ASCII; n is the number of
// source bytes that fit, shift is 0 for little-endian units and 8 for
// big-endian ones. Returns the bytes converted (a multiple of 32).
TEXT ·asciiToUTF16AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVQ shift+24(FP), X6
	XORQ AX, AX
loop16:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done16
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, BX
	TESTL BX, BX
	JNZ  done16
	VPMOVZXBW X0, Y1
	VEXTRACTI128 $1, Y0, X2
	VPMOVZXBW X2, Y2
	VPSLLW X6, Y1, Y1
	VPSLLW X6, Y2, Y2
	VMOVDQU Y1, (DI)(AX*2)
	VMOVDQU Y2, 32(DI)(AX*2)
	MOVQ DX, AX
	JMP  loop16
done16:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// func asciiToUTF32AVX2(dst, src *byte, n int, shift uint64) int
// As asciiToUTF16AVX2, shift 24 for big-endian units.
TEXT ·asciiToUTF32AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVQ shift+24(FP), X6
	XORQ AX, AX
	MOVQ DI, R8
loop32:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done32
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, BX
	TESTL BX, BX
	JNZ  done32
	VPMOVZXBD X0, Y1
	VPSRLDQ $8, X0, X2
	VPMOVZXBD X2, Y2
	VEXTRACTI128 $1, Y0, X3
	VPMOVZXBD X3, Y4
	VPSRLDQ $8, X3, X3
	VPMOVZXBD X3, Y5
	VPSLLD X6, Y1, Y1
	VPSLLD X6, Y2, Y2
	VPSLLD X6, Y4, Y4
	VPSLLD X6, Y5, Y5
	VMOVDQU Y1, (R8)
	VMOVDQU Y2, 32(R8)
	VMOVDQU Y4, 64(R8)
	VMOVDQU Y5, 96(R8)
	ADDQ $128, R8
	MOVQ DX, AX
	JMP  loop32
done32:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// func utf16ToASCIIAVX2(dst, src *byte, n int, mask uint32, shift uint64) int
// Narrows 32 code units per step while all are below 0x80; n is the number
// of units that fit; mask (both words) picks the bits that must be zero,
// 0xFF80FF80 for little-endian units and 0x80FF80FF for big-endian ones,
// which shift (8) then moves down. Returns the units converted.
TEXT ·utf16ToASCIIAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL mask+24(FP), DX
	VMOVD DX, X7
	VPBROADCASTD X7, Y7
	VMOVQ shift+32(FP), X6
	XORQ AX, AX
loopn16:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   donen16
	VMOVDQU (SI)(AX*2), Y0
	VMOVDQU 32(SI)(AX*2), Y1
	VPOR Y0, Y1, Y2
	VPTEST Y7, Y2
	JNZ  donen16
	VPSRLW X6, Y0, Y0
	VPSRLW X6, Y1, Y1
	VPACKUSWB Y1, Y0, Y3
	VPERMQ $0xD8, Y3, Y3
	VMOVDQU Y3, (DI)(AX*1)
	MOVQ DX, AX
	JMP  loopn16
donen16:
	VZEROUPPER
	MOVQ AX, ret+40(FP)
	RET

// func utf32ToASCIIAVX2(dst, src *byte, n int, mask uint32, shift uint64) int
// Narrows 16 code units per step while all are below 0x80: mask is
// 0xFFFFFF80 for little-endian units, 0x80FFFFFF for big-endian ones, with
// shift 24.
TEXT ·utf32ToASCIIAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL mask+24(FP), DX
	VMOVD DX, X7
	VPBROADCASTD X7, Y7
	VMOVQ shift+32(FP), X6
	XORQ AX, AX
loopn32:
	LEAQ 16(AX), DX
	CMPQ DX, CX
	JA   donen32
	VMOVDQU (SI)(AX*4), Y0
	VMOVDQU 32(SI)(AX*4), Y1
	VPOR Y0, Y1, Y2
	VPTEST Y7, Y2
	JNZ  donen32
	VPSRLD X6, Y0, Y0
	VPSRLD X6, Y1, Y1
	VPACKUSDW Y1, Y0, Y3
	VPERMQ $0xD8, Y3, Y3
	VEXTRACTI128 $1, Y3, X4
	VPACKUSWB X4, X3, X5
	VMOVDQU X5, (DI)(AX*1)
	MOVQ DX, AX
	JMP  loopn32
donen32:
	VZEROUPPER
	MOVQ AX, ret+40(FP)
	RET

// The supplementary-run kernels convert 8 characters per step when all 8
// are supplementary (4 bytes in every one of these forms, so source and
// destination advance together): UTF-8 ↔ UTF-16LE pairs ↔ UTF-32LE. They
// return the bytes converted, a multiple of 32, stopping at the first block
// that holds anything else. n is the number of bytes both sides can take.

#define BCAST(imm, reg, yreg) \
	MOVL $imm, reg \
	VMOVD reg, X15 \
	VPBROADCASTD X15, yreg

// UTF-8 4-byte sequences in Y0 → code points in Y2; jumps to fail unless
// all 8 are well-formed. Needs Y8 = tag mask, Y9 = tag value, Y10 = 0x3F,
// Y11 = 0x07, Y12 = 0x10000, Y13 = 0x10FFFF.
#define DECODE8(fail) \
	VPAND Y8, Y0, Y1 \
	VPCMPEQD Y9, Y1, Y1 \
	VPMOVMSKB Y1, BX \
	CMPL BX, $0xFFFFFFFF \
	JNE fail \
	VPAND Y11, Y0, Y2 \
	VPSLLD $18, Y2, Y2 \
	VPSRLD $8, Y0, Y3 \
	VPAND Y10, Y3, Y3 \
	VPSLLD $12, Y3, Y3 \
	VPOR Y3, Y2, Y2 \
	VPSRLD $16, Y0, Y3 \
	VPAND Y10, Y3, Y3 \
	VPSLLD $6, Y3, Y3 \
	VPOR Y3, Y2, Y2 \
	VPSRLD $24, Y0, Y3 \
	VPAND Y10, Y3, Y3 \
	VPOR Y3, Y2, Y2 \
	VPCMPGTD Y2, Y12, Y4 \
	VPCMPGTD Y13, Y2, Y5 \
	VPOR Y5, Y4, Y4 \
	VPTEST Y4, Y4 \
	JNZ fail

// Code points in Y2 → UTF-8 4-byte words in Y3. Needs Y10 = 0x3F,
// Y14 = 0x808080F0.
#define ENCODE8 \
	VPSRLD $18, Y2, Y3 \
	VPSRLD $12, Y2, Y4 \
	VPAND Y10, Y4, Y4 \
	VPSLLD $8, Y4, Y4 \
	VPOR Y4, Y3, Y3 \
	VPSRLD $6, Y2, Y4 \
	VPAND Y10, Y4, Y4 \
	VPSLLD $16, Y4, Y4 \
	VPOR Y4, Y3, Y3 \
	VPAND Y10, Y2, Y4 \
	VPSLLD $24, Y4, Y4 \
	VPOR Y4, Y3, Y3 \
	VPOR Y14, Y3, Y3

// func utf8x4ToUTF16AVX2(dst, src *byte, n int) int
TEXT ·utf8x4ToUTF16AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	BCAST(0xC0C0C0F8, DX, Y8)
	BCAST(0x808080F0, DX, Y9)
	BCAST(0x3F, DX, Y10)
	BCAST(0x07, DX, Y11)
	BCAST(0x10000, DX, Y12)
	BCAST(0x10FFFF, DX, Y13)
	BCAST(0x3FF, DX, Y14)
	BCAST(0xDC00D800, DX, Y7)
loop8to16:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done8to16
	VMOVDQU (SI)(AX*1), Y0
	DECODE8(done8to16)
	VPSUBD Y12, Y2, Y2
	VPSRLD $10, Y2, Y3
	VPAND Y14, Y2, Y4
	VPSLLD $16, Y4, Y4
	VPOR Y4, Y3, Y3
	VPADDD Y7, Y3, Y3
	VMOVDQU Y3, (DI)(AX*1)
	MOVQ DX, AX
	JMP  loop8to16
done8to16:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func utf8x4ToUTF32AVX2(dst, src *byte, n int) int
TEXT ·utf8x4ToUTF32AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	BCAST(0xC0C0C0F8, DX, Y8)
	BCAST(0x808080F0, DX, Y9)
	BCAST(0x3F, DX, Y10)
	BCAST(0x07, DX, Y11)
	BCAST(0x10000, DX, Y12)
	BCAST(0x10FFFF, DX, Y13)
loop8to32:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done8to32
	VMOVDQU (SI)(AX*1), Y0
	DECODE8(done8to32)
	VMOVDQU Y2, (DI)(AX*1)
	MOVQ DX, AX
	JMP  loop8to32
done8to32:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func utf16x2ToUTF8AVX2(dst, src *byte, n int) int
// Surrogate pairs (little-endian) → UTF-8 4-byte sequences.
TEXT ·utf16x2ToUTF8AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	BCAST(0xFC00FC00, DX, Y8)
	BCAST(0xDC00D800, DX, Y9)
	BCAST(0x3F, DX, Y10)
	BCAST(0x3FF, DX, Y11)
	BCAST(0x10000, DX, Y12)
	BCAST(0x808080F0, DX, Y14)
loop16to8:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done16to8
	VMOVDQU (SI)(AX*1), Y0
	VPAND Y8, Y0, Y1
	VPCMPEQD Y9, Y1, Y1
	VPMOVMSKB Y1, BX
	CMPL BX, $0xFFFFFFFF
	JNE  done16to8
	VPAND Y11, Y0, Y2
	VPSLLD $10, Y2, Y2
	VPSRLD $16, Y0, Y3
	VPAND Y11, Y3, Y3
	VPOR Y3, Y2, Y2
	VPADDD Y12, Y2, Y2
	ENCODE8
	VMOVDQU Y3, (DI)(AX*1)
	MOVQ DX, AX
	JMP  loop16to8
done16to8:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func utf32x4ToUTF8AVX2(dst, src *byte, n int) int
// Supplementary code points (little-endian UTF-32) → UTF-8 4-byte sequences.
TEXT ·utf32x4ToUTF8AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	BCAST(0x3F, DX, Y10)
	BCAST(0x10000, DX, Y12)
	BCAST(0x10FFFF, DX, Y13)
	BCAST(0x808080F0, DX, Y14)
loop32to8:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done32to8
	VMOVDQU (SI)(AX*1), Y2
	VPCMPGTD Y2, Y12, Y4
	VPCMPGTD Y13, Y2, Y5
	VPOR Y5, Y4, Y4
	VPTEST Y4, Y4
	JNZ  done32to8
	ENCODE8
	VMOVDQU Y3, (DI)(AX*1)
	MOVQ DX, AX
	JMP  loop32to8
done32to8:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// Runs of 3-byte UTF-8 sequences (most of the BMP: CJK, kana, hangul),
// 8 per step: two 12-byte groups are shuffled into 8 dwords, validated and
// decoded, then packed to UTF-16 or stored as UTF-32. The source must hold
// 32 readable bytes per step (24 are used). Returns the source bytes done,
// a multiple of 24.

DATA shuf3<>+0(SB)/8, $0x8005040380020100
DATA shuf3<>+8(SB)/8, $0x800B0A0980080706
GLOBL shuf3<>(SB), RODATA|NOPTR, $16

// Loads 8 sequences from SI+AX into Y2 as code points; jumps to fail
// unless all are well-formed 3-byte sequences. Needs Y8 = shuffle,
// Y9 = 0xC0C0F0, Y10 = 0x8080E0, Y11 = 0x0F, Y12 = 0x3F, Y13 = 0x800,
// Y14 = 0xF800, Y7 = 0xD800.
#define DECODE3(fail) \
	VMOVDQU (SI)(AX*1), X0 \
	VINSERTI128 $1, 12(SI)(AX*1), Y0, Y0 \
	VPSHUFB Y8, Y0, Y0 \
	VPAND Y9, Y0, Y1 \
	VPCMPEQD Y10, Y1, Y1 \
	VPMOVMSKB Y1, BX \
	CMPL BX, $0xFFFFFFFF \
	JNE fail \
	VPAND Y11, Y0, Y2 \
	VPSLLD $12, Y2, Y2 \
	VPSRLD $8, Y0, Y3 \
	VPAND Y12, Y3, Y3 \
	VPSLLD $6, Y3, Y3 \
	VPOR Y3, Y2, Y2 \
	VPSRLD $16, Y0, Y3 \
	VPAND Y12, Y3, Y3 \
	VPOR Y3, Y2, Y2 \
	VPCMPGTD Y2, Y13, Y4 \
	VPAND Y14, Y2, Y5 \
	VPCMPEQD Y7, Y5, Y5 \
	VPOR Y5, Y4, Y4 \
	VPTEST Y4, Y4 \
	JNZ fail

#define SETUP3 \
	VBROADCASTI128 shuf3<>(SB), Y8 \
	BCAST(0xC0C0F0, DX, Y9) \
	BCAST(0x8080E0, DX, Y10) \
	BCAST(0x0F, DX, Y11) \
	BCAST(0x3F, DX, Y12) \
	BCAST(0x800, DX, Y13) \
	BCAST(0xF800, DX, Y14) \
	BCAST(0xD800, DX, Y7)

// func utf8x3ToUTF16AVX2(dst, src *byte, nsrc, ndst int) int
TEXT ·utf8x3ToUTF16AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), CX
	MOVQ ndst+24(FP), R9
	XORQ AX, AX
	XORQ R8, R8
	SETUP3
loop3to16:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done3to16
	LEAQ 16(R8), DX
	CMPQ DX, R9
	JA   done3to16
	DECODE3(done3to16)
	VPACKUSDW Y2, Y2, Y3
	VPERMQ $0x08, Y3, Y3
	VMOVDQU X3, (DI)(R8*1)
	ADDQ $24, AX
	ADDQ $16, R8
	JMP  loop3to16
done3to16:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// func utf8x3ToUTF32AVX2(dst, src *byte, nsrc, ndst int) int
TEXT ·utf8x3ToUTF32AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), CX
	MOVQ ndst+24(FP), R9
	XORQ AX, AX
	XORQ R8, R8
	SETUP3
loop3to32:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done3to32
	LEAQ 32(R8), DX
	CMPQ DX, R9
	JA   done3to32
	DECODE3(done3to32)
	VMOVDQU Y2, (DI)(R8*1)
	ADDQ $24, AX
	ADDQ $32, R8
	JMP  loop3to32
done3to32:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// func gb4ToUTF8AVX2(dst, src *byte, n int) int
// Runs of GB18030 four-byte codes of the supplementary planes (linear index
// 189000 + c - 0x10000) → UTF-8 4-byte sequences, 8 per step. Each byte is
// checked as a dword lane value with signed compares: b - lo must be
// neither negative nor above span.
#define RANGE(shift, lo, span, acc) \
	VPSRLD $shift, Y0, Y1 \
	VPAND Y13, Y1, Y1 \
	BCAST(lo, DX, Y2) \
	VPSUBD Y2, Y1, Y1 \
	BCAST(span, DX, Y2) \
	VPCMPGTD Y2, Y1, Y3 \
	VPOR Y3, acc, acc \
	VPCMPGTD Y1, Y11, Y3 \
	VPOR Y3, acc, acc

TEXT ·gb4ToUTF8AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	BCAST(0xFF, DX, Y13)
	VPXOR Y11, Y11, Y11 // zero
	BCAST(0x3F, DX, Y10)
	BCAST(0x808080F0, DX, Y14)
loopgb:
	LEAQ 32(AX), R8
	CMPQ R8, CX
	JA   donegb
	VMOVDQU (SI)(AX*1), Y0
	VPXOR Y6, Y6, Y6 // lanes with a bad byte
	RANGE(0, 0x81, 0x7D, Y6)
	RANGE(8, 0x30, 9, Y6)
	RANGE(16, 0x81, 0x7D, Y6)
	RANGE(24, 0x30, 9, Y6)
	VPTEST Y6, Y6
	JNZ  donegb
	// lin = ((b0-0x81)*10 + b1-0x30)*1260 + (b2-0x81)*10 + b3-0x30
	VPAND Y13, Y0, Y1
	BCAST(0x81, DX, Y7)
	VPSUBD Y7, Y1, Y1
	BCAST(10, DX, Y5)
	VPMULLD Y5, Y1, Y1
	VPSRLD $8, Y0, Y3
	VPAND Y13, Y3, Y3
	BCAST(0x30, DX, Y4)
	VPSUBD Y4, Y3, Y3
	VPADDD Y3, Y1, Y1
	BCAST(1260, DX, Y3)
	VPMULLD Y3, Y1, Y1
	VPSRLD $16, Y0, Y3
	VPAND Y13, Y3, Y3
	VPSUBD Y7, Y3, Y3
	VPMULLD Y5, Y3, Y3
	VPADDD Y3, Y1, Y1
	VPSRLD $24, Y0, Y3
	VPSUBD Y4, Y3, Y3
	VPADDD Y3, Y1, Y1
	// c = lin - 189000 + 0x10000 must lie in [0x10000, 0x10FFFF].
	BCAST(123464, DX, Y3) // 189000 - 0x10000
	VPSUBD Y3, Y1, Y2
	BCAST(0x10000, DX, Y3)
	VPCMPGTD Y2, Y3, Y4
	BCAST(0x10FFFF, DX, Y3)
	VPCMPGTD Y3, Y2, Y5
	VPOR Y5, Y4, Y4
	VPTEST Y4, Y4
	JNZ  donegb
	ENCODE8
	VMOVDQU Y3, (DI)(AX*1)
	MOVQ R8, AX
	JMP  loopgb
donegb:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// Runs of BMP characters from U+0800 up (no surrogates) in UTF-16LE or
// UTF-32LE → 3-byte UTF-8 sequences, 8 per step: each code point becomes a
// 3-byte word in a dword lane, and a shuffle packs the 12 bytes of each
// 128-bit lane together; the two lanes are stored 12 bytes apart, so the
// destination needs 32 bytes of room per step (24 are kept). Return the
// source bytes done.

DATA pack3<>+0(SB)/8, $0x0908060504020100
DATA pack3<>+8(SB)/8, $0x808080800E0D0C0A
GLOBL pack3<>(SB), RODATA|NOPTR, $16

// Code points in Y2 → jump to fail unless all are in U+0800–U+FFFF and no
// surrogate; else 3-byte UTF-8 packed, lane by lane, in Y3. Needs
// Y8 = pack3, Y10 = 0x3F, Y12 = 0x800, Y13 = 0xFFFF, Y14 = 0x8080E0,
// Y9 = 0xF800, Y7 = 0xD800.
#define ENCODE3(fail) \
	VPCMPGTD Y2, Y12, Y4 \
	VPCMPGTD Y13, Y2, Y5 \
	VPOR Y5, Y4, Y4 \
	VPAND Y9, Y2, Y5 \
	VPCMPEQD Y7, Y5, Y5 \
	VPOR Y5, Y4, Y4 \
	VPTEST Y4, Y4 \
	JNZ fail \
	VPSRLD $12, Y2, Y3 \
	VPSRLD $6, Y2, Y4 \
	VPAND Y10, Y4, Y4 \
	VPSLLD $8, Y4, Y4 \
	VPOR Y4, Y3, Y3 \
	VPAND Y10, Y2, Y4 \
	VPSLLD $16, Y4, Y4 \
	VPOR Y4, Y3, Y3 \
	VPOR Y14, Y3, Y3 \
	VPSHUFB Y8, Y3, Y3

#define SETUPE3 \
	VBROADCASTI128 pack3<>(SB), Y8 \
	BCAST(0x3F, DX, Y10) \
	BCAST(0x800, DX, Y12) \
	BCAST(0xFFFF, DX, Y13) \
	BCAST(0x8080E0, DX, Y14) \
	BCAST(0xF800, DX, Y9) \
	BCAST(0xD800, DX, Y7)

// func utf16x3ToUTF8AVX2(dst, src *byte, nsrc, ndst int) int
TEXT ·utf16x3ToUTF8AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), CX
	MOVQ ndst+24(FP), R9
	XORQ AX, AX
	XORQ R8, R8
	SETUPE3
loop16to3:
	LEAQ 16(AX), DX
	CMPQ DX, CX
	JA   done16to3
	LEAQ 32(R8), DX
	CMPQ DX, R9
	JA   done16to3
	VPMOVZXWD (SI)(AX*1), Y2
	ENCODE3(done16to3)
	VMOVDQU X3, (DI)(R8*1)
	VEXTRACTI128 $1, Y3, X4
	VMOVDQU X4, 12(DI)(R8*1)
	ADDQ $16, AX
	ADDQ $24, R8
	JMP  loop16to3
done16to3:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// func utf32x3ToUTF8AVX2(dst, src *byte, nsrc, ndst int) int
TEXT ·utf32x3ToUTF8AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), CX
	MOVQ ndst+24(FP), R9
	XORQ AX, AX
	XORQ R8, R8
	SETUPE3
loop32to3:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done32to3
	LEAQ 32(R8), DX
	CMPQ DX, R9
	JA   done32to3
	VMOVDQU (SI)(AX*1), Y2
	ENCODE3(done32to3)
	VMOVDQU X3, (DI)(R8*1)
	VEXTRACTI128 $1, Y3, X4
	VMOVDQU X4, 12(DI)(R8*1)
	ADDQ $32, AX
	ADDQ $24, R8
	JMP  loop32to3
done32to3:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// BMP code points in Y2 (no surrogates: checked by the caller's macro) →
// packed UTF-8: the low 128 bits of Y3 hold the first 4 (R11 bytes), the
// high 128 bits the next 4 (R12 bytes). Needs Y9 = 0x3F, Y10 = 0x7F,
// Y11 = 0x7FF, Y12 = 0x80C0, Y13 = 0x8080E0, R10 = packTables.
#define PACKBMP \
	VPCMPGTD Y10, Y2, Y4 \
	VPCMPGTD Y11, Y2, Y5 \
	VPAND Y9, Y2, Y6 \
	VPSRLD $6, Y2, Y7 \
	VPOR Y12, Y7, Y3 \
	VPSLLD $8, Y6, Y1 \
	VPOR Y1, Y3, Y3 \
	VPAND Y9, Y7, Y7 \
	VPSLLD $8, Y7, Y7 \
	VPSLLD $16, Y6, Y6 \
	VPOR Y6, Y7, Y7 \
	VPSRLD $12, Y2, Y6 \
	VPOR Y6, Y7, Y7 \
	VPOR Y13, Y7, Y7 \
	VPBLENDVB Y5, Y7, Y3, Y3 \
	VPBLENDVB Y4, Y3, Y2, Y3 \
	VMOVMSKPS Y4, BX \
	VMOVMSKPS Y5, DX \
	MOVL BX, R11 \
	ANDL $15, R11 \
	MOVL DX, R12 \
	ANDL $15, R12 \
	SHLL $4, R12 \
	ORL R12, R11 \
	SHRL $4, BX \
	SHRL $4, DX \
	SHLL $4, DX \
	ORL DX, BX \
	MOVQ R11, DX \
	SHLQ $4, DX \
	VMOVDQU (R10)(DX*1), X6 \
	MOVQ BX, DX \
	SHLQ $4, DX \
	VINSERTI128 $1, (R10)(DX*1), Y6, Y6 \
	VPSHUFB Y6, Y3, Y3 \
	MOVBQZX 4096(R10)(R11*1), R11 \
	MOVBQZX 4096(R10)(BX*1), R12

#define SETUPPACK \
	BCAST(0x3F, DX, Y9) \
	BCAST(0x7F, DX, Y10) \
	BCAST(0x7FF, DX, Y11) \
	BCAST(0x80C0, DX, Y12) \
	BCAST(0x8080E0, DX, Y13) \
	BCAST(0xF800, DX, Y14) \
	BCAST(0xD800, DX, Y15)

// func utf16MixedToUTF8AVX2(dst, src *byte, nsrc, ndst int, tab *packTables) (ns, nd int)
TEXT ·utf16MixedToUTF8AVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), CX
	MOVQ ndst+24(FP), R9
	MOVQ tab+32(FP), R10
	XORQ AX, AX
	XORQ R8, R8
	BCAST(0xFF80FF80, DX, Y8) // before SETUPPACK: BCAST clobbers Y15
	SETUPPACK
loopw16:
	LEAQ 32(R8), DX
	CMPQ DX, R9
	JA   donew16
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   step8w16
	VMOVDQU (SI)(AX*1), Y2 // 16 ASCII units at once
	VPTEST Y8, Y2
	JNZ  step8w16
	VEXTRACTI128 $1, Y2, X3
	VPACKUSWB X3, X2, X3
	VMOVDQU X3, (DI)(R8*1)
	ADDQ $32, AX
	ADDQ $16, R8
	JMP  loopw16
step8w16:
	LEAQ 16(AX), DX
	CMPQ DX, CX
	JA   donew16
	VPMOVZXWD (SI)(AX*1), Y2
	VPAND Y14, Y2, Y4
	VPCMPEQD Y15, Y4, Y4 // surrogates
	VPTEST Y4, Y4
	JNZ  donew16
	PACKBMP
	VMOVDQU X3, (DI)(R8*1)
	ADDQ R11, R8
	VEXTRACTI128 $1, Y3, X4
	VMOVDQU X4, (DI)(R8*1)
	ADDQ R12, R8
	ADDQ $16, AX
	JMP  loopw16
donew16:
	VZEROUPPER
	MOVQ AX, ns+40(FP)
	MOVQ R8, nd+48(FP)
	RET

// func utf32MixedToUTF8AVX2(dst, src *byte, nsrc, ndst int, tab *packTables) (ns, nd int)
TEXT ·utf32MixedToUTF8AVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), CX
	MOVQ ndst+24(FP), R9
	MOVQ tab+32(FP), R10
	XORQ AX, AX
	XORQ R8, R8
	BCAST(0xFFFF, DX, Y8) // before SETUPPACK: BCAST clobbers Y15
	SETUPPACK
	VPXOR Y0, Y0, Y0
loopw32:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   donew32
	LEAQ 32(R8), DX
	CMPQ DX, R9
	JA   donew32
	VMOVDQU (SI)(AX*1), Y2
	VPCMPGTD Y8, Y2, Y4 // above the BMP
	VPCMPGTD Y2, Y0, Y5 // or from 0x80000000 up (negative as signed)
	VPOR Y5, Y4, Y4
	VPAND Y14, Y2, Y5
	VPCMPEQD Y15, Y5, Y5 // surrogates
	VPOR Y5, Y4, Y4
	VPTEST Y4, Y4
	JNZ  donew32
	PACKBMP
	VMOVDQU X3, (DI)(R8*1)
	ADDQ R11, R8
	VEXTRACTI128 $1, Y3, X4
	VMOVDQU X4, (DI)(R8*1)
	ADDQ R12, R8
	ADDQ $32, AX
	JMP  loopw32
donew32:
	VZEROUPPER
	MOVQ AX, ns+40(FP)
	MOVQ R8, nd+48(FP)
	RET
