//! Writing a static site (an HTML page and the files beside it) so that a failure leaves
//! nothing half-written: everything goes into a fresh temporary folder next to the target,
//! which is renamed into place at the end.

use crate::Error;
use crate::output::write_atomic;
use std::path::{Component, Path, PathBuf};

/// The file that marks a folder as written by abviz (and so safe to replace).
pub const MARKER: &str = ".abviz-site";

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

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| Error::Io { path: path.to_path_buf(), source }
}

/// Checks that a site path stays inside the site (no `..`, no absolute paths).
fn relative(path: &str) -> Result<&Path, Error> {
    let p = Path::new(path);
    if path.is_empty() || !p.components().all(|c| matches!(c, Component::Normal(_))) {
        return Err(Error::Usage(format!("internal error: site file path '{path}' leaves the site")));
    }
    Ok(p)
}

/// Writes `files` into the folder `dir`, replacing it as a whole.
///
/// The files are written into a new temporary folder beside `dir`, which then takes `dir`'s
/// place; an earlier abviz site at `dir` (recognised by its [`MARKER`] file) is removed only
/// after that. A folder that exists, is not empty and was not written by abviz is refused,
/// so `-o .` cannot wipe out someone's work.
pub fn write_site(dir: &Path, files: &[SiteFile]) -> Result<(), Error> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if dir.exists() {
        if !dir.is_dir() {
            return Err(Error::Usage(format!(
                "{} is a file, but a site is a folder of pages: name a folder",
                dir.display()
            )));
        }
        let empty = std::fs::read_dir(dir).map_err(io(dir))?.next().is_none();
        if !empty && !dir.join(MARKER).exists() {
            return Err(Error::Usage(format!(
                "{} exists and was not written by abviz (it has no {MARKER} file); choose a new folder or remove it",
                dir.display()
            )));
        }
    }
    std::fs::create_dir_all(&parent).map_err(io(&parent))?;
    let tmp = tempfile::Builder::new().prefix(".abviz-new-").tempdir_in(&parent).map_err(io(&parent))?;
    write_files(tmp.path(), files)?;
    write_atomic(
        &tmp.path().join(MARKER),
        b"This folder was written by abviz; abviz replaces it as a whole when it writes here again.\n",
    )?;
    open_up(tmp.path())?;
    let old = if dir.exists() {
        let old = tempfile::Builder::new().prefix(".abviz-old-").tempdir_in(&parent).map_err(io(&parent))?;
        let old_path = old.path().join("site");
        std::fs::rename(dir, &old_path).map_err(io(dir))?;
        Some(old)
    } else {
        None
    };
    let tmp_path = tmp.keep();
    if let Err(source) = std::fs::rename(&tmp_path, dir) {
        // Put the old site back before reporting.
        if let Some(old) = &old {
            let _ = std::fs::rename(old.path().join("site"), dir);
        }
        let _ = std::fs::remove_dir_all(&tmp_path);
        return Err(Error::Io { path: dir.to_path_buf(), source });
    }
    drop(old); // removes the previous site
    Ok(())
}

/// Writes `files` into the existing (or new) folder `dir` one by one, each atomically, leaving
/// other files there alone (for folders that collect pages, like `abviz play --explain`).
pub fn write_files(dir: &Path, files: &[SiteFile]) -> Result<(), Error> {
    for f in files {
        let path = dir.join(relative(&f.path)?);
        if let Some(p) = path.parent() {
            std::fs::create_dir_all(p).map_err(io(p))?;
        }
        write_atomic(&path, &f.bytes)?;
        make_readable(&path)?;
    }
    Ok(())
}

/// Temporary files and folders are private (0600/0700); a site is meant to be read, copied
/// to a web server and opened by others, so give it the usual 0644/0755.
#[cfg(unix)]
fn make_readable(path: &Path) -> Result<(), Error> {
    use std::os::unix::fs::PermissionsExt;
    let mode = if path.is_dir() { 0o755 } else { 0o644 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(io(path))
}

#[cfg(not(unix))]
fn make_readable(_path: &Path) -> Result<(), Error> {
    Ok(())
}

/// Makes a written folder tree readable (see [`make_readable`]).
fn open_up(dir: &Path) -> Result<(), Error> {
    make_readable(dir)?;
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let entry = entry.map_err(io(dir))?;
        let path = entry.path();
        if path.is_dir() {
            open_up(&path)?;
        } else {
            make_readable(&path)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_replaces_its_earlier_self_but_nothing_else() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("site");
        write_site(&dir, &[SiteFile::text("index.html", "one"), SiteFile::text("boards/a/1.svg", "<svg/>")])
            .unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "one");
        assert!(dir.join("boards/a/1.svg").exists() && dir.join(MARKER).exists());
        write_site(&dir, &[SiteFile::text("index.html", "two")]).unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "two");
        assert!(!dir.join("boards").exists(), "the old site is replaced as a whole");
        // Nothing temporary is left beside it.
        let names: Vec<String> = std::fs::read_dir(root.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, ["site"]);

        let foreign = root.path().join("notes");
        std::fs::create_dir(&foreign).unwrap();
        std::fs::write(foreign.join("thesis.tex"), "precious").unwrap();
        let err = write_site(&foreign, &[SiteFile::text("index.html", "x")]).unwrap_err();
        assert!(err.to_string().contains("was not written by abviz"), "{err}");
        assert_eq!(std::fs::read_to_string(foreign.join("thesis.tex")).unwrap(), "precious");

        let file = root.path().join("file.html");
        std::fs::write(&file, "x").unwrap();
        assert!(write_site(&file, &[]).unwrap_err().to_string().contains("is a file"));
    }

    #[test]
    fn paths_stay_inside_the_site() {
        let root = tempfile::tempdir().unwrap();
        for bad in ["../x", "/etc/x", "", "a/../../b"] {
            assert!(write_files(root.path(), &[SiteFile::text(bad, "x")]).is_err(), "{bad}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn sites_are_readable_by_others() {
        use std::os::unix::fs::PermissionsExt;
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("site");
        write_site(&dir, &[SiteFile::text("index.html", "x")]).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o755);
        assert_eq!(mode(&dir.join("index.html")), 0o644);
    }
}
