//! The Croatian Chess family (book: "Croatian Chess and other variants"; rulings in
//! shared/rules/croatian/). One ruleset parameterised by [`variant::Variant`]: Croatian Ties,
//! Mayan Ascendancy, Age of Aquarius, Miranda's Veil (the Wave), Nineteen (Stars, teleports,
//! two Pawn rows, sideways Pawns), Hemera's Dawn (Centaur, Scout, Grenadier), Tamoanchan
//! Revisited (the Serpent), Conquest of Tlalocan (the Shaman), Discovery (the Monolith) and the
//! simple variants (14/20/26, plain and randomized) and One (the Starchild).
//!
//! Board: a padded mailbox of one-byte cells (kind, colour and tag in one byte), `u16` squares,
//! stride `size + 4` (two sentinel files on each side, so horizontal leaps up to 4 land on a
//! sentinel) and four sentinel ranks above and below (vertical leaps up to 4, the Unicorn's long
//! jump). A `Move` is a complete turn listing every ply of its cascade; turns that leave the same
//! state are one move (two cascades that leave the same Pyramids on the same fields, ruling R5;
//! a Rook riding to a17 or entering a1 and emerging there).
//!
//! Generation (`movegen`, `plies`, `cascade`): `plies` says what one piece can do in one ply,
//! for the first piece of a move (which builds momentum) and for an activated one (which spends
//! it), a Wave included; `movegen` checks single plies and hands activations to `cascade`, a
//! search over in-air states with a visited set (OQ-8) whose results are deduplicated by key.
//! `board::Turn` plays plies for the generator, for `play` and for the notation alike. A piece of
//! a later variant is another arm in `plies` (and a `Pattern` for the Waves it activates); a new
//! in-air property is a field of `cascade::InAir` and its key.
//!
//! Turns action by action (`actions`): where whole-turn lists grow too large for a search node
//! (Hemera's Dawn, Tamoanchan Revisited, Conquest of Tlalocan, Discovery; One later),
//! `legal_moves` lists actions instead: the first piece's
//! plies, then, while a piece is in the air, each ending of its ply. A state in the middle of a
//! turn carries the turn so far and the piece in the air, and its key covers them (and the
//! position the turn started from). Both ways share one cascade step (`cascade::follow`), and
//! perft through the actions gives the whole-turn counts (a test checks every suite position).
//! The wire carries whole turns: the search joins its line's actions into the turn it plays,
//! and a turn read from the wire is checked ply by ply along the action tree.
//!
//! ## Readings decided here (where the book and the rulings pages leave a choice)
//!
//! * Castling, all variants but the randomized ones: the King castles with the closest tagged
//!   Rook on a side, moving 2 fields up to the field next to that Rook on its right and one field
//!   short of that on its left. With the corner Rooks of the main variants this is exactly
//!   Table 18; in the simple variants it is L5941. Attacks on the fields the King crosses are
//!   tested on the board before the move (R6), the destination after it; from Nineteen on only
//!   the destination, on the board before the move and again after it.
//! * Before the Wave only the side to move's own pieces move in a cascade, so a move is illegal
//!   exactly when it leaves the own King attacked. With Waves, an attack by an opponent's piece
//!   that moved in the cascade (ended a ply, T2-8) is a self-checkmate: the game ends, the
//!   opponent wins, or it is a draw when the opponent is checkmated too (section 7).
//! * The halfmove clock also resets when a Pyramid tags a Pawn (the Pyramid leaves the board) and
//!   when a piece is oblationed (as if captured).
//! * A Pawn's sideways step resets the halfmove clock (R8) but is no irreversible move: the
//!   Pawn may step back, so repetitions are counted over a window it does not close
//!   (`repetition_window`).
//! * Position strings refuse a Pawn on its promotion rank in forced-promotion variants but
//!   Conquest of Tlalocan, where a displaced Pawn may stand there unpromoted (OQ-8). A position
//!   where the side not to move is in check is refused before the Wave; from Miranda's Veil on it
//!   is the end of a game (a self-checkmate, or a double checkmate), with no legal move.
//! * The en-passant fields of a position string may hold pieces from Miranda's Veil on (Waves a
//!   Pawn rushed over, pieces a cascade put there, T2-1); before, they are empty (R7).
//! * The author's setup string is read with his current tag characters (`^` may rush, `&` may
//!   castle, `=` promotion tag, `:` rushed last move; `|` is also read for rush) and written with
//!   them; the en-passant fields of a `:` Pawn run from its first Pawn row (in Nineteen the
//!   second rank: the string does not say which row a Pawn rushed from). The simple variants
//!   use the symbols `cc14` .. `ct26`, Miranda's Veil `mv`, Nineteen `n`; the randomized
//!   flavours have none.
//! * A Pyramid converts an opponent's Wave like any opponent's piece on its own half (section
//!   4.2 excepts only the King).
//! * A Wave whose route enters a Star teleports or passes over it (OQ-4). When after a teleport
//!   it finds no field to end on, the teleport ends its ply as an oblation (`Eg15~Wa18|||`, R07),
//!   one of its options; a route that comes round to fields it crossed before ends there (OQ-4),
//!   and if an empty field or an own piece it may activate is among them the Wave is not blocked
//!   and no oblation is offered (L1446). A Wave with no option at all is oblationed where it
//!   stands.
//! * A move that leaves the board as it was, piece for piece and tag for tag, is a null move
//!   and illegal: part 2's ruling OQ-15 (with HD-5 on what is compared) names the Wave ping-pong,
//!   which first exists here, and a piece teleported back onto the field it left.
//! * Wire moves: UCI long algebraic for single plies that fit it (`e2e4`, `a13a11q`, castling as
//!   the King's two-or-more-field move); XAN for cascades, teleports, promotion tags, delayed
//!   promotions and randomized castling (where a one-field castling looks like a King step).
//! * Hemera's Dawn (module `hemera`): a Scout's momentum is its distance along its direction
//!   whatever forks it took, so a Scout ply is one per ending field; a tagged Scout's or
//!   Grenadier's straight forward move of two fields or more is a rush (part 2 section 2.8) and
//!   leaves an en-passant item, within its limit as well as beyond it; a Centaur's ply keeps the
//!   two jumps of one path to its field, for the notation. Check by a Centaur or a Grenadier's
//!   fork can open through any field, so every single ply there is tested on the board after it.
//!   A Pyramid on a Scout's step-field is no activation and stops it going straight on; the
//!   Scout may fork around it as around any occupied field (OQ-1): figure 196's "blocked from
//!   moving any further" is read as the straight way, which is all the figure draws.
//! * Centaur notation: XAN writes the origin, the first two fields of the ply's path and the
//!   destination (`Cd3.c5.g6-p15`, notation I08; one jump `Cd3-c5`). The reader takes any
//!   Centaur path with the ply's outcome (notation section 2.3: paths are compared by outcome):
//!   the same destination, with as many jumps where the Centaur activates a piece (the momentum
//!   it hands on). So `Cp15` and `C..j9..p15`, which the book calls ambiguous (I01, I06), name
//!   the one move both paths make. A Scout's path is not written: its destination fixes its
//!   outcome (the momentum is the distance along its direction), and the reader takes the
//!   destination only.
//! * XAN (`notation`) writes a teleport as its parts (`Bd15-a18|Bq18`, `Wg15-a18|Wr1-l4`), an
//!   oblation with `|||` and the piece (`Ra13-a18|||R`, a Wave with nowhere to go on its own field
//!   `Wp2|||W`), every on-board step of a Wave that alternates two steps (`Wq8.o9.r11..q15`), and
//!   no transparency (a passed piece is readable, `Qo2..m4^W..g10*E`, never written). A Pawn that
//!   activates a piece on an e.p. field may take e.p. or not (T2-3): `:` tells the two apart
//!   there, so it must be written.
//! * Conquest of Tlalocan (module `shaman`): a Shaman's capture-ply is one ply to its last
//!   field, taking every piece strictly between (its vector tells it from a step-ply); an
//!   opponent's Wave in a chain is taken like any piece, an own Wave ends it.
//! * Entrancement and trance-journeys (module `trance`, which lists its own readings): the
//!   entrancement is a Shaman's ply with `flag::TRANCE` and `flag::ACTIVATE` that leaves the
//!   entranced Shaman in the air; each action of its journey goes to the next field where it
//!   displaces or captures a piece (a `flag::DISPLACE` ply before its own) or to its
//!   destination, `flag::ONWARD` when it goes on from there. A journey written in the notation
//!   is one ply after `@` (`He13..e18<Ni14..m12<Pj17..g24`), its fields the ones where a piece
//!   moved and the destination; a dark Shaman's XAN writes its outermost field (`He12\w18..`)
//!   unless it stops there; a bare field of a dark entrancer's journey reads as a capture
//!   (notation N18), of a light one's as a field passed. The double journey's XAN lists the
//!   pieces taken with their fields (`@@Pq16,Nk14`), its EAN writes `@@` alone.
//! * Divergence (module `divergence`, which lists its own readings): a ply with
//!   `flag::DIVERGE` ends on the divergent piece's field, which keeps its piece, and leaves the
//!   diverging piece in the air there with the momentum it had on arriving; the cascade step
//!   goes on with it as with an activated piece. `divergence::is_divergent` says which pieces
//!   are divergent for whom (own Shamans; for a Shaman also the opponent's; One's Starchilds
//!   for everyone). XAN writes the ply up to the divergent field as a step, `/` and the
//!   divergent piece, then the route after it with no piece or origin (`Qo2..j7/H..m10*E`, EAN
//!   `Q..j7/..m10*`); the reader splits a written ply at each `/`. Diverging is optional: a
//!   state reached both by a divergence and by a shorter sequence is listed with the shorter.
//! * One (module `starchild`, which lists its own readings): the Starchild's jump, its Wave,
//!   moving Stars, sense-journeys; Stars stand anywhere and `board::stars` scans the board for
//!   them there, divergence through Starchilds, a Pyramid's failed conversion of a Starchild;
//!   resurrection and the graveyard in module `resurrection`.
//! * Discovery (module `monolith`, which lists its own readings): either side moves either
//!   Monolith; its reach is a breadth-first search over (field, step); a demotion is part of the
//!   Monolith's ply (`flag::DEMOTE`); teleports route through Stars and Monoliths alike
//!   (`monolith::exits`).
//! * Tamoanchan Revisited (module `serpent`): a Serpent's displacements are plies of the
//!   displaced Pawns (`flag::DISPLACE`) listed before its own, the first lifting the Serpent off
//!   its field (a Pawn may be displaced onto the field it left, TR-4), and a Pawn taken in the
//!   Pawn-sacrifice ply is such a ply with `flag::CAPTURE`. The ritual onto a diagonal neighbour
//!   Pyramid is offered beside the plain activation of that Pyramid (the ritual one may only
//!   take an own Pawn, OQ-7c). A displaced Pawn counts as moved (TR-1) and resets the halfmove
//!   clock (TR-2). The colour-changing step and the ritual of an activated Serpent each spend a
//!   field of its momentum (OQ-7b, OQ-9).
//! * Serpent notation (notation L4462, L4559-4575): XAN writes the origin, the fields where the
//!   Serpent moved a Pawn with `<` and the Pawn's new field (`*P` where the Pawn-sacrifice ply
//!   takes one) and the last field, `.`/`..` by one shortest walk with those displacements
//!   (the walk handing on the most momentum when the Serpent activates a piece):
//!   `Sb4..e5<Pf5.f4<Pf3..h4`; a Pawn-sacrifice ply with every step, as its unwritten steps
//!   could take Pawns (`Sc4-b4~Ab4-b3;;Sb4.c5.b6*P.c7.b8*P`). Without displacements XAN is
//!   `Sc3-g3`. The reader matches the written steps against the Serpent's own walk generator
//!   (`serpent::Guide`): any walk with the move's outcome reads, a Pawn on a step not written is
//!   only ever taken in the Pawn-sacrifice ply, and texts whose walks end in different states
//!   are ambiguous. The book's T03 (`Se5~Wi5`) and S05 (`S..b6*..b8*`) are read by outcome:
//!   T03 names the one move both Wave paths make; S05 stays ambiguous where its unwritten steps
//!   may take another Pawn. T07's blocking Knight on u9 blocks nothing: every piece is
//!   transparent to a moving Wave (part 1 section 2.5). The form written before, the displaced
//!   Pawns' plies ahead of the Serpent's (`Pe5-f5~Pf4-f3~Sb4-h4`), still reads.
//! * A cascade is listed with one of the shortest ply sequences that leave its state (with
//!   Waves; Pyramid cascades keep the first one found), which also sets the halfmove clock (T2-9).
//!   Read from the wire where turns go action by action, a turn is the ply sequence the reader
//!   finds first for it (another path to the same state is the same move, R5).
//! * Turns action by action: an action is one ending of one piece's ply (a Serpent's
//!   displacements with its ply; a Pyramid's sacrifice together with the Serpent's
//!   Pawn-sacrifice ply that follows, ending the turn at the sacrifice being the other choice).
//!   The in-air states passed in a turn may not be reached again by its later actions (OQ-8):
//!   a path of actions never cycles. A state in progress is never in check and cannot pass;
//!   legality (own King, self-checkmate, OQ-15's null move) is judged by the action that ends
//!   the turn, and a state in progress whose every path ends illegally is a dead end, which
//!   the search scores as a loss for the side that walked into it. A position whose every
//!   first action leads only to dead ends has no legal move (mate or stalemate). Positions
//!   with turns in progress are no positions of the game: their position string is the board
//!   so far without the piece in the air. Actions go by default in Hemera's Dawn,
//!   Tamoanchan Revisited, Conquest of Tlalocan, Discovery and One (`actions::BY_ACTION`);
//!   every other variant lists whole turns.

mod actions;
pub(super) mod attacks;
pub(super) mod board;
mod cascade;
pub mod crosscheck;
mod divergence;
mod hemera;
mod lines;
mod monolith;
mod movegen;
pub mod moves;
pub mod notation;
pub mod piece;
mod plies;
mod position;
pub mod reference;
mod resurrection;
mod serpent;
mod shaman;
mod starchild;
mod trance;
pub mod variant;
mod view;
mod xboard;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_actions;
#[cfg(test)]
mod tests_discovery;
#[cfg(test)]
mod tests_divergence;
#[cfg(test)]
mod tests_hemera;
#[cfg(test)]
mod tests_nineteen;
#[cfg(test)]
mod tests_one;
#[cfg(test)]
mod tests_serpent;
#[cfg(test)]
mod tests_tlalocan;
#[cfg(test)]
mod tests_trance;
#[cfg(test)]
mod tests_turn_loops;
#[cfg(test)]
mod tests_veil;

use arrayvec::ArrayVec;

use crate::core::view::{BoardView, MoveInput};
use crate::core::{Color, Ending, Game, GameResult, GaveUp, MoveError, MoveSet, PositionError};

pub use attacks::Offsets;
pub use board::MAILBOX;
use board::MAX_EP;
pub use lines::Line;
#[cfg(test)]
pub(crate) use movegen::quiescence_class;
use movegen::Keep;
pub use moves::{flag, Move, Ply};
use piece::Cell;
pub use variant::Variant;

/// Miranda's Veil for `bench`: the start, two openings and four positions of games the engine
/// played against its one-ply player (Waves activated and moved, Queens among the Pawns).
pub const BENCH_MIRANDASVEIL: &[&str] = &[
    "r&eauwnbqk&bnwuaer&/p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|/16/16/16/16/16/16/16/16/16/16/16/16/P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|/R&EAUWNBQK&BNWUAER& w - 0 1",
    "r&eauwnbqk&bnw1aer&/p|p|p|p|p|p|p|p|p|p|p|p|1p|p|p|/15u/16/12p3/16/16/16/16/16/16/16/16/11P2P1/P|P|P|P|P|P|P|P|P|P|P|1P|P|1P|/R&EAUWNBQK&BNWUAER& w - 1 3",
    "r&1auwn2k&b1w1a1r&/p|p|p|p|p|1p|4p|1p|p|p|/9p5u/10Q5/10E1p3/16/7p8/5E10/16/16/16/16/16/11P2P1/P|P|P|P|P|P|P|P|1P|P|1P|P|1P|/R&1AUWNB1K&BNWUA1R& w - 0 13",
    "r&1au1n6ua1r&/1p|p|p|2p|p|1p|1Qp|p|p|1/7b8/7E8/6E3k5/16/p12q2/4p3p1p4p/16/16/16/11U4/8PB6/16/P|P|P|P|P|P|3P|P|1P|P|P|P|/R&1AUWN2K&BNW1A1R& w - 1 18",
    "r&1auwnbqk&1nwua1Q/1p|p|p|p|1p|p|b1p|p|p|2p|/16/7E8/16/16/14p1/p4p3p6/16/16/16/16/5P8U1/16/P|P|P|P|P|1P|2P|P|P|P|P|P|P|/R&1AUWNB1K&1NW1AER& w - 0 11",
    "2a1w3k&1nw1a2/10b2p|1p|/6np8/3B12/11p4/7p8/9B4E1/p9p1p3/16/7P8/16/16/16/16/P|P|P|P|P|P|P|2P|P|P|P|P|P|P|/R&1AUWN1QK&1NWUA1R& w m9:m14m13m12m11m10 0 23",
];

/// Nineteen for `bench`: the start, an opening and five positions of games the engine played
/// against its one-ply player.
pub const BENCH_NINETEEN: &[&str] = &[
    "tr&nbweuaqk&auewbnr&T/p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|/p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|/18/18/18/18/18/18/18/18/18/18/18/18/P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|/P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|/TR&NBWEUAQK&AUEWBNR&t w - 0 1",
    "tr&nbweuaqk&auewbnr&T/p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|/p|p|p|p|p|p|p|p|1p|1p|p|p|p|p|p|p|/18/8p9/10p7/18/18/18/18/18/18/2P15/18/4U13/P|P|1P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|/P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|/TR&NBWE1AQK&AUEWBNR&t w i14:i15 0 3",
    "t3r1uaqk&a2ubnr&T/p|p|p|p|p|1p|p|p|p|p|p|p|p|p|p|p|p|/p|p|p|np|p|1p|1p|2p|p|p|p|p|p|/18/8p9/10p7/18/18/3p2P4p6/18/6P11/18/2P15/18/4U13/P|P|1P|P|2P|P|P|P|P|P|P|P|P|P|P|/P|P|P|P|NP|P|P|P|P|P|P|P|WP|P|P|P|/TR&1BQ3AK&A1EWBNwt w - 0 13",
    "t6E1k&a2B1nr&T/p|p|p|p|p|3p|p|p|1p1p|p|p|p|/p|p|p|np|4p|3p|p|p|p|p|/18/5u2p9/10p7/18/11B6/7p4W5/18/6P5p5/18/2P15/18/4UP12/P|P|1P|3P|P|PP|P|1P|P|P|P|P|/P|P|P|P|QP|P|P|P|P|1P|1PP|P|P|P|/TR&6AK&A2W1Nwt w - 1 28",
    "tr&1bw1ua1k&au2bnr&T/p|p|p|p|p|1p|1p|1p|p|1p|p|p|p|p|/p|p|p|np|8p|p|p|p|p|/18/18/18/3p2p11/12p5/11B6/11P6/12P5/18/18/18/3P14/P|P|P|1P|P|P|P|P|P|P|2EP|P|P|P|/P|P|P|P|BP|P|P|P|P|P|P|P|1P|P|P|P|/TR&N1WEUAQK&AU1W1NR&t w m11:m15m14m13m12 0 18",
    "t9a5wT/1p|1p|1p3k2p1p|p|p|p|/3n10p|2p|/18/18/18/18/R1p1E8p4/1p6p1P4pp1/18/5P6P5/18/18/18/3P14/PP|P|NP|1P|P|P|P|P|1U1P|P|P|P|/P|1P|P|BP|P|P|P|P|P|P|P|1P|P|P|P|/T4EUAQK&A2W1NR&t w n11:n15n14n13n12 0 43",
];

/// Hemera's Dawn for `bench`: four positions of games the engine played against its one-ply
/// player after two random plies (Waves of both sides scattered by cascades, Centaurs and
/// Grenadiers in play). Not the start: every reply to each of its 2,975 Grenadier cascades is a
/// cascade search, and a depth-1 search of it takes over 50 CPU-seconds.
pub const BENCH_HEMERASDAWN: &[&str] = &[
    "tr&n2beuaqk&aueWcbnr&T/p|p|p|g|1g|p|p|p|p|p|p|p|p|g|p|g|p|p|p|/p|p|g|p|p|p|g|p|p|p|p|p|p|g|p|p|p|g|p|p|/2o|3o|6o|3o|2/5o|9oo|3/3o16/20/20/20/20/9P2P7/20/20/20/20/3O|1O|8O|1O|3/2O|3O|6O|3O|2/P|P|G|P|P|P|G|P|P|1P|P|1G|P|P|P|G|P|P|/P|P|P|G|P|UP|P|P|P|P|P|P|P|G|P|G|P|P|P|/TR&NBCGc1AQK&AU1wCBNR&t w - 0 6",
    "tr&n2beuaqk&au1Wcbnr&T/p|p|p|g|1g|p|p|p|p|p|p|p|p|g|p|g|p|p|p|/p|p|g|p|p|1g|p|p|p|p|p|1g|p|p|p|g|p|p|/2o|2po|6o|3o|2/5o|9oo|3/3o16/20/20/20/12p7/1P6PP2P7/1P6P11/1e18/4c15/20/3O|1O|8O|1O|3/2O|3O|6O|3O|2/P|1G|P|P|P|G|P|2P|P|1G|P|P|P|G|P|P|/P|1P|G|P|UP|P|1P|P|P|P|P|G|P|G|P|P|P|/T1NBCG2AQK&AU1wCBNR&t w - 1 11",
    "tr&wb1geuaqk&au2cbwr&T/cp|p|g|n1p|p|p|p|p|p|p|p|gng|p|p|p|/1p|g|p|p|p|g|1p|p|p|p|p|g|p|p|p|g|p|p|/2o|3o|6o|3o|2/3o|1o|8o|1o|3/20/20/2W17/p19/p6p12/7P4P7/20/20/20/20/3O|1O|8O|1O|3/2O|3O|6O|3O|2/P|P|G|P|P|P|G|1P|P|P|P|1G|P|P|P|G|P|P|/P|P|P|G|P|1P|P|P|P|P|P|P|P|WP|G|P|P|P|/TR&NB1G1UAQK&AU1GCBNR&t w - 0 7",
    "trwb1geuqak&au2cbgr&T/np|p|g|c1p|p|p|p|p|p|p|p|gn1p|p|p|/1p|g|p|p|p|g|1p|p|p|p|p|g|p|p|p|g|p|p|/6o|6o|3o|2/3o|1o|8o|1o|3/20/20/2o17/p19/p19/7P4P2P4/8Pp5P4/20/20/20/3O|1O|8O|1O|3/2O|3O|6O|3O|2/P|P|G|P|P|P|G|3P|2G|P|1P|G|P|P|/P|P|P|G|P|1P|P|1P|P|P|P|P|w1G|P|P|P|/TR&NB1G1UAQK&AU1GCBNR&t w - 0 13",
];

/// A Pawn rushed in the last move: it stands on `pawn`, started on `from`; the fields strictly
/// between are where an enemy Pawn may capture it en passant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EpItem {
    pub pawn: u16,
    pub from: u16,
}

pub struct Croatian {
    v: &'static Variant,
    board: [Cell; MAILBOX],
    side: Color,
    ep: ArrayVec<EpItem, MAX_EP>,
    halfmove: u32,
    /// Plies since the last turn no later turn can undo (`Turn::lasting`): at most the
    /// halfmove clock's count, as a Pawn's sideways step resets the clock but may be stepped back.
    window: u32,
    fullmove: u32,
    key: u64,
    /// King fields (0 when a side has none, allowed in test positions: never in check).
    kings: [u16; 2],
    /// Every field's file and rank (`board::coordinates` of the board's stride), kept so that
    /// a lookup needs no lazy table's test.
    coordinates: &'static [(u8, u8); MAILBOX],
    /// The fields holding a piece (`piece::is_piece`), so that the generator and the
    /// evaluation visit pieces, not every field of a board of up to 26x26.
    occupied: board::FieldSet,
    /// The fields of `occupied` holding a dark piece, so that the generator visits the side to
    /// move's pieces only.
    dark: board::FieldSet,
    /// The same fields along each row, file and diagonal (`lines`).
    lines: lines::Lines,
    /// Captured and oblationed pieces, kept in One only (`resurrection`); in the key.
    graveyard: resurrection::Graveyard,
    /// Whether the previous move self-checkmated (a function of the board, so not in the key):
    /// `verdict`.
    decided: board::VerdictCache,
    /// The turn in progress, when this state is one (turns played action by action).
    progress: Option<std::sync::Arc<actions::Progress>>,
    /// Whether `legal_moves` lists actions rather than whole turns (a way of generating, not
    /// part of the state: not in the key).
    by_action: bool,
    /// Whether the side to move's King is attacked, once asked (`king_attacked`).
    checked: board::CheckCache,
    /// Whether the side not to move's King may be attacked: after a pass in check, so the next
    /// turn's check test may not take it for safe (`Croatian::note_check_after`).
    passed_in_check: bool,
    /// The fields the whole turn (or pass) that made this state wrote, and the key of the state
    /// it was played from (`Croatian::written_since`).
    written: board::Written,
}

impl Clone for Croatian {
    fn clone(&self) -> Self {
        Croatian {
            v: self.v,
            board: self.board,
            side: self.side,
            ep: self.ep.clone(),
            halfmove: self.halfmove,
            window: self.window,
            fullmove: self.fullmove,
            key: self.key,
            kings: self.kings,
            coordinates: self.coordinates,
            occupied: self.occupied,
            dark: self.dark,
            lines: self.lines,
            graveyard: self.graveyard,
            decided: self.decided.clone(),
            progress: self.progress.clone(),
            by_action: self.by_action,
            checked: self.checked.clone(),
            passed_in_check: self.passed_in_check,
            written: self.written,
        }
    }

    /// Field by field in place: the search plays each move into a state it keeps
    /// (`Game::play_into`), and its 1 KB mailbox and line masks are copied once.
    fn clone_from(&mut self, src: &Self) {
        let Croatian {
            v,
            board,
            side,
            ep,
            halfmove,
            window,
            fullmove,
            key,
            kings,
            coordinates,
            occupied,
            dark,
            lines,
            graveyard,
            decided,
            progress,
            by_action,
            checked,
            passed_in_check,
            written,
        } = self;
        *v = src.v;
        *board = src.board;
        *side = src.side;
        ep.clone_from(&src.ep);
        *halfmove = src.halfmove;
        *window = src.window;
        *fullmove = src.fullmove;
        *key = src.key;
        *kings = src.kings;
        *coordinates = src.coordinates;
        *occupied = src.occupied;
        *dark = src.dark;
        *lines = src.lines;
        *graveyard = src.graveyard;
        *decided = src.decided.clone();
        progress.clone_from(&src.progress);
        *by_action = src.by_action;
        *checked = src.checked.clone();
        *passed_in_check = src.passed_in_check;
        *written = src.written;
    }
}

impl std::fmt::Debug for Croatian {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.position_string())
    }
}

impl PartialEq for Croatian {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.v, other.v)
            && self.board[..] == other.board[..]
            && self.side == other.side
            && self.ep == other.ep
            && self.graveyard == other.graveyard
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.key == other.key
    }
}

impl Game for Croatian {
    type Move = Move;
    type MoveList = Vec<Move>;

    /// Variants that go action by action (`actions`) have turns of several actions, and two
    /// paths of actions can end in one state (ruling R5). Listed whole, each resulting state is
    /// one move, so no two listed moves coincide and perft may count in bulk: per state,
    /// `multi_action_turns` and `turns_can_coincide` say which.
    const MULTI_ACTION_TURNS: bool = true;
    const TURNS_CAN_COINCIDE: bool = true;

    /// Where every move is a single ply (`movegen::single_plies_only`): the search then tries
    /// the table's move and the tactical moves before it generates the quiet ones.
    const MOVE_CODES: bool = true;

    fn move_codes(&self) -> bool {
        movegen::single_plies_only(self)
    }

    /// Quiescence keeps the order and table entries of the moves without codes: with the
    /// table's move there, the 14/20/26 benches searched 13-36% more nodes (commit `b0d2f74`).
    fn quiescence_table_move(&self) -> bool {
        false
    }

    fn move_code(&self, mv: &Move) -> u64 {
        movegen::move_code(mv)
    }

    fn move_from_code(&self, code: u64) -> Option<Move> {
        // Elsewhere a code names the first ply only.
        if self.verdict().is_some() || !self.move_codes() {
            return None;
        }
        movegen::move_from_code(self, code)
    }

    /// Listed without testing the tactical moves' legality (`movegen::Keep::Quiet`).
    fn quiet_moves(&self, out: &mut Vec<Move>) {
        if self.verdict().is_none() {
            self.list_moves(out, Keep::Quiet);
        }
    }

    fn multi_action_turns(&self) -> bool {
        self.by_action
    }

    fn turns_can_coincide(&self) -> bool {
        self.by_action
    }

    fn turn_in_progress(&self) -> bool {
        self.progress.is_some()
    }

    /// Only an action that leaves a piece in the air goes on with the turn.
    fn ends_turn(&self, mv: &Move) -> bool {
        mv.passed_on().is_none()
    }

    fn starts_turn(&self, action: &Move, turn: &Move) -> bool {
        action == turn || turn.plies().starts_with(action.plies())
    }

    /// The actions' plies, in order, as one move.
    fn join_turn(&self, actions: &[Move]) -> Option<Move> {
        if actions.last()?.passed_on().is_some() {
            return None;
        }
        let plies: Vec<Ply> = actions.iter().flat_map(|a| a.plies()).copied().collect();
        Some(Move::cascade(&plies))
    }

    /// Played action by action, a position with actions none of which leads to a legal end of
    /// the turn has no legal move.
    fn ending(&self, history: &[u64]) -> Option<Ending> {
        if self.by_action && self.progress.is_none() && self.verdict().is_none() && !self.has_turn()
        {
            return Some(if self.in_check() {
                let winner = !self.side;
                Ending::new(
                    GameResult::win_for(winner),
                    format!("{} mates", winner.title()),
                )
            } else {
                Ending::new(GameResult::Draw, "stalemate")
            });
        }
        crate::core::default_ending(self, history)
    }

    fn variants() -> &'static [&'static str] {
        &variant::NAMES
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        position::start_position(variant)
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        position::parse_position(variant, text)
    }

    fn position_string(&self) -> String {
        position::write_position(self)
    }

    fn variant(&self) -> &'static str {
        self.v.name
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.verdict().is_none() {
            self.list_moves(out, Keep::All);
        }
    }

    /// A whole turn from a position is checked ply by ply (a legal ply sequence that another
    /// one leaving the same state stands for in `legal_moves` is legal too), an action against
    /// the actions listed.
    fn is_legal(&self, mv: &Move) -> bool {
        if self.progress.is_none() && mv.passed_on().is_none() {
            return movegen::is_legal(self, mv);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(mv)
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        if self.verdict().is_none() {
            self.list_moves(out, Keep::Tactical);
        }
    }

    /// One tactical move of each `movegen::quiescence_class`.
    fn quiescence_moves(&self, out: &mut Vec<Move>) {
        if self.verdict().is_none() {
            self.list_moves(out, Keep::Quiescence);
        }
    }

    /// Whole turns are asked about every few in-air states of the cascade search (and every few
    /// first plies); a turn in progress lists its next actions whole.
    fn moves_unless(
        &self,
        set: MoveSet,
        out: &mut Vec<Move>,
        give_up: &mut dyn FnMut() -> bool,
    ) -> Result<(), GaveUp> {
        let keep = Keep::of(set);
        if self.verdict().is_some() {
            return Ok(());
        }
        if self.progress.is_some() {
            self.list_moves(out, keep);
            return Ok(());
        }
        movegen::moves_unless(self, out, keep, cascade::Patience::asking(give_up))
    }

    fn play(&self, mv: &Move) -> Self {
        self.apply(mv)
    }

    fn play_into(&self, mv: &Move, out: &mut Self) {
        actions::play_into(self, mv, out);
    }

    fn null_move(&self) -> Option<Self> {
        self.progress.is_none().then(|| self.pass())
    }

    fn decided(&self) -> Option<Ending> {
        let result = self.verdict()?;
        let mover = if (!self.side) == Color::White {
            "White"
        } else {
            "Black"
        };
        Some(if result == GameResult::Draw {
            Ending::new(result, "double checkmate")
        } else {
            Ending::new(result, format!("{mover} checkmates itself"))
        })
    }

    /// A turn in progress is judged when it ends: never in check before.
    fn in_check(&self) -> bool {
        if self.progress.is_some() {
            return false;
        }
        self.king_attacked()
    }

    fn gives_check(&self, mv: &Move) -> Option<bool> {
        self.check_after(mv, true)
    }

    fn is_tactical(&self, mv: &Move) -> bool {
        mv.plies().iter().any(|p| p.flags & movegen::TACTICAL != 0)
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn repetition_window(&self) -> u32 {
        self.window
    }

    fn move_to_wire(&self, mv: &Move) -> String {
        if self.progress.is_some() || mv.passed_on().is_some() {
            return notation::action_text(self, mv);
        }
        notation::wire(self, mv)
    }

    fn move_to_human(&self, mv: &Move) -> String {
        if self.progress.is_some() || mv.passed_on().is_some() {
            return notation::action_text(self, mv);
        }
        notation::ean(self, mv)
    }

    fn xboard_legs(&self, mv: &Move) -> Option<String> {
        // XBoard's own en passant misses a Pawn rushed further than two fields.
        let ply = mv.first();
        (!mv.is_cascade() && ply.has(flag::EN_PASSANT)).then(|| {
            let [from, victim, to] = [ply.from, ply.aux, ply.to].map(|f| self.field_name(f));
            format!("{from}{victim},{victim}{to}")
        })
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn board_text(&self) -> String {
        position::board_text(self)
    }

    fn cecp_setup(&self) -> Option<String> {
        position::cecp_setup(self)
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &Move) -> MoveInput {
        view::move_input(self, mv)
    }

    fn cecp_move_text(wire: &str) -> String {
        xboard::move_text(wire)
    }

    fn cecp_move_texts(legal: &[String]) -> Vec<String> {
        xboard::move_texts(legal)
    }

    fn cecp_read_move(legal: &[String], text: &str) -> Option<usize> {
        xboard::read_move(legal, text)
    }

    fn perft_suite(variant: &str) -> Option<&'static str> {
        perft_suite(variant)
    }

    fn bench_positions(variant: &str) -> Vec<&'static str> {
        match variant {
            "mirandasveil" => BENCH_MIRANDASVEIL.to_vec(),
            "nineteen" => BENCH_NINETEEN.to_vec(),
            "hemerasdawn" => BENCH_HEMERASDAWN.to_vec(),
            // The suite's many-Pawns position has 131,451 moves: a generation test, no search.
            "tamoanchan" => crate::core::perft::suite_positions(perft_suite(variant))
                .into_iter()
                .filter(|p| !p.contains("pm13"))
                .collect(),
            _ => crate::core::perft::suite_positions(perft_suite(variant)),
        }
    }
}

impl Croatian {
    /// The same state, listing actions (`true`) or whole turns in `legal_moves` from now on
    /// (positions read or set up take their variant's way, `actions`).
    pub fn by_action(mut self, on: bool) -> Croatian {
        self.by_action = on;
        self
    }

    /// The piece in the air while a turn is in progress, with its field.
    pub fn piece_in_air(&self) -> Option<(Cell, u16)> {
        self.progress.as_ref().map(|p| (p.air.cell, p.air.at))
    }

    /// The legal moves, or the actions where turns go action by action, that `keep` keeps.
    fn list_moves(&self, out: &mut Vec<Move>, keep: Keep) {
        match &self.progress {
            Some(p) => {
                let start = out.len();
                actions::next_actions(p, out);
                if keep != Keep::All {
                    let mut classes = cascade::KeySet::default();
                    let mut index = 0;
                    out.retain(|mv| {
                        index += 1;
                        let flags = mv.plies().iter().fold(0, |f, p| f | p.flags);
                        index <= start
                            || keep.takes(flags)
                                && (keep != Keep::Quiescence
                                    || classes.insert(movegen::quiescence_class(mv)))
                    });
                }
            }
            None => movegen::kept_moves(self, out, keep),
        }
    }

    /// Whether the side to move has a legal turn (ignoring a self-checkmate that ended the
    /// game): found by walking actions where turns go so, without listing every turn.
    fn has_turn(&self) -> bool {
        if self.by_action {
            return movegen::has_single_turn(self)
                || crate::core::has_legal_turn(self, &[], &mut || false) == Some(true);
        }
        let mut moves = Vec::new();
        movegen::legal_moves(self, &mut moves, true);
        !moves.is_empty()
    }
}

/// The perft suites in `perft/`, by variant.
fn perft_suite(variant: &str) -> Option<&'static str> {
    Some(match variant {
        "croatianties" => include_str!("perft/croatianties.txt"),
        "mayanascendancy" => include_str!("perft/mayanascendancy.txt"),
        "ageofaquarius" => include_str!("perft/ageofaquarius.txt"),
        "mirandasveil" => include_str!("perft/mirandasveil.txt"),
        "nineteen" => include_str!("perft/nineteen.txt"),
        "hemerasdawn" => include_str!("perft/hemerasdawn.txt"),
        "tlalocan" => include_str!("perft/tlalocan.txt"),
        "discovery" => include_str!("perft/discovery.txt"),
        "one" => include_str!("perft/one.txt"),
        "tamoanchan" => include_str!("perft/tamoanchan.txt"),
        "classical14" => include_str!("perft/classical14.txt"),
        "croatianties14" => include_str!("perft/croatianties14.txt"),
        "classical20" => include_str!("perft/classical20.txt"),
        "croatianties20" => include_str!("perft/croatianties20.txt"),
        "classical26" => include_str!("perft/classical26.txt"),
        "croatianties26" => include_str!("perft/croatianties26.txt"),
        _ => return None,
    })
}
