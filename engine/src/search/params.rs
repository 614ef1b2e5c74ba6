//! The search's numeric parameters in one place, each with the range a tuner may explore.
//!
//! Every game searches with [`SearchParams::DEFAULT`] unless its evaluator supplies its own
//! values (`Evaluator::search_params`); the search clamps whatever it is given into the ranges,
//! so no value a game or a tuner picks can break it.

/// One parameter as a tuner sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamRange {
    pub name: &'static str,
    pub value: i32,
    pub min: i32,
    pub max: i32,
}

macro_rules! search_params {
    ($( $(#[doc = $doc:literal])* $name:ident: $default:literal in $min:literal ..= $max:literal, )*) => {
        /// Margins, depths and divisors of the search's pruning, reductions, extensions and
        /// move-ordering memory. Centipawns unless said otherwise.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( $(#[doc = $doc])* pub $name: i32, )*
        }

        impl SearchParams {
            /// The values every game uses unless it supplies its own.
            pub const DEFAULT: SearchParams = SearchParams { $( $name: $default, )* };

            /// Every parameter with its current value and its range, in declaration order.
            pub fn ranges(&self) -> Vec<ParamRange> {
                vec![$( ParamRange { name: stringify!($name), value: self.$name, min: $min, max: $max }, )*]
            }

            /// The same values, each clamped into its range.
            pub fn clamped(mut self) -> SearchParams {
                $( self.$name = self.$name.clamp($min, $max); )*
                self
            }

            /// Sets one parameter by name (clamped into its range); an unknown name is an error.
            pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
                match name {
                    $( stringify!($name) => self.$name = value.clamp($min, $max), )*
                    _ => return Err(format!("unknown search parameter '{name}'")),
                }
                Ok(())
            }
        }
    };
}

search_params! {
    /// Half-width of the first aspiration window around the previous iteration's score.
    aspiration_window: 18 in 5..=200,
    /// Reverse futility pruning: deepest node it applies to.
    rfp_max_depth: 7 in 0..=16,
    /// Reverse futility margin per ply of depth.
    rfp_margin: 80 in 20..=300,
    /// Reverse futility margin taken off when the position improves.
    rfp_improving: 60 in 0..=300,
    /// Null-move pruning: shallowest node it applies to.
    nmp_min_depth: 3 in 1..=8,
    /// Null-move reduction: the base.
    nmp_base: 3 in 1..=6,
    /// Null-move reduction: one more ply per this much depth.
    nmp_depth_divisor: 4 in 1..=16,
    /// Null-move reduction: one more ply per this much of the score above beta (at most 3).
    nmp_eval_divisor: 200 in 50..=1000,
    /// Internal iterative reduction: a node without a table move this deep is searched a ply
    /// shallower.
    iir_min_depth: 5 in 2..=16,
    /// Late-move pruning: quiet moves searched before the rest are skipped, `(base + d^2)`,
    /// halved when the position does not improve.
    lmp_base: 3 in 0..=20,
    lmp_max_depth: 8 in 0..=16,
    /// Futility pruning of quiet moves: deepest reduced depth it applies to.
    futility_max_depth: 6 in 0..=16,
    futility_base: 120 in 0..=500,
    futility_per_depth: 100 in 20..=400,
    /// Quiet moves that lose more than `margin * d^2` by exchange are pruned up to this depth.
    see_quiet_max_depth: 7 in 0..=16,
    see_quiet_margin: 30 in 5..=200,
    /// Losing tactical moves that lose more than `margin * d` are pruned up to this depth.
    see_tactical_max_depth: 6 in 0..=16,
    see_tactical_margin: 100 in 10..=400,
    /// Late-move reduction table: `base/100 + ln(depth) ln(move) / (divisor/100)`.
    lmr_base: 75 in 0..=300,
    lmr_divisor: 225 in 100..=500,
    /// One ply less (or more) reduction per this much history.
    lmr_history_divisor: 8000 in 1000..=32000,
    /// History bonus for a cut-off at depth d: `min(a d^2 + b d, max)`.
    history_bonus_quadratic: 16 in 0..=64,
    history_bonus_linear: 32 in 0..=256,
    history_bonus_max: 2000 in 100..=16000,
    /// Singular extensions: shallowest node, how far below the table's score the other moves
    /// must all stay (per ply of depth), and the margin below that for a double extension.
    singular_min_depth: 7 in 4..=16,
    singular_margin: 2 in 0..=16,
    singular_double_margin: 20 in 0..=200,
    /// Quiescence skips captures whose exchange gain cannot lift the static score to alpha
    /// with this margin.
    qs_futility_margin: 200 in 0..=1000,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::DEFAULT
    }
}

/// Values set by name on top of a game's own parameters (the UCI option `SearchParams`), so one
/// binary can play two settings against each other; each is clamped into its range when applied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamOverrides(Vec<(&'static str, i32)>);

impl ParamOverrides {
    /// Reads `name=value,name=value` (spaces around the parts allowed; empty or `<empty>` sets
    /// nothing). An unknown name or a value that is not an integer refuses the whole list.
    pub fn parse(text: &str) -> Result<ParamOverrides, String> {
        let text = text.trim();
        if text.is_empty() || text == "<empty>" {
            return Ok(ParamOverrides::default());
        }
        let names = SearchParams::DEFAULT.ranges();
        let mut values = Vec::new();
        for item in text.split(',') {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("'{}' is not name=value", item.trim()))?;
            let (name, value) = (name.trim(), value.trim());
            let known = names
                .iter()
                .find(|p| p.name == name)
                .ok_or_else(|| format!("unknown search parameter '{name}'"))?;
            let value = value
                .parse::<i32>()
                .map_err(|_| format!("search parameter {name} needs an integer, got '{value}'"))?;
            values.push((known.name, value));
        }
        Ok(ParamOverrides(values))
    }

    /// `params` with these values set, in order (a name given twice takes the last value).
    pub fn apply(&self, mut params: SearchParams) -> SearchParams {
        for &(name, value) in &self.0 {
            params
                .set(name, value)
                .expect("names are checked when parsed");
        }
        params
    }
}

impl SearchParams {
    /// Late-move reductions by depth and move number (both capped at 63).
    pub fn reduction_table(&self) -> Vec<[u8; 64]> {
        let base = f64::from(self.lmr_base) / 100.0;
        let divisor = f64::from(self.lmr_divisor) / 100.0;
        (0..64)
            .map(|depth| {
                let mut row = [0u8; 64];
                for (number, r) in row.iter_mut().enumerate() {
                    if depth > 0 && number > 0 {
                        let value = base + (depth as f64).ln() * (number as f64).ln() / divisor;
                        *r = value as u8;
                    }
                }
                row
            })
            .collect()
    }

    /// Bonus for a quiet move that caused a cut-off at `depth`.
    pub fn history_bonus(&self, depth: i32) -> i32 {
        (depth * depth * self.history_bonus_quadratic + depth * self.history_bonus_linear)
            .min(self.history_bonus_max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges() {
        for p in SearchParams::DEFAULT.ranges() {
            assert!(p.min <= p.value && p.value <= p.max, "{p:?}");
        }
        assert_eq!(SearchParams::DEFAULT.clamped(), SearchParams::DEFAULT);
    }

    #[test]
    fn set_clamps_and_refuses_unknown_names() {
        let mut params = SearchParams::DEFAULT;
        params.set("rfp_margin", 10_000).unwrap();
        assert_eq!(params.rfp_margin, 300);
        params.set("rfp_margin", 95).unwrap();
        assert_eq!(params.rfp_margin, 95);
        assert!(params.set("no_such_parameter", 1).is_err());
        assert_eq!(params.ranges().len(), SearchParams::DEFAULT.ranges().len());
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let table = SearchParams::DEFAULT.reduction_table();
        assert_eq!(table[1][1], 0);
        assert!(table[20][30] > table[3][3]);
        assert!(table[63][63] >= table[63][10]);
    }

    #[test]
    fn overrides_parse_name_value_lists() {
        let overrides =
            ParamOverrides::parse(" lmr_base=80, rfp_margin = 10000,lmr_base=90 ").unwrap();
        let params = overrides.apply(SearchParams::DEFAULT);
        assert_eq!(params.lmr_base, 90);
        assert_eq!(params.rfp_margin, 300);
        assert_eq!(params.nmp_base, SearchParams::DEFAULT.nmp_base);
        for empty in ["", "  ", "<empty>"] {
            let none = ParamOverrides::parse(empty).unwrap();
            assert_eq!(none.apply(SearchParams::DEFAULT), SearchParams::DEFAULT);
        }
        for bad in [
            "lmr_base",
            "lmr_base=",
            "lmr_base=8x",
            "no_such=1",
            "lmr_base=80,,",
        ] {
            assert!(ParamOverrides::parse(bad).is_err(), "{bad}");
        }
    }
}
