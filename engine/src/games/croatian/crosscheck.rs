//! The fast generator against the reference (`reference.rs`) on one position: the same set of
//! resulting states, compared by key. Used by the reference's tests and by
//! `cargo run --release -p tiamat-engine --example croatian_children` to trace a perft
//! difference subtree by subtree.

use std::collections::HashMap;

use super::{reference, Croatian};
use crate::core::Game;

/// How the two generators' moves from one position compare.
pub struct Comparison {
    /// The reference's move count.
    pub reference: usize,
    /// The fast generator's move count (duplicates included).
    pub fast: usize,
    /// How many distinct states the fast generator's moves reach.
    pub fast_distinct: usize,
    /// `path -> position` of each state only the reference reaches.
    pub only_reference: Vec<String>,
    /// `wire move -> position` of each state only the fast generator reaches.
    pub only_fast: Vec<String>,
}

impl Comparison {
    pub fn agrees(&self) -> bool {
        self.only_reference.is_empty()
            && self.only_fast.is_empty()
            && self.fast_distinct == self.fast
    }
}

/// Compares both generators' moves from `pos`; fails when the reference cannot read the
/// position, or two of its moves reach one key.
pub fn compare(variant: &str, pos: &Croatian) -> Result<Comparison, String> {
    // The reference lists whole turns.
    let pos = &pos.clone().by_action(false);
    let text = pos.position_string();
    let mine = reference::moves(variant, &text)?;
    let mut my_keys = HashMap::new();
    for (path, s) in &mine {
        let next = Croatian::from_position_string(variant, s)
            .map_err(|e| format!("{text}: the fast reader refuses {path} -> {s}: {e}"))?;
        let described = format!("{path} -> {s}");
        if let Some(twin) = my_keys.insert(next.key(), described.clone()) {
            return Err(format!("{text}: {described} and {twin} have one key"));
        }
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let fast: HashMap<u64, String> = moves
        .iter()
        .map(|m| {
            let next = pos.play(m);
            (
                next.key(),
                format!("{} -> {}", pos.move_to_wire(m), next.position_string()),
            )
        })
        .collect();
    let only = |a: &HashMap<u64, String>, b: &HashMap<u64, String>| {
        a.iter()
            .filter(|(k, _)| !b.contains_key(k))
            .map(|(_, s)| s.clone())
            .collect()
    };
    Ok(Comparison {
        reference: mine.len(),
        fast: moves.len(),
        fast_distinct: fast.len(),
        only_reference: only(&my_keys, &fast),
        only_fast: only(&fast, &my_keys),
    })
}
