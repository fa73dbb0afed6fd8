//! Writing a static site (an HTML page and the files beside it) so that a failure leaves
//! nothing half-written: everything goes into a fresh temporary folder next to the target,
//! which is renamed into place at the end.

use crate::Error;
use crate::export::site::SiteFile;
use crate::output::{cannot_create, write_atomic, write_atomic_with};
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// The file that marks a folder as written by abviz (and so safe to replace).
pub const MARKER: &str = ".abviz-site";

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
/// place: on Linux by exchanging the two in one step (`renameat2` with `RENAME_EXCHANGE`), so
/// that `dir` always holds a whole site; elsewhere (or where the file system cannot exchange)
/// by moving the old site aside first and back again if the new one cannot take its place. An
/// earlier abviz site at `dir` (recognised by its [`MARKER`] file) is removed only after that.
/// A folder that exists, is not empty and was not written by abviz is refused, so `-o .`
/// cannot wipe out someone's work. Temporary folders that an interrupted run left beside `dir`
/// are cleaned up first (and a site moved aside but never replaced is put back).
pub fn write_site(dir: &Path, files: &[SiteFile]) -> Result<(), Error> {
    write_site_with(dir, files, None, true, &|| Ok(()))
}

/// A file of a site written as it is produced (a big page, never held whole): its path in the
/// site and what writes it.
pub struct Streamed<'a> {
    /// Relative path with `/` separators ("index.html").
    pub path: &'a str,
    /// Writes the file's contents.
    pub produce: &'a dyn Fn(&mut dyn Write) -> std::io::Result<()>,
}

/// [`write_site`] with one more file, `streamed`, written as it is produced.
pub fn write_site_streamed(dir: &Path, files: &[SiteFile], streamed: Streamed<'_>) -> Result<(), Error> {
    write_site_with(dir, files, Some(streamed), true, &|| Ok(()))
}

/// [`write_site`]; without `exchange` it takes the fallback path, and runs `between` between
/// its two renames (tests inject a failure there).
fn write_site_with(
    dir: &Path,
    files: &[SiteFile],
    streamed: Option<Streamed<'_>>,
    exchange_first: bool,
    between: &dyn Fn() -> std::io::Result<()>,
) -> Result<(), Error> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if parent.is_dir() {
        recover(&parent);
    }
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
    let tmp = tempfile::Builder::new()
        .prefix(&temp_prefix(NEW))
        .tempdir_in(&parent)
        .map_err(|e| Error::Io { path: parent.clone(), source: cannot_create(&e) })?;
    // Errors name the file as the user will know it: in `dir`, not in the temporary folder.
    let in_dir = |e: Error| match e {
        Error::Io { path, source } => match path.strip_prefix(tmp.path()) {
            Ok(rest) => Error::Io { path: dir.join(rest), source },
            Err(_) => Error::Io { path, source },
        },
        other => other,
    };
    write_files(tmp.path(), files).map_err(in_dir)?;
    if let Some(Streamed { path, produce }) = streamed {
        let path = tmp.path().join(relative(path)?);
        if let Some(p) = path.parent() {
            std::fs::create_dir_all(p).map_err(io(p)).map_err(in_dir)?;
        }
        write_atomic_with(&path, |w| {
            let mut w = std::io::BufWriter::with_capacity(1 << 16, w);
            produce(&mut w)?;
            w.flush()
        })
        .map_err(in_dir)?;
    }
    write_atomic(
        &tmp.path().join(MARKER),
        b"This folder was written by abviz; abviz replaces it as a whole when it writes here again.\n",
    )
    .map_err(in_dir)?;
    open_up(tmp.path()).map_err(in_dir)?;
    if exchange_first && dir.exists() && exchange(tmp.path(), dir).is_ok() {
        // `tmp` now holds the previous site; dropping it removes it.
        return Ok(());
    }
    let old = if dir.exists() {
        let old = tempfile::Builder::new()
            .prefix(&temp_prefix(OLD))
            .tempdir_in(&parent)
            .map_err(|e| Error::Io { path: parent.clone(), source: cannot_create(&e) })?;
        std::fs::rename(dir, old.path().join(site_name(dir))).map_err(io(dir))?;
        Some(old)
    } else {
        None
    };
    let tmp_path = tmp.keep();
    if let Err(source) = between().and_then(|()| std::fs::rename(&tmp_path, dir)) {
        // Put the old site back before reporting.
        if let Some(old) = &old {
            let _ = std::fs::rename(old.path().join(site_name(dir)), dir);
        }
        let _ = std::fs::remove_dir_all(&tmp_path);
        return Err(Error::Io { path: dir.to_path_buf(), source });
    }
    drop(old); // removes the previous site
    Ok(())
}

/// The name of the folder a new site is written into before it takes its place.
const NEW: &str = ".abviz-new-";
/// The name of the folder an old site waits in while the new one takes its place.
const OLD: &str = ".abviz-old-";

/// A temporary name beside the target: `kind`, this process's id and a random part.
fn temp_prefix(kind: &str) -> String {
    format!("{kind}{}-", std::process::id())
}

fn site_name(dir: &Path) -> std::ffi::OsString {
    dir.file_name().map_or_else(|| "site".into(), |n| n.to_os_string())
}

/// Exchanges two folders in one step (Linux).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(std::io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> std::io::Result<()> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

/// Cleans up after runs that were killed while writing into `parent`: their temporary folders
/// and files (only names abviz gives, and only of processes that are gone) are removed, and a
/// site that was moved aside but never replaced is put back first.
fn recover(parent: &Path) {
    for (path, name) in crate::output::stale_temporaries(parent, &[NEW, OLD]) {
        if name.starts_with(OLD)
            && let Ok(inside) = std::fs::read_dir(&path)
        {
            for entry in inside.flatten() {
                let target = parent.join(entry.file_name());
                if !target.exists() {
                    let _ = std::fs::rename(entry.path(), &target);
                }
            }
        }
        let _ = std::fs::remove_dir_all(&path);
    }
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

    fn site(text: &str) -> Vec<SiteFile> {
        vec![SiteFile::text("index.html", text), SiteFile::text("boards/0.svg", "<svg/>")]
    }

    /// An error while the site is written names the file in the folder asked for, never the
    /// temporary `.abviz-new-…` folder it is written in (issue 30, item 6).
    #[test]
    fn errors_name_the_folder_asked_for() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("site");
        let clash = vec![SiteFile::text("a", "x"), SiteFile::text("a/b.svg", "<svg/>")];
        let Err(Error::Io { path, .. }) = write_site(&dir, &clash) else {
            panic!("a file and a folder named a")
        };
        assert_eq!(path, dir.join("a"));
        assert!(leftovers(parent.path()).is_empty());
    }

    fn leftovers(parent: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(parent)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().into_string().unwrap())
            .filter(|n| n.starts_with(".abviz"))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_site_is_replaced_whole_and_nothing_is_left_beside_it() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("site");
        write_site(&dir, &site("one")).unwrap();
        write_site(&dir, &site("two")).unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "two");
        assert!(leftovers(parent.path()).is_empty(), "{:?}", leftovers(parent.path()));
    }

    #[test]
    fn a_streamed_page_is_written_with_its_files_and_a_failed_one_leaves_the_old_site() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("site");
        let page = |w: &mut dyn Write| w.write_all(b"streamed");
        let boards = [SiteFile::text("boards/a/1.svg", "<svg/>")];
        write_site_streamed(&dir, &boards, Streamed { path: "index.html", produce: &page }).unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "streamed");
        assert!(dir.join("boards/a/1.svg").exists() && dir.join(MARKER).exists());
        // A page that fails half-way (a full disk) leaves the site as it was, and nothing beside.
        let half = |w: &mut dyn Write| w.write_all(b"half").and(Err(std::io::Error::other("disk full")));
        let err =
            write_site_streamed(&dir, &[], Streamed { path: "index.html", produce: &half }).unwrap_err();
        let why = std::error::Error::source(&err).map(ToString::to_string).unwrap_or_default();
        assert!(err.to_string().ends_with("site/index.html") && why == "disk full", "{err}: {why}");
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "streamed");
        assert!(leftovers(parent.path()).is_empty(), "{:?}", leftovers(parent.path()));
    }

    #[test]
    fn a_failure_between_the_renames_puts_the_old_site_back() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("site");
        write_site(&dir, &site("old")).unwrap();
        let fail = || Err(std::io::Error::other("injected failure"));
        let err = write_site_with(&dir, &site("new"), None, false, &fail).unwrap_err();
        assert!(
            err.to_string().contains("injected failure") || format!("{err:?}").contains("injected"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "old");
        assert!(leftovers(parent.path()).is_empty(), "{:?}", leftovers(parent.path()));
        // Without the failure the fallback path replaces it.
        write_site_with(&dir, &site("new"), None, false, &|| Ok(())).unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "new");
    }

    #[test]
    fn what_a_killed_run_left_is_cleaned_up_and_a_moved_site_comes_back() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("site");
        write_site(&dir, &site("old")).unwrap();
        // A run killed between its renames (process 4000000000 cannot exist): the site was moved
        // aside, a new one half written, a file half written.
        let aside = parent.path().join(".abviz-old-4000000000-x1");
        std::fs::create_dir(&aside).unwrap();
        std::fs::rename(&dir, aside.join("site")).unwrap();
        std::fs::create_dir(parent.path().join(".abviz-new-4000000000-x2")).unwrap();
        std::fs::write(parent.path().join(".abviz-tmp-4000000000-x3"), "half").unwrap();
        // Someone else's folder that looks alike is left alone.
        std::fs::create_dir(parent.path().join(".abviz-new-notapid")).unwrap();
        recover(parent.path());
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "old");
        crate::output::clean_stale_files(parent.path());
        assert_eq!(leftovers(parent.path()), [".abviz-new-notapid"]);
    }

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
