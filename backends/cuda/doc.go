// Package cuda is gokkos' CUDA execution space: kernels translated to PTX run on an NVIDIA GPU
// (compute capability 7.0 or newer) through the CUDA driver API, with views in the GPU's global
// memory.
//
// The implementation sits behind the build tag cuda, because a binary that links it needs the
// NVIDIA driver (libcuda.so.1) to start. Without the tag this package is empty and gokkos runs
// on the host space alone. With the tag, importing the package registers the "cuda" backend with
// execspace at a priority above the host's, so execspace.Default opens the GPU when one is
// present (GOKKOS_SPACE=host overrides that, GOKKOS_DEVICE_ID picks the GPU).
//
// Building needs cuda.h and the libcuda.so link stub of CUDA 11.8 or compatible, but no GPU and
// no CUDA compiler: scripts/cuda-sdk.sh fetches them and scripts/build-gpu.sh builds the test
// and benchmark binaries. docs/gpu.md describes building on a machine without a GPU, running
// there, the environment variables and the errors.
//
// The space uses the device's primary context, made current on the calling goroutine's locked
// OS thread for the duration of each call, and the default stream: kernels, copies and fills
// from all goroutines run on the device in the order they were issued. Launches return once the
// kernels are enqueued; Fence, copies to the host, reductions with a result and timed launches
// wait.
package cuda
