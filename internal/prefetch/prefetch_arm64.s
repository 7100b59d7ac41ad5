#include "textflag.h"

// func Line(p unsafe.Pointer)
TEXT ·Line(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	PRFM (R0), PLDL1KEEP
	RET

// func Lines4(p0, p1, p2, p3 unsafe.Pointer)
TEXT ·Lines4(SB), NOSPLIT, $0-32
	MOVD p0+0(FP), R0
	MOVD p1+8(FP), R1
	MOVD p2+16(FP), R2
	MOVD p3+24(FP), R3
	PRFM (R0), PLDL1KEEP
	PRFM (R1), PLDL1KEEP
	PRFM (R2), PLDL1KEEP
	PRFM (R3), PLDL1KEEP
	RET

// func Elements(p8, q4, r4 unsafe.Pointer, idx []int32)
TEXT ·Elements(SB), NOSPLIT, $0-48
	MOVD p8+0(FP), R0
	MOVD q4+8(FP), R1
	MOVD r4+16(FP), R2
	MOVD idx_base+24(FP), R3
	MOVD idx_len+32(FP), R4
loop:
	CBZ R4, done
	MOVW.P 4(R3), R5
	ADD R5<<3, R0, R6
	PRFM (R6), PLDL1KEEP
	ADD R5<<2, R1, R6
	PRFM (R6), PLDL1KEEP
	ADD R5<<2, R2, R6
	PRFM (R6), PLDL1KEEP
	SUB $1, R4
	B loop
done:
	RET
