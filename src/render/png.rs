//! A picture as PNG, for statements that cannot show SVG (LaTeX, and the HTML a judge makes
//! from it): the SVG drawn by `resvg` with the system's fonts, at twice its size so that print
//! stays sharp.

use std::sync::OnceLock;

/// Sans-serif families, most wanted first.
const SANS: &[&str] = &[
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
    "Arial",
    "Helvetica",
    "FreeSans",
];

/// How many pixels per SVG unit.
const SCALE: f32 = 2.0;

/// The PNG of `svg` (one of this module's pictures), or why it could not be drawn.
pub fn png_of(svg: &str) -> Result<Vec<u8>, String> {
    static FONTS: OnceLock<std::sync::Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_system_fonts();
        // fontdb takes `sans-serif` to be Arial, which free systems rarely have: name the
        // first common sans family that is there, else any family at all.
        let families: Vec<String> = db
            .faces()
            .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
            .collect();
        let sans = SANS
            .iter()
            .find(|want| families.iter().any(|f| f == *want))
            .map(ToString::to_string)
            .or_else(|| families.first().cloned());
        if let Some(sans) = sans {
            db.set_sans_serif_family(sans);
        }
        std::sync::Arc::new(db)
    });
    let options = resvg::usvg::Options {
        fontdb: fonts.clone(),
        ..resvg::usvg::Options::default()
    };
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(SCALE)
        .ok_or("an empty picture")?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or("a picture too large to draw")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(SCALE, SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}
