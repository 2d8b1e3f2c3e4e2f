//go:build !purego

#include "textflag.h"

// func asciiToUTF16AVX2(dst, src *byte, n int) int
// Widens 32 bytes per step while they are all ASCII; n is the number of
// source bytes that fit. Returns the bytes converted (a multiple of 32).
TEXT ·asciiToUTF16AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
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
	VMOVDQU Y1, (DI)(AX*2)
	VMOVDQU Y2, 32(DI)(AX*2)
	MOVQ DX, AX
	JMP  loop16
done16:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func asciiToUTF32AVX2(dst, src *byte, n int) int
TEXT ·asciiToUTF32AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
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
	VMOVDQU Y1, (R8)
	VMOVDQU Y2, 32(R8)
	VMOVDQU Y4, 64(R8)
	VMOVDQU Y5, 96(R8)
	ADDQ $128, R8
	MOVQ DX, AX
	JMP  loop32
done32:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func utf16ToASCIIAVX2(dst, src *byte, n int) int
// Narrows 32 little-endian code units per step while all are below 0x80;
// n is the number of units that fit. Returns the units converted.
TEXT ·utf16ToASCIIAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	VPCMPEQW Y7, Y7, Y7
	VPSLLW $7, Y7, Y7 // 0xFF80 in every word
loopn16:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   donen16
	VMOVDQU (SI)(AX*2), Y0
	VMOVDQU 32(SI)(AX*2), Y1
	VPOR Y0, Y1, Y2
	VPTEST Y7, Y2
	JNZ  donen16
	VPACKUSWB Y1, Y0, Y3
	VPERMQ $0xD8, Y3, Y3
	VMOVDQU Y3, (DI)(AX*1)
	MOVQ DX, AX
	JMP  loopn16
donen16:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func utf32ToASCIIAVX2(dst, src *byte, n int) int
// Narrows 16 little-endian code units per step while all are below 0x80.
TEXT ·utf32ToASCIIAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	VPCMPEQD Y7, Y7, Y7
	VPSLLD $7, Y7, Y7 // 0xFFFFFF80 in every dword
loopn32:
	LEAQ 16(AX), DX
	CMPQ DX, CX
	JA   donen32
	VMOVDQU (SI)(AX*4), Y0
	VMOVDQU 32(SI)(AX*4), Y1
	VPOR Y0, Y1, Y2
	VPTEST Y7, Y2
	JNZ  donen32
	VPACKUSDW Y1, Y0, Y3
	VPERMQ $0xD8, Y3, Y3
	VEXTRACTI128 $1, Y3, X4
	VPACKUSWB X4, X3, X5
	VMOVDQU X5, (DI)(AX*1)
	MOVQ DX, AX
	JMP  loopn32
donen32:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
