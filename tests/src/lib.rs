//! Integration tests live in `tests/`; this library holds helpers for driving the binary.
