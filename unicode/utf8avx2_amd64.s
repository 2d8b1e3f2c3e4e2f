//go:build !purego

#include "textflag.h"

// UTF-8 → UTF-16LE / UTF-32LE with AVX2, for text whose characters change
// UTF-8 length every few bytes, on CPUs without AVX-512. The method is
// simdutf's "haswell" transcoder, after D. Lemire and W. Muła,
// "Transcoding Billions of Unicode Characters per Second with SIMD
// Instructions", Software: Practice and Experience 52(2), 2022:
//
//   - Each step takes a block of 64 bytes (80 must remain, for the 16-byte
//     window loads). If its first 32 bytes are ASCII they are widened at
//     once, and the next block starts after them. Otherwise the 64 bytes
//     are validated with the lookup method of J. Keiser and D. Lemire,
//     "Validating UTF-8 in less than one instruction per byte", Software:
//     Practice and Experience 51(5), 2021, starting from a character
//     boundary (so the previous bytes count as ASCII). Where an error is
//     flagged, only the characters well before it are converted: the
//     ill-formed sequence goes to the exact Go code, which keeps both
//     invalid-input policies and their offsets exact.
//   - E, bit i set when byte i+1 is not a continuation byte, marks the ends
//     of the characters. Windows of 12 bytes are then converted while they
//     start in the first 52 bytes (so bit 63 of E, which needs byte 64, is
//     never read): the window's 12 bits of E index a generated table
//     (gen_utf8win.go) that gives a shuffle and the bytes consumed, for 6
//     characters of 1-2 bytes, 4 of 1-3 bytes or 3 of 1-4 bytes, each case
//     with its own decoding. A window of 16 ASCII bytes is widened whole.
//   - A window that starts 8 characters of 3 bytes, or 8 of 4 bytes,
//     returns to the Go code, whose run kernels take 8 such characters per
//     step.
//
//   - With pack non-nil, a block of ASCII and two-byte characters only
//     (Latin-script text) is converted whole, before the validation: with
//     C the continuation bytes (80-BF) and L the other bytes at or above
//     0x80, it is taken when C == L<<1 and every byte of L is C2-DF, which
//     is all well-formed UTF-8 needs of such a block; a lead in its last
//     byte is left to the next block (63 bytes taken). Each byte is
//     widened to a 16-bit lane beside the next one (a second load one byte
//     further on), the lanes of leads are decoded in place, and each group
//     of 8 lanes is packed by a shuffle chosen by the 8 bits of character
//     starts (pack: the shuffle of each 8-bit mask), as the same paper's
//     transcoder packs its windows.
//
// Registers: SI src, DI dst, R9 ndst, R10 tables, AX bytes done in src, BX
// in dst, R11 window position in the block, R8 where windows must start
// before, R14 E; Y8-Y12 the validator's constants, Y13 zero, Y14 and Y15
// the validator's errors.

DATA u8v1high<>+0(SB)/8, $0x0202020202020202
DATA u8v1high<>+8(SB)/8, $0x4915012180808080
DATA u8v1high<>+16(SB)/8, $0x0202020202020202
DATA u8v1high<>+24(SB)/8, $0x4915012180808080
GLOBL u8v1high<>(SB), RODATA|NOPTR, $32

DATA u8v1low<>+0(SB)/8, $0xcbcbcb8b8383a3e7
DATA u8v1low<>+8(SB)/8, $0xcbcbdbcbcbcbcbcb
DATA u8v1low<>+16(SB)/8, $0xcbcbcb8b8383a3e7
DATA u8v1low<>+24(SB)/8, $0xcbcbdbcbcbcbcbcb
GLOBL u8v1low<>(SB), RODATA|NOPTR, $32

DATA u8v2high<>+0(SB)/8, $0x0101010101010101
DATA u8v2high<>+8(SB)/8, $0x01010101babaaee6
DATA u8v2high<>+16(SB)/8, $0x0101010101010101
DATA u8v2high<>+24(SB)/8, $0x01010101babaaee6
GLOBL u8v2high<>(SB), RODATA|NOPTR, $32

DATA u8x0f<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA u8x0f<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA u8x0f<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA u8x0f<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL u8x0f<>(SB), RODATA|NOPTR, $32

DATA u8xc0<>+0(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA u8xc0<>+8(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA u8xc0<>+16(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA u8xc0<>+24(SB)/8, $0xc0c0c0c0c0c0c0c0
GLOBL u8xc0<>(SB), RODATA|NOPTR, $32

DATA u8x60<>+0(SB)/8, $0x6060606060606060
DATA u8x60<>+8(SB)/8, $0x6060606060606060
DATA u8x60<>+16(SB)/8, $0x6060606060606060
DATA u8x60<>+24(SB)/8, $0x6060606060606060
GLOBL u8x60<>(SB), RODATA|NOPTR, $32

DATA u8x70<>+0(SB)/8, $0x7070707070707070
DATA u8x70<>+8(SB)/8, $0x7070707070707070
DATA u8x70<>+16(SB)/8, $0x7070707070707070
DATA u8x70<>+24(SB)/8, $0x7070707070707070
GLOBL u8x70<>(SB), RODATA|NOPTR, $32

DATA u8x80<>+0(SB)/8, $0x8080808080808080
DATA u8x80<>+8(SB)/8, $0x8080808080808080
DATA u8x80<>+16(SB)/8, $0x8080808080808080
DATA u8x80<>+24(SB)/8, $0x8080808080808080
GLOBL u8x80<>(SB), RODATA|NOPTR, $32

// Lane masks of the window decoders.
DATA u8w7f16<>+0(SB)/8, $0x007f007f007f007f
DATA u8w7f16<>+8(SB)/8, $0x007f007f007f007f
GLOBL u8w7f16<>(SB), RODATA|NOPTR, $16
DATA u8w1f00<>+0(SB)/8, $0x1f001f001f001f00
DATA u8w1f00<>+8(SB)/8, $0x1f001f001f001f00
GLOBL u8w1f00<>(SB), RODATA|NOPTR, $16
DATA u8w7f32<>+0(SB)/8, $0x0000007f0000007f
DATA u8w7f32<>+8(SB)/8, $0x0000007f0000007f
GLOBL u8w7f32<>(SB), RODATA|NOPTR, $16
DATA u8w3f00<>+0(SB)/8, $0x00003f0000003f00
DATA u8w3f00<>+8(SB)/8, $0x00003f0000003f00
GLOBL u8w3f00<>(SB), RODATA|NOPTR, $16
DATA u8w0f0000<>+0(SB)/8, $0x000f0000000f0000
DATA u8w0f0000<>+8(SB)/8, $0x000f0000000f0000
GLOBL u8w0f0000<>(SB), RODATA|NOPTR, $16
DATA u8w3f0000<>+0(SB)/8, $0x003f0000003f0000
DATA u8w3f0000<>+8(SB)/8, $0x003f0000003f0000
GLOBL u8w3f0000<>(SB), RODATA|NOPTR, $16
DATA u8w400000<>+0(SB)/8, $0x0040000000400000
DATA u8w400000<>+8(SB)/8, $0x0040000000400000
GLOBL u8w400000<>(SB), RODATA|NOPTR, $16
DATA u8w07000000<>+0(SB)/8, $0x0700000007000000
DATA u8w07000000<>+8(SB)/8, $0x0700000007000000
GLOBL u8w07000000<>(SB), RODATA|NOPTR, $16
DATA u8w10000<>+0(SB)/8, $0x0001000000010000
DATA u8w10000<>+8(SB)/8, $0x0001000000010000
GLOBL u8w10000<>(SB), RODATA|NOPTR, $16
DATA u8wd800<>+0(SB)/8, $0x0000d8000000d800
DATA u8wd800<>+8(SB)/8, $0x0000d8000000d800
GLOBL u8wd800<>(SB), RODATA|NOPTR, $16
DATA u8wdc00<>+0(SB)/8, $0x0000dc000000dc00
DATA u8wdc00<>+8(SB)/8, $0x0000dc000000dc00
GLOBL u8wdc00<>(SB), RODATA|NOPTR, $16
DATA u8w3ff<>+0(SB)/8, $0x000003ff000003ff
DATA u8w3ff<>+8(SB)/8, $0x000003ff000003ff
GLOBL u8w3ff<>(SB), RODATA|NOPTR, $16

// Constants of the Latin path: bytes 0xC1 and 0xE0 (signed bounds of the
// leads C2-DF), and 16-bit lanes 0x07C0, 0x003F and 0x00BF.
DATA u8xc1<>+0(SB)/8, $0xc1c1c1c1c1c1c1c1
DATA u8xc1<>+8(SB)/8, $0xc1c1c1c1c1c1c1c1
DATA u8xc1<>+16(SB)/8, $0xc1c1c1c1c1c1c1c1
DATA u8xc1<>+24(SB)/8, $0xc1c1c1c1c1c1c1c1
GLOBL u8xc1<>(SB), RODATA|NOPTR, $32

DATA u8xe0<>+0(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA u8xe0<>+8(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA u8xe0<>+16(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA u8xe0<>+24(SB)/8, $0xe0e0e0e0e0e0e0e0
GLOBL u8xe0<>(SB), RODATA|NOPTR, $32

DATA u8w7c0<>+0(SB)/8, $0x07c007c007c007c0
DATA u8w7c0<>+8(SB)/8, $0x07c007c007c007c0
DATA u8w7c0<>+16(SB)/8, $0x07c007c007c007c0
DATA u8w7c0<>+24(SB)/8, $0x07c007c007c007c0
GLOBL u8w7c0<>(SB), RODATA|NOPTR, $32

DATA u8w3f<>+0(SB)/8, $0x003f003f003f003f
DATA u8w3f<>+8(SB)/8, $0x003f003f003f003f
DATA u8w3f<>+16(SB)/8, $0x003f003f003f003f
DATA u8w3f<>+24(SB)/8, $0x003f003f003f003f
GLOBL u8w3f<>(SB), RODATA|NOPTR, $32

DATA u8wbf<>+0(SB)/8, $0x00bf00bf00bf00bf
DATA u8wbf<>+8(SB)/8, $0x00bf00bf00bf00bf
DATA u8wbf<>+16(SB)/8, $0x00bf00bf00bf00bf
DATA u8wbf<>+24(SB)/8, $0x00bf00bf00bf00bf
GLOBL u8wbf<>(SB), RODATA|NOPTR, $32

// LATINSTORE2 and LATINSTORE4 store the R8 units packed in X (Y: its
// register when widened) as UTF-16LE or UTF-32LE and count them into BX.
#define LATINSTORE2(X, Y) \
	VMOVDQU X, (DI)(BX*1) \
	LEAQ (BX)(R8*2), BX

#define LATINSTORE4(X, Y) \
	VPMOVZXWD X, Y \
	VMOVDQU Y, (DI)(BX*1) \
	LEAQ (BX)(R8*4), BX

// LATINGROUP converts the 16 bytes at off in the block (SI)(AX*1) into
// their code units, which it stores at (DI)(BX*1) and counts into BX: the
// character starts of the group are bits off to off+15 of R13, R12 the
// pack shuffles, store LATINSTORE2 or LATINSTORE4. Uses CX, DX, R8, Y2-Y7.
#define LATINGROUP(off, store) \
	VPMOVZXBW off(SI)(AX*1), Y2 \
	VPMOVZXBW off+1(SI)(AX*1), Y3 \
	VPSLLW $6, Y2, Y4 \
	VPAND u8w7c0<>(SB), Y4, Y4 \
	VPAND u8w3f<>(SB), Y3, Y3 \
	VPOR Y3, Y4, Y4 \
	VPCMPGTW u8wbf<>(SB), Y2, Y5 \
	VPBLENDVB Y5, Y4, Y2, Y2 \
	MOVQ R13, DX \
	SHRQ $off, DX \
	MOVL DX, CX \
	ANDL $0xFF, CX \
	POPCNTL CX, R8 \
	SHLL $4, CX \
	VPSHUFB (R12)(CX*1), X2, X6 \
	store(X6, Y6) \
	SHRL $8, DX \
	ANDL $0xFF, DX \
	POPCNTL DX, R8 \
	SHLL $4, DX \
	VEXTRACTI128 $1, Y2, X7 \
	VPSHUFB (R12)(DX*1), X7, X7 \
	store(X7, Y7)

// VALIDATE sets ERR to the errors of the 32 bytes in IN (nonzero bytes
// where an ill-formed sequence is seen), PREV holding the 32 bytes before
// them. Uses Y2-Y7.
#define VALIDATE(IN, PREV, ERR) \
	VPERM2I128 $0x21, IN, PREV, Y2 \
	VPALIGNR   $15, Y2, IN, Y3     \
	VPALIGNR   $14, Y2, IN, Y4     \
	VPALIGNR   $13, Y2, IN, Y5     \
	VPSRLW     $4, Y3, Y6          \
	VPAND      Y8, Y6, Y6          \
	VPSHUFB    Y6, Y9, Y6          \
	VPAND      Y8, Y3, Y7          \
	VPSHUFB    Y7, Y10, Y7         \
	VPAND      Y7, Y6, Y6          \
	VPSRLW     $4, IN, Y7          \
	VPAND      Y8, Y7, Y7          \
	VPSHUFB    Y7, Y11, Y7         \
	VPAND      Y7, Y6, Y6          \
	VPSUBUSB   u8x60<>(SB), Y4, Y4 \
	VPSUBUSB   u8x70<>(SB), Y5, Y5 \
	VPOR       Y5, Y4, Y4          \
	VPAND      u8x80<>(SB), Y4, Y4 \
	VPXOR      Y4, Y6, ERR

// func utf8MixedAVX2(dst, src *byte, nsrc, ndst int, tab *utf8WinTables, unit int, pack *[256][16]byte) (ns, nd int)
TEXT ·utf8MixedAVX2(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ ndst+24(FP), R9
	MOVQ tab+32(FP), R10
	XORQ AX, AX
	XORQ BX, BX
	VMOVDQU u8x0f<>(SB), Y8
	VMOVDQU u8v1high<>(SB), Y9
	VMOVDQU u8v1low<>(SB), Y10
	VMOVDQU u8v2high<>(SB), Y11
	VMOVDQU u8xc0<>(SB), Y12
	VPXOR   Y13, Y13, Y13

block:
	LEAQ 80(AX), DX
	CMPQ DX, nsrc+16(FP)
	JA   done
	LEAQ 128(BX), DX
	CMPQ DX, R9
	JA   done
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, CX
	TESTL CX, CX
	JNZ  mixed

	// 32 ASCII bytes.
	CMPQ unit+40(FP), $2
	JNE  ascii32x4
	VPMOVZXBW X0, Y1
	VEXTRACTI128 $1, Y0, X2
	VPMOVZXBW X2, Y2
	VMOVDQU Y1, (DI)(BX*1)
	VMOVDQU Y2, 32(DI)(BX*1)
	ADDQ $32, AX
	ADDQ $64, BX
	JMP  block

ascii32x4:
	VPMOVZXBD X0, Y1
	VPSRLDQ $8, X0, X2
	VPMOVZXBD X2, Y2
	VEXTRACTI128 $1, Y0, X3
	VPMOVZXBD X3, Y4
	VPSRLDQ $8, X3, X3
	VPMOVZXBD X3, Y5
	VMOVDQU Y1, (DI)(BX*1)
	VMOVDQU Y2, 32(DI)(BX*1)
	VMOVDQU Y4, 64(DI)(BX*1)
	VMOVDQU Y5, 96(DI)(BX*1)
	ADDQ $32, AX
	ADDQ $128, BX
	JMP  block

mixed:
	VMOVDQU 32(SI)(AX*1), Y1
	MOVQ pack+48(FP), R12
	TESTQ R12, R12
	JZ   check
	// The Latin path: CX = bytes at or above 0x80, R13 = continuation
	// bytes, DX = the others (leads).
	VPMOVMSKB Y1, DX
	SHLQ $32, DX
	ORQ  DX, CX
	VPCMPGTB Y0, Y12, Y2
	VPMOVMSKB Y2, R13
	VPCMPGTB Y1, Y12, Y3
	VPMOVMSKB Y3, DX
	SHLQ $32, DX
	ORQ  DX, R13
	MOVQ R13, DX
	NOTQ DX
	ANDQ CX, DX
	LEAQ (DX)(DX*1), R8
	CMPQ R8, R13
	JNE  check
	VMOVDQU u8xe0<>(SB), Y4
	VPCMPGTB u8xc1<>(SB), Y0, Y2
	VPCMPGTB Y0, Y4, Y3
	VPAND Y3, Y2, Y2
	VPMOVMSKB Y2, R8
	VPCMPGTB u8xc1<>(SB), Y1, Y2
	VPCMPGTB Y1, Y4, Y3
	VPAND Y3, Y2, Y2
	VPMOVMSKB Y2, CX
	SHLQ $32, CX
	ORQ  CX, R8
	CMPQ R8, DX
	JNE  check
	// Starts: not continuation bytes, nor a lead in the last byte.
	NOTQ R13
	SHRQ $63, DX
	SHLQ $63, DX
	XORQ DX, R13
	CMPQ unit+40(FP), $2
	JNE  latin32
	LATINGROUP(0, LATINSTORE2)
	LATINGROUP(16, LATINSTORE2)
	LATINGROUP(32, LATINSTORE2)
	LATINGROUP(48, LATINSTORE2)
	CMPB 63(SI)(AX*1), $0xC0
	ADCQ $63, AX
	JMP  block
latin32:
	LEAQ 256(BX), DX
	CMPQ DX, R9
	JA   check
	LATINGROUP(0, LATINSTORE4)
	LATINGROUP(16, LATINSTORE4)
	LATINGROUP(32, LATINSTORE4)
	LATINGROUP(48, LATINSTORE4)
	CMPB 63(SI)(AX*1), $0xC0
	ADCQ $63, AX
	JMP  block

check:
	VALIDATE(Y0, Y13, Y15)
	VALIDATE(Y1, Y0, Y14)
	MOVQ    $52, R8
	VPOR    Y14, Y15, Y2
	VPTEST  Y2, Y2
	JZ      valid

	// An error flagged at byte f: every character that ends before f-1
	// is well-formed (an ill-formed one is flagged at its last byte or
	// the next one at the latest), so windows start before f-12.
	VPCMPEQB  Y13, Y15, Y2
	VPMOVMSKB Y2, CX
	VPCMPEQB  Y13, Y14, Y3
	VPMOVMSKB Y3, DX
	SHLQ $32, DX
	ORQ  DX, CX
	NOTQ CX
	BSFQ CX, CX
	SUBQ $12, CX
	JLE  done
	CMPQ CX, R8
	CMOVQLT CX, R8

valid:

	// E: ends of characters.
	VPCMPGTB Y0, Y12, Y2
	VPMOVMSKB Y2, R14
	VPCMPGTB Y1, Y12, Y3
	VPMOVMSKB Y3, DX
	SHLQ $32, DX
	ORQ  DX, R14
	SHRQ $1, R14
	NOTQ R14

	XORQ R11, R11

window:
	CMPQ R11, R8
	JAE  nextblock
	LEAQ 64(BX), DX
	CMPQ DX, R9
	JA   nextblock
	LEAQ (SI)(AX*1), R12
	VMOVDQU (R12)(R11*1), X2
	VPMOVMSKB X2, DX
	TESTL DX, DX
	JZ   ascii16
	MOVQ R14, DX
	MOVQ R11, CX
	SHRQ CX, DX
	// 8 characters of 3 bytes, or of 4, go back to the run kernels.
	MOVL DX, R13
	ANDL $0xFFFFFF, R13
	CMPL R13, $0x924924
	JEQ  leave
	CMPL DX, $0x88888888
	JEQ  leave
	ANDL $0xFFF, DX
	// 4 characters of 3 bytes, or 6 of 2, skip the table lookup, which
	// is on the path from one window position to the next.
	CMPL DX, $0x924
	JEQ  fixed3
	CMPL DX, $0xAAA
	JEQ  fixed2
	MOVWLZX (R10)(DX*2), DX
	MOVBQZX DX, CX
	SHRL $8, DX
	JZ   nextblock
	ADDQ DX, R11
	SHLQ $4, CX
	VPSHUFB 8192(R10)(CX*1), X2, X3
	CMPQ CX, $(64*16)
	JB   two
	CMPQ CX, $(145*16)
	JB   three

	// 3 characters of 1-4 bytes, one per 32-bit lane, last byte lowest.
	// A 3-byte lead (1110xxxx) masked with 0x3F keeps bit 5; bit 6, set
	// only in a lead byte there, clears it.
	VPAND u8w7f32<>(SB), X3, X4
	VPAND u8w3f00<>(SB), X3, X5
	VPSRLD $2, X5, X5
	VPOR  X5, X4, X4
	VPAND u8w3f0000<>(SB), X3, X5
	VPAND u8w400000<>(SB), X3, X6
	VPSRLD $1, X6, X6
	VPXOR X6, X5, X5
	VPSRLD $4, X5, X5
	VPOR  X5, X4, X4
	VPAND u8w07000000<>(SB), X3, X5
	VPSRLD $6, X5, X5
	VPOR  X5, X4, X4
	CMPQ unit+40(FP), $2
	JNE  four32
	// Into UTF-16: each lane becomes a unit or a surrogate pair (high
	// surrogate in the low half); a shuffle chosen by which lanes are
	// pairs packs them.
	VPSRLD  $16, X4, X5
	VPCMPEQD X13, X5, X5           // lanes below 0x10000
	VPSUBD  u8w10000<>(SB), X4, X6 // w = v - 0x10000
	VPSRLD  $10, X6, X14
	VPADDD  u8wd800<>(SB), X14, X14
	VPAND   u8w3ff<>(SB), X6, X6
	VPADDD  u8wdc00<>(SB), X6, X6
	VPSLLD  $16, X6, X6
	VPOR    X6, X14, X14
	VPBLENDVB X5, X4, X14, X14
	VMOVMSKPS X5, CX
	XORL    $7, CX
	ANDL    $7, CX
	MOVBQZX 11664(R10)(CX*1), DX
	SHLQ    $4, CX
	VPSHUFB 11536(R10)(CX*1), X14, X14
	VMOVDQU X14, (DI)(BX*1)
	ADDQ    DX, BX
	JMP  window
four32:
	VMOVDQU X4, (DI)(BX*1)
	ADDQ $12, BX
	JMP  window

two:
	// 6 characters of 1-2 bytes, one per 16-bit lane.
	VPAND u8w7f16<>(SB), X3, X4
	VPAND u8w1f00<>(SB), X3, X5
	VPSRLW $2, X5, X5
	VPOR  X5, X4, X4
	CMPQ unit+40(FP), $2
	JNE  two32
	VMOVDQU X4, (DI)(BX*1)
	ADDQ $12, BX
	JMP  window
two32:
	VPMOVZXWD X4, Y4
	VMOVDQU Y4, (DI)(BX*1)
	ADDQ $24, BX
	JMP  window

fixed3:
	ADDQ $12, R11
	VPSHUFB (8192+144*16)(R10), X2, X3
	JMP  three

fixed2:
	ADDQ $12, R11
	VPSHUFB (8192+63*16)(R10), X2, X3
	JMP  two

three:
	// 4 characters of 1-3 bytes, one per 32-bit lane.
	VPAND u8w7f32<>(SB), X3, X4
	VPAND u8w3f00<>(SB), X3, X5
	VPSRLD $2, X5, X5
	VPOR  X5, X4, X4
	VPAND u8w0f0000<>(SB), X3, X5
	VPSRLD $4, X5, X5
	VPOR  X5, X4, X4
	CMPQ unit+40(FP), $2
	JNE  three32
	VPACKUSDW X4, X4, X4
	VMOVQ X4, (DI)(BX*1)
	ADDQ $8, BX
	JMP  window
three32:
	VMOVDQU X4, (DI)(BX*1)
	ADDQ $16, BX
	JMP  window

ascii16:
	ADDQ $16, R11
	CMPQ unit+40(FP), $2
	JNE  ascii16x4
	VPMOVZXBW X2, Y4
	VMOVDQU Y4, (DI)(BX*1)
	ADDQ $32, BX
	JMP  window
ascii16x4:
	VPMOVZXBD X2, Y4
	VPSRLDQ $8, X2, X5
	VPMOVZXBD X5, Y5
	VMOVDQU Y4, (DI)(BX*1)
	VMOVDQU Y5, 32(DI)(BX*1)
	ADDQ $64, BX
	JMP  window

leave:
	ADDQ R11, AX
	JMP  done

nextblock:
	TESTQ R11, R11
	JZ   done
	ADDQ R11, AX
	JMP  block

done:
	VZEROUPPER
	MOVQ AX, ns+56(FP)
	MOVQ BX, nd+64(FP)
	RET
