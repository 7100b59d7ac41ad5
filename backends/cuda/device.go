//go:build cuda

package cuda

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"gorgonia.org/cu"

	"github.com/gokkos/gokkos/execspace/abi"
)

// minMajor is the oldest compute capability the generated PTX (.target sm_70) runs on.
const minMajor = 7

// device is the process-wide state of one GPU: its primary context, attributes, memory space,
// module cache and the buffers launches share. It is created by the first New for the device and
// lives until the process exits, so that device views stay valid (and freeable) after a Space
// is closed.
type device struct {
	id   int
	dev  cu.Device
	ctx  cu.CUContext
	name string

	major, minor     int
	sms              int
	warp             int
	maxThreads       int // per block
	maxThreadsPerSM  int
	maxBlocksPerSM   int
	sharedPerBlock   int // without opt-in (48 KiB)
	sharedOptin      int // largest dynamic + static shared memory one block may opt in to
	l2               int64
	totalMem         int64
	driverVersion    int
	clockKHz         int
	memClockKHz      int
	busWidth         int
	level1Budget     int64 // most bytes the level-1 scratch buffer may take
	level1TeamLimit  int   // Info.ScratchLimit[1]
	concurrencyLimit int

	mem *Memory

	modMu   sync.Mutex
	modules map[*abi.KernelSpec]*module

	// multiMu serializes multi-kernel sequences (reduce, scan) that share the partials buffer
	// and the result buffer.
	multiMu  sync.Mutex
	partials devBuf
	results  resultBuf

	// scratchMu guards the level-1 scratch buffer: launches that use it hold the read lock
	// until their kernel is enqueued; growing it takes the write lock.
	scratchMu sync.RWMutex
	scratch1  devBuf

	evMu   sync.Mutex
	evFree []cu.Event

	stageMu sync.Mutex
	stagers []*stager
	nstage  int

	stickyMu sync.Mutex
	sticky   error

	pendMu   sync.Mutex
	pending  []pendingLaunch // the most recent launches since the last fence
	npending int

	frees atomic.Int64 // successful Free calls, for tests
}

// devBuf is a grow-only device buffer.
type devBuf struct {
	ptr  cu.DevicePtr
	size int64
}

var (
	devMu   sync.Mutex
	devices = map[int]*device{}
)

// openDevice returns the state of GPU id, creating it on first use. It fails when the driver did
// not initialize, when id is not a device, or when the device is older than sm_70.
func openDevice(id int) (*device, error) {
	devMu.Lock()
	defer devMu.Unlock()
	if d := devices[id]; d != nil {
		return d, nil
	}
	if err := initStatus(); err != nil {
		var de *DriverError
		if errors.As(err, &de) && de.Code == codeNoDevice {
			return nil, fmt.Errorf("cuda: no CUDA device is visible (%v; check CUDA_VISIBLE_DEVICES and nvidia-smi)", err)
		}
		return nil, fmt.Errorf("cuda: the CUDA driver did not initialize: %w", err)
	}
	n, err := cu.NumDevices()
	if err != nil {
		return nil, fmt.Errorf("cuda: counting devices: %w", fromCu("cuDeviceGetCount", err))
	}
	if n == 0 {
		return nil, errors.New("cuda: no CUDA device is visible (check CUDA_VISIBLE_DEVICES and nvidia-smi)")
	}
	if id < 0 || id >= n {
		return nil, fmt.Errorf("cuda: device %d requested (GOKKOS_DEVICE_ID), but only devices 0..%d are visible", id, n-1)
	}
	dev, err := cu.GetDevice(id)
	if err != nil {
		return nil, fmt.Errorf("cuda: device %d: %w", id, fromCu("cuDeviceGet", err))
	}
	d := &device{id: id, dev: dev, modules: map[*abi.KernelSpec]*module{}}
	if d.name, err = dev.Name(); err != nil {
		return nil, fmt.Errorf("cuda: device %d: %w", id, fromCu("cuDeviceGetName", err))
	}
	attrs := []struct {
		a   cu.DeviceAttribute
		dst *int
	}{
		{cu.ComputeCapabilityMajor, &d.major}, {cu.ComputeCapabilityMinor, &d.minor},
		{cu.MultiprocessorCount, &d.sms}, {cu.WarpSize, &d.warp},
		{cu.MaxThreadsPerBlock, &d.maxThreads}, {attrMaxThreadsPerSM, &d.maxThreadsPerSM},
		{attrMaxBlocksPerSM, &d.maxBlocksPerSM}, {cu.MaxSharedMemoryPerBlock, &d.sharedPerBlock},
		{attrSharedOptin, &d.sharedOptin}, {cu.ClockRate, &d.clockKHz},
		{cu.MemoryClockRate, &d.memClockKHz}, {cu.GlobalMemoryBusWidth, &d.busWidth},
	}
	for _, a := range attrs {
		v, err := dev.Attribute(a.a)
		if err != nil {
			return nil, fmt.Errorf("cuda: device %d: %w", id, fromCu("cuDeviceGetAttribute", err))
		}
		*a.dst = v
	}
	l2, err := dev.Attribute(cu.L2CacheSize)
	if err != nil {
		return nil, fmt.Errorf("cuda: device %d: %w", id, fromCu("cuDeviceGetAttribute", err))
	}
	d.l2 = int64(l2)
	if d.totalMem, err = dev.TotalMem(); err != nil {
		return nil, fmt.Errorf("cuda: device %d: %w", id, fromCu("cuDeviceTotalMem", err))
	}
	d.driverVersion = cu.Version()
	if d.major < minMajor {
		return nil, fmt.Errorf("cuda: device %d (%s) has compute capability %d.%d; gokkos needs 7.0 (Volta) or newer", id, d.name, d.major, d.minor)
	}
	if d.sharedOptin < d.sharedPerBlock {
		d.sharedOptin = d.sharedPerBlock
	}
	if d.maxBlocksPerSM <= 0 {
		d.maxBlocksPerSM = 16
	}
	d.level1Budget = max(d.totalMem/8, 64<<20)
	d.level1TeamLimit = int(min(d.level1Budget, 1<<30))
	d.concurrencyLimit = d.sms * d.maxThreadsPerSM
	if d.ctx, err = dev.RetainPrimaryCtx(); err != nil {
		return nil, fmt.Errorf("cuda: device %d (%s): retaining the primary context: %w", id, d.name, fromCu("cuDevicePrimaryCtxRetain", err))
	}
	d.mem = &Memory{d: d}
	devices[id] = d
	return d, nil
}

// enter locks the calling goroutine to its OS thread and makes the device's primary context
// current on it. Every driver call runs between enter and leave.
func (d *device) enter() error {
	runtime.LockOSThread()
	if err := cu.SetCurrentContext(d.ctx); err != nil {
		runtime.UnlockOSThread()
		return fromCu("cuCtxSetCurrent", err)
	}
	return nil
}

// leave undoes enter.
func (d *device) leave() { runtime.UnlockOSThread() }

// ErrDeviceUnusable is wrapped by the errors of every operation on a device whose context was
// left unusable by an earlier fault (an illegal address, a trap, a launch failure). The CUDA
// driver keeps such a context broken until the process exits; restart the process.
var ErrDeviceUnusable = errors.New("cuda: the device's context is unusable after an earlier fault; restart the process")

// usable returns nil, or an error wrapping ErrDeviceUnusable that names the first fault.
func (d *device) usable() error {
	d.stickyMu.Lock()
	defer d.stickyMu.Unlock()
	if d.sticky == nil {
		return nil
	}
	return fmt.Errorf("%w (first fault: %v)", ErrDeviceUnusable, d.sticky)
}

// check returns err, and when err leaves the context unusable, adds the launches enqueued since
// the last fence (one of them probably caused it) and records it as the device's fault. what
// describes the operation that found the error.
func (d *device) check(what string, err error) error {
	var de *DriverError
	if err == nil || !errors.As(err, &de) || !de.Sticky() {
		return err
	}
	if pending := d.takePending(); pending != "" {
		err = fmt.Errorf("%w (launches since the last fence: %s)", err, pending)
	}
	d.stickyMu.Lock()
	if d.sticky == nil {
		d.sticky = fmt.Errorf("%s: %w", what, err)
	}
	d.stickyMu.Unlock()
	return err
}

const maxPending = 4

// notePending records an asynchronous launch, so that a fault found at the next fence can be
// attributed to the launches that might have caused it.
func (d *device) notePending(desc pendingLaunch) {
	d.pendMu.Lock()
	if len(d.pending) == maxPending {
		copy(d.pending, d.pending[1:])
		d.pending = d.pending[:maxPending-1]
	}
	d.pending = append(d.pending, desc)
	d.npending++
	d.pendMu.Unlock()
}

// takePending returns a description of the launches since the last fence and forgets them.
func (d *device) takePending() string {
	d.pendMu.Lock()
	defer d.pendMu.Unlock()
	if d.npending == 0 {
		return ""
	}
	descs := make([]string, len(d.pending))
	for i, p := range d.pending {
		descs[i] = p.String()
	}
	s := strings.Join(descs, "; ")
	if more := d.npending - len(d.pending); more > 0 {
		s = fmt.Sprintf("%d earlier launches, then %s", more, s)
	}
	d.pending, d.npending = d.pending[:0], 0
	return s
}

func (d *device) clearPending() {
	d.pendMu.Lock()
	d.pending, d.npending = d.pending[:0], 0
	d.pendMu.Unlock()
}

// synchronize waits for all work in the context. The caller has entered.
func (d *device) synchronize(what string) error {
	return d.check(what, fromCu("cuCtxSynchronize", cu.Synchronize()))
}

// grow makes b hold at least need bytes, waiting for in-flight work before it frees the old
// buffer. The caller has entered and holds the lock that guards b.
func (d *device) grow(b *devBuf, need int64, label string) error {
	if b.size >= need {
		return nil
	}
	size := max(need, 2*b.size, 4096)
	if b.ptr != 0 {
		if err := d.synchronize("growing the " + label + " buffer"); err != nil {
			return err
		}
		cu.MemFree(b.ptr)
		*b = devBuf{}
	}
	p, err := cu.MemAlloc(size)
	if err != nil {
		return d.mem.allocError(label, size, fromCu("cuMemAlloc", err))
	}
	*b = devBuf{p, size}
	return nil
}

// event returns an event from the device's pool (timing enabled). The caller has entered.
func (d *device) event() (cu.Event, error) {
	d.evMu.Lock()
	if n := len(d.evFree); n > 0 {
		e := d.evFree[n-1]
		d.evFree = d.evFree[:n-1]
		d.evMu.Unlock()
		return e, nil
	}
	d.evMu.Unlock()
	e, err := cu.MakeEvent(cu.DefaultEvent)
	return e, fromCu("cuEventCreate", err)
}

func (d *device) putEvent(e cu.Event) {
	d.evMu.Lock()
	d.evFree = append(d.evFree, e)
	d.evMu.Unlock()
}
