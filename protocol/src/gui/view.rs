//! The engine's board view as the JSON the page draws from.

use serde_json::{json, Value};
use tiamat_engine::core::view::{BoardView, Grid, Marker, PieceTag, PieceView, SquareView};
use tiamat_engine::Color;

pub fn board_json(view: &BoardView) -> Value {
    json!({
        "grids": view.grids.iter().map(grid_json).collect::<Vec<_>>(),
        "side_names": view.side_names,
        "reserves": view.reserves.iter().map(|reserve| json!({
            "color": color_id(reserve.color),
            "pieces": reserve.pieces.iter().map(|(piece, count)| json!({
                "piece": piece_json(piece),
                "count": count,
                "click": format!("@{}", piece.letter),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "exits": view.exits,
        "left_board": view.left_board.iter().map(piece_json).collect::<Vec<_>>(),
        "notes": view.notes,
    })
}

fn grid_json(grid: &Grid) -> Value {
    json!({
        "title": grid.title,
        "files": grid.files,
        "ranks": grid.ranks,
        "squares": grid.squares.iter().map(square_json).collect::<Vec<_>>(),
    })
}

fn square_json(square: &SquareView) -> Value {
    json!({
        "name": square.name,
        "dark": square.dark,
        "piece": square.piece.as_ref().map(piece_json),
        "under": square.under.as_ref().map(piece_json),
        "markers": square.markers.iter().map(|&m| json!({"id": marker_id(m), "label": m.label()})).collect::<Vec<_>>(),
    })
}

fn piece_json(piece: &PieceView) -> Value {
    json!({
        "letter": piece.letter.to_string(),
        "color": color_id(piece.color),
        "name": piece.name,
        "abbreviation": piece.abbreviation,
        "tags": piece.tags.iter().map(|&t| json!({"id": tag_id(t), "label": t.label()})).collect::<Vec<_>>(),
    })
}

fn color_id(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn marker_id(marker: Marker) -> &'static str {
    match marker {
        Marker::EnPassant => "en-passant",
        Marker::EnPassantVictim => "en-passant-victim",
        Marker::LastTurn => "last-turn",
        Marker::Frozen => "frozen",
    }
}

fn tag_id(tag: PieceTag) -> &'static str {
    match tag {
        PieceTag::MayRush => "may-rush",
        PieceTag::MayCastle => "may-castle",
        PieceTag::Promotion => "promotion",
    }
}
