//! Perft split into work units that any scheduler can run: the unique positions `K` complete
//! turns deep, each with its multiplicity (how many paths reach it) and the depth left, counted
//! independently and merged.
//!
//! Units are deduplicated by the full state key ([`Game::key`], everything that decides legal
//! moves), so `perft(root, D) = sum over units of multiplicity * perft(unit, D - K)`; turns that
//! coincide are merged first, as perft merges them.
//!
//! Both files are plain text, one line per unit; `#` lines and blank lines are ignored:
//!
//! ```text
//! unit  <i>/<n> <split> <variant> <depth> <multiplicity> <position string>
//! count <i>/<n> <split> <variant> <depth> <multiplicity> <nodes> <position string>
//! ```
//!
//! Fields are separated by single spaces. `<i>/<n>` numbers the unit (1-based) among the `n` of
//! its split, `<split>` is 16 hex digits naming the split (a hash of variant, root position,
//! depth and ply) so counts of different splits are never mixed, `<depth>` is the depth left to
//! count, `<nodes>` the unit's own leaf count (not multiplied). The position string is the rest of
//! the line, verbatim: position strings may contain spaces and `|`, never a line break.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use tiamat_engine::core::perft::turn_states;
use tiamat_engine::Game;

/// One work unit: a position and how often, and how deep, to count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// 1-based number among `total`.
    pub index: usize,
    pub total: usize,
    /// Names the split the unit belongs to.
    pub split: u64,
    pub variant: String,
    /// Complete turns left to count.
    pub depth: u32,
    /// How many paths from the root reach this position.
    pub multiplicity: u64,
    pub position: String,
}

/// A unit with its leaf count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitCount {
    pub unit: Unit,
    pub nodes: u64,
}

impl Unit {
    /// How the unit is named in messages: `unit 17/400`.
    pub fn name(&self) -> String {
        format!("unit {}/{}", self.index, self.total)
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unit {}/{} {:016x} {} {} {} {}",
            self.index,
            self.total,
            self.split,
            self.variant,
            self.depth,
            self.multiplicity,
            self.position
        )
    }
}

impl fmt::Display for UnitCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = &self.unit;
        write!(
            f,
            "count {}/{} {:016x} {} {} {} {} {}",
            unit.index,
            unit.total,
            unit.split,
            unit.variant,
            unit.depth,
            unit.multiplicity,
            self.nodes,
            unit.position
        )
    }
}

/// The leading fields of a line: the tag, then `fields` space-separated words, then the rest.
fn fields<'a>(line: &'a str, tag: &str, fields: usize) -> Option<(Vec<&'a str>, &'a str)> {
    let mut rest = line.strip_prefix(tag)?.strip_prefix(' ')?;
    let mut words = Vec::with_capacity(fields);
    for _ in 0..fields {
        let (word, tail) = rest.split_once(' ')?;
        words.push(word);
        rest = tail;
    }
    (!rest.is_empty()).then_some((words, rest))
}

fn parse_unit_fields(words: &[&str], position: &str) -> Result<Unit, String> {
    let (index, total) = words[0]
        .split_once('/')
        .and_then(|(i, n)| Some((i.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
        .filter(|&(i, n)| (1..=n).contains(&i))
        .ok_or_else(|| format!("'{}' is not a unit number i/n", words[0]))?;
    let split = u64::from_str_radix(words[1], 16)
        .ok()
        .filter(|_| words[1].len() == 16)
        .ok_or_else(|| format!("'{}' is not a split name (16 hex digits)", words[1]))?;
    let depth = words[3]
        .parse()
        .map_err(|_| format!("'{}' is not a depth", words[3]))?;
    let multiplicity = words[4]
        .parse()
        .map_err(|_| format!("'{}' is not a multiplicity", words[4]))?;
    Ok(Unit {
        index,
        total,
        split,
        variant: words[2].to_string(),
        depth,
        multiplicity,
        position: position.to_string(),
    })
}

/// Lines that carry data: not blank, not `#` comments.
fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(str::trim_end)
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| (index + 1, line))
}

/// Reads a units file; errors name the line.
pub fn parse_units(text: &str) -> Result<Vec<Unit>, String> {
    data_lines(text)
        .map(|(number, line)| {
            let (words, position) = fields(line, "unit", 5).ok_or_else(|| {
                format!("line {number}: expected 'unit <i>/<n> <split> <variant> <depth> <multiplicity> <position>'")
            })?;
            parse_unit_fields(&words, position).map_err(|e| format!("line {number}: {e}"))
        })
        .collect()
}

/// Reads a counts file; errors name the line.
pub fn parse_counts(text: &str) -> Result<Vec<UnitCount>, String> {
    data_lines(text)
        .map(|(number, line)| {
            let (words, position) = fields(line, "count", 6).ok_or_else(|| {
                format!("line {number}: expected 'count <i>/<n> <split> <variant> <depth> <multiplicity> <nodes> <position>'")
            })?;
            let unit = parse_unit_fields(&words[..5], position)
                .map_err(|e| format!("line {number}: {e}"))?;
            let nodes = words[5]
                .parse()
                .map_err(|_| format!("line {number}: '{}' is not a node count", words[5]))?;
            Ok(UnitCount { unit, nodes })
        })
        .collect()
}

/// The split's name: FNV-1a of what defines it.
fn split_name(variant: &str, root: &str, depth: u32, ply: u32) -> u64 {
    format!("{variant}\n{root}\n{depth}\n{ply}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// The units of `perft(root, depth)` split at `ply` (`ply <= depth`): the unique states `ply`
/// complete turns deep in the order first reached. Fails if a state's position string does not
/// read back to the same key (the unit line would not be self-contained).
pub fn split<G: Game>(variant: &str, root: &G, depth: u32, ply: u32) -> Result<Vec<Unit>, String> {
    if ply > depth {
        return Err(format!(
            "cannot split at ply {ply} a perft of depth {depth}"
        ));
    }
    let mut level = vec![(root.clone(), 1u64)];
    for _ in 0..ply {
        let mut index_of: HashMap<u64, usize> = HashMap::new();
        let mut next: Vec<(G, u64)> = Vec::new();
        for (state, multiplicity) in &level {
            for child in turn_states(state) {
                match index_of.entry(child.key()) {
                    std::collections::hash_map::Entry::Occupied(slot) => {
                        next[*slot.get()].1 += multiplicity;
                    }
                    std::collections::hash_map::Entry::Vacant(slot) => {
                        slot.insert(next.len());
                        next.push((child, *multiplicity));
                    }
                }
            }
        }
        level = next;
    }
    let split = split_name(variant, &root.position_string(), depth, ply);
    let total = level.len();
    level
        .into_iter()
        .enumerate()
        .map(|(i, (state, multiplicity))| {
            let position = state.position_string();
            let read = G::from_position_string(variant, &position)
                .map_err(|e| format!("unit position '{position}' does not read back: {e}"))?;
            if read.key() != state.key() {
                return Err(format!(
                    "unit position '{position}' does not carry the whole state (its key differs)"
                ));
            }
            Ok(Unit {
                index: i + 1,
                total,
                split,
                variant: variant.to_string(),
                depth: depth - ply,
                multiplicity,
                position,
            })
        })
        .collect()
}

/// Whether unit `index` (1-based) belongs to shard `shard` of `shards` (1-based): every
/// `shards`-th unit, so neighbouring units, often alike in size, go to different shards.
pub fn in_shard(index: usize, shard: usize, shards: usize) -> bool {
    (index - 1) % shards == shard - 1
}

/// Reads `i/n` with `1 <= i <= n`.
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    text.split_once('/')
        .and_then(|(i, n)| Some((i.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
        .filter(|&(i, n)| (1..=n).contains(&i))
        .ok_or_else(|| format!("'{text}' is not a shard i/n with 1 <= i <= n"))
}

/// The total of a split from its counts (`files`: a name and its counts each): every unit
/// counted exactly once, all of one split, summed with 128-bit arithmetic. Errors name every
/// missing or doubled unit.
pub fn merge(files: &[(String, Vec<UnitCount>)]) -> Result<u128, String> {
    let mut first: Option<&UnitCount> = None;
    let mut seen: BTreeMap<usize, (&str, &UnitCount)> = BTreeMap::new();
    let mut doubled = Vec::new();
    for (file, counts) in files {
        for count in counts {
            let unit = &count.unit;
            let reference = *first.get_or_insert(count);
            if (unit.split, unit.total) != (reference.unit.split, reference.unit.total) {
                return Err(format!(
                    "{file}: {} belongs to split {:016x} of {} units, {} to split {:016x} of {} \
                     units: counts of different splits",
                    unit.name(),
                    unit.split,
                    unit.total,
                    reference.unit.name(),
                    reference.unit.split,
                    reference.unit.total
                ));
            }
            if let Some((other_file, other)) = seen.insert(unit.index, (file, count)) {
                let agree = if other.nodes == count.nodes {
                    "same count"
                } else {
                    "different counts"
                };
                doubled.push(format!(
                    "{} ({}) counted twice: in {other_file} and {file} ({agree})",
                    unit.name(),
                    unit.position
                ));
            }
        }
    }
    let Some(reference) = first else {
        return Err("no counts to merge".to_string());
    };
    let mut problems: Vec<String> = doubled.iter().take(20).cloned().collect();
    if doubled.len() > problems.len() {
        problems.push(format!(
            "and {} more units counted twice",
            doubled.len() - problems.len()
        ));
    }
    let total = reference.unit.total;
    let missing: Vec<usize> = (1..=total).filter(|i| !seen.contains_key(i)).collect();
    if !missing.is_empty() {
        let listed: Vec<String> = missing
            .iter()
            .take(20)
            .map(|i| format!("{i}/{total}"))
            .collect();
        let more = missing.len().saturating_sub(listed.len());
        problems.push(format!(
            "{} of {total} units not counted: unit {}{}",
            missing.len(),
            listed.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        ));
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    Ok(seen
        .values()
        .map(|(_, count)| u128::from(count.nodes) * u128::from(count.unit.multiplicity))
        .sum())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiamat_engine::core::perft::perft;
    use tiamat_engine::games::chess::Chess;

    fn counted(units: &[Unit]) -> Vec<UnitCount> {
        units
            .iter()
            .map(|unit| {
                let pos = Chess::from_position_string(&unit.variant, &unit.position).unwrap();
                UnitCount {
                    unit: unit.clone(),
                    nodes: perft(&pos, unit.depth),
                }
            })
            .collect()
    }

    #[test]
    fn split_units_add_up_to_perft() {
        let root = Chess::start_position("chess").unwrap();
        // After 1.Nf3 Nf6 2.Nc3 and 1.Nc3 Nf6 2.Nf3 the same position: the units are fewer
        // than the 8,902 paths three plies deep, the multiplicities add up to them.
        let units = split("chess", &root, 4, 3).unwrap();
        assert!(units.len() < 8_902);
        assert_eq!(units.iter().map(|u| u.multiplicity).sum::<u64>(), 8_902);
        let total = merge(&[("all".to_string(), counted(&units))]).unwrap();
        assert_eq!(total, 197_281);
    }

    #[test]
    fn lines_read_back() {
        let root = Chess::start_position("chess").unwrap();
        let units = split("chess", &root, 3, 1).unwrap();
        let text: String = units.iter().map(|u| format!("{u}\n")).collect();
        assert_eq!(parse_units(&format!("# header\n\n{text}")).unwrap(), units);
        let counts = counted(&units);
        let text: String = counts.iter().map(|c| format!("{c}\n")).collect();
        assert_eq!(parse_counts(&text).unwrap(), counts);
        assert!(parse_counts(&units[0].to_string()).is_err());
        assert!(parse_units("unit 3/2 0000000000000000 chess 1 1 8/8 w")
            .unwrap_err()
            .contains("line 1"));
        assert!(parse_units("unit 1/2 00 chess 1 1 x").is_err());
        assert!(parse_units("unit 1/2 0000000000000000 chess 1 1").is_err());
    }

    #[test]
    fn merge_names_missing_doubled_and_foreign_units() {
        let root = Chess::start_position("chess").unwrap();
        let counts = counted(&split("chess", &root, 2, 1).unwrap());
        let shard = |i: usize| -> Vec<UnitCount> {
            counts
                .iter()
                .filter(|c| in_shard(c.unit.index, i, 3))
                .cloned()
                .collect()
        };
        let named = |name: &str, list: Vec<UnitCount>| (name.to_string(), list);
        let whole = merge(&[
            named("a", shard(1)),
            named("b", shard(2)),
            named("c", shard(3)),
        ]);
        assert_eq!(whole, Ok(400));
        let missing = merge(&[named("a", shard(1)), named("c", shard(3))]).unwrap_err();
        assert!(
            missing.contains("7 of 20 units not counted: unit 2/20, 5/20"),
            "{missing}"
        );
        let doubled = merge(&[
            named("a", shard(1)),
            named("b", shard(2)),
            named("c", shard(3)),
            named("a2", shard(1)),
        ])
        .unwrap_err();
        assert!(
            doubled.contains("unit 1/20 (") && doubled.contains("in a and a2 (same count)"),
            "{doubled}"
        );
        let other = counted(&split("chess", &root, 3, 1).unwrap());
        assert!(merge(&[named("a", counts.clone()), named("x", other)])
            .unwrap_err()
            .contains("different splits"));
        assert!(merge(&[]).is_err());
    }

    #[test]
    fn shards_cover_every_unit_once() {
        for shards in 1..5 {
            for index in 1..20 {
                let owners = (1..=shards).filter(|&s| in_shard(index, s, shards)).count();
                assert_eq!(owners, 1);
            }
        }
        assert_eq!(parse_shard("2/4"), Ok((2, 4)));
        for bad in ["0/4", "5/4", "1", "a/b", "1/0"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
