//! The closed files' solver: one blocking thread solving their cases one at a time, and the
//! reports of the closed files made again (gathered, and at a steady pace while it solves).

use crate::analysis::{self, Verdict};
use crate::games::Unsolved;
use crate::lsp::diagnostics;
use crate::lsp::document::{View, lock};
use crate::lsp::out::Out;
use crate::lsp::state::Shared;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Changes are gathered this long before the workspace's reports are made again.
const REFRESH_AFTER: Duration = Duration::from_millis(100);
/// While closed files are being solved, their reports are made again this often.
const REFRESH_EVERY: Duration = Duration::from_millis(300);

pub(super) fn ensure_solver(shared: &Arc<Shared>) {
    {
        let mut st = lock(&shared.workspace.state);
        let work = st
            .folders
            .iter()
            .any(|f| f.checks && f.members.values().any(|m| m.next_to_solve().is_some()));
        if st.worker || st.stopped || !work {
            return;
        }
        st.worker = true;
    }
    let task_shared = shared.clone();
    shared.spawn_blocking(move || solver(&task_shared));
}

/// Solves the closed files' cases one at a time, until none is left.
fn solver(shared: &Arc<Shared>) {
    let mut last_refresh = Instant::now();
    loop {
        let job = {
            let mut st = lock(&shared.workspace.state);
            let next = if st.stopped {
                None
            } else {
                st.folders.iter().enumerate().find_map(|(i, f)| {
                    if !f.checks {
                        return None;
                    }
                    f.members.iter().find_map(|(p, m)| {
                        let case = m.next_to_solve()?;
                        Some((i, p.clone(), m.disk.clone()?, case))
                    })
                })
            };
            let Some((i, path, disk, case)) = next else {
                st.worker = false;
                st.solving = None;
                drop(st);
                schedule_refresh(shared);
                return;
            };
            let flag = Arc::new(AtomicBool::new(false));
            st.solving = Some((path.clone(), flag.clone()));
            (i, path, disk, case, flag)
        };
        let (i, path, disk, index, flag) = job;
        let case = &disk.analysis.cases[index];
        let budget = analysis::budget(&disk.config).with_cancel(flag);
        let verdict = catch_unwind(AssertUnwindSafe(|| shared.cache.solve(case, &budget)))
            .unwrap_or_else(|panic| {
                Some((
                    Arc::new(Verdict::Failed(analysis::solve::panic_message(&panic))),
                    true,
                ))
            })
            .map(|(v, _)| v);
        let file_done = {
            let mut st = lock(&shared.workspace.state);
            st.solving = None;
            let member = st
                .folders
                .get_mut(i)
                .and_then(|f| f.members.get_mut(&path))
                .filter(|m| m.disk.as_ref().is_some_and(|d| Arc::ptr_eq(d, &disk)));
            match (member, verdict) {
                (Some(member), Some(v))
                    if !matches!(*v, Verdict::Unsolved(Unsolved::Cancelled)) =>
                {
                    if let Some(slot) = member.verdicts.get_mut(index) {
                        *slot = Some(v);
                    }
                    member.next_to_solve().is_none()
                }
                _ => false,
            }
        };
        if file_done || last_refresh.elapsed() >= REFRESH_EVERY {
            schedule_refresh(shared);
            last_refresh = Instant::now();
        }
    }
}

/// Makes the workspace's reports again soon: changes that come together are taken together.
pub(crate) fn schedule_refresh(shared: &Arc<Shared>) {
    {
        let mut st = lock(&shared.workspace.state);
        if st.refresh_scheduled || st.stopped {
            return;
        }
        st.refresh_scheduled = true;
    }
    let task_shared = shared.clone();
    shared.spawn(async move {
        tokio::time::sleep(REFRESH_AFTER).await;
        let blocking = task_shared.clone();
        task_shared.spawn_blocking(move || refresh(&blocking));
    });
}

/// Makes every closed file's report again and tells the client what changed; republishes the
/// open documents of checked folders, whose suite findings may have changed with the others.
fn refresh(shared: &Arc<Shared>) {
    let enc = shared.caps().encoding;
    let mut outs = Vec::new();
    let mut open = Vec::new();
    {
        let mut st = lock(&shared.workspace.state);
        st.refresh_scheduled = false;
        for folder in &mut st.folders {
            if !folder.checks {
                for member in folder.members.values_mut() {
                    if member.told.take().is_some() && !member.open {
                        outs.push(Out::PublishFile {
                            uri: member.uri.clone(),
                            diagnostics: Vec::new(),
                        });
                    }
                    member.report = None;
                }
                continue;
            }
            let ask = folder.ask;
            let suite = folder.suite(ask, None).findings.clone();
            for (path, member) in &mut folder.members {
                if member.open {
                    open.push(member.uri.clone());
                    continue;
                }
                let Some(disk) = member.disk.clone() else {
                    continue;
                };
                let found = suite.get(path).cloned();
                let report = disk.report(&member.verdicts, found, &member.uri, enc);
                if member.told.as_ref() != Some(&report.result_id) {
                    member.told = Some(report.result_id.clone());
                    outs.push(Out::PublishFile {
                        uri: member.uri.clone(),
                        diagnostics: report.diagnostics.clone(),
                    });
                }
                member.report = Some(report);
            }
        }
    }
    for out in outs {
        shared.send(out);
    }
    for uri in open {
        if let Some(doc) = shared.doc(&uri)
            && let Ok(view) = View::build(&doc, doc.snapshot(), &shared.cache)
        {
            diagnostics::publish(shared, &doc, &view);
        }
    }
    shared.send(Out::Status);
}
