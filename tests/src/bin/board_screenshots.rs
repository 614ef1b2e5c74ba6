//! Screenshots of the board page for the README: every variant's start position and a position
//! in the middle of a game (the engine playing both sides at a fixed depth, so the pictures are
//! the same on every run). Randomised flavours start from the first position of their openings
//! file.
//!
//! `cargo run -p tiamat-tests --bin board_screenshots -- docs/screenshots [variant ...]`

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tiamat_tests::board_server::BoardServer;
use tiamat_tests::webdriver::{self, Browser};

/// The default window of the README's pictures.
const WIDTH: u32 = 1400;
const HEIGHT: u32 = 900;
/// Plies the engine plays before the mid-game picture.
const PLIES: usize = 16;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().unwrap_or_else(|| "docs/screenshots".into()));
    let only: Vec<String> = args.collect();
    if let Some(why) = webdriver::missing() {
        eprintln!("board-screenshots: {why}");
        std::process::exit(2);
    }
    std::fs::create_dir_all(&out).expect("the output folder can be made");
    let server = BoardServer::start(&[]);
    let browser = Browser::start(WIDTH, HEIGHT).expect("a headless browser");
    let variants = server.get("variants");
    for entry in variants.as_array().expect("a list") {
        let name = entry["name"].as_str().expect("a name");
        if !only.is_empty() && !only.iter().any(|v| v == name) {
            continue;
        }
        let position = if entry["start"] == json!(true) {
            None
        } else {
            first_opening(name)
        };
        shoot(&server, &browser, name, position.as_deref(), &out);
    }
}

fn first_opening(variant: &str) -> Option<String> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../openings")
        .join(format!("{variant}.txt"));
    let text = std::fs::read_to_string(file).ok()?;
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_string)
}

fn shoot(
    server: &BoardServer,
    browser: &Browser,
    variant: &str,
    position: Option<&str>,
    out: &Path,
) {
    let mut request = json!({ "variant": variant });
    if let Some(position) = position {
        request["position"] = json!(position);
    }
    server
        .post("new", request)
        .unwrap_or_else(|e| panic!("{variant}: {e}"));
    server
        .post(
            "engine",
            json!({"plays": "none", "limit": {"kind": "depth", "value": 2}}),
        )
        .expect("engine settings");
    save(
        browser,
        server,
        &out.join(format!("{variant}-start.png")),
        &[],
    );
    for _ in 0..PLIES {
        if server.get("state")["ending"] != Value::Null {
            break;
        }
        server.post("go", json!({})).expect("the engine moves");
        wait_idle(server);
    }
    save(
        browser,
        server,
        &out.join(format!("{variant}-midgame.png")),
        &["show-tags", "show-markers"],
    );
    println!("{variant}: done");
}

fn wait_idle(server: &BoardServer) {
    let start = Instant::now();
    while server.get("state")["thinking"] != Value::Null {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the engine never finished"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Loads the page afresh, ticks the `checks` boxes and saves the window.
fn save(browser: &Browser, server: &BoardServer, file: &Path, checks: &[&str]) {
    browser.open(&server.url).expect("the page opens");
    if let Err(e) = browser.wait_until(
        "return document.body.dataset.ready === 'true'",
        Duration::from_secs(60),
    ) {
        let shown = browser.run(
            "return document.getElementById('message').textContent",
            json!([]),
        );
        panic!(
            "{}: the page did not load ({e}); it says {shown:?}",
            file.display()
        );
    }
    for id in checks {
        browser
            .click(&format!("#{id}"))
            .expect("the box can be ticked");
    }
    let png = browser.screenshot().expect("a screenshot");
    std::fs::write(file, png).expect("the screenshot can be saved");
}
