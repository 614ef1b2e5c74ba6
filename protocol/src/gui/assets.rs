//! The page's files, compiled into the binary so the page needs nothing else.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("../../gui/index.html");

/// Name, content type, contents.
const FILES: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../gui/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../gui/style.css"),
    ),
    (
        "pieces.svg",
        "image/svg+xml",
        include_str!("../../gui/pieces.svg"),
    ),
];

pub fn page() -> Response {
    respond("text/html; charset=utf-8", PAGE)
}

pub fn file(name: &str) -> Option<Response> {
    FILES
        .iter()
        .find(|(file, _, _)| *file == name)
        .map(|(_, kind, text)| respond(kind, text))
}

fn respond(kind: &'static str, text: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response()
}
