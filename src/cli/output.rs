//! Standard output for the batch commands: colour stripped where it is not wanted
//! (`--color`, `NO_COLOR`, not a terminal), and a reader that stops reading (`| head`) ends
//! the output quietly instead of with a panic.

use std::io::{self, IsTerminal, Write};

pub(super) struct Printer {
    out: Out,
    closed: bool,
}

enum Out {
    /// A terminal, or colour asked for: anstream writes the escapes or strips them, and a
    /// terminal sees each line as it is written.
    Styled(anstream::AutoStream<io::StdoutLock<'static>>),
    /// No colour and no terminal (a pipe, a file): the text as written, in large writes rather
    /// than one system call per line, and no escape-stripping pass over text that has none.
    Plain(io::BufWriter<io::StdoutLock<'static>>),
}

impl Printer {
    pub(super) fn stdout() -> Printer {
        let stdout = io::stdout();
        let choice = anstream::AutoStream::choice(&stdout);
        let out = if choice == anstream::ColorChoice::Never && !stdout.is_terminal() {
            Out::Plain(io::BufWriter::with_capacity(64 * 1024, stdout.lock()))
        } else {
            Out::Styled(anstream::AutoStream::new(stdout.lock(), choice))
        };
        Printer { out, closed: false }
    }

    /// Whether to write colour escapes at all (the stream strips them otherwise).
    pub(super) fn coloured(&self) -> bool {
        match &self.out {
            Out::Styled(out) => !matches!(out.current_choice(), anstream::ColorChoice::Never),
            Out::Plain(_) => false,
        }
    }

    /// Writes `text`; once the reader is gone nothing more is written.
    pub(super) fn print(&mut self, text: &str) {
        if self.closed {
            return;
        }
        let written = match &mut self.out {
            Out::Styled(out) => out.write_all(text.as_bytes()),
            Out::Plain(out) => out.write_all(text.as_bytes()),
        };
        if let Err(e) = written {
            self.fail(&e);
        }
    }

    /// Whether the reader has gone: the command may stop early.
    pub(super) fn closed(&self) -> bool {
        self.closed
    }

    pub(super) fn flush(&mut self) {
        if self.closed {
            return;
        }
        let flushed = match &mut self.out {
            Out::Styled(out) => out.flush(),
            Out::Plain(out) => out.flush(),
        };
        if let Err(e) = flushed {
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
