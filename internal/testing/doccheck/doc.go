// Package doccheck holds a test of the module's doc comments: a comment on
// a declaration, exported or not, that starts with the name of another
// declaration of its package documents the wrong one (staticcheck's
// ST1020-ST1022 see only exported declarations).
package doccheck
