//! The WebAssembly module's stack: 8 MiB, not the linker's 1 MiB, for the
//! recursion of the sweep and the memo on deep problems (a native thread
//! has 8 MiB, and the engine spawns a larger one when it needs it, which a
//! browser's worker cannot).
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=-zstack-size=8388608");
    }
}
