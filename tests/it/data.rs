//! Where the shared test data lives, read by one helper: the integration tests,
//! the CLI's tests and the benches all include this file.

use std::path::{Path, PathBuf};

/// The path of a file under the shared data folder: `$QUADRILLE_DATA`, or the
/// `shared/data` folder beside the project (found from this package upwards).
pub fn path(relative: &str) -> PathBuf {
    let root = std::env::var_os("QUADRILLE_DATA").map(PathBuf::from).unwrap_or_else(|| {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        here.ancestors()
            .map(|dir| dir.join("shared/data"))
            .find(|data| data.is_dir())
            .unwrap_or_else(|| here.join("../shared/data"))
    });
    root.join(relative)
}

/// The text of a file under the shared data folder.
#[allow(dead_code)]
pub fn read(relative: &str) -> String {
    let path = path(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}
