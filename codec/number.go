package codec

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrSpecial marks NaN and ±Infinity, which plans.Options.FloatSpecials may
// turn into strings.
var ErrSpecial = errors.New("not a finite number")

// ScanDecimal is the one decimal grammar of pg2ddb: it reads a decimal
// literal (sign, digits with at most one point, optional exponent) without
// allocating and returns the number of its significant digits (without
// leading or trailing zeros) and the decimal exponent of the first of them
// (1.5 → 2, 0; 0.012 → 2, -2).
func ScanDecimal[T string | []byte](s T) (sig, exp int, zero, ok bool) {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	first, last := -1, -1 // positions among the digits of the first and last non-zero one
	nd, point := 0, -1
	start := i
digits:
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			if c != '0' {
				if first < 0 {
					first = nd
				}
				last = nd
			}
			nd++
		case c == '.' && point < 0:
			point = nd
		default:
			break digits
		}
	}
	if nd == 0 || i == start {
		return 0, 0, false, false
	}
	e := 0
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return 0, 0, false, false
		}
		i++
		neg := false
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			neg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return 0, 0, false, false
		}
		for ; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, 0, false, false
			}
			if e < 1e6 { // beyond, it is out of DynamoDB's range anyway
				e = e*10 + int(s[i]-'0')
			}
		}
		if neg {
			e = -e
		}
	}
	if first < 0 {
		return 0, 0, true, true
	}
	if point < 0 {
		point = nd
	}
	return last - first + 1, point - first - 1 + e, false, true
}

// NumberSize is the DynamoDB size of a number (one byte per two
// significant digits plus one), or an error saying why DynamoDB cannot hold
// it: at most 38 significant digits, magnitude 1E-130 to below 1E+126,
// finite. The error is built only on failure: every number of every row
// passes here.
func NumberSize[T string | []byte](s T) (int, error) {
	sig, exp, zero, ok := ScanDecimal(s)
	switch {
	case !ok:
		i := 0
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		switch strings.ToLower(string(s[i:])) {
		case "nan", "infinity", "inf":
			return 0, fmt.Errorf("number %s: %w; DynamoDB numbers cannot hold it", s, ErrSpecial)
		}
		return 0, fmt.Errorf("%q is not a decimal number", s)
	case zero:
		return 1, nil
	case sig > MaxNumberDigits:
		return 0, fmt.Errorf("number %s has %d significant digits, over DynamoDB's 38", s, sig)
	case exp > 125:
		return 0, fmt.Errorf("number %s is too large for DynamoDB (at most 9.99…E+125)", s)
	case exp < -130:
		return 0, fmt.Errorf("number %s is too small for DynamoDB (at least 1E-130)", s)
	}
	return (sig+1)/2 + 1, nil
}

// CanonicalNumber renders a number so that equal values compare equal as
// strings ("1.50" and "15E-1" both give "1.5E0"); s is returned unchanged
// when it is not a decimal literal.
func CanonicalNumber(s string) string {
	sig, exp, zero, ok := ScanDecimal(s)
	if !ok {
		return s
	}
	if zero {
		return "0"
	}
	digits := make([]byte, 0, len(s))
	for i := 0; i < len(s) && s[i] != 'e' && s[i] != 'E'; i++ {
		if c := s[i]; (c >= '1' && c <= '9') || (c == '0' && len(digits) > 0) {
			digits = append(digits, c)
		}
	}
	digits = digits[:sig] // without trailing zeros
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign = "-"
	}
	mant := string(digits[:1])
	if len(digits) > 1 {
		mant += "." + string(digits[1:])
	}
	return sign + mant + "E" + strconv.Itoa(exp)
}

// validJSONNumber reports whether s is a number by JSON's grammar, which
// is stricter than ScanDecimal's (no '+', no leading zeros, no bare point).
func validJSONNumber(s []byte) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
