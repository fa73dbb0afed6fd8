//! The demo site (`abviz demo`), written once per test binary for all the tests that read it
//! (none writes into it): the browser tests' pages and their readings share one, where each file
//! wrote its own (7 s of a debug build each).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The demo site's folder, under the binary's `target/tmp/`.
pub fn demo_site() -> &'static Path {
    static SITE: OnceLock<PathBuf> = OnceLock::new();
    SITE.get_or_init(|| {
        let site = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-demo");
        let _ = std::fs::remove_dir_all(&site);
        assert_cmd::Command::cargo_bin("abviz")
            .unwrap()
            .args(["demo", "--out"])
            .arg(&site)
            .assert()
            .success();
        site
    })
}
