//! A judge's verdict on one run: the program's ending and its output compared with the expected
//! answers token by token (whitespace between tokens free, tokens exact).

use super::run::{Ending, Limits, Run};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    #[serde(rename = "OK")]
    Ok,
    #[serde(rename = "WA")]
    WrongAnswer,
    /// It exited cleanly without printing a token.
    #[serde(rename = "missing output")]
    MissingOutput,
    #[serde(rename = "TLE")]
    TimeLimit,
    #[serde(rename = "RE")]
    RuntimeError,
    #[serde(rename = "MLE")]
    MemoryLimit,
    #[serde(rename = "OLE")]
    OutputTooLarge,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Ok => "OK",
            Verdict::WrongAnswer => "WA",
            Verdict::MissingOutput => "missing output",
            Verdict::TimeLimit => "TLE",
            Verdict::RuntimeError => "RE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputTooLarge => "OLE",
        }
    }
}

/// A verdict and what it is about: the first wrong answer, the exit code, the signal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub verdict: Verdict,
    pub detail: String,
    /// For a wrong answer: the 1-based answer (test) where the output first differs.
    pub answer: Option<usize>,
}

/// Judges `ran` (run under `limits`) against the expected output `expected`.
pub fn judge(ran: &Run, expected: &str, limits: &Limits) -> Judged {
    let plain = |verdict, detail: String| Judged {
        verdict,
        detail,
        answer: None,
    };
    let judged = match &ran.ending {
        Ending::TimedOut => plain(
            Verdict::TimeLimit,
            format!("stopped after {:.1} s", limits.time.as_secs_f64()),
        ),
        Ending::OutputTooLarge => plain(
            Verdict::OutputTooLarge,
            format!("more than {} of output", bytes(limits.output_bytes)),
        ),
        Ending::Signaled(signal) => plain(Verdict::RuntimeError, format!("killed by {signal}")),
        Ending::Exited(code) if *code != 0 => {
            plain(Verdict::RuntimeError, format!("exit code {code}"))
        }
        Ending::Exited(_) => compare(expected, &String::from_utf8_lossy(&ran.stdout)),
    };
    // An allocation refused by the address-space limit ends a program as a crash or an error
    // exit; one that used nearly all of the limit is told apart as MLE.
    let near_limit = limits
        .memory_mib
        .zip(ran.peak_kib)
        .is_some_and(|(mib, kib)| kib.saturating_mul(10) >= mib.saturating_mul(1024 * 9));
    if judged.verdict == Verdict::RuntimeError && near_limit {
        return plain(
            Verdict::MemoryLimit,
            format!("{} at the memory limit", judged.detail),
        );
    }
    judged
}

/// Token by token: whitespace between tokens is free, tokens are exact. The detail names the
/// answer (line of the expected output) and what was expected and printed for it.
pub fn compare(expected: &str, got: &str) -> Judged {
    let mut printed = got.split_whitespace();
    let wrong = |answer: usize, detail: String| Judged {
        verdict: Verdict::WrongAnswer,
        detail,
        answer: Some(answer),
    };
    let mut any = false;
    for (line, want) in expected.lines().enumerate() {
        let wanted: Vec<&str> = want.split_whitespace().collect();
        let got: Vec<&str> = printed.by_ref().take(wanted.len()).collect();
        if got == wanted {
            any |= !got.is_empty();
            continue;
        }
        let want = wanted.join(" ");
        if got.is_empty() && !any {
            return Judged {
                verdict: Verdict::MissingOutput,
                detail: "missing output".into(),
                answer: Some(line + 1),
            };
        }
        if got.len() < wanted.len() {
            return wrong(
                line + 1,
                format!("output ends before answer {} (`{want}`)", line + 1),
            );
        }
        return wrong(
            line + 1,
            format!(
                "answer {}: expected `{want}`, got `{}`",
                line + 1,
                short(&got.join(" "))
            ),
        );
    }
    match printed.next() {
        Some(extra) => wrong(
            expected.lines().count() + 1,
            format!("extra output after the last answer: `{}`", short(extra)),
        ),
        None => Judged {
            verdict: Verdict::Ok,
            detail: String::new(),
            answer: None,
        },
    }
}

fn short(token: &str) -> String {
    let mut out: String = token.chars().take(30).collect();
    if out.len() < token.len() {
        out.push('…');
    }
    out
}

/// A byte count as people read it: `16 MiB`, `4096 bytes`.
fn bytes(count: usize) -> String {
    if count >= 1 << 20 && count.is_multiple_of(1 << 20) {
        format!("{} MiB", count >> 20)
    } else {
        format!("{count} bytes")
    }
}
