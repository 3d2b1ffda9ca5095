// Interaction sessions; see docs/architecture.md.
