//! Standard output for the batch commands: colour stripped where it is not wanted
//! (`--color`, `NO_COLOR`, not a terminal), and a reader that stops reading (`| head`) ends
//! the output quietly instead of with a panic.

use std::io::{self, Write};

pub(super) struct Printer {
    out: anstream::AutoStream<io::StdoutLock<'static>>,
    closed: bool,
}

impl Printer {
    pub(super) fn stdout() -> Printer {
        Printer {
            out: anstream::AutoStream::auto(io::stdout().lock()),
            closed: false,
        }
    }

    /// Whether to write colour escapes at all (the stream strips them otherwise).
    pub(super) fn coloured(&self) -> bool {
        !matches!(self.out.current_choice(), anstream::ColorChoice::Never)
    }

    /// Writes `text`; once the reader is gone nothing more is written.
    pub(super) fn print(&mut self, text: &str) {
        if self.closed {
            return;
        }
        if let Err(e) = self.out.write_all(text.as_bytes()) {
            self.fail(&e);
        }
    }

    /// Whether the reader has gone: the command may stop early.
    pub(super) fn closed(&self) -> bool {
        self.closed
    }

    pub(super) fn flush(&mut self) {
        if !self.closed
            && let Err(e) = self.out.flush()
        {
            self.fail(&e);
        }
    }

    fn fail(&mut self, e: &io::Error) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("boardls: standard output: {e}");
        }
        self.closed = true;
    }
}

/// Writes `text` to standard output at once, quietly when the reader has gone: for commands
/// that print one finished text rather than stream.
pub(super) fn print(text: &str) {
    Printer::stdout().print(text);
}

impl Drop for Printer {
    fn drop(&mut self) {
        self.flush();
    }
}
