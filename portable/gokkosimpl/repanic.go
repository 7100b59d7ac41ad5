package gokkosimpl

import (
	"fmt"
	"runtime"
	"strings"
)

// Extent is what RepanicIndex needs of a view: its label and its number of elements.
type Extent interface {
	Label() string
	Len() int
}

// RepanicIndex is called by a generated host loop's gather path, which reads and writes views
// through slices of their elements, when recovering r: it panics again with r, unless r is the
// runtime's index out of range with the length of one of views, in which case it panics with
// the views' own message for that view (naming every view of that length when there are
// several), as the view access the slice access replaced would have; a negative index names
// every view, the runtime's message saying nothing of the length.
func RepanicIndex(r any, views ...Extent) {
	err, ok := r.(runtime.Error)
	if !ok {
		panic(r)
	}
	var i, n int
	msg := err.Error()
	if _, scanErr := fmt.Sscanf(msg, "runtime error: index out of range [%d] with length %d", &i, &n); scanErr == nil {
		var labels []string
		for _, v := range views {
			if v.Len() == n {
				labels = append(labels, fmt.Sprintf("%q", v.Label()))
			}
		}
		if len(labels) > 0 {
			panic(fmt.Sprintf("views: index %d out of range for view %s of extent %d", i, strings.Join(labels, " or "), n))
		}
	}
	// A negative index: the runtime's message has no length to tell the views apart.
	if _, scanErr := fmt.Sscanf(msg, "runtime error: index out of range [%d]", &i); scanErr == nil && i < 0 && len(views) > 0 {
		labels := make([]string, len(views))
		for j, v := range views {
			labels[j] = fmt.Sprintf("%q", v.Label())
		}
		panic(fmt.Sprintf("views: index %d out of range for view %s", i, strings.Join(labels, " or ")))
	}
	panic(r)
}
