//! # tiamat-engine
//!
//! The core types, the rules of every game Tiamat plays, and the generic search.
//!
//! Everything outside [`games`] is written once against the [`Game`] trait and monomorphised per
//! game: the searcher, perft, the protocols and the match arbiter never name a concrete game except
//! through the protocol crate's variant registry.
//!
//! ## How each game family maps onto the seam
//!
//! **Orthodox chess** (`games::chess`). 64-bit bitboards with magic sliding attacks built at
//! compile time; exact legal generation with pin and check masks; copy-make `play`; a `Move` is a
//! packed 16-bit from/to/flag word, always a complete turn, so perft counts the last ply with
//! `legal_move_count` (a counter that never builds the moves). The key covers pieces, side,
//! castling rights and an en-passant file only when an en-passant capture is legal. `ending` adds
//! insufficient material to the default endings (mate, stalemate, threefold, 50 moves). The
//! module docs list the board queries and attack functions evaluation code is written against.
//!
//! **The Croatian Chess family** (`games::croatian`). One ruleset parameterised by a variant table
//! (board size 10x10 to 26x26, setup, which pieces exist, pawn rows and sideways steps, castling
//! kind, forced or delayed promotion). Boards are padded mailboxes with `u16` squares (two sentinel
//! files each side, four sentinel ranks above and below, so leaps up to the Unicorn's long jump stop
//! on sentinels); one byte per field holds kind, colour and the piece's tag (may rush, may castle,
//! tagged for promotion), so tags travel with their pieces. The en-passant data of the Pawn rushed
//! last move lives in the state and the key. In the tier-1 variants (Croatian Ties, Mayan
//! Ascendancy, Age of Aquarius, the simple and randomized variants) a `Move` is a complete turn:
//! one ply, or a cascade listing every ply (a Pyramid activated through a capture-field continues
//! with the momentum it received, possibly activating further Pyramids). The generator lists each
//! resulting state once (different cascades leaving the Pyramids on the same fields are one move),
//! so `TURNS_CAN_COINCIDE` stays false and perft counts in bulk; check is judged after the whole
//! cascade. The later variants with chains of Waves and Starchilds may move to one activation per
//! action (`turn_in_progress`). Wire moves are UCI long algebraic for single plies that fit it and
//! XAN (the book's long notation) otherwise; `parse_move` also reads EAN.
//!
//! **Dragons, Archers & Oxen** (`games::dao`). 10x10 mailbox. A square can hold a gate *under* a
//! piece, so gates are a second board layer. The reserve (pieces to drop onto vacant own gates) and
//! each side's "last qualifying piece moved" (the dragon's mimic state, which is history that decides
//! legality) are part of the state and of the key, so no external history is needed for move
//! generation. Drops are ordinary `Move`s (`A@a1`); ox pushes and archer leaps are single moves that
//! displace several pieces.
//!
//! **Dragonchess** (`games::dragonchess`). Three 12x8 levels, 288 squares indexed
//! `level * 96 + rank * 12 + file`. Moves between levels are ordinary from/to moves; the Dragon's
//! remote capture removes a piece without moving (a `Move` with a capture flag and from == origin);
//! frozen pieces (under a Basilisk) are derived from the board, not stored.
//!
//! **Makromachy** (`games::makromachy`). 14x14 board. Hit-and-run is one `Move` carrying three
//! squares (from, captured square, to); airlift and flying captures are single moves whose legality
//! the generator checks in full. The Eagle-check repetition rule is legality that depends on history:
//! it is the one user of [`Game::forbidden_by_history`], which the search and the protocols apply
//! with the game's key history.
//!
//! **Dynamo** (`games::dynamo`). 8x8. A turn is part A plus an optional part B, where pieces push
//! and pull others, possibly off the board (pieces leaving the board is just removal from the state).
//! Complete turns are few enough to enumerate (168 at the start), so a `Move` is a complete turn:
//! its *effect* (the net change of at most four squares) plus the castling rights it leaves. The
//! generator lists every candidate path and keeps one move per effect (`TURNS_CAN_COINCIDE`); wire
//! text is derived from the effect, so it is unique by construction. The last turn's effect is in
//! the state (it decides the no-undo rule), in the position string and in the key.

pub mod core;
pub mod games;
pub mod search;

pub use crate::core::{Color, Ending, Game, GameResult, MoveError, MoveList, PositionError};
