//! The `tiamat` binary: speaks UCI or CECP/XBoard (chosen by the first command) and offers the
//! `perft` and `bench` commands.

mod registry;

fn main() {
    let _ = registry::GameKind::ALL;
}
