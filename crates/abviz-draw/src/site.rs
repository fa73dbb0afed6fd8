//! [`SiteFile`]: one file of an output that is a folder (a page and the pictures beside it, an
//! exercise sheet's files). The drawing code makes them in memory; writing them is the
//! caller's business.

/// One file of a site: a path relative to the site's folder and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFile {
    /// Relative path with `/` separators ("index.html", "boards/aima/3.svg").
    pub path: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

impl SiteFile {
    /// A file from text.
    pub fn text(path: impl Into<String>, text: impl Into<String>) -> SiteFile {
        SiteFile { path: path.into(), bytes: text.into().into_bytes() }
    }
}

/// `bytes` gzipped, deterministically (no file name, no time stamp in the header, the same
/// compressor): an explain site's traces and graphs, and a packed page's drawing and data,
/// which the browser inflates with `DecompressionStream("gzip")`.
#[cfg(feature = "html")]
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut z = flate2::GzBuilder::new().mtime(0).write(Vec::new(), flate2::Compression::default());
    z.write_all(bytes).expect("compressing into memory");
    z.finish().expect("compressing into memory")
}
