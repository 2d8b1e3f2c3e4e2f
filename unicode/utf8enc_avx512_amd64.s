//go:build !purego

#include "textflag.h"

// UTF-32LE / UTF-16LE → UTF-8 with AVX-512 (F, BW, VBMI, VBMI2) and BMI2, 16
// characters of any UTF-8 length per step, as in the AVX-512 transcoder of
// simdutf (R. Clausecker and D. Lemire, "Transcoding Unicode characters
// with AVX-512 instructions", Software: Practice and Experience, 2023):
// each code point's UTF-8 form is built in its 32-bit lane (first byte
// lowest) and VPCOMPRESSB, with a mask of the bytes each lane uses, packs
// them. UTF-16 surrogate pairs are joined in the lane of their high half;
// the lane of the low half gives no bytes. Anything ill-formed (a lone
// surrogate, a value above U+10FFFF) stops the kernel before it, for the
// exact Go code.

// Per UTF-8 length (index 1-4): the right shift that drops the unused
// leading groups, and the marker bits of the form.
DATA u8eshift<>+0(SB)/4, $0
DATA u8eshift<>+4(SB)/4, $24
DATA u8eshift<>+8(SB)/4, $16
DATA u8eshift<>+12(SB)/4, $8
DATA u8eshift<>+16(SB)/4, $0
DATA u8eshift<>+20(SB)/4, $0
DATA u8eshift<>+24(SB)/8, $0
DATA u8eshift<>+32(SB)/8, $0
DATA u8eshift<>+40(SB)/8, $0
DATA u8eshift<>+48(SB)/8, $0
DATA u8eshift<>+56(SB)/8, $0
GLOBL u8eshift<>(SB), RODATA|NOPTR, $64

DATA u8emark<>+0(SB)/4, $0
DATA u8emark<>+4(SB)/4, $0
DATA u8emark<>+8(SB)/4, $0x80C0
DATA u8emark<>+12(SB)/4, $0x8080E0
DATA u8emark<>+16(SB)/4, $0x808080F0
DATA u8emark<>+20(SB)/4, $0
DATA u8emark<>+24(SB)/8, $0
DATA u8emark<>+32(SB)/8, $0
DATA u8emark<>+40(SB)/8, $0
DATA u8emark<>+48(SB)/8, $0
DATA u8emark<>+56(SB)/8, $0
GLOBL u8emark<>(SB), RODATA|NOPTR, $64

// Byte positions within a lane, and (for VPSHUFB) the spread of each
// lane's low byte to its 4 bytes.
DATA u8epos<>+0(SB)/8, $0x0302010003020100
DATA u8epos<>+8(SB)/8, $0x0302010003020100
GLOBL u8epos<>(SB), RODATA|NOPTR, $16
DATA u8espread<>+0(SB)/8, $0x0404040400000000
DATA u8espread<>+8(SB)/8, $0x0c0c0c0c08080808
GLOBL u8espread<>(SB), RODATA|NOPTR, $16

// u8etri packs the first 3 bytes of each lane.
DATA u8etri<>+0(SB)/8, $0x0908060504020100
DATA u8etri<>+8(SB)/8, $0x141211100e0d0c0a
DATA u8etri<>+16(SB)/8, $0x1e1d1c1a19181615
DATA u8etri<>+24(SB)/8, $0x2928262524222120
DATA u8etri<>+32(SB)/8, $0x343231302e2d2c2a
DATA u8etri<>+40(SB)/8, $0x3e3d3c3a39383635
DATA u8etri<>+48(SB)/8, $0x3f3f3f3f3f3f3f3f
DATA u8etri<>+56(SB)/8, $0x3f3f3f3f3f3f3f3f
GLOBL u8etri<>(SB), RODATA|NOPTR, $64

// Registers through the loops: Z31 shift table, Z30 marker table, Z29 byte
// positions, Z28 spread, Z27 VPMULTISHIFTQB control picking the bits of
// the 4-byte form's groups (from bit 18, 12, 6, 0 of each 32-bit lane),
// Z26 0x3F3F3F3F, Z25 0x808080F0, Z24 1,
// Z23 0x80, Z22 0x800, Z21 0x10000, Z20 0x10FFFF, Z19 0xFFFFF800 (UTF-32)
// or 0xFC00 (UTF-16), Z18 0xD800, Z17 0 (UTF-16: Z16 0xDC00, Z15
// 0x35FDC00, Z14 0x80 in words).
#define E8CONSTS \
	VMOVDQU64 u8eshift<>(SB), Z31 \
	VMOVDQU64 u8emark<>(SB), Z30 \
	VBROADCASTI32X4 u8epos<>(SB), Z29 \
	VBROADCASTI32X4 u8espread<>(SB), Z28 \
	MOVQ $0x20262C3200060C12, AX \
	VPBROADCASTQ AX, Z27 \
	MOVL $0x3F3F3F3F, AX \
	VPBROADCASTD AX, Z26 \
	MOVL $0x808080F0, AX \
	VPBROADCASTD AX, Z25 \
	MOVL $1, AX \
	VPBROADCASTD AX, Z24 \
	MOVL $0x80, AX \
	VPBROADCASTD AX, Z23 \
	MOVL $0x800, AX \
	VPBROADCASTD AX, Z22 \
	MOVL $0x10000, AX \
	VPBROADCASTD AX, Z21 \
	MOVL $0x10FFFF, AX \
	VPBROADCASTD AX, Z20 \
	MOVL $0xD800, AX \
	VPBROADCASTD AX, Z18 \
	VPXORD Z17, Z17, Z17

// E8LENGTHS sets Z6 to the UTF-8 length of each code point of Z1, K4 to
// the ASCII lanes, K5 to those from U+0800 and K6 to those from U+10000.
// Uses K7.
#define E8LENGTHS \
	VPCMPUD $1, Z23, Z1, K4 \
	VPCMPUD $5, Z22, Z1, K5 \
	VPCMPUD $5, Z21, Z1, K6 \
	VMOVDQA32 Z24, Z6 \
	KNOTW K4, K7 \
	VPADDD Z24, Z6, K7, Z6 \
	VPADDD Z24, Z6, K5, Z6 \
	VPADDD Z24, Z6, K6, Z6

// E8GROUPS sets Z2 to the 6-bit groups of the code points of Z1 for a
// 4-byte form, first group lowest, without marker bits.
#define E8GROUPS \
	VPMULTISHIFTQB Z1, Z27, Z2 \
	VPANDD Z26, Z2, Z2

// E8ENCODE builds in Z2 the UTF-8 forms of the code points of Z1 (lengths
// in Z6, ASCII lanes in K4) and in BX the mask of the bytes they use.
// Uses Z3, Z7, K5.
#define E8ENCODE \
	E8GROUPS \
	VPERMD Z31, Z6, Z3 \
	VPSRLVD Z3, Z2, Z2 \
	VPERMD Z30, Z6, Z3 \
	VPORD Z3, Z2, Z2 \
	VMOVDQA32 Z1, K4, Z2 \
	VPSHUFB Z28, Z6, Z7 \
	VPCMPUB $1, Z7, Z29, K5 \
	KMOVQ K5, BX

// E8QUAD sets Z2 to the 4-byte forms of the code points of Z1, all
// supplementary: (groups & 0x3F) | markers in one VPTERNLOGD.
#define E8QUAD \
	VPMULTISHIFTQB Z1, Z27, Z2 \
	VPTERNLOGD $0xEA, Z25, Z26, Z2

// E8TRI sets the first 48 bytes of Z2 to the 3-byte forms of the code
// points of Z1, all from U+0800 to U+FFFF. Uses Z3.
#define E8TRI \
	E8GROUPS \
	VPSRLD $8, Z2, Z2 \
	MOVL $0x8080E0, AX \
	VPBROADCASTD AX, Z3 \
	VPORD Z3, Z2, Z2 \
	VMOVDQU64 u8etri<>(SB), Z3 \
	VPERMB Z2, Z3, Z2

// E8HALF converts the 16 BMP code points (no surrogates) of Z1 and stores
// their UTF-8 at DI+R12, advancing R12; all 3-byte forms take a shortcut.
#define E8HALF(tri, next) \
	E8LENGTHS \
	KORTESTW K5, K5 \
	JC   tri \
	E8ENCODE \
	VPCOMPRESSB Z2, K5, Z3 \
	VMOVDQU64 Z3, (DI)(R12*1) \
	POPCNTQ BX, BX \
	ADDQ BX, R12 \
	JMP  next \
tri: \
	E8TRI \
	VMOVDQU64 Z2, (DI)(R12*1) \
	ADDQ $48, R12 \
next:

// func utf32ToUTF8AVX512(dst, src *byte, nsrc, ndst int) (ns, nd int)
// Converts UTF-32LE to UTF-8 while 64 source and 64 destination bytes
// remain; stops before a surrogate or a value above U+10FFFF.
TEXT ·utf32ToUTF8AVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), R9
	MOVQ ndst+24(FP), R10
	SUBQ $64, R9
	SUBQ $64, R10
	XORQ R11, R11
	XORQ R12, R12
	E8CONSTS
	MOVL $0xFFFFF800, AX
	VPBROADCASTD AX, Z19
loop32:
	CMPQ R11, R9
	JGT  done32
	CMPQ R12, R10
	JGT  done32
	VMOVDQU32 (SI)(R11*1), Z1
	VPCMPUD $5, Z23, Z1, K1
	KORTESTW K1, K1
	JNZ  wide32
	VPMOVDB Z1, X2
	VMOVDQU X2, (DI)(R12*1)
	ADDQ $64, R11
	ADDQ $16, R12
	JMP  loop32
wide32:
	VPCMPUD $5, Z21, Z1, K6
	KORTESTW K6, K6
	JC   supp32
check32:
	VPCMPUD $6, Z20, Z1, K2
	VPANDD Z19, Z1, Z3
	VPCMPEQD Z18, Z3, K3
	KORW K2, K3, K2
	KORTESTW K2, K2
	JNZ  bad32
	E8LENGTHS
	KORTESTW K6, K6
	JC   quad32
	KORTESTW K6, K5
	JNC  any32
	KORTESTW K6, K6
	JZ   tri32
any32:
	E8ENCODE
	VPCOMPRESSB Z2, K5, Z3
	VMOVDQU64 Z3, (DI)(R12*1)
	POPCNTQ BX, BX
	ADDQ BX, R12
	ADDQ $64, R11
	JMP  loop32
supp32:
	// All supplementary: only the upper bound to check.
	VPCMPUD $6, Z20, Z1, K2
	KORTESTW K2, K2
	JNZ  check32
quad32:
	E8QUAD
	VMOVDQU64 Z2, (DI)(R12*1)
	ADDQ $64, R12
	ADDQ $64, R11
	JMP  loop32
tri32:
	E8TRI
	VMOVDQU64 Z2, (DI)(R12*1)
	ADDQ $48, R12
	ADDQ $64, R11
	JMP  loop32
bad32:
	// Convert the lanes before the first bad one, then stop.
	KMOVW K2, AX
	TZCNTL AX, CX
	TESTL CX, CX
	JZ   done32
	E8LENGTHS
	E8ENCODE
	SHLL $2, CX
	BZHIQ CX, BX, BX
	KMOVQ BX, K5
	VPCOMPRESSB Z2, K5, Z3
	VMOVDQU64 Z3, (DI)(R12*1)
	POPCNTQ BX, BX
	ADDQ BX, R12
	ADDQ CX, R11
done32:
	VZEROUPPER
	MOVQ R11, ns+32(FP)
	MOVQ R12, nd+40(FP)
	RET

// func utf16ToUTF8AVX512(dst, src *byte, nsrc, ndst int) (ns, nd int)
// Converts UTF-16LE to UTF-8 while 64 source and 128 destination bytes
// remain; stops before a lone surrogate. Each step takes 32 units when
// they hold no surrogates or are 16 pairs, otherwise 16 units (15 when the
// 16th is the high half of a pair).
TEXT ·utf16ToUTF8AVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ nsrc+16(FP), R9
	MOVQ ndst+24(FP), R10
	SUBQ $64, R9
	SUBQ $128, R10
	XORQ R11, R11
	XORQ R12, R12
	E8CONSTS
	MOVL $0xFC00, AX
	VPBROADCASTD AX, Z19
	MOVL $0xDC00, AX
	VPBROADCASTD AX, Z16
	MOVL $0x35FDC00, AX
	VPBROADCASTD AX, Z15
	MOVL $0x80, AX
	VPBROADCASTW AX, Z14
	MOVL $0xF800, AX
	VPBROADCASTW AX, Z13
	MOVL $0xD800, AX
	VPBROADCASTW AX, Z12
	MOVL $0xFC00FC00, AX
	VPBROADCASTD AX, Z11
	MOVL $0xDC00D800, AX
	VPBROADCASTD AX, Z10
loop16:
	CMPQ R11, R9
	JGT  done16
	CMPQ R12, R10
	JGT  done16
	VMOVDQU16 (SI)(R11*1), Z0
	VPCMPUW $5, Z14, Z0, K1
	KORTESTD K1, K1
	JNZ  mixed16
	VPMOVWB Z0, Y2
	VMOVDQU Y2, (DI)(R12*1)
	ADDQ $64, R11
	ADDQ $32, R12
	JMP  loop16
mixed16:
	// 32 units without surrogates, or 16 whole pairs, take shortcuts.
	VPANDD Z13, Z0, Z9
	VPCMPEQW Z12, Z9, K1
	KORTESTD K1, K1
	JZ   bmp32
	VPANDD Z11, Z0, Z9
	VPCMPEQD Z10, Z9, K1
	KORTESTW K1, K1
	JC   pairs32
wide16:
	// Units to take: 16, or 15 when the 16th is the high half of a pair
	// (from a scalar load, to keep the next step's address off the vector
	// path).
	MOVWLZX 30(SI)(R11*1), AX
	ANDL $0xFC00, AX
	XORL CX, CX
	CMPL AX, $0xD800
	SETEQ CX
	NEGL CX
	ADDL $16, CX
	VPMOVZXWD (SI)(R11*1), Z1
	VPMOVZXWD 2(SI)(R11*1), Z8
	VPANDD Z19, Z1, Z3
	VPCMPEQD Z18, Z3, K1
	VPCMPEQD Z16, Z3, K2
	VPANDD Z19, Z8, Z3
	VPCMPEQD Z16, Z3, K3
	KMOVW K1, AX
	KMOVW K2, DX
	KMOVW K3, R8
	// Errors: a high half not followed by a low one, a low half not
	// preceded by a high one.
	MOVL R8, R13
	NOTL R13
	ANDL AX, R13
	LEAL (AX)(AX*1), R14
	NOTL R14
	ANDL DX, R14
	ORL  R14, R13
	BZHIL CX, R13, R13
	JNZ  cut16
take16:
	MOVL AX, R8
	ORL  DX, R8
	JZ   bmp16
	CMPL AX, $0x5555
	JNE  pairs16
	CMPL DX, $0xAAAA
	JEQ  quad16
pairs16:
	VPSLLD $10, Z1, Z3
	VPADDD Z8, Z3, Z3
	VPSUBD Z15, Z3, Z3
	VMOVDQA32 Z3, K1, Z1
	E8LENGTHS
	VMOVDQA32 Z17, K2, Z6
any16:
	E8ENCODE
	MOVL CX, AX
	SHLL $2, AX
	BZHIQ AX, BX, BX
	KMOVQ BX, K5
	VPCOMPRESSB Z2, K5, Z3
	VMOVDQU64 Z3, (DI)(R12*1)
	POPCNTQ BX, BX
	ADDQ BX, R12
	LEAQ (R11)(CX*2), R11
	JMP  loop16
bmp16:
	// No surrogates: 16 units; all 3-byte forms take a shortcut.
	E8LENGTHS
	KORTESTW K5, K5
	JNC  any16
	E8TRI
	VMOVDQU64 Z2, (DI)(R12*1)
	ADDQ $48, R12
	ADDQ $32, R11
	JMP  loop16
quad16:
	// 8 pairs: their code points in the even lanes.
	VPSLLD $10, Z1, Z3
	VPADDD Z8, Z3, Z3
	VPSUBD Z15, Z3, Z1
	E8QUAD
	VPMOVQD Z2, Y3
	VMOVDQU Y3, (DI)(R12*1)
	ADDQ $32, R12
	ADDQ $32, R11
	JMP  loop16
bmp32:
	VPMOVZXWD Y0, Z1
	E8HALF(tri32a, next32a)
	VEXTRACTI64X4 $1, Z0, Y1
	VPMOVZXWD Y1, Z1
	E8HALF(tri32b, next32b)
	ADDQ $64, R11
	JMP  loop16
pairs32:
	// 16 pairs, high half in the low word of each 32-bit lane.
	VPSLLD $16, Z0, Z1
	VPSRLD $6, Z1, Z1
	VPSRLD $16, Z0, Z3
	VPADDD Z3, Z1, Z1
	VPSUBD Z15, Z1, Z1
	E8QUAD
	VMOVDQU64 Z2, (DI)(R12*1)
	ADDQ $64, R12
	ADDQ $64, R11
	JMP  loop16
cut16:
	TZCNTL R13, CX
	TESTL CX, CX
	JZ   done16
	JMP  take16
done16:
	VZEROUPPER
	MOVQ R11, ns+32(FP)
	MOVQ R12, nd+40(FP)
	RET
