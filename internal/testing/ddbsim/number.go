package ddbsim

// decNum is a DynamoDB Number parsed the way dynalite's big.js parses it:
// sign, significant digits (leading and trailing zeros removed) and the
// decimal exponent of the first significant digit. It keeps positions into
// the source text instead of copying digits, so validating a number does not
// allocate.
type decNum struct {
	src      string
	neg      bool
	zero     bool
	digits   int // significant digits; 1 for zero, like big.js
	exp      int // exponent of the first significant digit
	first    int // index in src of the first significant digit
	last     int // index in src of the last significant digit
	fracDot  int // index of '.', or -1
	mantissa int // end of the mantissa (start of 'e' or len(src))
}

// parseNum accepts big.js's grammar: -?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?
// (case-insensitive e). It reports false for anything else, NaN and Infinity
// included.
func parseNum(s string) (decNum, bool) {
	d := decNum{src: s, fracDot: -1, first: -1, last: -1}
	i := 0
	if i < len(s) && s[i] == '-' {
		d.neg = true
		i++
	}
	intDigits, fracDigits := 0, 0
	for ; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			if d.fracDot < 0 {
				intDigits++
			} else {
				fracDigits++
			}
			if c != '0' {
				if d.first < 0 {
					d.first = i
				}
				d.last = i
			}
			continue
		}
		if c == '.' && d.fracDot < 0 {
			d.fracDot = i
			continue
		}
		break
	}
	if intDigits == 0 && (fracDigits == 0 || d.fracDot < 0) {
		return d, false
	}
	if intDigits == 0 && fracDigits == 0 {
		return d, false
	}
	d.mantissa = i
	e := 0
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return d, false
		}
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return d, false
		}
		for ; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return d, false
			}
			if e < 1e9 {
				e = e*10 + int(c-'0')
			}
		}
		if eneg {
			e = -e
		}
	}
	if d.first < 0 {
		d.zero, d.neg, d.digits, d.exp = true, false, 1, 0
		return d, true
	}
	// Count significant digits between first and last, skipping the dot.
	d.digits = d.last - d.first + 1
	if d.fracDot > d.first && d.fracDot < d.last {
		d.digits--
	}
	// Exponent of the first significant digit.
	dot := d.fracDot
	if dot < 0 {
		dot = d.mantissa
	}
	if d.first < dot {
		d.exp = dot - d.first - 1
	} else {
		d.exp = -(d.first - dot)
	}
	d.exp += e
	return d, true
}

// numError returns dynalite's message for an invalid Number, or "".
func numError(s string) string {
	if s == "" {
		return "The parameter cannot be converted to a numeric value"
	}
	d, ok := parseNum(s)
	return d.numError(ok)
}

// numError is numError for a number parseNum has already parsed (ok is its
// result), so a caller that also needs the number's size parses it once.
func (d decNum) numError(ok bool) string {
	if d.src == "" {
		return "The parameter cannot be converted to a numeric value"
	}
	if !ok {
		return "The parameter cannot be converted to a numeric value: " + d.src
	}
	switch {
	case d.exp > 125:
		return "Number overflow. Attempting to store a number with magnitude larger than supported range"
	case d.exp < -130:
		return "Number underflow. Attempting to store a number with magnitude smaller than supported range"
	case d.digits > 38:
		return "Attempting to store more than 38 significant digits in a Number"
	}
	return ""
}

// sigDigits appends the significant digits of d.
func (d decNum) sigDigits(b []byte) []byte {
	for i := d.first; i <= d.last; i++ {
		if d.src[i] != '.' {
			b = append(b, d.src[i])
		}
	}
	return b
}

// appendCanonical appends the number in plain positional notation without
// redundant zeros (big.js toFixed()), the form DynamoDB returns numbers in.
// Used for key identity, partition hashing and stored items, so "1.50" and
// "15E-1" are the same key.
func (d decNum) appendCanonical(b []byte) []byte {
	if d.zero {
		return append(b, '0')
	}
	if d.neg {
		b = append(b, '-')
	}
	start := len(b)
	b = d.sigDigits(b)
	digits := b[start:]
	n := len(digits)
	switch {
	case d.exp < 0:
		// 0.000ddd
		pad := -d.exp - 1
		tail := append([]byte(nil), digits...)
		b = append(b[:start], '0', '.')
		for range pad {
			b = append(b, '0')
		}
		b = append(b, tail...)
	case d.exp >= n-1:
		for range d.exp - (n - 1) {
			b = append(b, '0')
		}
	default:
		// ddd.ddd: insert the point after exp+1 digits.
		b = append(b, 0)
		copy(b[start+d.exp+2:], b[start+d.exp+1:])
		b[start+d.exp+1] = '.'
	}
	return b
}

// canonicalNum returns the canonical form of a valid number string.
func canonicalNum(s string) string {
	d, ok := parseNum(s)
	if !ok {
		return s
	}
	if !d.zero && !d.neg && d.fracDot < 0 && d.mantissa == len(s) && d.first == 0 && d.last == len(s)-1 {
		return s // already canonical: an integer without leading zeros
	}
	return string(d.appendCanonical(nil))
}

// size is the number of bytes DynamoDB charges for the number (dynalite's
// formula: about one byte per two significant digits plus one).
func (d decNum) size() int {
	if d.zero {
		return 1
	}
	n := 1 + (d.digits+1)/2
	if d.digits%2 == 0 && d.exp%2 == 0 {
		n++
	}
	if d.neg {
		n++
	}
	return n
}
