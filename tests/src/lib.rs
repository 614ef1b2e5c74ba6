//! Integration tests live in `tests/`; this library holds helpers for driving the binary.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The `tiamat` binary next to the running tests (`target/<dir>/tiamat`), built first with
/// `cargo build` so it is never stale (a no-op when it is up to date).
///
/// Test executables live in `target/<dir>/deps/`, so the binary is two levels up from the
/// running test. Under `cargo test` (`target/debug`) it is built with the `test` profile, which
/// reuses the dependencies the tests were just built with; under `cargo test --release` with the
/// release profile. Panics with a clear message when the build fails.
pub fn tiamat_binary() -> PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(build_binary).clone()
}

fn build_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable has a path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test executables live in target/<profile>/deps");
    let target_dir = profile_dir
        .parent()
        .expect("the profile directory lives in the target directory");
    let profile = match profile_dir.file_name().and_then(|name| name.to_str()) {
        Some("debug") | None => "test",
        Some(other) => other,
    };
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate lives in the workspace");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut build = Command::new(cargo);
    build
        .current_dir(workspace)
        .args(["build", "--quiet", "-p", "tiamat", "--bin", "tiamat"])
        .env("CARGO_TARGET_DIR", target_dir)
        .args(["--profile", profile]);
    let status = build.status().expect("cargo can be started");
    assert!(status.success(), "building the tiamat binary failed");
    let binary = profile_dir.join(format!("tiamat{}", std::env::consts::EXE_SUFFIX));
    assert!(binary.exists(), "no binary at {}", binary.display());
    binary
}
