//go:build !purego

#include "textflag.h"

// UTF-8 → UTF-32LE / UTF-16LE with AVX-512 (F, BW, VBMI, VBMI2) and BMI2,
// 16 characters of any UTF-8 length per step. The method follows the
// AVX-512 transcoder of simdutf, described by R. Clausecker and D. Lemire,
// "Transcoding Unicode characters with AVX-512 instructions", Software:
// Practice and Experience, 2023 — character starts found with a mask
// of the non-continuation bytes, gathered into 32-bit lanes with VPERMB,
// decoded in the lanes — with a validation of our own per character: the
// distance to the next character start must equal the length the lead byte
// announces, and the decoded value must be at least the smallest value of
// that length, at most U+10FFFF and not a surrogate (with bytes F8-FF never
// accepted as leads). That is complete: a sequence that passes is
// well-formed by table 3-7 of the Unicode Standard. The first character that
// fails, and everything after it, is left to the exact Go code.
//
// Each step loads 64 bytes. With the Latin path on (the latin argument),
// 64 ASCII bytes are widened at once when the destination has room, and a
// block of ASCII and two-byte characters only is converted whole (see
// U8LATIN below). Otherwise, if the first 32 bytes are ASCII they are
// widened at once, and else S = starts of the characters (VPCOMPRESSB of the byte
// indexes by the start mask m), N = starts of the next characters (the same
// with the lowest bit of m cleared), L = N - S the lengths. The byte of lane
// i at position k is input[N_i - 1 - k], so the lane holds the character
// backwards (last byte lowest); a mask chosen by L keeps its payload bits,
// VPMADDUBSW and VPMADDWD join the 6-bit groups. Only characters followed
// by another start inside the 64 bytes are taken, at most 16.

DATA u8iota<>+0(SB)/8, $0x0706050403020100
DATA u8iota<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA u8iota<>+16(SB)/8, $0x1716151413121110
DATA u8iota<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA u8iota<>+32(SB)/8, $0x2726252423222120
DATA u8iota<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA u8iota<>+48(SB)/8, $0x3736353433323130
DATA u8iota<>+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL u8iota<>(SB), RODATA|NOPTR, $64

// rep4 spreads byte i to the 4 bytes of lane i; minus 1, 2, 3, 4 per byte.
DATA u8rep4<>+0(SB)/8, $0x0101010100000000
DATA u8rep4<>+8(SB)/8, $0x0303030302020202
DATA u8rep4<>+16(SB)/8, $0x0505050504040404
DATA u8rep4<>+24(SB)/8, $0x0707070706060606
DATA u8rep4<>+32(SB)/8, $0x0909090908080808
DATA u8rep4<>+40(SB)/8, $0x0b0b0b0b0a0a0a0a
DATA u8rep4<>+48(SB)/8, $0x0d0d0d0d0c0c0c0c
DATA u8rep4<>+56(SB)/8, $0x0f0f0f0f0e0e0e0e
GLOBL u8rep4<>(SB), RODATA|NOPTR, $64

// Payload masks and smallest values by length (index 0 and 5-15 unused:
// the length check rejects them first).
DATA u8mask<>+0(SB)/4, $0
DATA u8mask<>+4(SB)/4, $0x7f
DATA u8mask<>+8(SB)/4, $0x1f3f
DATA u8mask<>+12(SB)/4, $0x0f3f3f
DATA u8mask<>+16(SB)/4, $0x073f3f3f
DATA u8mask<>+20(SB)/4, $0
DATA u8mask<>+24(SB)/8, $0
DATA u8mask<>+32(SB)/8, $0
DATA u8mask<>+40(SB)/8, $0
DATA u8mask<>+48(SB)/8, $0
DATA u8mask<>+56(SB)/8, $0
GLOBL u8mask<>(SB), RODATA|NOPTR, $64

DATA u8min<>+0(SB)/4, $0
DATA u8min<>+4(SB)/4, $0
DATA u8min<>+8(SB)/4, $0x80
DATA u8min<>+12(SB)/4, $0x800
DATA u8min<>+16(SB)/4, $0x10000
DATA u8min<>+20(SB)/4, $0
DATA u8min<>+24(SB)/8, $0
DATA u8min<>+32(SB)/8, $0
DATA u8min<>+40(SB)/8, $0
DATA u8min<>+48(SB)/8, $0
DATA u8min<>+56(SB)/8, $0
GLOBL u8min<>(SB), RODATA|NOPTR, $64

// Length announced by a lead byte, by its high nibble (0: a continuation
// byte, which the start mask never picks).
DATA u8lens<>+0(SB)/8, $0x0101010101010101
DATA u8lens<>+8(SB)/8, $0x0403020200000000
GLOBL u8lens<>(SB), RODATA|NOPTR, $16

// tri: the starts and next starts of 16 3-byte characters.
DATA u8tri<>+0(SB)/8, $0x15120f0c09060300
DATA u8tri<>+8(SB)/8, $0x2d2a2724211e1b18
DATA u8tri<>+16(SB)/8, $0x1815120f0c090603
DATA u8tri<>+24(SB)/8, $0x302d2a2724211e1b
GLOBL u8tri<>(SB), RODATA|NOPTR, $32

// rev4 reverses the bytes of each 32-bit lane (for VPSHUFB).
DATA u8rev4<>+0(SB)/8, $0x0405060700010203
DATA u8rev4<>+8(SB)/8, $0x0c0d0e0f08090a0b
GLOBL u8rev4<>(SB), RODATA|NOPTR, $16

// Constants kept in registers through the loop:
// Z31 iota, Z30 rep4, Z29 1,2,3,4 per lane, Z28 payload masks, Z27 minima,
// Z26 lead lengths (in each 128-bit lane), Z25 0xBF (-65: bytes above it,
// signed, start characters), Z24 0xF8, Z23 0x0F bytes, Z22 VPMADDUBSW
// weights (1, 64), Z21 VPMADDWD weights (1, 4096), Z20 0x10FFFF,
// Z19 0xFFFFF800, Z18 0xD800.
#define U8CONSTS \
	VMOVDQU64 u8iota<>(SB), Z31 \
	VMOVDQU64 u8rep4<>(SB), Z30 \
	MOVL $0x04030201, AX \
	VPBROADCASTD AX, Z29 \
	VMOVDQU64 u8mask<>(SB), Z28 \
	VMOVDQU64 u8min<>(SB), Z27 \
	VBROADCASTI32X4 u8lens<>(SB), Z26 \
	MOVL $0xBF, AX \
	VPBROADCASTB AX, Z25 \
	MOVL $0xF8, AX \
	VPBROADCASTB AX, Z24 \
	MOVL $0x0F, AX \
	VPBROADCASTB AX, Z23 \
	MOVL $0x40014001, AX \
	VPBROADCASTD AX, Z22 \
	MOVL $0x10000001, AX \
	VPBROADCASTD AX, Z21 \
	MOVL $0x10FFFF, AX \
	VPBROADCASTD AX, Z20 \
	MOVL $0xFFFFF800, AX \
	VPBROADCASTD AX, Z19 \
	MOVL $0xD800, AX \
	VPBROADCASTD AX, Z18

// U8STARTS sets K1 and BX to the start mask of the 64 bytes in Z0 (bytes
// that are not continuation bytes).
#define U8STARTS \
	VPCMPB $6, Z25, Z0, K1 \
	KMOVQ K1, BX

// U8COUNT sets CX to the number of characters to take (1 to 16: those
// followed by another start within the 64 bytes) and DX to the bytes they
// take, from the start mask alone, so that the next load need not wait for
// the decoding. Jumps to stop when there is no whole character to take
// (the first byte is a continuation byte or no second start follows).
#define U8COUNT(stop) \
	TESTQ $1, BX \
	JZ stop \
	POPCNTQ BX, CX \
	DECQ CX \
	JZ stop \
	MOVQ $16, AX \
	CMPQ CX, AX \
	CMOVQGT AX, CX \
	MOVL $1, DX \
	SHLXQ CX, DX, DX \
	PDEPQ BX, DX, DX \
	TZCNTQ DX, DX

// U8COMPRESS sets the bytes of Z3 to the starts and those of Z4 to the next
// starts.
#define U8COMPRESS \
	BLSRQ BX, AX \
	KMOVQ AX, K2 \
	VPCOMPRESSB Z31, K1, Z3 \
	VPCOMPRESSB Z31, K2, Z4

// U8DECODE decodes the CX characters of Z0 that start at the bytes of Z3
// and end before those of Z4: code points in Z7. Jumps to bad, with the
// error bits of the lanes in AX, when one is ill-formed (U8CUT then keeps
// those before it). Uses AX, Z5-Z13, K3-K7.
#define U8DECODE(bad) \
	VPSUBB Z3, Z4, Z5 \
	VPERMB Z4, Z30, Z6 \
	VPSUBB Z29, Z6, Z6 \
	VPERMB Z0, Z6, Z7 \
	VPMOVZXBD X5, Z8 \
	VPERMD Z28, Z8, Z9 \
	VPANDD Z9, Z7, Z7 \
	VPMADDUBSW Z22, Z7, Z7 \
	VPMADDWD Z21, Z7, Z7 \
	VPERMB Z0, Z3, Z10 \
	VPSRLW $4, Z10, Z11 \
	VPANDD Z23, Z11, Z11 \
	VPSHUFB Z11, Z26, Z11 \
	VPCMPB $4, Z11, Z5, K3 \
	VPCMPUB $5, Z24, Z10, K4 \
	KORQ K4, K3, K3 \
	VPERMD Z27, Z8, Z12 \
	VPCMPUD $1, Z12, Z7, K5 \
	VPCMPUD $6, Z20, Z7, K6 \
	VPANDD Z19, Z7, Z13 \
	VPCMPEQD Z18, Z13, K7 \
	KORW K5, K6, K5 \
	KORW K5, K7, K5 \
	KORW K5, K3, K5 \
	KMOVW K5, AX \
	BZHIL CX, AX, AX \
	TESTL AX, AX \
	JNZ bad

// U8CUT takes the characters before the first error bit of AX: CX and DX
// as after U8COUNT. Jumps to stop when the first character is bad.
#define U8CUT(stop) \
	TZCNTL AX, CX \
	TESTQ CX, CX \
	JZ stop \
	MOVL $1, DX \
	SHLXQ CX, DX, DX \
	PDEPQ BX, DX, DX \
	TZCNTQ DX, DX

// U8PATTERNS jumps to quad when the 64 bytes are 16 characters of 4 bytes
// (start mask 0x1111…), and to tri when the first 48 are 16 characters of
// 3 bytes followed by a start; those take no counting.
#define U8PATTERNS(quad, tri) \
	MOVQ $0x1111111111111111, AX \
	CMPQ BX, AX \
	JEQ quad \
	MOVQ $0x1FFFFFFFFFFFF, AX \
	ANDQ BX, AX \
	MOVQ $0x1249249249249, DX \
	CMPQ AX, DX \
	JEQ tri

// U8TRI sets up U8DECODE for 16 characters of 3 bytes.
#define U8TRI \
	VBROADCASTI32X4 u8tri<>(SB), Z3 \
	VBROADCASTI32X4 u8tri<>+16(SB), Z4 \
	MOVL $16, CX \
	MOVL $48, DX

// U8QUAD decodes 16 4-byte characters of Z0 (lane i holds character i) into
// Z7; jumps to slow, for the general path to find the bad one, unless all
// are well-formed. Uses AX, Z10-Z13, K3-K5.
#define U8QUAD(slow) \
	VBROADCASTI32X4 u8rev4<>(SB), Z10 \
	VPSHUFB Z10, Z0, Z7 \
	MOVL $0x073F3F3F, AX \
	VPBROADCASTD AX, Z11 \
	VPANDD Z11, Z7, Z7 \
	VPMADDUBSW Z22, Z7, Z7 \
	VPMADDWD Z21, Z7, Z7 \
	MOVL $0xF8, AX \
	VPBROADCASTD AX, Z11 \
	VPANDD Z11, Z0, Z12 \
	MOVL $0xF0, AX \
	VPBROADCASTD AX, Z11 \
	VPCMPUD $4, Z11, Z12, K3 \
	MOVL $0x10000, AX \
	VPBROADCASTD AX, Z11 \
	VPCMPUD $1, Z11, Z7, K4 \
	VPCMPUD $6, Z20, Z7, K5 \
	KORW K3, K4, K3 \
	KORW K3, K5, K3 \
	KORTESTW K3, K3 \
	JNZ slow

// The Latin fast path. Text of Latin scripts is mostly ASCII with a few
// two-byte characters (accented letters: about 12% of the bytes of French or
// German prose), where the 16 characters per step of the general path are
// about 18 bytes. A block of 64 bytes made only of ASCII and well-formed
// two-byte sequences is converted whole instead, as in the validating
// transcoder of D. Lemire and W. Muła, "Transcoding billions of Unicode
// characters per second with SIMD instructions", Software: Practice and
// Experience, 2022, whose UTF-8 → UTF-16 path has a separate case for
// windows of one- and two-byte characters. Here, with AVX-512, from the masks of the bytes
// at or above 0x80 and of the character starts that the general path
// computes anyway: with c the continuation bytes (80-BF) and l the other
// bytes at or above 0x80 (leads), the block is taken when c == l<<1 (every
// lead is followed by a continuation byte, and every continuation byte
// follows a lead) and every lead is C2-DF (no overlong C0, C1 form, no
// three- or four-byte lead, no F5-FF); anything else goes to the general
// path, which stops before the first ill-formed sequence. A lead in the
// last byte is left to the next step (63 bytes taken). Each byte b[i] is
// widened to a 16-bit lane beside the following byte b[i+1] (a second load
// one byte further on); lanes of leads become (b[i]&0x1F)<<6 | b[i+1]&0x3F,
// one VPTERNLOGD choosing the bits; and VPCOMPRESSW drops the lanes of
// continuation bytes, 32 lanes at a time. Into UTF-32 the compressed units
// are widened once more.

// The byte 0xC2 and the value 0x1E in each byte (a lead minus 0xC2 is
// below 0x1E exactly when it is C2-DF), and the 16-bit lane mask of the
// bits that come from the lead byte.
DATA u8c2<>+0(SB)/8, $0xc2c2c2c2c2c2c2c2
DATA u8c2<>+8(SB)/8, $0xc2c2c2c2c2c2c2c2
DATA u8c2<>+16(SB)/8, $0xc2c2c2c2c2c2c2c2
DATA u8c2<>+24(SB)/8, $0xc2c2c2c2c2c2c2c2
DATA u8c2<>+32(SB)/8, $0xc2c2c2c2c2c2c2c2
DATA u8c2<>+40(SB)/8, $0xc2c2c2c2c2c2c2c2
DATA u8c2<>+48(SB)/8, $0xc2c2c2c2c2c2c2c2
DATA u8c2<>+56(SB)/8, $0xc2c2c2c2c2c2c2c2
GLOBL u8c2<>(SB), RODATA|NOPTR, $64

DATA u8n1e<>+0(SB)/8, $0x1e1e1e1e1e1e1e1e
DATA u8n1e<>+8(SB)/8, $0x1e1e1e1e1e1e1e1e
DATA u8n1e<>+16(SB)/8, $0x1e1e1e1e1e1e1e1e
DATA u8n1e<>+24(SB)/8, $0x1e1e1e1e1e1e1e1e
DATA u8n1e<>+32(SB)/8, $0x1e1e1e1e1e1e1e1e
DATA u8n1e<>+40(SB)/8, $0x1e1e1e1e1e1e1e1e
DATA u8n1e<>+48(SB)/8, $0x1e1e1e1e1e1e1e1e
DATA u8n1e<>+56(SB)/8, $0x1e1e1e1e1e1e1e1e
GLOBL u8n1e<>(SB), RODATA|NOPTR, $64

DATA u8lead<>+0(SB)/8, $0x07c007c007c007c0
DATA u8lead<>+8(SB)/8, $0x07c007c007c007c0
DATA u8lead<>+16(SB)/8, $0x07c007c007c007c0
DATA u8lead<>+24(SB)/8, $0x07c007c007c007c0
DATA u8lead<>+32(SB)/8, $0x07c007c007c007c0
DATA u8lead<>+40(SB)/8, $0x07c007c007c007c0
DATA u8lead<>+48(SB)/8, $0x07c007c007c007c0
DATA u8lead<>+56(SB)/8, $0x07c007c007c007c0
GLOBL u8lead<>(SB), RODATA|NOPTR, $64

// U8LATIN converts the 64 bytes of Z0 when they are ASCII and two-byte
// characters only, and otherwise jumps to other; it jumps there too unless
// a 65th source byte can be read (R11 < R9) and room bytes are free past
// the 64 or 128 the loop checks (R12 <= R10 - room). On entry AX has the
// bits of the bytes at or above 0x80, BX and K1 those of the character
// starts (U8STARTS). The first test is on these masks alone, so
// that text of other scripts (a continuation byte after a continuation
// byte) leaves at once: the continuation bytes ~BX must be the bytes after
// the leads AX&BX. Leaves the code units of the first 32 bytes in Z1, CX
// of them, those of the last 32 in Z4, DX in all (a lead in the last byte
// gives a unit past them, which the caller does not count), and advances
// R11 by the bytes taken: 63 or 64, from a compare of the last byte alone,
// so that the next load does not wait for the masks. Uses Z1-Z6, K2-K7;
// keeps K1 and BX for the general path.
#define U8LATIN(other, room) \
	MOVQ AX, CX \
	ANDQ BX, CX \
	LEAQ (CX)(CX*1), DX \
	XORQ BX, DX \
	INCQ DX \
	JNZ other \
	CMPQ R11, R9 \
	JGE other \
	LEAQ -room(R10), DX \
	CMPQ R12, DX \
	JGT other \
	VPMOVB2M Z0, K7 \
	KANDQ K7, K1, K3 \
	VPSUBB u8c2<>(SB), Z0, Z2 \
	VPCMPUB $5, u8n1e<>(SB), Z2, K3, K2 \
	KORTESTQ K2, K2 \
	JNZ other \
	KSHIFTRQ $32, K1, K5 \
	KSHIFTRQ $32, K3, K6 \
	VPMOVZXBW Y0, Z1 \
	VPMOVZXBW 1(SI)(R11*1), Z2 \
	VPSLLW $6, Z1, Z3 \
	VPTERNLOGD $0xE4, u8lead<>(SB), Z2, Z3 \
	VMOVDQU16 Z3, K3, Z1 \
	VPCOMPRESSW Z1, K1, Z1 \
	VPMOVZXBW 32(SI)(R11*1), Z4 \
	VPMOVZXBW 33(SI)(R11*1), Z5 \
	VPSLLW $6, Z4, Z6 \
	VPTERNLOGD $0xE4, u8lead<>(SB), Z5, Z6 \
	VMOVDQU16 Z6, K6, Z4 \
	VPCOMPRESSW Z4, K5, Z4 \
	CMPB 63(SI)(R11*1), $0xC0 \
	ADCQ $63, R11 \
	SHRQ $63, CX \
	POPCNTQ BX, DX \
	SUBQ CX, DX \
	POPCNTL BX, CX

// func utf8ToUTF32AVX512(dst, src *byte, nsrc, ndst int, latin bool) (ns, nd int)
// Converts well-formed UTF-8 from src to UTF-32LE while 64 source bytes
// and 128 destination bytes remain; stops before anything ill-formed. The
// Latin fast path runs when latin is true.
TEXT ·utf8ToUTF32AVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), R9
	MOVQ ndst+24(FP), R10
	SUBQ $64, R9
	SUBQ $128, R10
	XORQ R11, R11
	XORQ R12, R12
	U8CONSTS
loop32:
	CMPQ R11, R9
	JGT  done32
	CMPQ R12, R10
	JGT  done32
	VMOVDQU64 (SI)(R11*1), Z0
	VPMOVB2M Z0, K1
	KMOVQ K1, AX
	CMPB latin+32(FP), $0
	JEQ  half32
	TESTQ AX, AX
	JNZ  latin32
	LEAQ -128(R10), DX
	CMPQ R12, DX
	JGT  ascii32
	VPMOVZXBD X0, Z1
	VEXTRACTI32X4 $1, Z0, X2
	VPMOVZXBD X2, Z2
	VEXTRACTI32X4 $2, Z0, X3
	VPMOVZXBD X3, Z3
	VEXTRACTI32X4 $3, Z0, X4
	VPMOVZXBD X4, Z4
	VMOVDQU64 Z1, (DI)(R12*1)
	VMOVDQU64 Z2, 64(DI)(R12*1)
	VMOVDQU64 Z3, 128(DI)(R12*1)
	VMOVDQU64 Z4, 192(DI)(R12*1)
	ADDQ $64, R11
	ADDQ $256, R12
	JMP  loop32
latin32:
	U8STARTS
	U8LATIN(mixed32, 128)
	VPMOVZXWD Y1, Z2
	VEXTRACTI64X4 $1, Z1, Y3
	VPMOVZXWD Y3, Z3
	VMOVDQU64 Z2, (DI)(R12*1)
	VMOVDQU64 Z3, 64(DI)(R12*1)
	LEAQ (R12)(CX*4), AX
	VPMOVZXWD Y4, Z5
	VEXTRACTI64X4 $1, Z4, Y6
	VPMOVZXWD Y6, Z6
	VMOVDQU64 Z5, (DI)(AX*1)
	VMOVDQU64 Z6, 64(DI)(AX*1)
	LEAQ (R12)(DX*4), R12
	JMP  loop32
half32:
	TESTL AX, AX
	JNZ  starts32
ascii32:
	VPMOVZXBD X0, Z1
	VEXTRACTI32X4 $1, Z0, X2
	VPMOVZXBD X2, Z2
	VMOVDQU64 Z1, (DI)(R12*1)
	VMOVDQU64 Z2, 64(DI)(R12*1)
	ADDQ $32, R11
	ADDQ $128, R12
	JMP  loop32
starts32:
	U8STARTS
	JMP  patterns32
mixed32:
	TESTL AX, AX
	JZ   ascii32
patterns32:
	U8PATTERNS(quad32, tri32)
general32:
	U8COUNT(done32)
	U8COMPRESS
dec32:
	U8DECODE(bad32)
ok32:
	VMOVDQU64 Z7, (DI)(R12*1)
	ADDQ DX, R11
	LEAQ (R12)(CX*4), R12
	JMP  loop32
tri32:
	U8TRI
	JMP  dec32
quad32:
	U8QUAD(general32)
	VMOVDQU64 Z7, (DI)(R12*1)
	ADDQ $64, R11
	ADDQ $64, R12
	JMP  loop32
bad32:
	U8CUT(done32)
	JMP  ok32
done32:
	VZEROUPPER
	MOVQ R11, ns+40(FP)
	MOVQ R12, nd+48(FP)
	RET

// func utf8ToUTF16AVX512(dst, src *byte, nsrc, ndst int, latin bool) (ns, nd int)
// As utf8ToUTF32AVX512, into UTF-16LE while 64 destination bytes remain:
// the code points are narrowed to 16 bits when none is supplementary;
// otherwise those lanes get their surrogate pair and VPCOMPRESSW drops the
// unused high halves of the others.
TEXT ·utf8ToUTF16AVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), R9
	MOVQ ndst+24(FP), R10
	SUBQ $64, R9
	SUBQ $64, R10
	XORQ R11, R11
	XORQ R12, R12
	U8CONSTS
	MOVL $0x10000, AX
	VPBROADCASTD AX, Z17
	MOVL $0xD7C0, AX
	VPBROADCASTD AX, Z16
	MOVL $0x3FF, AX
	VPBROADCASTD AX, Z15
	MOVL $0xDC00, AX
	VPBROADCASTD AX, Z14
	MOVQ $0x5555555555555555, R13
	MOVQ $0xAAAAAAAAAAAAAAAA, R14
loop16:
	CMPQ R11, R9
	JGT  done16
	CMPQ R12, R10
	JGT  done16
	VMOVDQU64 (SI)(R11*1), Z0
	VPMOVB2M Z0, K1
	KMOVQ K1, AX
	CMPB latin+32(FP), $0
	JEQ  half16
	TESTQ AX, AX
	JNZ  latin16
	LEAQ -64(R10), DX
	CMPQ R12, DX
	JGT  ascii16
	VPMOVZXBW Y0, Z1
	VEXTRACTI64X4 $1, Z0, Y2
	VPMOVZXBW Y2, Z2
	VMOVDQU64 Z1, (DI)(R12*1)
	VMOVDQU64 Z2, 64(DI)(R12*1)
	ADDQ $64, R11
	ADDQ $128, R12
	JMP  loop16
latin16:
	U8STARTS
	U8LATIN(mixed16, 64)
	VMOVDQU64 Z1, (DI)(R12*1)
	LEAQ (R12)(CX*2), AX
	VMOVDQU64 Z4, (DI)(AX*1)
	LEAQ (R12)(DX*2), R12
	JMP  loop16
half16:
	TESTL AX, AX
	JNZ  starts16
ascii16:
	VPMOVZXBW Y0, Z1
	VMOVDQU64 Z1, (DI)(R12*1)
	ADDQ $32, R11
	ADDQ $64, R12
	JMP  loop16
starts16:
	U8STARTS
	JMP  patterns16
mixed16:
	TESTL AX, AX
	JZ   ascii16
patterns16:
	U8PATTERNS(quad16, tri16)
general16:
	U8COUNT(done16)
	U8COMPRESS
dec16:
	U8DECODE(bad16)
ok16:
	ADDQ DX, R11
	VPCMPUD $5, Z17, Z7, K1
	KMOVW K1, AX
	BZHIL CX, AX, AX
	TESTL AX, AX
	JNZ  pairs16
	VPMOVDW Z7, Y1
	VMOVDQU Y1, (DI)(R12*1)
	LEAQ (R12)(CX*2), R12
	JMP  loop16
pairs16:
	VPSRLD $10, Z7, Z1
	VPADDD Z16, Z1, Z1
	VPANDD Z15, Z7, Z2
	VPORD Z14, Z2, Z2
	VPSLLD $16, Z2, Z2
	VPORD Z2, Z1, Z1
	VMOVDQA32 Z1, K1, Z7
	MOVL $0xFFFF, DX
	BZHIL CX, DX, DX
	PDEPQ R13, DX, DX
	PDEPQ R14, AX, R8
	ORQ  R8, DX
	POPCNTL AX, AX
	ADDQ AX, CX
	KMOVD DX, K2
	VPCOMPRESSW Z7, K2, Z1
	VMOVDQU64 Z1, (DI)(R12*1)
	LEAQ (R12)(CX*2), R12
	JMP  loop16
tri16:
	U8TRI
	JMP  dec16
quad16:
	U8QUAD(general16)
	VPSRLD $10, Z7, Z1
	VPADDD Z16, Z1, Z1
	VPANDD Z15, Z7, Z2
	VPORD Z14, Z2, Z2
	VPSLLD $16, Z2, Z2
	VPORD Z2, Z1, Z1
	VMOVDQU64 Z1, (DI)(R12*1)
	ADDQ $64, R11
	ADDQ $64, R12
	JMP  loop16
bad16:
	U8CUT(done16)
	JMP  ok16
done16:
	VZEROUPPER
	MOVQ R11, ns+40(FP)
	MOVQ R12, nd+48(FP)
	RET
