//! Garbage on the CECP input never stops the engine nor changes the game.

use tiamat_tests::Engine;

#[test]
fn garbage_lines_get_errors_and_change_nothing() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(|line| line.contains("done=1"));
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e4");
    let long = "y".repeat(100_000);
    let garbage = [
        "usermove",
        "usermove e2e4 e7e5",
        "usermove ♔♕",
        "setboard",
        "setboard 8/8/8/8 w - - 0 1",
        "variant",
        "variant ../../etc",
        "level",
        "level 40 99999999999999999:99 0",
        "st 1e300",
        "st -5",
        "sd",
        "sd 99999999999",
        "time 99999999999999999999",
        "otim -",
        "memory 99999999999",
        "cores 0",
        "undo undo",
        "e7e6e5",
        long.as_str(),
        "\u{1}\u{2}",
        "protover",
        "exit",
        ".",
        "?",
    ];
    for (n, line) in garbage.iter().enumerate() {
        engine.send(line);
        let said = engine.sync_cecp(n as u32);
        assert!(
            said.iter().all(|l| !l.starts_with("move ")),
            "{line:?}: {said:?}"
        );
    }
    // The game is still 1. e4: Black's e7e5 is legal.
    engine.send("usermove e7e5");
    let said = engine.sync_cecp(1000);
    assert!(said.is_empty(), "{}", engine.transcript());
    engine.send("quit");
    assert!(engine.finish());
}
