package source

// pair is a field type of scale.
type pair struct{ A, B float64 }

func (p pair) sum() float64 { return p.A + p.B }

// Limits of clamp.
const (
	limit = 1e6
	floor = -limit
)

func clamp(x float64) float64 {
	if x > limit {
		return limit
	}
	return max(x, floor)
}
