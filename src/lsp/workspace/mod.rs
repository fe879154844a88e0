//! The workspace: its folders with the settings in effect in each, and every `.board` file in
//! them, open or not. Closed files are read from disk, checked and solved in the background;
//! a folder's files that [`suite::membership`] puts in a suite get its findings (the files of
//! one `suite = true` project together, or the whole folder when the editor asks for suite
//! findings everywhere; a marked file alone). Settings come in
//! layers (see [`effective`]); the project layer is each file's nearest `boardls.toml`, found
//! as the command line finds it and read again when the client says it changed.
//!
//! One job a file: [`folders`] holds the state (folders, settings, projects, members),
//! [`suites`] groups files into suites, [`queries`] answers the rest of the server, [`scan`]
//! reads the disk and [`solver`] solves the closed files and makes their reports.

pub(crate) mod folders;
pub(crate) mod queries;
pub(crate) mod scan;
pub(crate) mod solver;
mod suites;
