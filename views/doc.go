// Package views provides gokkos' multidimensional arrays: View1D and View2D, typed, labelled
// arrays that live in a memory space (host memory, or a device's memory when a device backend is
// linked in), in the sense of Kokkos::View.
//
// A view is a small value (a handle): copying it copies the handle, not the elements, and all
// copies share the same allocation, as Kokkos views do. Kernels hold views as struct fields and
// read and write elements with At and Set; on the host those calls compile to a bounds check and
// a load or store. Atomic element operations (AtomicAdd, AtomicMin, AtomicCompareAndSwap, ...)
// are safe under the race detector.
//
// Elements of a view whose memory space is not host-accessible cannot be touched from Go code:
// At and Set panic with the view's label. Move data with DeepCopy, and get host copies with
// MirrorView or CreateMirror, as in Kokkos.
package views
