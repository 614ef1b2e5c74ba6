//! Inputs that once broke a property, kept as tests.

use tiamat_fuzzing::streams::{run_stream, Protocol};

/// Dynamo's start position: the first iteration (its quiescence) outlasts any test, and `stop`
/// used to wait for the first iteration to complete, so the session hung (found by the
/// cecp_stream replay when Dynamo joined the registry).
#[test]
fn stop_ends_a_first_iteration_that_takes_too_long() {
    run_stream(
        Protocol::Uci,
        b"dynamo\nposition startpos\ngo infinite\nstop\nisready\n",
    );
    run_stream(
        Protocol::Cecp,
        b"dynamo\nnew\nvariant dynamo\nforce\nanalyze\nexit\nping 1\n",
    );
}
