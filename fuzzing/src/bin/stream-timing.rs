//! Times the stream targets over their committed seed corpus, in-process, per variant: where an
//! execution's time goes, and executions a second before and after a change. Arguments: the
//! target (`uci_stream` or `cecp_stream`, default both) and rounds over the corpus (default 3).

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use tiamat_fuzzing::mutate::read_corpus;
use tiamat_fuzzing::{split_variant, target};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let targets: Vec<&str> = match args.first().map(String::as_str) {
        Some(name) if name != "all" => vec![name],
        _ => vec!["uci_stream", "cecp_stream"],
    };
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(3);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    for name in targets {
        let run = target(name).unwrap_or_else(|| panic!("unknown target {name}"));
        let corpus = read_corpus(&root.join(name));
        let mut by_variant: BTreeMap<&str, (usize, Duration)> = BTreeMap::new();
        let start = Instant::now();
        for _ in 0..rounds {
            for (_, data) in &corpus {
                let began = Instant::now();
                run(data);
                let entry = by_variant.entry(split_variant(data).variant).or_default();
                entry.0 += 1;
                entry.1 += began.elapsed();
            }
        }
        let total = start.elapsed();
        let executions = corpus.len() * rounds;
        println!(
            "{name}: {executions} executions in {:.2} s, {:.1} a second",
            total.as_secs_f64(),
            executions as f64 / total.as_secs_f64()
        );
        let mut rows: Vec<_> = by_variant.into_iter().collect();
        rows.sort_by_key(|row| std::cmp::Reverse(row.1 .1));
        for (variant, (count, time)) in rows {
            println!(
                "  {variant:<18} {count:>4} executions {:>8.1} ms each {:>5.1}% of the time",
                time.as_secs_f64() * 1000.0 / count as f64,
                100.0 * time.as_secs_f64() / total.as_secs_f64()
            );
        }
    }
}
