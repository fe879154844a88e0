//! Runs a contestant's program on one input under limits, as a judge does: wall time (the whole
//! process group killed), address space, output size. Knows nothing of games or answers.

use std::io::{self, Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// What one run may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    /// Address space in MiB (Linux); `None`: unlimited.
    pub memory_mib: Option<u64>,
    /// Bytes of standard output kept; a program printing more is stopped.
    pub output_bytes: usize,
}

/// How the program ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this code.
    Exited(i32),
    /// A signal ended it (its name, e.g. `SIGSEGV`).
    Signaled(String),
    /// The wall-time limit passed; its process group was killed.
    TimedOut,
    /// It printed more than the output limit; its process group was killed.
    OutputTooLarge,
}

#[derive(Clone, Debug)]
pub struct Run {
    pub ending: Ending,
    pub stdout: Vec<u8>,
    pub wall: Duration,
    /// The largest resident size seen while it ran, in KiB (sampled; Linux only).
    pub peak_kib: Option<u64>,
}

/// The process groups of the programs running now, so that an interrupt can end them all.
struct Running {
    groups: Vec<u32>,
    /// Set by [`stop_all`]: no program starts any more.
    stopped: bool,
}

static RUNNING: Mutex<Running> = Mutex::new(Running {
    groups: Vec::new(),
    stopped: false,
});

fn running() -> MutexGuard<'static, Running> {
    RUNNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills the process group of every program running and refuses to start more: for an
/// interrupt (Ctrl-C), after which the caller exits. `run`s under way return once their program
/// is gone.
pub fn stop_all() {
    let mut running = running();
    running.stopped = true;
    for &group in &running.groups {
        Group(group).kill();
    }
}

/// Runs `program args` with `input` on its standard input. Its standard error is discarded.
/// The child and every process it starts are in a process group of their own, killed as a whole
/// on a time-out and reaped on every path.
pub fn run(program: &str, args: &[String], input: &[u8], limits: &Limits) -> io::Result<Run> {
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let start = Instant::now();
    // Started and registered under the lock: `stop_all` sees every group that exists.
    let mut child = {
        let mut running = running();
        if running.stopped {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
        }
        let child = command.spawn()?;
        running.groups.push(child.id());
        child
    };
    let group = Group(child.id());
    #[cfg(target_os = "linux")]
    if let Some(mib) = limits.memory_mib {
        use rustix::process::{Pid, Resource, Rlimit, prlimit};
        // Applied right after exec: what the program allocates from its first steps on, and
        // every process it starts, is bounded.
        let bytes = mib.saturating_mul(1 << 20);
        let limit = Rlimit {
            current: Some(bytes),
            maximum: Some(bytes),
        };
        let _ = prlimit(Some(Pid::from_child(&child)), Resource::As, limit);
    }
    let stdin = child.stdin.take();
    let input = input.to_vec();
    // A program that never reads its input must not block the judge: write from a thread.
    let writer = thread::spawn(move || {
        if let Some(mut pipe) = stdin {
            let _ = pipe.write_all(&input);
        }
    });
    let cap = limits.output_bytes;
    let stdout = child.stdout.take();
    let over = Arc::new(AtomicBool::new(false));
    let reader_over = Arc::clone(&over);
    let reader = thread::spawn(move || -> Vec<u8> {
        let mut kept = Vec::new();
        let Some(pipe) = stdout else {
            return kept;
        };
        let mut limited = pipe.take(cap as u64 + 1);
        let _ = limited.read_to_end(&mut kept);
        if kept.len() > cap {
            reader_over.store(true, Ordering::SeqCst);
        }
        kept.truncate(cap);
        kept
    });
    let mut peak_kib = None;
    let mut ending = None;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) => {}
            // Killed and waited for below, like a time-out.
            Err(_) => break None,
        }
        if let Some(kib) = resident_kib(child.id()) {
            peak_kib = Some(peak_kib.map_or(kib, |p: u64| p.max(kib)));
        }
        if start.elapsed() > limits.time {
            ending = Some(Ending::TimedOut);
            break None;
        }
        if over.load(Ordering::SeqCst) {
            ending = Some(Ending::OutputTooLarge);
            break None;
        }
        thread::sleep(Duration::from_millis(1));
    };
    let wall = start.elapsed();
    // On every path: the group is killed (a no-op when all have exited) and the child reaped.
    group.kill();
    running().groups.retain(|&g| g != group.0);
    let status = match status {
        Some(s) => s,
        None => child.wait()?,
    };
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    let ending = match ending {
        Some(e) => e,
        None if over.load(Ordering::SeqCst) => Ending::OutputTooLarge,
        None => ending_of(status),
    };
    Ok(Run {
        ending,
        stdout,
        wall,
        peak_kib,
    })
}

/// The process group of a child started with `process_group(0)`.
struct Group(u32);

impl Group {
    fn kill(&self) {
        #[cfg(unix)]
        if let Some(pid) = i32::try_from(self.0)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
    }
}

fn ending_of(status: ExitStatus) -> Ending {
    if let Some(code) = status.code() {
        return Ending::Exited(code);
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return Ending::Signaled(signal_name(signal));
        }
    }
    Ending::Signaled("unknown signal".into())
}

fn signal_name(signal: i32) -> String {
    let name = match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}

/// The resident set of a running process in KiB (`VmHWM`, its peak so far), on Linux.
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
