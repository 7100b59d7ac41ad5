package views

// CreateMirror returns a new host view with v's label (suffixed "_mirror") and shape, whether or
// not v is already host-accessible, as Kokkos::create_mirror does. Its elements are zero; copy
// with DeepCopy.
func CreateMirror[T Scalar](v View1D[T]) View1D[T] {
	return New1D[T](v.Label()+"_mirror", v.Len())
}

// CreateMirrorIn allocates a new view of v's shape in space.
func CreateMirrorIn[T Scalar](space MemorySpace, v View1D[T]) (View1D[T], error) {
	return Alloc1D[T](space, v.Label()+"_mirror", v.Len())
}

// MirrorView returns v itself when it is host-accessible and otherwise a new host view of its
// shape, as Kokkos::create_mirror_view does.
func MirrorView[T Scalar](v View1D[T]) View1D[T] {
	if v.Space().HostAccessible() {
		return v
	}
	return CreateMirror(v)
}

// MirrorViewIn returns v when it lives in space and otherwise a new view of its shape in space.
func MirrorViewIn[T Scalar](space MemorySpace, v View1D[T]) (View1D[T], error) {
	if v.Space() == space || (space.HostAccessible() && v.Space().HostAccessible()) {
		return v, nil
	}
	return CreateMirrorIn(space, v)
}

// MirrorViewAndCopy returns v when it lives in space and otherwise a new view in space holding a
// copy of v's elements, as Kokkos::create_mirror_view_and_copy does.
func MirrorViewAndCopy[T Scalar](space MemorySpace, v View1D[T]) (View1D[T], error) {
	m, err := MirrorViewIn(space, v)
	if err != nil || m.al() == v.al() {
		return m, err
	}
	if err := DeepCopy(m, v); err != nil {
		m.Free()
		return View1D[T]{}, err
	}
	return m, nil
}

// CreateMirror2D returns a new host view of v's shape and layout.
func CreateMirror2D[T Scalar](v View2D[T]) View2D[T] {
	return New2D[T](v.Label()+"_mirror", v.n0, v.n1, v.layout)
}

// CreateMirror2DIn allocates a new view of v's shape and layout in space.
func CreateMirror2DIn[T Scalar](space MemorySpace, v View2D[T]) (View2D[T], error) {
	return Alloc2D[T](space, v.Label()+"_mirror", v.n0, v.n1, v.layout)
}

// MirrorView2D returns v when it is host-accessible and otherwise a new host view of its shape.
func MirrorView2D[T Scalar](v View2D[T]) View2D[T] {
	if v.Space().HostAccessible() {
		return v
	}
	return CreateMirror2D(v)
}

// MirrorViewAndCopy2D returns v when it lives in space and otherwise a copy of it in space.
func MirrorViewAndCopy2D[T Scalar](space MemorySpace, v View2D[T]) (View2D[T], error) {
	if v.Space() == space || (space.HostAccessible() && v.Space().HostAccessible()) {
		return v, nil
	}
	m, err := CreateMirror2DIn(space, v)
	if err != nil {
		return m, err
	}
	if err := DeepCopy2D(m, v); err != nil {
		m.Free()
		return View2D[T]{}, err
	}
	return m, nil
}
