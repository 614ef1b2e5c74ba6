//! The board page in headless Chromium: for chess, Classical 20, Dragonchess, DAO and Dynamo it
//! loads the page, plays a move by clicking the drawn squares (a move between levels in
//! Dragonchess, a drop in DAO, a turn moving two pieces in Dynamo), lets the engine answer,
//! checks the answer is legal and the drawn pieces are the engine's position, and saves a
//! screenshot under `target/board-page/`. In One it chooses between two resurrections that share
//! their clicks, from the moves the page offers by name.
//!
//! Chromium and ChromeDriver come from Debian (`chromium`, `chromium-driver`, installed by
//! `.ci/run`); where they are missing the test says so and passes.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tiamat_engine::games::{chess::Chess, croatian::Croatian, dao::Dao};
use tiamat_engine::games::{dragonchess::Dragonchess, dynamo::Dynamo};
use tiamat_engine::Game;
use tiamat_tests::board_server::BoardServer;
use tiamat_tests::webdriver::{self, Browser};

const DAO_DRAGON_OFF_ITS_GATE: &str = "(dg)rnbqkbnr(dg)/ppllppllpp/10/10/10/10/10/D9/PPLLPPLLPP/\
     GRNBQKBNR(DG) w KQkq - [AAOOFaaoof] - - 0 1";

/// Patient limits: the machine may be slow and busy; nothing here waits for a fixed time.
const LIMIT: Duration = Duration::from_secs(300);

struct Case {
    variant: &'static str,
    position: Option<&'static str>,
    /// Which of the legal click paths to play (the first one found that fits).
    wanted: fn(&[String]) -> bool,
    what: &'static str,
}

fn level(click: &str) -> char {
    click.chars().next().unwrap_or(' ')
}

const CASES: &[Case] = &[
    Case {
        variant: "chess",
        position: None,
        wanted: |path| path == ["e2", "e4"],
        what: "a pawn's double step",
    },
    Case {
        variant: "classical20",
        position: None,
        wanted: |path| path.len() == 2,
        what: "a move of two clicks",
    },
    Case {
        variant: "dragonchess",
        position: None,
        wanted: |path| path.len() == 2 && level(&path[0]) != level(&path[1]),
        what: "a move between levels",
    },
    Case {
        variant: "dao",
        position: Some(DAO_DRAGON_OFF_ITS_GATE),
        wanted: |path| path.first().is_some_and(|click| click.starts_with('@')),
        what: "a drop from the reserve",
    },
    Case {
        variant: "dynamo",
        position: None,
        wanted: |path| path.len() >= 4,
        what: "a turn moving two pieces",
    },
];

#[test]
fn the_page_plays_each_game_by_clicks_and_draws_the_engines_position() {
    if let Some(why) = webdriver::missing() {
        eprintln!("board page test skipped: {why}");
        return;
    }
    let server = BoardServer::start(&[]);
    let browser = Browser::start(1400, 900).expect("a headless Chromium");
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/board-page");
    std::fs::create_dir_all(&shots).expect("the screenshot folder");
    for case in CASES {
        play_case(&server, &browser, case, &shots);
    }
}

/// One's dark Starchild d9, the last of a chain (b4 activates the Wave h5, which activates the
/// Wave c7, which activates it), lands on m13 between the Stars a1 and z26 and may raise either
/// Queen of the graveyard there: the person clicks d9, m13 and m13 again, the page offers both
/// resurrections by their texts, and the one chosen ends the turn.
#[test]
fn the_page_offers_the_choice_between_resurrections() {
    if let Some(why) = webdriver::missing() {
        eprintln!("board page test skipped: {why}");
        return;
    }
    let name = "one";
    let setup =
        Croatian::from_author_setup("O Kc1,kc24,Ib4,Wh5,wc7,id9,Ta1,Tz26").expect("a setup");
    let start = format!("{} Qq", setup.position_string());
    let server = BoardServer::start(&[]);
    server
        .post("new", json!({ "variant": name, "position": start }))
        .expect("a legal position");
    server
        .post(
            "engine",
            json!({"plays": "none", "limit": {"kind": "depth", "value": 1}}),
        )
        .expect("engine settings");
    let chain = ["b4h5~1", "h5c7~1", "c7d9~1"];
    let mut state = Value::Null;
    for action in chain {
        state = server
            .post("move", json!({ "move": action }))
            .unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    assert_eq!(state["turn_in_progress"], json!(true));
    let in_air = state["position"].as_str().expect("a position").to_string();

    let browser = Browser::start(1400, 900).expect("a headless Chromium");
    browser.open(&server.url).expect("the page opens");
    wait_page(&browser, "document.body.dataset.ready === 'true'", name);
    assert_drawn_equals(&browser, name, &in_air);
    for (click, shown) in [("d9", "d9"), ("m13", "d9 m13"), ("m13", "d9 m13 m13")] {
        browser
            .click(&format!("[data-click=\"{click}\"]"))
            .unwrap_or_else(|e| panic!("{name}: clicking {click}: {e}"));
        wait_page(
            &browser,
            &format!("document.body.dataset.path === '{shown}'"),
            name,
        );
    }
    wait_page(&browser, "!document.getElementById('choices').hidden", name);
    let offered = browser
        .run(
            "return [...document.querySelectorAll('#choices button')].map((b) => b.textContent)",
            json!([]),
        )
        .expect("the page lists the choices");
    let mut offered: Vec<String> = serde_json::from_value(offered).expect("texts");
    offered.sort();
    assert_eq!(offered, ["d9m13$$Q", "d9m13$Q"], "{name}: the choices");
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/board-page");
    std::fs::create_dir_all(&shots).expect("the screenshot folder");
    let png = browser.screenshot().expect("a screenshot");
    std::fs::write(shots.join("one-resurrection.png"), png).expect("the screenshot is saved");

    // `$$`: the light Queen, not the dark Starchild's colour.
    browser
        .click("#choices button[data-wire=\"d9m13$$Q\"]")
        .unwrap_or_else(|e| panic!("{name}: choosing: {e}"));
    let start_time = Instant::now();
    let state = loop {
        let state = server.get("state");
        if state["turn_in_progress"] == json!(false) {
            break state;
        }
        assert!(
            start_time.elapsed() < LIMIT,
            "{name}: the choice was never played"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let moves = state["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1, "{name}: one turn: {moves:?}");
    let whole = moves[0]["wire"].as_str().expect("the turn's text");
    assert!(whole.ends_with("m13$$Q"), "{name}: {whole}");
    let after = state["position"].as_str().expect("a position").to_string();
    assert_eq!(replay(name, &start, &[whole]), after);
    assert!(
        view_pieces(name, &after).contains(&"m13 on Q White".to_string()),
        "{name}: the light Queen rises on m13"
    );
    assert_drawn_equals(&browser, name, &after);
}

fn play_case(server: &BoardServer, browser: &Browser, case: &Case, shots: &std::path::Path) {
    let name = case.variant;
    let mut request = json!({ "variant": name });
    if let Some(position) = case.position {
        request["position"] = json!(position);
    }
    let start = server
        .post("new", request)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let start = start["position"].as_str().expect("a position").to_string();
    server
        .post(
            "engine",
            json!({"plays": "black", "limit": {"kind": "depth", "value": 1}}),
        )
        .expect("engine settings");
    let (path, wire) = find_path(server, case.wanted, &mut Vec::new())
        .unwrap_or_else(|| panic!("{name}: no legal move is {}", case.what));

    browser.open(&server.url).expect("the page opens");
    wait_page(browser, "document.body.dataset.ready === 'true'", name);
    assert_drawn_equals(browser, name, &start);

    for (i, click) in path.iter().enumerate() {
        browser
            .click(&format!("[data-click=\"{click}\"]"))
            .unwrap_or_else(|e| panic!("{name}: clicking {click}: {e}"));
        if i + 1 < path.len() {
            let shown = path[..=i].join(" ");
            wait_page(
                browser,
                &format!("document.body.dataset.path === '{shown}'"),
                name,
            );
        }
    }
    // Several moves may share the whole path (promotion choices): the page offers them by name.
    let offered = browser
        .run(
            "return !document.getElementById('choices').hidden",
            json!([]),
        )
        .expect("the page answers");
    if offered == json!(true) {
        browser
            .click(&format!("#choices button[data-wire=\"{wire}\"]"))
            .unwrap_or_else(|e| panic!("{name}: choosing {wire}: {e}"));
    }

    let state = wait_engine_answer(server, name);
    let moves = state["moves"].as_array().expect("moves");
    assert_eq!(
        moves[0]["wire"],
        json!(wire),
        "{name}: the clicks played another move"
    );
    let reply = moves[1]["wire"].as_str().expect("the engine's move");
    let after = state["position"].as_str().expect("a position").to_string();
    let replayed = replay(name, &start, &[&wire, reply]);
    assert_eq!(
        replayed, after,
        "{name}: the engine's move {reply} is not legal there"
    );
    assert_drawn_equals(browser, name, &after);
    assert_move_list(browser, name, &[&moves[0], &moves[1]]);
    let png = browser.screenshot().expect("a screenshot");
    std::fs::write(shots.join(format!("{name}.png")), png).expect("the screenshot is saved");
}

/// The move list shows the number, light's move and dark's in one row of three cells, and no
/// move text reaches past the list's edge.
fn assert_move_list(browser: &Browser, name: &str, moves: &[&Value]) {
    let humans: Vec<&str> = moves
        .iter()
        .map(|mv| mv["human"].as_str().expect("a move text"))
        .collect();
    let shown = browser
        .run(
            "const list = document.getElementById('moves'); \
             return {cells: [...list.children].map((li) => li.textContent), \
                     overflows: list.scrollWidth > list.clientWidth}",
            json!([]),
        )
        .expect("the page lists its moves");
    assert_eq!(
        shown["cells"],
        json!(["1.", humans[0], humans[1]]),
        "{name}: the move list's row"
    );
    assert_eq!(
        shown["overflows"],
        json!(false),
        "{name}: the move list is wider than its box"
    );
}

/// The first click path (with its move) the server offers that `wanted` accepts, depth first.
fn find_path(
    server: &BoardServer,
    wanted: fn(&[String]) -> bool,
    path: &mut Vec<String>,
) -> Option<(Vec<String>, String)> {
    let answer = server
        .post("clicks", json!({ "path": path }))
        .expect("clicks");
    if let Some(done) = answer["complete"].as_array().and_then(|c| c.first()) {
        if wanted(path) {
            return Some((path.clone(), done["wire"].as_str()?.to_string()));
        }
    }
    if path.len() >= 4 {
        return None;
    }
    for next in answer["next"].as_array()? {
        path.push(next.as_str()?.to_string());
        let found = find_path(server, wanted, path);
        path.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

fn wait_page(browser: &Browser, condition: &str, name: &str) {
    if let Err(e) = browser.wait_until(&format!("return {condition}"), LIMIT) {
        let shown = browser.run(
            "return document.getElementById('message').textContent",
            json!([]),
        );
        panic!("{name}: {e}; the page says {shown:?}");
    }
}

fn wait_engine_answer(server: &BoardServer, name: &str) -> Value {
    let start = Instant::now();
    loop {
        let state = server.get("state");
        let moves = state["moves"].as_array().map_or(0, Vec::len);
        if moves >= 2 && state["thinking"].is_null() {
            return state;
        }
        assert!(
            start.elapsed() < LIMIT,
            "{name}: the engine never answered: {state}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The position after `moves`, computed here from the game's own rules.
fn replay(variant: &str, start: &str, moves: &[&str]) -> String {
    fn run<G: Game>(variant: &str, start: &str, moves: &[&str]) -> String {
        let mut pos = G::from_position_string(variant, start).expect("the start position");
        for text in moves {
            let mv = pos
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{variant}: {text} is not legal: {e}"));
            pos = pos.play(&mv);
        }
        pos.position_string()
    }
    match variant {
        "chess" => run::<Chess>(variant, start, moves),
        "dao" => run::<Dao>(variant, start, moves),
        "dragonchess" => run::<Dragonchess>(variant, start, moves),
        "dynamo" => run::<Dynamo>(variant, start, moves),
        _ => run::<Croatian>(variant, start, moves),
    }
}

/// Every piece on the board (square, letter, colour), and every thing under one, as the
/// engine's board view of `position` holds them.
fn view_pieces(variant: &str, position: &str) -> Vec<String> {
    fn run<G: Game>(variant: &str, position: &str) -> Vec<String> {
        let pos = G::from_position_string(variant, position).expect("a position");
        let mut out = Vec::new();
        for grid in pos.board_view().grids {
            for square in grid.squares {
                for (layer, piece) in [("on", &square.piece), ("under", &square.under)] {
                    if let Some(piece) = piece {
                        out.push(format!(
                            "{} {layer} {} {:?}",
                            square.name, piece.letter, piece.color
                        ));
                    }
                }
            }
        }
        out.sort();
        out
    }
    match variant {
        "chess" => run::<Chess>(variant, position),
        "dao" => run::<Dao>(variant, position),
        "dragonchess" => run::<Dragonchess>(variant, position),
        "dynamo" => run::<Dynamo>(variant, position),
        _ => run::<Croatian>(variant, position),
    }
}

/// Waits until the page draws `position`, then compares its drawn pieces with the engine's.
fn assert_drawn_equals(browser: &Browser, name: &str, position: &str) {
    let quoted = serde_json::to_string(position).expect("text");
    wait_page(
        browser,
        &format!("document.body.dataset.position === {quoted}"),
        name,
    );
    let drawn = browser
        .run(
            "return [...document.querySelectorAll('#board .square .piece')].map((p) => \
             `${p.dataset.square} ${p.classList.contains('under') ? 'under' : 'on'} \
             ${p.dataset.letter} ${p.dataset.color === 'white' ? 'White' : 'Black'}`).sort()",
            json!([]),
        )
        .expect("the page lists its pieces");
    let drawn: Vec<String> = serde_json::from_value(drawn).expect("a list of texts");
    let expected = view_pieces(name, position);
    assert_eq!(
        drawn, expected,
        "{name}: the page draws another position than {position}"
    );
}
