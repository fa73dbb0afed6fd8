//! PNG and PDF of our own SVG picture, rendered in Rust (resvg, svg2pdf) — no Graphviz.
//!
//! Text is set in the fonts bundled in the binary (DejaVu Sans and DejaVu Sans Bold,
//! assets/fonts/), so the same figure gives the same bytes on every machine. Only a character
//! those fonts lack (Chinese piece names, say) makes abviz look among the system's fonts, on
//! that machine only.

#[cfg(feature = "raster")]
use super::figure::draw;
#[cfg(feature = "raster")]
use super::svg::render;
#[cfg(feature = "raster")]
use super::view::View;
use super::{Exporter, FormatInfo, Kind, Output, ViewOptions};
use crate::DrawError as Error;
use abviz_trace::Trace;
#[cfg(feature = "raster")]
use resvg::tiny_skia;
#[cfg(feature = "raster")]
use resvg::usvg::{self, fontdb};
#[cfg(feature = "raster")]
use std::sync::{Arc, OnceLock};

#[cfg(feature = "raster")]
/// The bundled fonts.
const FONTS: [&[u8]; 2] =
    [include_bytes!("../assets/fonts/DejaVuSans.ttf"), include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf")];

#[cfg(feature = "raster")]
/// The family the pictures ask for first.
const FAMILY: &str = "DejaVu Sans";

#[cfg(feature = "raster")]
/// A PNG is drawn at twice the SVG's size (sharp on a projector)...
const PNG_SCALE: f32 = 2.0;
#[cfg(feature = "raster")]
/// ...but no side longer than this many pixels...
const PNG_MAX_SIDE: f32 = 16_384.0;
#[cfg(feature = "raster")]
/// ...and no more pixels than this (a figure too big is scaled down to fit).
const PNG_MAX_PIXELS: f32 = 64e6;

/// Writes the figure as a PNG image.
pub struct PngExporter;

impl PngExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "png",
        aliases: &[],
        help: &["A PNG image of the SVG picture (rendered in Rust with bundled fonts; no Graphviz)."],
        extensions: &["png"],
        kind: Kind::Picture,
        binary: true,
        streams: false,
        boards: true,
    };
}

/// Writes the figure as a one-page PDF: vector graphics, its text real text in the bundled
/// DejaVu fonts (embedded, subset), so it can be searched and copied (`pdftotext` reads it). The
/// bytes do not change between runs (our patched svg2pdf, see the workspace's Cargo.toml).
pub struct PdfExporter;

impl PdfExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "pdf",
        aliases: &[],
        help: &["A one-page PDF of the SVG picture (vector graphics; no Graphviz)."],
        extensions: &["pdf"],
        kind: Kind::Picture,
        binary: true,
        streams: false,
        boards: true,
    };
}

impl Exporter for PngExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        #[cfg(feature = "raster")]
        {
            Ok(Output::Bytes(png(&svg_of(trace, opts)?)?))
        }
        #[cfg(not(feature = "raster"))]
        {
            let _ = (trace, opts);
            Err(Error::Unavailable { format: "png", feature: "raster" })
        }
    }
}

impl Exporter for PdfExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        #[cfg(feature = "raster")]
        {
            Ok(Output::Bytes(pdf(&svg_of(trace, opts)?)?))
        }
        #[cfg(not(feature = "raster"))]
        {
            let _ = (trace, opts);
            Err(Error::Unavailable { format: "pdf", feature: "raster" })
        }
    }
}

#[cfg(feature = "raster")]
/// The SVG picture to render, collapsed to fit [`super::fit::FIT_WIDTH`] unless `--collapse`
/// says otherwise (the CLI fits it first and says so; this keeps library callers safe too).
fn svg_of(trace: &Trace, opts: &ViewOptions) -> Result<String, Error> {
    let fit = super::fit::fit_to_width(trace, opts, opts.fit_width.unwrap_or(super::fit::FIT_WIDTH));
    let view = View::new(trace, &fit.opts);
    let fig = draw(&view, false);
    Ok(render(&view, &fig))
}

#[cfg(feature = "raster")]
fn failed(what: &'static str, why: impl std::fmt::Display) -> Error {
    Error::Picture { what, why: why.to_string() }
}

#[cfg(feature = "raster")]
/// The bundled fonts, loaded once.
fn bundled() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for font in FONTS {
            db.load_font_data(font.to_vec());
        }
        db.set_sans_serif_family(FAMILY);
        Arc::new(db)
    })
    .clone()
}

#[cfg(feature = "raster")]
/// Parses our SVG with the bundled fonts; a character they lack loads the system's fonts.
pub(super) fn parse(svg: &str) -> Result<usvg::Tree, Error> {
    let fallback = usvg::FontResolver::default_fallback_selector();
    let options = usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: bundled(),
        font_resolver: usvg::FontResolver {
            select_font: usvg::FontResolver::default_font_selector(),
            select_fallback: Box::new(move |c, used, db| {
                if let Some(id) = fallback(c, used, db) {
                    return Some(id);
                }
                if db.len() > FONTS.len() {
                    return None;
                }
                Arc::make_mut(db).load_system_fonts();
                fallback(c, used, db)
            }),
        },
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| failed("the SVG picture could not be read back", e))
}

#[cfg(feature = "raster")]
/// The scale a PNG of a `w` × `h` picture is drawn at.
fn png_scale(w: f32, h: f32) -> f32 {
    PNG_SCALE.min(PNG_MAX_SIDE / w).min(PNG_MAX_SIDE / h).min((PNG_MAX_PIXELS / (w * h)).sqrt())
}

#[cfg(feature = "raster")]
/// Renders our SVG as PNG bytes.
pub fn png(svg: &str) -> Result<Vec<u8>, Error> {
    let tree = parse(svg)?;
    let size = tree.size();
    let scale = png_scale(size.width(), size.height());
    let (w, h) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(w.max(1), h.max(1))
        .ok_or_else(|| failed("cannot make a PNG", format!("{w} × {h} pixels")))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| failed("cannot encode the PNG", e))
}

#[cfg(feature = "raster")]
/// Renders our SVG as PDF bytes.
pub fn pdf(svg: &str) -> Result<Vec<u8>, Error> {
    let tree = parse(svg)?;
    let options = svg2pdf::ConversionOptions { embed_text: true, ..svg2pdf::ConversionOptions::default() };
    svg2pdf::to_pdf(&tree, options, svg2pdf::PageOptions::default())
        .map_err(|e| failed("cannot make the PDF", e))
}

#[cfg(all(test, feature = "raster"))]
mod tests {
    use super::*;

    #[test]
    fn big_pictures_are_scaled_down_to_fit() {
        assert_eq!(png_scale(500.0, 300.0), 2.0);
        assert!(png_scale(60_000.0, 300.0) * 60_000.0 <= PNG_MAX_SIDE);
        let s = png_scale(8_000.0, 8_000.0);
        assert!((8_000.0 * s).powi(2) <= PNG_MAX_PIXELS * 1.0001);
    }
}
