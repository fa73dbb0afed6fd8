//! `abviz exercise` killed while pdflatex runs (issue 30, item 5): pdflatex dies with it, and
//! the temporary folder it ran in is removed by the next run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn abviz() -> Command {
    Command::new(env!("CARGO_BIN_EXE_abviz"))
}

fn has_pdflatex() -> bool {
    Command::new("pdflatex").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The folders pdflatex runs in, in `tmp`.
fn tex_folders(tmp: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(tmp)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(".abviz-tex-"))
        .map(|e| e.path())
        .collect()
}

/// The processes whose parent is `pid` (any of its threads).
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Vec::new() };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
        .flat_map(|c| c.split_whitespace().filter_map(|p| p.parse().ok()).collect::<Vec<u32>>())
        .collect()
}

fn alive(pid: u32) -> bool {
    // A zombie (`Z`) has ended; only its parent has not read its status yet.
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|s| s.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z')))
}

#[test]
fn a_killed_exercise_leaves_no_pdflatex_and_no_folder() {
    if !cfg!(target_os = "linux") || !has_pdflatex() {
        eprintln!("skipped: needs Linux and pdflatex");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    // A folder a run killed earlier left (its process is long gone).
    let stale = tmp.path().join(".abviz-tex-4000000000-old");
    std::fs::create_dir(&stale).unwrap();
    let args = ["exercise", "--difficulty", "hard", "--seed", "3", "--count", "8", "-o"];
    let mut run = abviz()
        .args(args)
        .arg(out.path().join("a"))
        .env("TMPDIR", tmp.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait for pdflatex to start, then kill abviz without warning.
    let start = Instant::now();
    let pdflatex = loop {
        if let Some(&child) = children(run.id()).first() {
            break child;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "pdflatex never started");
        assert!(run.try_wait().unwrap().is_none(), "abviz ended before pdflatex started");
        std::thread::sleep(Duration::from_millis(5));
    };
    run.kill().unwrap();
    run.wait().unwrap();
    let start = Instant::now();
    while alive(pdflatex) {
        assert!(start.elapsed() < Duration::from_secs(5), "pdflatex {pdflatex} outlived abviz");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!stale.exists(), "the earlier run's folder was removed");
    let left = tex_folders(tmp.path());
    assert_eq!(left.len(), 1, "the killed run's folder stays until the next run: {left:?}");
    // The next run removes it, and its own.
    abviz()
        .args(["exercise", "--tree", "((3 12 8) (2 4 6))", "-o"])
        .arg(out.path().join("b"))
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    assert_eq!(tex_folders(tmp.path()), Vec::<PathBuf>::new());
}

/// The same for Graphviz: `abviz run … -f dot --render svg` killed while `dot` lays out a big
/// tree leaves no `dot` behind.
#[test]
fn a_killed_render_leaves_no_dot() {
    if !cfg!(target_os = "linux") || Command::new("dot").arg("-V").output().is_err() {
        eprintln!("skipped: needs Linux and Graphviz");
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let mut run = abviz()
        .args([
            "run",
            "--random",
            "4,6",
            "-a",
            "minimax",
            "--collapse",
            "off",
            "-f",
            "dot",
            "--render",
            "svg",
            "-o",
        ])
        .arg(out.path().join("big.svg"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let dot = loop {
        if let Some(&child) = children(run.id()).first() {
            break child;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "dot never started");
        assert!(run.try_wait().unwrap().is_none(), "abviz ended before dot started");
        std::thread::sleep(Duration::from_millis(5));
    };
    // Let dot read the whole graph (a dot killed mid-input ends by itself at the pipe's end):
    // it is laying out (seconds for 5,461 nodes) when abviz dies.
    std::thread::sleep(Duration::from_millis(400));
    assert!(run.try_wait().unwrap().is_none() && alive(dot), "dot finished too soon to test");
    run.kill().unwrap();
    run.wait().unwrap();
    let start = Instant::now();
    while alive(dot) {
        assert!(start.elapsed() < Duration::from_secs(5), "dot {dot} outlived abviz");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!out.path().join("big.svg").exists(), "no half-written picture");
}
