"""The trick-taking core every game package builds on (see docs/architecture.md)."""
