//go:build cuda

package cuda

import (
	"unsafe"

	"gorgonia.org/cu"

	"github.com/gokkos/gokkos/execspace/abi"
)

// fillPTX is the built-in kernel behind Fill for 8-byte patterns that no cuMemsetD* call can
// write: gokkos_fill64(ptr, value, n) stores value into n 8-byte words at ptr in a grid-stride
// loop.
const fillPTX = `.version 7.0
.target sm_70
.address_size 64

.visible .entry gokkos_fill64(.param .u64 p_ptr, .param .u64 p_val, .param .u64 p_n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<5>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [p_ptr];
	ld.param.u64 %rd2, [p_val];
	ld.param.u64 %rd3, [p_n];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %tid.x;
	mov.u32 %r4, %nctaid.x;
	mul.wide.u32 %rd4, %r1, %r2;
	cvt.u64.u32 %rd5, %r3;
	add.u64 %rd4, %rd4, %rd5;
	mul.wide.u32 %rd6, %r4, %r2;
	setp.ge.u64 %p1, %rd4, %rd3;
	@%p1 bra DONE;
LOOP:
	shl.b64 %rd7, %rd4, 3;
	add.u64 %rd8, %rd1, %rd7;
	st.global.u64 [%rd8], %rd2;
	add.u64 %rd4, %rd4, %rd6;
	setp.lt.u64 %p1, %rd4, %rd3;
	@%p1 bra LOOP;
DONE:
	ret;
}
`

var fillSpec = &abi.KernelSpec{Name: "cuda.fill64", Pos: "backends/cuda/builtin.go", Form: abi.FormRange, PTX: fillPTX, Entry: "gokkos_fill64"}

// fill64 writes count copies of the 8-byte pattern bits at p. The caller has entered.
func (d *device) fill64(p cu.DevicePtr, bits uint64, count int64) error {
	m, err := d.module(fillSpec)
	if err != nil {
		return err
	}
	f, err := m.function(fillSpec, fillSpec.Entry)
	if err != nil {
		return err
	}
	c, err := d.rangeBlock(f, 0)
	if err != nil {
		return err
	}
	grid := int(min(ceilDiv(count, int64(c.threads)), int64(d.sms*c.perSM)))
	slots := [3]uint64{uint64(p), bits, uint64(count)}
	params := []unsafe.Pointer{unsafe.Pointer(&slots[0]), unsafe.Pointer(&slots[1]), unsafe.Pointer(&slots[2])}
	return fromCu("cuLaunchKernel", f.f.Launch(grid, 1, 1, c.threads, 1, 1, 0, cu.Stream{}, params))
}
