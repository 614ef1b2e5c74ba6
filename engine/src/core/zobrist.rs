//! Deterministic Zobrist keys: every game draws its tables from the same seeded generator,
//! so keys (and therefore `bench` node counts) are identical across runs and machines.

/// SplitMix64: tiny, fast, and good enough for hashing keys.
#[derive(Clone, Debug)]
pub struct KeyGenerator(u64);

impl KeyGenerator {
    /// `seed` should differ per game so that two games never share tables by accident.
    pub const fn new(seed: u64) -> Self {
        KeyGenerator(seed)
    }

    #[allow(clippy::should_implement_trait)]
    pub const fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A table of `N` keys, usable in `const` context.
    pub const fn table<const N: usize>(&mut self) -> [u64; N] {
        let mut out = [0u64; N];
        let mut i = 0;
        while i < N {
            out[i] = self.next();
            i += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_deterministic_and_distinct() {
        let a: [u64; 64] = KeyGenerator::new(7).table();
        let b: [u64; 64] = KeyGenerator::new(7).table();
        assert_eq!(a, b);
        let mut sorted = a.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 64);
        assert_ne!(a, KeyGenerator::new(8).table::<64>());
    }
}
