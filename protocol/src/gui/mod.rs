//! `tiamat gui`: a board for every game in a browser, served by the engine.
//!
//! The server is axum on tokio: a well-kept HTTP stack whose JSON extractors, static responses
//! and server-sent events cover everything the page needs, so no HTTP is parsed here. It
//! listens on loopback unless told otherwise and opens nothing: it prints the URL. Every asset
//! (the page, its script and style, the piece images) is compiled into the binary, so the page
//! works offline.
//!
//! The page asks, the table answers ([`table::Table`]): the board as the engine's own
//! `Game::board_view` draws it, which clicks continue a move (`Game::move_input` of every legal
//! move), playing, taking back, new games from a position string, the engine's settings, PGN.
//! Searches run on the session's worker thread; their lines reach the page as server-sent
//! events (`/api/events`) while the page stays free to take clicks.

mod assets;
pub mod table;
mod view;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::json;

use table::{Answer, EngineSettings, Gui, GuiError, Table};

/// `tiamat gui` options.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct GuiArgs {
    /// The port to listen on (0: any free port)
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; loopback by default, so only this machine can reach the page
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// The variant the page starts with
    #[arg(long, value_name = "NAME", default_value = "chess")]
    pub variant: String,
}

pub fn run(args: &GuiArgs) -> ExitCode {
    serve(args)
}

fn serve(args: &GuiArgs) -> ExitCode {
    let gui = match Gui::new(&args.variant) {
        Ok(gui) => gui,
        Err(GuiError(message)) => {
            eprintln!("tiamat gui: {message}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("tiamat gui: cannot start the server: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let address = SocketAddr::new(args.host, args.port);
        let listener = match tokio::net::TcpListener::bind(address).await {
            Ok(listener) => listener,
            Err(e) => {
                eprintln!("tiamat gui: cannot listen on {address}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let url = match listener.local_addr() {
            Ok(bound) => format!("http://{bound}/"),
            Err(_) => format!("http://{address}/"),
        };
        // The server goes on whether or not anyone reads the address.
        let mut out = std::io::stdout();
        let _ = writeln!(out, "Tiamat board: {url}");
        let _ = writeln!(out, "(open it in a browser; Ctrl-C stops the server)");
        let _ = out.flush();
        match axum::serve(listener, router(gui)).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tiamat gui: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// Every route of the page and its API.
pub fn router(gui: Gui) -> Router {
    Router::new()
        .route("/", get(|| async { assets::page() }))
        .route("/assets/{name}", get(asset))
        .route("/api/variants", get(|| async { Json(table::variants()) }))
        .route("/api/state", get(state))
        .route("/api/events", get(events))
        .route("/api/pgn", get(pgn))
        .route("/api/new", post(new_game))
        .route("/api/clicks", post(clicks))
        .route("/api/move", post(play))
        .route("/api/undo", post(undo))
        .route("/api/engine", post(engine))
        .route("/api/analysis", post(analysis))
        .route("/api/go", post(go))
        .route("/api/stop", post(stop))
        .with_state(gui)
}

async fn asset(Path(name): Path<String>) -> Response {
    assets::file(&name).unwrap_or_else(|| (StatusCode::NOT_FOUND, "no such file").into_response())
}

/// Runs a request against the table off the async threads (stopping a search waits for it).
async fn with_table(
    gui: Gui,
    request: impl FnOnce(&mut Table) -> Answer + Send + 'static,
) -> Response {
    let answer = tokio::task::spawn_blocking(move || request(&mut gui.table.lock())).await;
    match answer {
        Ok(Ok(value)) => Json(value).into_response(),
        Ok(Err(GuiError(message))) => {
            (StatusCode::BAD_REQUEST, Json(json!({ "error": message }))).into_response()
        }
        Err(_) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            Json(json!({ "error": "the request failed inside the server" })),
        )
            .into_response(),
    }
}

/// Reads a JSON body, refusing it with a message the page can show.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, GuiError> {
    serde_json::from_slice(bytes).map_err(|e| GuiError(format!("bad request: {e}")))
}

async fn state(State(gui): State<Gui>) -> Response {
    with_table(gui, |table| Ok(table.state())).await
}

async fn pgn(State(gui): State<Gui>) -> Response {
    let text = tokio::task::spawn_blocking(move || gui.table.lock().pgn())
        .await
        .unwrap_or_default();
    (
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

#[derive(Deserialize)]
struct NewGame {
    variant: String,
    #[serde(default)]
    position: Option<String>,
}

async fn new_game(State(gui): State<Gui>, bytes: Bytes) -> Response {
    with_table(gui, move |table| {
        let request: NewGame = body(&bytes)?;
        table.new_game(&request.variant, request.position.as_deref())
    })
    .await
}

#[derive(Deserialize)]
struct Clicks {
    path: Vec<String>,
}

async fn clicks(State(gui): State<Gui>, bytes: Bytes) -> Response {
    with_table(gui, move |table| {
        table.clicks(&body::<Clicks>(&bytes)?.path)
    })
    .await
}

#[derive(Deserialize)]
struct Move {
    #[serde(rename = "move")]
    text: String,
}

async fn play(State(gui): State<Gui>, bytes: Bytes) -> Response {
    with_table(gui, move |table| table.play(&body::<Move>(&bytes)?.text)).await
}

async fn undo(State(gui): State<Gui>) -> Response {
    with_table(gui, Table::undo).await
}

async fn engine(State(gui): State<Gui>, bytes: Bytes) -> Response {
    with_table(gui, move |table| {
        table.set_engine(body::<EngineSettings>(&bytes)?)
    })
    .await
}

#[derive(Deserialize)]
struct Analysis {
    on: bool,
    #[serde(default = "one")]
    multipv: usize,
}

fn one() -> usize {
    1
}

async fn analysis(State(gui): State<Gui>, bytes: Bytes) -> Response {
    with_table(gui, move |table| {
        let request: Analysis = body(&bytes)?;
        table.set_analysis(request.on, request.multipv)
    })
    .await
}

async fn go(State(gui): State<Gui>) -> Response {
    with_table(gui, Table::engine_move).await
}

async fn stop(State(gui): State<Gui>) -> Response {
    with_table(gui, Table::stop).await
}

/// The page's live feed: the whole state after every change, and the engine's search lines.
async fn events(State(gui): State<Gui>) -> impl IntoResponse {
    let receiver = gui.events.subscribe();
    let stream = futures_util::stream::unfold(receiver, |mut receiver| async move {
        loop {
            match receiver.recv().await {
                Ok(event) => {
                    let sse = SseEvent::default().event(event.name).data(event.data);
                    return Some((Ok::<_, std::convert::Infallible>(sse), receiver));
                }
                // A slow page missed some lines; the next ones carry on.
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}
