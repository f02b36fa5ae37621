//! Counts the solutions of a problem in Knuth's format with the memo engine
//! (Knuth's DLX6 method), exactly, and prints DLX6's figures.
//!
//! ```text
//! cargo run --release --example memo_count -- data/dlx/knuth_toy.dlx [LIMIT_BYTES] [zdd]
//! ```
//!
//! With `zdd`, the diagram goes to stdout in Knuth's ZDD text format; with
//! `probe=N`, only the first `N` search nodes are run and their figures shown;
//! with `best=K`, the `K` cheapest solutions are printed.

use std::time::Instant;

use quadrille::dlx::Problem;
use quadrille::dlx::memo::Memo;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: memo_count FILE.dlx [LIMIT_BYTES] [zdd]");
        std::process::exit(2);
    };
    let problem = Problem::from_knuth(&std::fs::read_to_string(path)?)?;
    let mut memo = Memo::new(&problem);
    if let Some(limit) = args.get(1).and_then(|a| a.parse().ok()) {
        memo = memo.with_limit_bytes(limit);
    }
    if let Some(nodes) = args.iter().find_map(|a| a.strip_prefix("probe=")).and_then(|n| n.parse().ok()) {
        let start = Instant::now();
        let probe = memo.probe(nodes)?;
        let s = probe.stats;
        eprintln!(
            "probe of {} nodes ({}): {} hits, {} memos, {} updates, {:.3} s",
            s.nodes,
            if probe.finished { "finished" } else { "not finished" },
            s.hits,
            s.memos,
            s.updates,
            start.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let start = Instant::now();
    let zdd = memo.build()?;
    let count = zdd.count();
    let elapsed = start.elapsed();
    if let Some(k) = args.iter().find_map(|a| a.strip_prefix("best=")).and_then(|k| k.parse().ok()) {
        let start = Instant::now();
        for c in zdd.best(k)? {
            println!("{} {:?}", c.cost, c.options.iter().map(|o| o.0).collect::<Vec<_>>());
        }
        eprintln!("best {k} in {:.3} s", start.elapsed().as_secs_f64());
    }
    if args.iter().any(|a| a == "zdd") {
        zdd.write_knuth(&mut std::io::stdout().lock())?;
    }
    let s = zdd.stats();
    eprintln!(
        "{count} solutions, {} updates, {} cleansings, {} search nodes, {} ZDD nodes, {}+{} signatures, {} hits",
        s.updates,
        s.cleansings,
        s.nodes,
        s.zdd_nodes(),
        s.memos - s.good_memos,
        s.good_memos + 1,
        s.hits
    );
    eprintln!(
        "{:.3} s, cache {} entries in {} bytes, {} signatures not cached",
        elapsed.as_secs_f64(),
        s.cache_entries,
        s.cache_bytes,
        s.memos_dropped
    );
    Ok(())
}
