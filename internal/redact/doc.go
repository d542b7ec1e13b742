// Package redact keeps PostgreSQL passwords out of what pg2ddb prints:
// ConnString masks the secrets of a connection string in URL or
// keyword/value form, and Error removes them from an error message that
// may quote the connection string (pgx's own redaction stops at the first
// space of an unquoted password) or the password pgx resolved from the
// environment, a password file or a service file.
//
// Both work on the text alone, without a successful parse, because the
// strings most likely to be printed are the ones that failed to parse.
package redact
