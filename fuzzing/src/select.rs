//! Which variant a fuzz input is for.

use crate::registry::variant_names;

/// A fuzz input split into its variant and the bytes for the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selected<'a> {
    pub variant: &'static str,
    pub rest: &'a [u8],
}

/// The first line names the variant; when it is not a variant name, a sum of its bytes picks one
/// (so inputs stay meaningful as games join the registry, and mutated ones still reach a game).
/// Without a newline the first byte picks the variant and the rest is the target's input.
pub fn split_variant(data: &[u8]) -> Selected<'_> {
    let names = variant_names();
    let (header, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data.get(..1).unwrap_or(&[]), data.get(1..).unwrap_or(&[])),
    };
    let header_text = std::str::from_utf8(header).unwrap_or("").trim();
    let variant = match names.iter().find(|name| **name == header_text) {
        Some(name) => name,
        None => {
            let sum: usize = header.iter().map(|&b| b as usize).sum();
            names[sum % names.len()]
        }
    };
    Selected { variant, rest }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_variant_is_taken_and_anything_else_still_picks_one() {
        let picked = split_variant(b"chess\ne2e4");
        assert_eq!(picked.variant, "chess");
        assert_eq!(picked.rest, b"e2e4");
        for data in [&b""[..], b"\n", b"\xff\xfe", b"nonsense\nrest"] {
            assert!(variant_names().contains(&split_variant(data).variant));
        }
        assert_eq!(split_variant(b"xyz").rest, b"yz");
    }
}
