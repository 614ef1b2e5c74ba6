//! How cascades are written for XBoard (CECP), which knows only moves of from-to legs: the
//! game's [`Game::cecp_move_text`](crate::core::Game::cecp_move_text) hooks.
//!
//! A cascade (`Bi2-j1~Aj1-j2`) goes out as its first ply, which XBoard shows as the piece and
//! the Pyramid it activates swapping places (so every piece that moves by itself stays where it
//! really is); where several cascades start with that ply, as all its legs (`i2j1,j1j2`); where
//! they share their legs too (a Pyramid that may capture or convert, or promote to several
//! pieces), with XBoard's promotion suffix for the piece the last ply leaves of its own
//! (`n1l1,l1l2e` converts a Pegasus, `n1l1,l1l2` captures it). What XBoard sends back (that text,
//! the legs, or its castling-style relay of legs) is matched against the legal moves.

use std::collections::HashMap;

use crate::core::xboard::{castling_relay, leading_square, read_written, split_legs};

/// A move's text without the other legal moves: a cascade's first ply.
pub fn move_text(wire: &str) -> String {
    split_legs(wire)
        .or_else(|| cascade_first_leg(wire))
        .unwrap_or_else(|| wire.to_string())
}

/// One text per legal move: [`move_text`]; a cascade's legs where another legal move has the same
/// first ply; the promotion suffix where the legs are shared too; the wire form where even that
/// is shared.
pub fn move_texts(legal: &[String]) -> Vec<String> {
    let shorts: Vec<String> = legal.iter().map(|mv| move_text(mv)).collect();
    let short_counts = counts(&shorts);
    let mut texts: Vec<String> = legal
        .iter()
        .zip(&shorts)
        .map(|(wire, short)| match cascade_legs(wire) {
            Some(legs) if short_counts[short.as_str()] > 1 => legs,
            _ => short.clone(),
        })
        .collect();
    let text_counts = counts(&texts);
    let shared: Vec<usize> = (0..texts.len())
        .filter(|&i| text_counts[texts[i].as_str()] > 1)
        .collect();
    for &i in &shared {
        if let Some(piece) = piece_left_by_cascade(&legal[i]) {
            texts[i].push(piece);
        }
    }
    let suffixed_counts = counts(&texts);
    let still_shared: Vec<usize> = shared
        .into_iter()
        .filter(|&i| suffixed_counts[texts[i].as_str()] > 1)
        .collect();
    for i in still_shared {
        texts[i] = legal[i].clone();
    }
    texts
}

/// How often each text occurs: a Wave position can have 300,000 legal moves, so no pairwise
/// comparison.
fn counts(texts: &[String]) -> HashMap<&str, usize> {
    let mut counts = HashMap::with_capacity(texts.len());
    for text in texts {
        *counts.entry(text.as_str()).or_insert(0) += 1;
    }
    counts
}

/// The legal move XBoard means by `text`: what [`move_texts`] writes (or XBoard's relay of it),
/// a first ply that only one cascade starts with, a cascade's legs as a person may type them
/// (when no other cascade has the same legs), or XBoard's relay of the legs (see
/// [`castling_relay`]; the first if several).
pub fn read_move(legal: &[String], text: &str) -> Option<usize> {
    if let Some(i) = read_written(&move_texts(legal), text) {
        return Some(i);
    }
    let legs = |mv: &String| cascade_legs(mv).unwrap_or_default();
    // A first ply that several cascades share names none of them.
    let short: Vec<usize> = (0..legal.len())
        .filter(|&i| move_text(&legal[i]) == text)
        .collect();
    if short.len() > 1 {
        return None;
    }
    // Legs that several cascades share (promotions without their suffix) name none.
    let by_legs: Vec<usize> = (0..legal.len())
        .filter(|&i| legs(&legal[i]) == text)
        .collect();
    let by_legs = match by_legs.as_slice() {
        [only] => Some(*only),
        _ => None,
    };
    short.first().copied().or(by_legs).or_else(|| {
        (0..legal.len()).find(|&i| castling_relay(&legs(&legal[i])).is_some_and(|r| r == text))
    })
}

/// What XBoard is told of a cascade: its first ply. XBoard cannot show a piece pushing another
/// on (given all legs it moves the first piece to the last square and loses the second), but a
/// move onto an own piece it shows as the two swapping places: so every piece that moves by
/// itself stays where it really is, and only Pyramids are drawn out of place.
fn cascade_first_leg(wire: &str) -> Option<String> {
    cascade_legs(wire).map(|legs| legs.split(',').next().unwrap_or_default().to_string())
}

/// A move of several plies written as `~`-joined plies that each start with a piece letter and
/// their origin (XAN: `Bi2-j1~Aj1-j2`) -> XBoard's legs `i2j1,j1j2`, one from each ply's origin
/// to where its piece ends (`ply_leg`); the plies' side effects are left out, so the reader
/// matches the legs against the legal moves. A piece diverging (`Qo2..j7/H..m10*E`) goes as
/// one leg to where it ends (`o2m10`): the divergent piece stays where it is.
fn cascade_legs(wire: &str) -> Option<String> {
    if !wire.contains('~') && !wire.contains('/') {
        return None;
    }
    let legs: Option<Vec<String>> = wire.split('~').map(ply_leg).collect();
    Some(legs?.join(","))
}

/// One XAN ply as a leg from its origin to where its piece ends: `Qo2-g10*E` -> `o2g10`, a
/// Wave's steps `Wg4.f6.i8` -> `g4i8`, through a Star `Wg15-a18|Wr1-l4` -> `g15l4`, a Wave
/// with nowhere to go `Wp2|||W` -> `p2p2`.
fn ply_leg(ply: &str) -> Option<String> {
    let (mut from, mut to) = (None, None);
    for segment in ply.split('|') {
        let mut rest =
            segment.trim_start_matches(|c: char| c.is_ascii_uppercase() || "=:&".contains(c));
        while let Some((square, after)) = leading_square(rest) {
            from.get_or_insert(square);
            to = Some(square);
            // The route goes on after a divergence (`/` and the divergent piece's letter).
            let after = after.strip_prefix('/').map_or(after, |a| {
                a.trim_start_matches(|c: char| c.is_ascii_uppercase())
            });
            match after
                .strip_prefix("..")
                .or_else(|| after.strip_prefix(['.', '-']))
            {
                Some(next) => rest = next,
                None => break,
            }
        }
    }
    let (from, to) = (from?, to?);
    // A ply written by its destination alone (EAN) is no leg; a Wave oblationed on its field is.
    (from != to || ply.contains("|||")).then(|| format!("{from}{to}"))
}

/// The piece a cascade's last ply promotes a Pawn to or converts (`...~Al1-l2%E`: `e`), as
/// XBoard's lowercase promotion suffix.
fn piece_left_by_cascade(wire: &str) -> Option<char> {
    if !wire.contains('~') {
        return None;
    }
    let last = wire.rsplit('~').next()?;
    let at = last.rfind(['=', '%'])?;
    last[at + 1..]
        .chars()
        .next()
        .filter(char::is_ascii_uppercase)
        .map(|piece| piece.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cascade_goes_as_its_first_ply_and_its_legs_are_read() {
        assert_eq!(
            cascade_legs("Qk2-f7~Af7-i7~Ai7-i9").as_deref(),
            Some("k2f7,f7i7,i7i9")
        );
        assert_eq!(move_text("Qk2-f7~Af7-i7~Ai7-i9"), "k2f7");
        assert_eq!(move_text("Bi2-j1*P~Aj1-j2"), "i2j1");
        assert_eq!(move_text("Ke1-g1~Rh1-f1"), "e1g1");
        // Wave plies: steps, a route through a Star, an oblation; effects are not squares.
        assert_eq!(
            cascade_legs("Uc5-g4~Wg4.f6.i8.h10").as_deref(),
            Some("c5g4,g4h10")
        );
        assert_eq!(
            cascade_legs("Ei11-g15~Wg15-a18|Wr1-l4~Pl4-l5").as_deref(),
            Some("i11g15,g15l4,l4l5")
        );
        assert_eq!(
            cascade_legs("Rj10-j5~Wj5-l5~Wl5-l1~Rl1-p1~Wp1-p2~Wp2|||W").as_deref(),
            Some("j10j5,j5l5,l5l1,l1p1,p1p2,p2p2")
        );
        assert_eq!(
            cascade_legs("Pe5-d4:Pd6~Wd4-e3").as_deref(),
            Some("e5d4,d4e3")
        );
        assert_eq!(
            cascade_legs("Re6-e2~We2-c2~P::c2-b3*N").as_deref(),
            Some("e6e2,e2c2,c2b3")
        );
        // A single XAN ply, or a ply without from-to, stays as it is.
        assert_eq!(move_text("Pe2-e4=="), "Pe2-e4==");
        assert_eq!(move_text("Qo2..j7/H..m10*E"), "o2m10");
        assert_eq!(move_text("Qo2..j7/H..m10~Wm10-m12"), "o2m10");
        assert_eq!(move_text("Qk2-f7~Ae5"), "Qk2-f7~Ae5");
        assert_eq!(move_text("d2d3"), "d2d3");
    }

    #[test]
    fn xboard_relays_a_cascade_through_an_own_piece_as_castling() {
        let legal = ["Ra12-c12~Ac12-b12".to_string(), "d2d3".to_string()];
        assert_eq!(read_move(&legal, "a12b12,c12a12"), Some(0));
    }

    #[test]
    fn cascades_sharing_their_legs_get_apart() {
        let legal: Vec<String> = [
            "R&&n1-l1~Al1-l2*E",
            "R&&n1-l1~Al1-l2%E",
            "Bi2-j1~Aj1-j12=Q",
            "Bi2-j1~Aj1-j12=R",
            "Bi2-j1~Aj1-j12=",
            "Qk2-f7~Af7-i7",
            "d2d3",
        ]
        .map(str::to_string)
        .to_vec();
        let texts = [
            "n1l1,l1l2",
            "n1l1,l1l2e",
            "i2j1,j1j12q",
            "i2j1,j1j12r",
            "i2j1,j1j12",
            "k2f7",
            "d2d3",
        ];
        assert_eq!(move_texts(&legal), texts);
        for (i, text) in texts.iter().enumerate() {
            assert_eq!(read_move(&legal, text), Some(i), "{text}");
        }
        // A first ply several cascades share names none of them.
        assert_eq!(read_move(&legal, "n1l1"), None);
        // Nothing left to tell two moves apart: the wire form.
        let same = ["Bi2-j1~Aj1-j12*E", "Bi2-j1~Aj1-j12*E&"].map(str::to_string);
        assert_eq!(move_texts(&same), same);
    }
}
