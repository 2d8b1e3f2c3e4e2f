package format

import "math/bits"

// Shortest digits of a float64 with a symmetric rounding interval (every
// finite nonzero value except the powers of two above the subnormals,
// which toDecimal's Schubfach handles), by Dragonbox: Junekey Jeon,
// "Dragonbox: A New Floating-Point Binary-to-Decimal Conversion Algorithm"
// (2020), Algorithms 5.2 and 5.4, round to nearest with ties to even on
// both sides, as strconv's shortest formatting.
//
// Where Schubfach multiplies three bounds by a power of ten, Dragonbox
// multiplies the upper bound alone (one 64×128-bit product), reads the
// interval's width δ off the power of ten itself, and divides by 10^(κ+1)
// to see whether a number with one digit fewer than the scale 10^κ falls
// in the interval; otherwise the nearest number at scale 10^κ comes from
// the same remainder and a division by 10^κ. Only when a remainder is
// exactly on a boundary (a few values in a thousand) does it compute the
// parity of another product.
//
// Both outcomes are computed and one is selected without a branch, and
// the result is returned at the scale 10^κ (the shorter candidate times
// ten): the layout counts the trailing zeros itself, so Dragonbox's
// trailing-zero removal is not needed.

// dragonbox64 returns f·10^e, the shortest decimal in the rounding
// interval of c·2^q (c > 0 not a power of two above the subnormals),
// closest to it, ties to even; f < 10^17.
func dragonbox64(c uint64, q int) (uint64, int) {
	const (
		kappa = 2
		small = 100  // 10^κ
		big   = 1000 // 10^(κ+1)
	)
	k0 := flog10pow2(q) // floor(q·log10(2))
	k := kappa - k0     // the power of ten that scales the interval
	// The shift that puts the interval's width δ in [10^κ, 10^(κ+1)): 6
	// to 9, so (2c+1) << beta fits 64 bits.
	beta := uint(q+flog2pow10(k)) & 63
	phi := &pow10d[k-pow10DMin]
	phiHi, phiLo := phi[0], phi[1]

	// z, the upper bound (2c+1)·2^(q-1) times 10^k: its integer part zi and
	// whether it has no fractional part.
	u := (2*c + 1) << beta
	zHi, zLo := bits.Mul64(u, phiHi)
	t, _ := bits.Mul64(u, phiLo)
	zf, carry := bits.Add64(zLo, t, 0)
	zi := zHi + carry
	exact := zf == 0
	delta := uint32(phiHi >> (63 - beta)) // the interval's width, scaled

	s := zi / big
	r := uint32(zi - s*big)

	// The shorter candidate s (at scale 10^(κ+1)) is in the interval when
	// r < δ, except for the upper bound itself (r = 0 with z an integer)
	// when c is odd, which excludes it.
	shorter := r < delta
	if r == 0 && exact && c&1 != 0 {
		// Not in: the nearest number at scale 10^κ is looked for below.
		shorter = false
		s--
		r = big
	} else if r == delta {
		// On the lower boundary: in when the lower bound is below it,
		// or is it and c is even (the bound is included).
		p, x := dragonboxParity(2*c-1, phiHi, phiLo, beta)
		shorter = p || x && c&1 == 0
	}

	// The nearest number at scale 10^κ: y rounded up from the remainder,
	// corrected by the parity of y when the remainder leaves a tie
	// possible. Computed whether or not the shorter candidate wins (its
	// result is then discarded).
	d := r + small/2 - delta/2
	td := d / small
	yru := 10*s + uint64(td)
	if d == td*small && !shorter {
		p, x := dragonboxParity(2*c, phiHi, phiLo, beta)
		if p != ((d-small/2)&1 != 0) || x && yru&1 != 0 {
			yru--
		}
	}
	m := -b2u(shorter)
	return yru ^ (yru^10*s)&m, k0
}

// dragonboxParity returns the parity of the integer part of x·2^(q-1)·10^k,
// given as x and the power of ten φ = {hi, lo} with its shift beta, and
// whether that product is an integer: the low 128 bits of the 64×128-bit
// product hold both.
func dragonboxParity(x, phiHi, phiLo uint64, beta uint) (odd, integer bool) {
	hh, hl := bits.Mul64(x, phiLo)
	hi := x*phiHi + hh
	odd = hi>>(64-beta)&1 != 0
	integer = hi<<beta|hl>>(64-beta) == 0
	return odd, integer
}
