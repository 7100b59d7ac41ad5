//go:build cuda

package cuda

// This file holds the package's own cgo: the driver calls that gorgonia.org/cu v0.9.6 does not
// wrap (pinned host memory, function attributes, module loading with JIT logs, occupancy, error
// names), and conversions between gorgonia/cu's handle types and the C handles behind them.

/*
#cgo LDFLAGS: -lcuda -ldl
#define _GNU_SOURCE
#include <cuda.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// gorgonia/cu calls cuInit from its package initializer and exits the process when it fails,
// for instance when the driver is installed but no GPU is visible. This definition takes the
// place of the driver's cuInit inside the executable: it calls the real one, remembers its
// result for gk_init_status, and reports success so that the process keeps running and New can
// return an ordinary error.
static CUresult gk_init_result = CUDA_ERROR_NOT_INITIALIZED;
static int gk_init_called = 0;

CUresult CUDAAPI cuInit(unsigned int flags) {
	typedef CUresult (*init_fn)(unsigned int);
	static init_fn real = 0;
	if (!real) {
		real = (init_fn)dlsym(RTLD_NEXT, "cuInit");
	}
	gk_init_called = 1;
	if (!real) {
		gk_init_result = CUDA_ERROR_NOT_FOUND;
		return CUDA_SUCCESS;
	}
	gk_init_result = real(flags);
	return CUDA_SUCCESS;
}

static CUresult gk_init_status(void) {
	if (!gk_init_called) {
		cuInit(0);
	}
	return gk_init_result;
}

static CUresult gk_host_alloc(void **p, size_t bytes) {
	return cuMemHostAlloc(p, bytes, CU_MEMHOSTALLOC_PORTABLE);
}

static CUresult gk_host_free(void *p) { return cuMemFreeHost(p); }

// gk_mapped_alloc allocates pinned host memory that kernels may write through *dev.
static CUresult gk_mapped_alloc(void **p, CUdeviceptr *dev, size_t bytes) {
	CUresult r = cuMemHostAlloc(p, bytes, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP);
	if (r != CUDA_SUCCESS) {
		return r;
	}
	r = cuMemHostGetDevicePointer(dev, *p, 0);
	if (r != CUDA_SUCCESS) {
		cuMemFreeHost(*p);
		*p = 0;
	}
	return r;
}

static CUresult gk_set_max_dynamic_shared(CUfunction f, int bytes) {
	return cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
}

// gk_load JIT-compiles a PTX image with info and error log buffers and reports the compiler's
// wall time in milliseconds.
static CUresult gk_load(CUmodule *mod, const char *image, char *info, size_t info_size,
                        char *errlog, size_t err_size, float *wall_ms) {
	CUjit_option opts[6] = {
		CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_LOG_VERBOSE, CU_JIT_WALL_TIME,
	};
	void *vals[6] = {
		info, (void *)(uintptr_t)info_size,
		errlog, (void *)(uintptr_t)err_size,
		(void *)(uintptr_t)1, 0,
	};
	CUresult r = cuModuleLoadDataEx(mod, image, 6, opts, vals);
	float w = 0;
	memcpy(&w, &vals[5], sizeof w);
	*wall_ms = w;
	return r;
}

static CUresult gk_occupancy(int *blocks, CUfunction f, int threads, size_t shared) {
	return cuOccupancyMaxActiveBlocksPerMultiprocessor(blocks, f, threads, shared);
}

static CUresult gk_func_attr(int *v, CUfunction f, int attr) {
	return cuFuncGetAttribute(v, (CUfunction_attribute)attr, f);
}

static const char *gk_error_name(CUresult r) {
	const char *s = 0;
	if (cuGetErrorName(r, &s) != CUDA_SUCCESS || !s) return "CUDA_ERROR_UNKNOWN_CODE";
	return s;
}

static const char *gk_error_string(CUresult r) {
	const char *s = 0;
	if (cuGetErrorString(r, &s) != CUDA_SUCCESS || !s) return "unknown error";
	return s;
}

// gk_launch_cooperative launches f with every block resident at once on the default stream
// (cuLaunchCooperativeKernel), for kernels whose blocks wait for each other.
static CUresult gk_launch_cooperative(CUfunction f, unsigned int grid, unsigned int bx, unsigned int by,
		unsigned int bz, unsigned int shared, void **params) {
	return cuLaunchCooperativeKernel(f, grid, 1, 1, bx, by, bz, shared, 0, params);
}

static CUresult gk_mem_info(size_t *free_bytes, size_t *total) { return cuMemGetInfo(free_bytes, total); }

static CUresult gk_pointer_memory_type(unsigned int *t, CUdeviceptr p) {
	return cuPointerGetAttribute(t, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, p);
}
*/
import "C"

import (
	"fmt"
	"reflect"
	"runtime"
	"unsafe"

	"gorgonia.org/cu"
)

// Device attributes that gorgonia/cu v0.9.6 does not name.
const (
	attrSharedOptin     = cu.DeviceAttribute(C.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
	attrMaxBlocksPerSM  = cu.DeviceAttribute(C.CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR)
	attrMaxThreadsPerSM = cu.DeviceAttribute(C.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR)
)

// Function attributes read through gk_func_attr.
const (
	fnMaxThreads   = int(C.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
	fnStaticShared = int(C.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)
	fnLocalBytes   = int(C.CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)
	fnNumRegs      = int(C.CU_FUNC_ATTRIBUTE_NUM_REGS)
)

// cudaHeaderVersion is the CUDA_VERSION of the cuda.h the package was compiled against.
const cudaHeaderVersion = int(C.CUDA_VERSION)

// Result codes the package tests for.
const (
	codeOutOfMemory = int(C.CUDA_ERROR_OUT_OF_MEMORY)
	codeNoDevice    = int(C.CUDA_ERROR_NO_DEVICE)
)

// stickyCodes are the results after which a context is unusable: every later call in it fails
// with the same code until the process exits.
var stickyCodes = map[int]bool{
	int(C.CUDA_ERROR_ILLEGAL_ADDRESS):       true,
	int(C.CUDA_ERROR_LAUNCH_TIMEOUT):        true,
	int(C.CUDA_ERROR_ASSERT):                true,
	int(C.CUDA_ERROR_HARDWARE_STACK_ERROR):  true,
	int(C.CUDA_ERROR_ILLEGAL_INSTRUCTION):   true,
	int(C.CUDA_ERROR_MISALIGNED_ADDRESS):    true,
	int(C.CUDA_ERROR_INVALID_ADDRESS_SPACE): true,
	int(C.CUDA_ERROR_INVALID_PC):            true,
	int(C.CUDA_ERROR_LAUNCH_FAILED):         true,
	int(C.CUDA_ERROR_ECC_UNCORRECTABLE):     true,
}

// DriverError is a CUDA driver result other than success, with the driver's own name and
// description, such as CUDA_ERROR_ILLEGAL_ADDRESS: "an illegal memory access was encountered".
type DriverError struct {
	// Code is the CUresult value.
	Code int
	// Name is the driver's name of the code, such as "CUDA_ERROR_OUT_OF_MEMORY".
	Name string
	// Desc is the driver's description of the code.
	Desc string
	// Call names the driver call that failed, such as "cuMemAlloc".
	Call string
}

// Error returns "call: NAME: description".
func (e *DriverError) Error() string {
	if e.Call == "" {
		return fmt.Sprintf("%s: %s", e.Name, e.Desc)
	}
	return fmt.Sprintf("%s: %s: %s", e.Call, e.Name, e.Desc)
}

// Sticky reports whether the error leaves the CUDA context unusable for the rest of the process
// (an illegal address, an illegal instruction, a kernel trap, a launch failure).
func (e *DriverError) Sticky() bool { return stickyCodes[e.Code] }

func driverErr(call string, r C.CUresult) error {
	if r == C.CUDA_SUCCESS {
		return nil
	}
	e := &DriverError{Code: int(r), Name: C.GoString(C.gk_error_name(r)), Desc: C.GoString(C.gk_error_string(r)), Call: call}
	if r == C.CUDA_ERROR_STUB_LIBRARY {
		// The stub cannot name its own result codes.
		e.Name, e.Desc = "CUDA_ERROR_STUB_LIBRARY", "the libcuda.so.1 loaded is the link stub, not the NVIDIA driver"
	} else if e.Name == "CUDA_ERROR_UNKNOWN_CODE" {
		e.Name = fmt.Sprintf("CUresult %d", int(r))
	}
	return e
}

// fromCu converts an error returned by gorgonia/cu (its unexported result type, an int) into a
// *DriverError naming call. Other errors pass through unchanged.
func fromCu(call string, err error) error {
	if err == nil {
		return nil
	}
	v := reflect.ValueOf(err)
	switch v.Kind() {
	case reflect.Int, reflect.Int32, reflect.Int64:
		return driverErr(call, C.CUresult(v.Int()))
	}
	return fmt.Errorf("%s: %w", call, err)
}

// initStatus returns the result of the driver's initialization in this process.
func initStatus() error { return driverErr("cuInit", C.gk_init_status()) }

// Handle conversions: each gorgonia/cu handle type is a struct holding exactly the C handle.
func cFunc(f cu.Function) C.CUfunction  { return *(*C.CUfunction)(unsafe.Pointer(&f)) }
func cuModuleOf(m C.CUmodule) cu.Module { return *(*cu.Module)(unsafe.Pointer(&m)) }

func init() {
	if unsafe.Sizeof(cu.Function{}) != unsafe.Sizeof(C.CUfunction(nil)) || unsafe.Sizeof(cu.Module{}) != unsafe.Sizeof(C.CUmodule(nil)) {
		panic("cuda: gorgonia.org/cu handle layout changed")
	}
}

func hostAlloc(bytes int) (unsafe.Pointer, error) {
	var p unsafe.Pointer
	if err := driverErr("cuMemHostAlloc", C.gk_host_alloc(&p, C.size_t(bytes))); err != nil {
		return nil, err
	}
	return p, nil
}

func hostFree(p unsafe.Pointer) error { return driverErr("cuMemFreeHost", C.gk_host_free(p)) }

// mappedAlloc allocates bytes of pinned host memory mapped into the device's address space,
// and returns its host address and the address kernels write it through.
func mappedAlloc(bytes int) (unsafe.Pointer, cu.DevicePtr, error) {
	var p unsafe.Pointer
	var dev C.CUdeviceptr
	if err := driverErr("cuMemHostAlloc(DEVICEMAP)", C.gk_mapped_alloc(&p, &dev, C.size_t(bytes))); err != nil {
		return nil, 0, err
	}
	return p, cu.DevicePtr(dev), nil
}

func setMaxDynamicShared(f cu.Function, bytes int) error {
	return driverErr("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)", C.gk_set_max_dynamic_shared(cFunc(f), C.int(bytes)))
}

func funcAttr(f cu.Function, attr int) (int, error) {
	var v C.int
	if err := driverErr("cuFuncGetAttribute", C.gk_func_attr(&v, cFunc(f), C.int(attr))); err != nil {
		return 0, err
	}
	return int(v), nil
}

// occupancy returns how many blocks of threads threads with shared bytes of dynamic shared
// memory fit on one multiprocessor at once.
func occupancy(f cu.Function, threads, shared int) (int, error) {
	var n C.int
	if err := driverErr("cuOccupancyMaxActiveBlocksPerMultiprocessor", C.gk_occupancy(&n, cFunc(f), C.int(threads), C.size_t(shared))); err != nil {
		return 0, err
	}
	return int(n), nil
}

const jitLogBytes = 64 << 10

// loadModule JIT-compiles ptx into the current context. It returns the module, the compiler's
// info log, and on failure an error together with the error log.
func loadModule(ptx string) (mod cu.Module, info, errLog string, wallMs float32, err error) {
	image := C.CString(ptx)
	defer C.free(unsafe.Pointer(image))
	infoBuf := (*C.char)(C.calloc(jitLogBytes, 1))
	defer C.free(unsafe.Pointer(infoBuf))
	errBuf := (*C.char)(C.calloc(jitLogBytes, 1))
	defer C.free(unsafe.Pointer(errBuf))
	var m C.CUmodule
	var wall C.float
	r := C.gk_load(&m, image, infoBuf, jitLogBytes, errBuf, jitLogBytes, &wall)
	info, errLog = C.GoString(infoBuf), C.GoString(errBuf)
	if err = driverErr("cuModuleLoadDataEx", r); err != nil {
		return cu.Module{}, info, errLog, float32(wall), err
	}
	return cuModuleOf(m), info, errLog, float32(wall), nil
}

// launchCooperative launches f on the default stream with every block resident at once. The
// driver refuses a grid larger than the device holds (CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE).
// params points at the argument slots, as for cuLaunchKernel.
func launchCooperative(f cu.Function, grid int, block [3]int, shared int, params []unsafe.Pointer) error {
	var p *unsafe.Pointer
	if len(params) > 0 {
		// The slots the params point at are Go memory: pinned, cgo lets C read them
		// through params for the call.
		var pin runtime.Pinner
		defer pin.Unpin()
		for _, q := range params {
			pin.Pin(q)
		}
		p = &params[0]
	}
	return driverErr("cuLaunchCooperativeKernel", C.gk_launch_cooperative(cFunc(f), C.uint(grid), C.uint(block[0]), C.uint(block[1]), C.uint(block[2]), C.uint(shared), p))
}

func memInfo() (free, total int64, err error) {
	var f, t C.size_t
	if err := driverErr("cuMemGetInfo", C.gk_mem_info(&f, &t)); err != nil {
		return 0, 0, err
	}
	return int64(f), int64(t), nil
}

// isDevicePointer reports whether p is an address of device memory known to the driver.
func isDevicePointer(p uintptr) bool {
	var t C.uint
	if C.gk_pointer_memory_type(&t, C.CUdeviceptr(p)) != C.CUDA_SUCCESS {
		return false
	}
	return t == C.CU_MEMORYTYPE_DEVICE
}
