//! The colours of a picture: the Okabe–Ito palette (distinguishable with every common colour
//! vision deficiency) for outcomes and roles, on a light or a dark ground.

/// The ground a picture is drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    pub fn from_name(name: &str) -> Option<Theme> {
        match name {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }
}

#[derive(Clone, Copy)]
pub(super) struct Palette {
    pub(super) name: &'static str,
    pub(super) background: &'static str,
    pub(super) text: &'static str,
    pub(super) muted: &'static str,
    pub(super) grid: &'static str,
    pub(super) cell: &'static str,
    pub(super) wall: &'static str,
    /// The texture drawn over an outcome's colour.
    pub(super) ink: &'static str,
    pub(super) win: &'static str,
    pub(super) lose: &'static str,
    pub(super) draw: &'static str,
    pub(super) path: &'static str,
    pub(super) meet: &'static str,
    pub(super) line: &'static str,
}

impl Palette {
    pub(super) fn of(theme: Theme) -> Palette {
        match theme {
            Theme::Light => Palette {
                name: "light",
                background: "#ffffff",
                text: "#1b1b1b",
                muted: "#6b6b6b",
                grid: "#b4b4b4",
                cell: "#f4f4f4",
                wall: "#3c3c3c",
                ink: "#000000",
                win: "#009e73",
                lose: "#d55e00",
                draw: "#56b4e9",
                path: "#cc79a7",
                meet: "#f0e442",
                line: "#000000",
            },
            Theme::Dark => Palette {
                name: "dark",
                background: "#1e1e1e",
                text: "#ececec",
                muted: "#a0a0a0",
                grid: "#5a5a5a",
                cell: "#2b2b2b",
                wall: "#0a0a0a",
                ink: "#000000",
                win: "#009e73",
                lose: "#d55e00",
                draw: "#56b4e9",
                path: "#cc79a7",
                meet: "#f0e442",
                line: "#ffffff",
            },
        }
    }
}
