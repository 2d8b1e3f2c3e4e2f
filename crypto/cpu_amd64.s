//go:build amd64 && !purego

#include "textflag.h"

// func cpuid7EBX() uint32
TEXT ·cpuid7EBX(SB), NOSPLIT, $0-4
	XORL AX, AX
	CPUID
	CMPL AX, $7
	JB   none
	MOVL $7, AX
	XORL CX, CX
	CPUID
	MOVL BX, ret+0(FP)
	RET
none:
	MOVL $0, ret+0(FP)
	RET
