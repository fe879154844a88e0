//! Link options of the `boardls` binary on Linux, for what a process pays to start: a contest
//! system starts one `boardls judge` per test, and its resident memory is compared with the
//! reference solutions' (BENCHMARKS.md, "Process start").
//!
//! - `build/judge-layout.ld` puts the functions a judge run executes side by side, in a section
//!   before the rest of the code (`scripts/judge-layout.sh` writes it; a pattern that no longer
//!   matches only leaves that function in its ordinary place).
//! - `-z pack-relative-relocs` stores the 11 000 relative relocations in a few kilobytes
//!   instead of 500 KB that the loader reads at every start. A binary packed so needs glibc
//!   2.36, so it is asked for only when the C library linked against has it.
//!
//! - `-no-pie` links a position-dependent executable. A position-independent one has the
//!   loader write every pointer of `.data.rel.ro` (345 KB of vtables and string tables) at
//!   start, so each of its pages is resident in every process; position-dependent, they are
//!   read from the file only where used: a tetris judge run resides at ~200 KB less. The cost
//!   is that the executable's own code is not placed at a random address (the libraries still
//!   are), as for Go's binaries.
//!
//! `BOARDLS_PLAIN_LINK=1` links without any of these (a linker that reads no such script, or a
//! position-independent build).

use std::env;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build/judge-layout.ld");
    println!("cargo:rerun-if-env-changed=BOARDLS_PLAIN_LINK");
    let target_os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os != "linux" || env::var_os("BOARDLS_PLAIN_LINK").is_some() {
        return;
    }
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let script = manifest.join("build").join("judge-layout.ld");
    if script.is_file() {
        println!(
            "cargo:rustc-link-arg-bin=boardls=-Wl,-T,{}",
            script.display()
        );
    }
    println!("cargo:rustc-link-arg-bin=boardls=-no-pie");
    if glibc_packs_relocations() {
        println!("cargo:rustc-link-arg-bin=boardls=-Wl,-z,pack-relative-relocs");
    }
}

/// True when the build links natively against a glibc that reads packed relocations
/// (`GLIBC_ABI_DT_RELR`, glibc 2.36); a cross build keeps the ordinary ones.
fn glibc_packs_relocations() -> bool {
    if env::var("CARGO_CFG_TARGET_ENV").as_deref() != Ok("gnu")
        || env::var("TARGET").ok() != env::var("HOST").ok()
    {
        return false;
    }
    let libc = [
        "/lib/x86_64-linux-gnu/libc.so.6",
        "/usr/lib/x86_64-linux-gnu/libc.so.6",
        "/lib/aarch64-linux-gnu/libc.so.6",
        "/usr/lib64/libc.so.6",
        "/lib64/libc.so.6",
        "/usr/lib/libc.so.6",
    ]
    .iter()
    .map(Path::new)
    .find(|path| path.is_file());
    libc.and_then(|path| std::fs::read(path).ok())
        .is_some_and(|bytes| {
            bytes
                .windows(b"GLIBC_ABI_DT_RELR".len())
                .any(|w| w == b"GLIBC_ABI_DT_RELR")
        })
}
