//! The language server: the only code that knows LSP. Documents, position encoding, and one
//! adapter per feature over `crate::ide`.

mod background;
mod caps;
mod commands;
mod convert;
mod diagnostics;
mod document;
mod handlers;
mod out;
mod play;
mod play_cache;
mod reconfigure;
mod reports;
mod server;
mod settings;
mod state;
mod status;
mod transport;
mod workspace;

use crate::config::Config;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::{LspService, Server};

pub use caps::{
    APPLY_FIX, CHECK_SUITE, EXPORT_TESTS, RESULTS, SOLVE_WITH_BUDGET, STATUS, WRITE_ALL_EXPECT,
    WRITE_EXPECT,
};

/// Request `{ uri }` → the server's copy of an open document's text (`null` when it is not
/// open): to check text sync, as rust-analyzer's `rust-analyzer/viewFileText` does.
pub const VIEW_FILE_TEXT: &str = "boardls/viewFileText";
/// Request (no params) → what the server holds that could grow over a session: the solve
/// cache's bytes, entries and cap, and per open document its kept verdicts and tokens; as
/// rust-analyzer's `rust-analyzer/memoryUsage`, for soak tests and curious users.
pub const MEMORY_USAGE: &str = "boardls/memoryUsage";
pub use convert::to_proto::TOKEN_TYPES;

/// Request `{ textDocument, position, theme? }` (`"light"` or `"dark"`) → `{ svg, range, title,
/// rowStarts, solving }` for the case at the position (the first case before any), from the latest
/// analysis: a case still being solved is drawn without outcomes and captioned "Solving…".
/// `range` is the case's; cell (`data-row` r, `data-col` c) of the picture is the character
/// c − 1 after `rowStarts[r − 1]` (chess has no grid: no row starts). `null` for a document
/// that is not open or has no case.
pub const RENDER: &str = "boardls/render";
pub use state::Ending;

/// Request `{ textDocument, case?, moves? }` → the report of `boardls play --json` (see
/// `analysis::play`); see `editors/README.md`.
pub const PLAY: &str = "boardls/play";

/// Serves the language server protocol on stdin/stdout until `exit` or end of input, with
/// `config` from the command line (`--time`, `--allow`, …); the editor's settings go on top.
/// Exits 0 after `shutdown`, 1 otherwise.
pub fn run(config: Config) -> std::process::ExitCode {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    large_blocks_from_the_system();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("boardls lsp: cannot start the async runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let ending = runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout(), config));
    // Blocking threads may be mid-solve (cancelled) or parked on stdin: do not wait for them.
    runtime.shutdown_timeout(Duration::from_millis(100));
    match ending {
        Ending::AfterShutdown => std::process::ExitCode::SUCCESS,
        Ending::WithoutShutdown => std::process::ExitCode::FAILURE,
    }
}

/// Large blocks (a big board's cell map, its text) straight from the system and back to it.
/// glibc otherwise raises its mmap threshold once such a block is freed and serves the next
/// ones from its heaps, where the solve cache's evictions leave holes it does not give back:
/// measured over 20 000 edits (`scripts/soak.py`), resident memory rose to the cache's cap
/// + 86 MB and kept rising; with a fixed threshold it stays near cap + 30 MB.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn large_blocks_from_the_system() {
    // SAFETY: `mallopt` sets one allocator parameter; it is called before the server's threads
    // start, and a refusal (a zero return) only leaves glibc's default.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Serves one client over `input`/`output` until `exit` or end of input; every solve still
/// running is cancelled on the way out.
pub async fn serve<I, O>(input: I, output: O, config: Config) -> Ending
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    let shared = Arc::new(OnceLock::new());
    let slot = shared.clone();
    let (service, socket) = LspService::build(move |client| {
        let (backend, state) = server::Backend::new(client, config);
        let _ = slot.set(state);
        backend
    })
    .custom_method(VIEW_FILE_TEXT, server::Backend::view_file_text)
    .custom_method(MEMORY_USAGE, server::Backend::memory_usage)
    .custom_method(RENDER, server::Backend::render)
    .custom_method(PLAY, server::Backend::play)
    .finish();
    // tower-lsp reads only checked frames (see `transport`), and its answers and the refusals
    // of bad frames go out through one writer.
    let (to_server, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, from_server) = tokio::io::duplex(1 << 16);
    let (out_tx, out_rx) = tokio::sync::mpsc::unbounded_channel();
    let server_answers = out_tx.clone();
    let session = async {
        let server = async move {
            Server::new(server_in, server_out, socket)
                .serve(service)
                .await;
        };
        tokio::join!(
            server,
            transport::pump_server_output(from_server, server_answers),
        );
    };
    let writer = transport::write_frames(output, out_rx);
    // The input side may wait on stdin forever after `exit`: the session ends without it.
    let shutdown_sent = AtomicBool::new(false);
    let input_side = async {
        transport::pump_input(input, to_server, out_tx, &shutdown_sent).await;
        std::future::pending::<()>().await;
    };
    tokio::select! {
        _ = async { tokio::join!(session, writer) } => {}
        () = input_side => {}
    }
    let ending = match shared.get() {
        Some(state) => {
            state.cancel_all();
            state.ending()
        }
        None => Ending::WithoutShutdown,
    };
    if shutdown_sent.load(Ordering::Relaxed) {
        Ending::AfterShutdown
    } else {
        ending
    }
}

/// Test hooks, not an API.
#[doc(hidden)]
pub mod testing {
    /// Makes analysis panic on any text holding a case of this name (`None` turns it off), so
    /// that tests can see a panic answered as an error while the server lives on.
    pub fn panic_on_case_named(name: Option<&str>) {
        super::document::test_hook::set(name.map(str::to_string));
    }
}
