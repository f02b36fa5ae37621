//! Links the `quadrille` binary at a fixed address (not position-independent)
//! on Linux with the GNU toolchain: the loader then has no address to patch
//! in its tables (some 5,500 relocations of vtables and constant tables,
//! each page of them copied on write), which cost a small count more time
//! than its search (pentominoes in 3×20). The library crates and the Python
//! module are built as before; only the binary's link changes.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
