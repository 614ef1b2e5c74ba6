//! A seeded generator and a small input mutator, so the tests reach beyond the committed corpus
//! the same way every run.

use std::path::Path;

/// SplitMix64: tiny, seeded, good enough to pick mutations and moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Bytes that matter to the parsers: digits, separators, piece letters, notation marks.
const INTERESTING: &[u8] = b"0123456789/ -_:;,.|&=~@()<>+#x*!?\n\r\tKQRBNPkqrbnpwW\xff\x00-9a-zA-Z";

/// Numbers that probe bounds.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
    "-0",
    "+1",
];

/// One mutation of `input`, possibly splicing in a piece of `other`.
pub fn mutate(input: &[u8], other: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = input.to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        let at = if out.is_empty() {
            0
        } else {
            rng.below(out.len() + 1)
        };
        match rng.below(8) {
            0 if at < out.len() => out[at] ^= 1 << rng.below(8),
            1 => out.insert(at, *rng.pick(INTERESTING)),
            2 if at < out.len() => {
                let len = 1 + rng.below((out.len() - at).min(8));
                out.drain(at..at + len);
            }
            3 if at < out.len() => {
                let len = 1 + rng.below((out.len() - at).min(16));
                let chunk = out[at..at + len].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, chunk);
            }
            4 if !other.is_empty() => {
                let from = rng.below(other.len());
                let len = 1 + rng.below((other.len() - from).min(24));
                out.splice(at..at, other[from..from + len].iter().copied());
            }
            5 => {
                let number = rng.pick(NUMBERS).as_bytes();
                let end = (at + 1 + rng.below(3)).min(out.len());
                out.splice(at..end.max(at), number.iter().copied());
            }
            6 if at < out.len() => out.truncate(at),
            _ if at < out.len() => out[at] = *rng.pick(INTERESTING),
            _ => out.push(*rng.pick(INTERESTING)),
        }
    }
    out
}

/// Every file of a corpus directory, sorted by name (missing directory: none).
pub fn read_corpus(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_file())
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            std::fs::read(entry.path()).ok().map(|data| (name, data))
        })
        .collect();
    files.sort();
    files
}

/// Runs `target` over every corpus input and `mutations` seeded mutations of them, naming the
/// input that panicked (as an escaped byte string to paste into a regression test).
pub fn replay(corpus: &[(String, Vec<u8>)], mutations: usize, seed: u64, target: fn(&[u8])) {
    assert!(!corpus.is_empty(), "the corpus is empty");
    for (name, data) in corpus {
        run_one(target, data, &format!("corpus file {name}"));
    }
    let mut rng = Rng::new(seed);
    for round in 0..mutations {
        let (_, base) = rng.pick(corpus);
        let (_, other) = rng.pick(corpus);
        let mut data = mutate(base, other, &mut rng);
        if rng.chance(30) {
            data = mutate(&data, other, &mut rng);
        }
        run_one(target, &data, &format!("mutation {round}"));
    }
}

fn run_one(target: fn(&[u8]), data: &[u8], what: &str) {
    if std::panic::catch_unwind(|| target(data)).is_err() {
        panic!(
            "{what} fails the property; input: b\"{}\"",
            data.escape_ascii()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "fails the property")]
    fn replay_reports_an_input_that_breaks_the_property() {
        let corpus = vec![("short".to_string(), b"ab".to_vec())];
        replay(&corpus, 200, 7, |data| assert!(data.len() < 4));
    }

    #[test]
    fn mutations_are_deterministic_and_vary() {
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..50)
                .map(|_| mutate(b"e2e4", b"Nf3", &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        assert!(run(3).iter().any(|m| m != b"e2e4"));
    }
}
