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
