//! A program running in a real terminal: a detached tmux session whose screen the test reads
//! and whose keyboard it types on. Each session has a tmux server of its own (its own socket),
//! so tests starting sessions at once never race to start one shared server; it is killed when
//! the value is dropped.

use std::process::{Command, Output};
use std::time::Duration;

/// A detached tmux session running one shell command.
pub struct Session {
    name: String,
}

impl Session {
    /// Whether tmux is installed (the tests that need it skip, saying so, when it is not).
    pub fn available() -> bool {
        Command::new("tmux").arg("-V").output().is_ok()
    }

    /// Starts `script` (a shell command) in a `width` × `height` terminal; `tag` makes the
    /// session's name unique among the tests running at once.
    pub fn start(tag: &str, width: u16, height: u16, script: &str) -> Session {
        let session = Session { name: format!("abviz-{tag}-{}", std::process::id()) };
        let (w, h) = (width.to_string(), height.to_string());
        let started = session.tmux(&["new-session", "-d", "-s", &session.name, "-x", &w, "-y", &h, script]);
        assert!(started.status.success(), "{}", String::from_utf8_lossy(&started.stderr));
        session
    }

    /// The screen as text, one line per row.
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-t", &self.name]).stdout).to_string()
    }

    /// Types `keys` (tmux key names such as "c", "End", "Right").
    pub fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.name];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Waits up to ten seconds for `what` to hold; whether it did.
    pub fn wait_for(&self, what: impl Fn() -> bool) -> bool {
        for _ in 0..100 {
            if what() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        false
    }

    /// Waits for `text` to appear on the screen; panics with the screen if it does not.
    pub fn expect(&self, text: &str) -> String {
        assert!(
            self.wait_for(|| self.screen().contains(text)),
            "{text:?} not on the screen:\n{}",
            self.screen()
        );
        self.screen()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

impl Session {
    /// Runs a tmux command against this session's own server.
    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux").args(["-L", &self.name]).args(args).output().expect("tmux runs")
    }
}
