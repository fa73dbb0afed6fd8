//! Writing results: atomically, so a failed run never leaves a half-written file behind.

use crate::Error;
use crate::export::Output;
use site::write_site;

pub mod site;
pub mod terminal;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Writes an exporter's [`Output`]: to `path` when given — one file written atomically
/// ([`write_atomic`]), or a folder written as a whole ([`write_site`]) — else to standard output,
/// where a closed pipe (`abviz run ... | head`) ends the output quietly. Refuses a folder
/// without a path, and binary data on a terminal. Returns the file to point a reader at (the
/// file, or the folder's `index.html`), None for standard output.
pub fn write(output: &Output, path: Option<&Path>) -> Result<Option<PathBuf>, Error> {
    match (output, path) {
        (Output::Folder(files), Some(dir)) => {
            write_site(dir, files)?;
            Ok(Some(dir.join("index.html")))
        }
        (Output::Folder(_), None) => Err(Error::FolderNeedsPath),
        (Output::Text(text), Some(p)) => write_file(p, text.as_bytes()),
        (Output::Bytes(bytes), Some(p)) => write_file(p, bytes),
        (Output::Text(text), None) => {
            terminal::out(text);
            Ok(None)
        }
        (Output::Bytes(bytes), None) if std::io::stdout().is_terminal() => {
            Err(Error::BinaryToTerminal { bytes: bytes.len() })
        }
        (Output::Bytes(bytes), None) => {
            to_stdout(bytes);
            Ok(None)
        }
    }
}

/// Writes binary data to standard output, as it is (text goes through [`terminal::out`]); a
/// closed pipe is not an error worth a message.
pub fn to_stdout(bytes: &[u8]) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(bytes);
    let _ = out.flush();
}

/// Writes `contents` to `path` through a temporary file in the same folder, renamed into place
/// only once everything was written.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), Error> {
    write_atomic_with(path, |w| w.write_all(contents))
}

/// [`write_atomic`] for output produced as it is written: `produce` writes into the temporary
/// file; on any error nothing is left behind and `path` is untouched.
pub fn write_atomic_with(
    path: &Path,
    produce: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    let io = |source| Error::Io { path: path.to_path_buf(), source };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    // A device or pipe (`-o /dev/null`, `-o /dev/stdout`, a FIFO) is written to, never
    // replaced: renaming a file over /dev/null would destroy it.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut f = std::fs::OpenOptions::new().write(true).open(path).map_err(io)?;
        return produce(&mut f).and_then(|()| f.flush()).map_err(io);
    }
    if !dir.is_dir() {
        let why = format!("cannot write here: the folder {} does not exist", dir.display());
        return Err(io(std::io::Error::new(std::io::ErrorKind::NotFound, why)));
    }
    // The temporary file's own name would only confuse: report errors against `path`.
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!("{TMP}{}-", std::process::id()))
        .tempfile_in(dir)
        .map_err(|e| io(cannot_create(&e)))?;
    produce(tmp.as_file_mut()).map_err(io)?;
    tmp.flush().map_err(io)?;
    // Temporary files are private (0600); a figure or trace is an ordinary file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file().set_permissions(std::fs::Permissions::from_mode(0o644)).map_err(io)?;
    }
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

/// Why a file or folder could not be made in a folder, in words that name no temporary path
/// (tempfile's errors name the `.abviz-…` file it tried) and say what the OS said: a
/// read-only folder or file system, a full disk.
pub(crate) fn cannot_create(e: &std::io::Error) -> std::io::Error {
    use std::io::ErrorKind::*;
    let why = match e.kind() {
        PermissionDenied => "permission denied: the folder is read-only for you".to_string(),
        ReadOnlyFilesystem => "the folder is on a read-only file system".to_string(),
        StorageFull => "the disk is full".to_string(),
        _ => match e.raw_os_error() {
            Some(code) => std::io::Error::from_raw_os_error(code).to_string(),
            None => e.kind().to_string(),
        },
    };
    std::io::Error::new(e.kind(), format!("cannot create a file in this folder: {why}"))
}

/// Writes output produced as it is written ([`write_atomic_with`]) to `path`, or to standard
/// output where a closed pipe ends it quietly. Returns the file written, None for standard
/// output.
pub fn write_with(
    path: Option<&Path>,
    produce: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<Option<PathBuf>, Error> {
    match path {
        Some(p) => {
            clean_stale_files(parent_dir(p));
            write_atomic_with(p, produce)?;
            Ok(Some(p.to_path_buf()))
        }
        None => {
            let mut out = std::io::stdout().lock();
            match produce(&mut out).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(Error::Io { path: PathBuf::from("<standard output>"), source: e })
                }
                _ => Ok(None),
            }
        }
    }
}

fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Writes one output file atomically, after cleaning up what killed runs left in its folder.
fn write_file(path: &Path, bytes: &[u8]) -> Result<Option<PathBuf>, Error> {
    write_with(Some(path), |w| w.write_all(bytes))
}

/// The name abviz gives a file while it is being written.
const TMP: &str = ".abviz-tmp-";

/// Removes the temporary files that killed runs left in `dir` (names abviz gives, of processes
/// that are gone).
pub(crate) fn clean_stale_files(dir: &Path) {
    for (path, _) in stale_temporaries(dir, &[TMP]) {
        let _ = std::fs::remove_file(path);
    }
}

/// Removes the folders pdflatex ran in that killed `abviz exercise` runs left in the system's
/// temporary folder (`.abviz-tex-<pid>-…` of processes that are gone).
pub fn clean_stale_tex_folders() {
    let tmp = std::env::temp_dir();
    for (path, _) in stale_temporaries(&tmp, &[crate::export::latex::TEMP_PREFIX]) {
        let _ = std::fs::remove_dir_all(path);
    }
}

/// The entries of `dir` named `KIND<pid>-…` for one of `kinds`, whose process `pid` is no
/// longer running (Linux: no `/proc/<pid>`; elsewhere nothing is known to be stale).
pub(crate) fn stale_temporaries(dir: &Path, kinds: &[&str]) -> Vec<(std::path::PathBuf, String)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let rest = kinds.iter().find_map(|k| name.strip_prefix(k))?;
            let pid: u32 = rest.split('-').next()?.parse().ok()?;
            (pid != std::process::id() && !process_alive(pid)).then(|| (e.path(), name))
        })
        .collect()
}

#[cfg(target_os = "linux")]
fn process_alive(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

#[cfg(not(target_os = "linux"))]
fn process_alive(_pid: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A read-only folder or file system is said to be one (issue 30, item 6), and no
    /// temporary name is shown.
    #[test]
    fn a_read_only_folder_is_said_to_be_one() {
        let rofs = std::io::Error::from_raw_os_error(30);
        let said = cannot_create(&std::io::Error::new(
            rofs.kind(),
            format!("{rofs} at path \"/x/.abviz-tmp-1-ab\""),
        ));
        assert_eq!(
            said.to_string(),
            "cannot create a file in this folder: the folder is on a read-only file system"
        );
        let denied = cannot_create(&std::io::Error::from_raw_os_error(13));
        assert!(denied.to_string().contains("read-only for you"), "{denied}");
        let full = cannot_create(&std::io::Error::from_raw_os_error(28));
        assert!(full.to_string().ends_with("the disk is full"), "{full}");
    }

    #[test]
    fn devices_are_written_to_not_replaced() {
        write_atomic(Path::new("/dev/null"), b"x").unwrap();
        let meta = std::fs::metadata("/dev/null").unwrap();
        assert!(!meta.is_file(), "/dev/null is still a device");
    }

    #[test]
    fn outputs_go_to_a_file_or_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.txt");
        assert_eq!(write(&Output::Bytes(b"ab".to_vec()), Some(&file)).unwrap(), Some(file.clone()));
        assert_eq!(std::fs::read(&file).unwrap(), b"ab");
        let site = dir.path().join("site");
        let files = vec![crate::export::site::SiteFile::text("index.html", "x")];
        assert_eq!(
            write(&Output::Folder(files.clone()), Some(&site)).unwrap(),
            Some(site.join("index.html"))
        );
        assert!(matches!(write(&Output::Folder(files), None), Err(Error::FolderNeedsPath)));
    }

    #[test]
    fn files_are_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.txt");
        write_atomic(&p, b"first").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(write_atomic(&dir.path().join("no/such/x"), b"").is_err());
    }
}
