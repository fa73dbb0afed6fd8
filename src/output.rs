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
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
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
