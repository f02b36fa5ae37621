//! Where the shared test data lives, read by one helper.

use std::path::PathBuf;

/// The path of a file under the shared data folder (`../shared/data` beside the
/// project, or `$QUADRILLE_DATA`).
pub fn path(relative: &str) -> PathBuf {
    let root = std::env::var_os("QUADRILLE_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
    root.join(relative)
}

/// The text of a file under the shared data folder.
pub fn read(relative: &str) -> String {
    let path = path(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}
