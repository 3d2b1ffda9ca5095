// The selection core; see docs/architecture.md.
