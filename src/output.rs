//! Writing results: atomically, so a failed run never leaves a half-written file behind.

use crate::Error;
use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` through a temporary file in the same folder, renamed into place
/// only once everything was written.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), Error> {
    let io = |source| Error::Io { path: path.to_path_buf(), source };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    // A device or pipe (`-o /dev/null`, `-o /dev/stdout`, a FIFO) is written to, never
    // replaced: renaming a file over /dev/null would destroy it.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut f = std::fs::OpenOptions::new().write(true).open(path).map_err(io)?;
        return f.write_all(contents).and_then(|()| f.flush()).map_err(io);
    }
    if !dir.is_dir() {
        let why = format!("cannot write here: the folder {} does not exist", dir.display());
        return Err(io(std::io::Error::new(std::io::ErrorKind::NotFound, why)));
    }
    // The temporary file's own name would only confuse: report errors against `path`.
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .map_err(|e| io(std::io::Error::new(e.kind(), "cannot create a file in this folder")))?;
    tmp.write_all(contents).map_err(io)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_are_written_to_not_replaced() {
        write_atomic(Path::new("/dev/null"), b"x").unwrap();
        let meta = std::fs::metadata("/dev/null").unwrap();
        assert!(!meta.is_file(), "/dev/null is still a device");
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
