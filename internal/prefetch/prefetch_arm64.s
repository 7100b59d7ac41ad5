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
