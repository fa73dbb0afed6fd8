//! A small Chrome DevTools Protocol client for the browser tests: starts headless Chromium with
//! a fresh profile, talks to it over its websocket, opens pages, presses keys, evaluates
//! JavaScript, takes screenshots and collects console errors and dialogs.
//!
//! Without Chromium the tests are skipped with a loud message — except when the environment
//! variable `CI` is set, where a missing browser is a failure.

#![allow(dead_code)]

use base64::Engine as _;
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// Chromium's flags that work offline in a container.
const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--mute-audio",
];

/// Finds the browser: `$ABVIZ_CHROMIUM`, or chromium / chromium-browser / google-chrome on PATH.
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ABVIZ_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// A running headless browser.
pub struct Browser {
    child: Child,
    ws: WebSocket<TcpStream>,
    next_id: u64,
    /// Events not yet looked at: (session id, method, params).
    events: VecDeque<(String, String, Value)>,
    _profile: tempfile::TempDir,
}

/// Starts Chromium, or returns None (after saying so loudly) when it is not installed. In CI
/// (`CI` set) a missing browser panics: the tests must run there.
pub fn browser() -> Option<Browser> {
    let Some(bin) = find_chromium() else {
        if std::env::var_os("CI").is_some() {
            panic!("the browser tests need Chromium in CI: apt-get install chromium");
        }
        eprintln!(
            "\n!!! SKIPPED: browser tests need Chromium (apt-get install chromium, or set ABVIZ_CHROMIUM) !!!\n"
        );
        return None;
    };
    Some(Browser::launch(&bin).unwrap_or_else(|e| panic!("could not start {}: {e}", bin.display())))
}

impl Browser {
    fn launch(bin: &Path) -> Result<Browser, String> {
        let profile = tempfile::tempdir().map_err(|e| e.to_string())?;
        let mut child = Command::new(bin)
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("--remote-debugging-port=0")
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if !sent && let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                    sent = true;
                }
                // Keep draining so the browser never blocks on a full pipe.
            }
        });
        let url = match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(u) => u,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("Chromium did not print its DevTools address within 30 s".into());
            }
        };
        let hostport = url.trim_start_matches("ws://").split('/').next().unwrap_or_default().to_string();
        let stream = TcpStream::connect(&hostport).map_err(|e| format!("{hostport}: {e}"))?;
        stream.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
        let (ws, _) = tungstenite::client::client(url.as_str(), stream).map_err(|e| e.to_string())?;
        Ok(Browser { child, ws, next_id: 0, events: VecDeque::new(), _profile: profile })
    }

    fn read(&mut self) -> Result<Value, String> {
        loop {
            match self.ws.read().map_err(|e| format!("DevTools connection: {e}"))? {
                Message::Text(t) => return serde_json::from_str(t.as_str()).map_err(|e| e.to_string()),
                Message::Close(_) => return Err("DevTools connection closed".into()),
                _ => continue,
            }
        }
    }

    /// Sends a command (to a page's session, or the browser) and waits for its answer.
    pub fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws.send(Message::text(msg.to_string())).map_err(|e| e.to_string())?;
        loop {
            let v = self.read()?;
            if v.get("id").and_then(Value::as_u64) == Some(id) {
                if let Some(err) = v.get("error") {
                    return Err(format!("{method}: {err}"));
                }
                return Ok(v.get("result").cloned().unwrap_or(Value::Null));
            }
            if let Some(m) = v.get("method").and_then(Value::as_str) {
                let sid = v.get("sessionId").and_then(Value::as_str).unwrap_or_default().to_string();
                let params = v.get("params").cloned().unwrap_or(Value::Null);
                if m == "Page.javascriptDialogOpening" {
                    // Answer it at once, or the page would hang; the test sees the event.
                    self.events.push_back((sid.clone(), m.to_string(), params));
                    let mut dismiss = json!({"id": 0, "method": "Page.handleJavaScriptDialog", "params": {"accept": false}});
                    dismiss["sessionId"] = json!(sid);
                    let _ = self.ws.send(Message::text(dismiss.to_string()));
                    continue;
                }
                self.events.push_back((sid, m.to_string(), params));
            }
        }
    }

    /// Waits for event `method` on `session` (events that came earlier count).
    fn wait_event(&mut self, session: &str, method: &str, timeout: Duration) -> Result<Value, String> {
        let start = Instant::now();
        loop {
            if let Some(pos) = self.events.iter().position(|(s, m, _)| s == session && m == method) {
                return Ok(self.events.remove(pos).expect("present").2);
            }
            if start.elapsed() > timeout {
                return Err(format!("no {method} within {timeout:?}"));
            }
            // A cheap round trip lets pending events arrive.
            self.call(None, "Browser.getVersion", json!({}))?;
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Opens a new tab at about:blank, 1400×1000 CSS pixels.
    pub fn tab(&mut self) -> Tab<'_> {
        let t = self.call(None, "Target.createTarget", json!({"url": "about:blank"})).expect("new tab");
        let target = t["targetId"].as_str().expect("target id").to_string();
        let a = self
            .call(None, "Target.attachToTarget", json!({"targetId": target, "flatten": true}))
            .expect("attach");
        let session = a["sessionId"].as_str().expect("session id").to_string();
        for m in ["Page.enable", "Runtime.enable", "Log.enable"] {
            self.call(Some(&session), m, json!({})).expect(m);
        }
        self.call(
            Some(&session),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1400, "height": 1000, "deviceScaleFactor": 1, "mobile": false}),
        )
        .expect("viewport");
        Tab { b: self, session, target }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.call(None, "Browser.close", json!({}));
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One page in the browser.
pub struct Tab<'a> {
    b: &'a mut Browser,
    session: String,
    target: String,
}

/// The virtual key code and `code` of a key.
fn key_codes(key: &str) -> (u32, String) {
    match key {
        "ArrowRight" => (39, "ArrowRight".into()),
        "ArrowLeft" => (37, "ArrowLeft".into()),
        "Home" => (36, "Home".into()),
        "End" => (35, "End".into()),
        " " => (32, "Space".into()),
        "Enter" => (13, "Enter".into()),
        "Tab" => (9, "Tab".into()),
        "Escape" => (27, "Escape".into()),
        k if k.len() == 1 && k.chars().all(|c| c.is_ascii_digit()) => {
            (k.as_bytes()[0] as u32, format!("Digit{k}"))
        }
        k if k.len() == 1 => {
            let c = k.chars().next().expect("one char").to_ascii_uppercase();
            (c as u32, format!("Key{c}"))
        }
        k => panic!("no key code for {k}"),
    }
}

impl Tab<'_> {
    fn call(&mut self, method: &str, params: Value) -> Value {
        let s = self.session.clone();
        self.b.call(Some(&s), method, params).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Loads `url` and waits for its load event.
    pub fn open(&mut self, url: &str) {
        let r = self.call("Page.navigate", json!({"url": url}));
        assert!(r.get("errorText").is_none(), "navigating to {url}: {r}");
        let s = self.session.clone();
        self.b
            .wait_event(&s, "Page.loadEventFired", Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("{url}: {e}"));
    }

    /// Evaluates `expr` in the page and returns its value (promises are awaited).
    pub fn eval(&mut self, expr: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(ex) = r.get("exceptionDetails") {
            panic!("evaluating {expr}: {ex}");
        }
        r["result"].get("value").cloned().unwrap_or(Value::Null)
    }

    /// A string from the page.
    pub fn text(&mut self, expr: &str) -> String {
        match self.eval(expr) {
            Value::String(s) => s,
            v => panic!("{expr} is not a string: {v}"),
        }
    }

    /// Presses and releases a key (`"ArrowRight"`, `" "`, `"c"`, `"C"` with Shift ...).
    pub fn press(&mut self, key: &str) {
        let (vk, code) = key_codes(key);
        let shift = key.len() == 1 && key.chars().all(|c| c.is_ascii_uppercase());
        let text = if key.chars().count() == 1 { key.to_string() } else { String::new() };
        let mut down = json!({"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": vk, "modifiers": if shift { 8 } else { 0 }});
        if !text.is_empty() {
            down["text"] = json!(text);
        }
        self.call("Input.dispatchKeyEvent", down);
        self.call(
            "Input.dispatchKeyEvent",
            json!({"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": vk, "modifiers": if shift { 8 } else { 0 }}),
        );
    }

    /// Moves the mouse to (x, y) in CSS pixels of the viewport.
    pub fn hover(&mut self, x: f64, y: f64) {
        self.call("Input.dispatchMouseEvent", json!({"type": "mouseMoved", "x": x, "y": y}));
    }

    /// Clicks at (x, y).
    pub fn click(&mut self, x: f64, y: f64) {
        for t in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": t, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// Sets the viewport to `w` × `h` CSS pixels (a tab starts at 1400 × 1000); the page is
    /// laid out again at that size.
    pub fn viewport(&mut self, w: u32, h: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": w, "height": h, "deviceScaleFactor": 1, "mobile": false}),
        );
    }

    /// Emulates a light or dark colour scheme.
    pub fn color_scheme(&mut self, dark: bool) {
        self.call(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": if dark { "dark" } else { "light" }}]}),
        );
    }

    /// Saves a PNG of the viewport (or the whole page with `full`).
    pub fn screenshot(&mut self, path: &Path, full: bool) {
        let r = self.call("Page.captureScreenshot", json!({"format": "png", "captureBeyondViewport": full}));
        let data = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().expect("image data"))
            .expect("base64");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("screenshot folder");
        }
        std::fs::write(path, data).expect("write screenshot");
    }

    /// Saves a PNG of the region (x, y, w, h) of the page scaled by `scale`.
    pub fn screenshot_clip(&mut self, path: &Path, clip: (f64, f64, f64, f64), scale: f64) {
        let r = self.call(
            "Page.captureScreenshot",
            json!({"format": "png", "clip": {"x": clip.0, "y": clip.1, "width": clip.2, "height": clip.3, "scale": scale}}),
        );
        let data = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().expect("image data"))
            .expect("base64");
        std::fs::write(path, data).expect("write screenshot");
    }

    /// Console errors, uncaught exceptions and failed loads seen so far.
    pub fn errors(&mut self) -> Vec<String> {
        self.eval("0"); // let pending events arrive
        let mut out = Vec::new();
        for (s, m, p) in &self.b.events {
            if *s != self.session {
                continue;
            }
            match m.as_str() {
                "Runtime.exceptionThrown" => out.push(format!("exception: {}", p["exceptionDetails"])),
                "Runtime.consoleAPICalled"
                    if matches!(p["type"].as_str(), Some("error" | "assert" | "warning")) =>
                {
                    out.push(format!("console.{}: {}", p["type"], p["args"]))
                }
                "Log.entryAdded" if matches!(p["entry"]["level"].as_str(), Some("error" | "warning")) => {
                    out.push(format!("log: {}", p["entry"]))
                }
                _ => {}
            }
        }
        out
    }

    /// Messages of the JavaScript dialogs (alert, confirm, prompt) the page opened.
    pub fn dialogs(&mut self) -> Vec<String> {
        self.eval("0");
        self.b
            .events
            .iter()
            .filter(|(s, m, _)| *s == self.session && m == "Page.javascriptDialogOpening")
            .map(|(_, _, p)| p["message"].to_string())
            .collect()
    }
}

impl Drop for Tab<'_> {
    fn drop(&mut self) {
        let t = self.target.clone();
        let _ = self.b.call(None, "Target.closeTarget", json!({"targetId": t}));
        let s = self.session.clone();
        self.b.events.retain(|(sid, _, _)| *sid != s);
    }
}

/// The `file://` URL of a path.
pub fn file_url(path: &Path) -> String {
    let abs = std::fs::canonicalize(path).expect("existing file");
    format!("file://{}", abs.display())
}

/// Where screenshots for humans go: target/screenshots/.
pub fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("screenshots")
}
