//! Where the test data lives, read by one helper: the tests of every crate
//! (the queens' unit tests too) and the benches.
//!
//! The data is the repository's own `data/` folder, so a fresh clone passes its
//! tests with nothing beside it; `$QUADRILLE_DATA` may name another folder of the
//! same layout.

use std::path::{Path, PathBuf};

/// The path of a file under the data folder: `$QUADRILLE_DATA`, or the `data`
/// folder at the root of the repository (found from this crate upwards).
pub fn path(relative: &str) -> PathBuf {
    let root = std::env::var_os("QUADRILLE_DATA").map(PathBuf::from).unwrap_or_else(|| {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        here.ancestors()
            .map(|dir| dir.join("data"))
            .find(|data| data.join("README.md").is_file() && data.join("dlx").is_dir())
            .expect("the repository's data folder")
    });
    root.join(relative)
}

/// The text of a file under the data folder.
pub fn read(relative: &str) -> String {
    let path = path(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The rows of a tab-separated table under `data/reference/`, `#` lines left out.
pub fn table(name: &str) -> Vec<Vec<String>> {
    read(&format!("reference/{name}.tsv"))
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split('\t').map(str::to_owned).collect())
        .collect()
}

/// A number from a reference table; a dash (not known) is `None`.
pub fn number(cell: &str) -> Option<u64> {
    (cell != "-").then(|| cell.parse().unwrap_or_else(|e| panic!("bad number {cell:?} in a reference table: {e}")))
}

/// Knuth's figures for one instance of `data/dlx/` under one of his programs
/// (`dlx1`, `dlx2`, `dlx3`, `ssxcc`, `ssmcc`), from `data/reference/instances.tsv`:
/// solutions, nodes, updates and cleansings, each `None` where not known.
pub fn figures(file: &str, program: &str) -> [Option<u64>; 4] {
    let row = table("instances")
        .into_iter()
        .find(|row| row[0] == file && row[1] == program)
        .unwrap_or_else(|| panic!("no figures for {file} under {program}"));
    [number(&row[2]), number(&row[3]), number(&row[4]), number(&row[5])]
}
