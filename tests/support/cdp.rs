//! The browser tests' handle on headless Chromium: a small synchronous client of the Chrome
//! DevTools Protocol over one WebSocket (`tungstenite`). It starts the browser with a fresh
//! profile, opens pages, presses keys, evaluates JavaScript, takes screenshots and collects
//! console errors and dialogs.
//!
//! Each call sends one command and reads the socket until its answer arrives, handling the
//! events that come first — no reader thread, no polling: a round trip costs what the browser
//! takes (about a millisecond for a small evaluation; `headless_chrome`, used before, held its
//! socket through a 100 ms read timeout, so every call cost ~0.1 s).
//!
//! Without Chromium the tests are skipped with a loud message — except when the environment
//! variable `CI` is set, where a missing browser is a failure.

#![allow(dead_code)]

use serde_json::{Value, json};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::protocol::{Message, WebSocket, WebSocketConfig};

/// Chromium's flags: headless in a container, quiet and offline (Puppeteer's defaults, which
/// the tests were written against), with a fresh profile and the DevTools port the browser picks.
const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-setuid-sandbox",
    "--disable-gpu",
    "--remote-debugging-port=0",
    "--no-first-run",
    "--disable-background-networking",
    "--enable-features=NetworkService,NetworkServiceInProcess",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-breakpad",
    "--disable-client-side-phishing-detection",
    "--disable-component-extensions-with-background-pages",
    "--disable-default-apps",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-features=TranslateUI,BlinkGenPropertyTrees",
    "--disable-hang-monitor",
    "--disable-ipc-flooding-protection",
    "--disable-popup-blocking",
    "--disable-prompt-on-repost",
    "--disable-renderer-backgrounding",
    "--disable-sync",
    "--force-color-profile=srgb",
    "--metrics-recording-only",
    "--enable-automation",
    "--password-store=basic",
    "--use-mock-keychain",
    "--disable-quic",
    "--hide-scrollbars",
    "--mute-audio",
    "--disable-component-update",
    "--window-size=1400,1000",
];

/// How long one command may take before the test fails (a page's promise included).
const TIMEOUT: Duration = Duration::from_secs(60);

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

/// A running headless browser and the DevTools connection to it.
pub struct Browser {
    child: Child,
    socket: WebSocket<TcpStream>,
    next_id: u64,
    /// The open tab's session (events of other sessions are ignored).
    session: Option<String>,
    seen: Seen,
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
    let profile = tempfile::tempdir().expect("a profile folder");
    let log = profile.path().join("chromium.log");
    let child = Command::new(&bin)
        .args(FLAGS)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("the browser's log"))
        .spawn()
        .unwrap_or_else(|e| panic!("could not start {}: {e}", bin.display()));
    // Chromium writes the port it listens on, and the browser's DevTools path, into the profile.
    let active = profile.path().join("DevToolsActivePort");
    let start = Instant::now();
    let (port, path) = loop {
        // Both lines, or the file is still being written.
        let lines = std::fs::read_to_string(&active).unwrap_or_default();
        if let [port, path, ..] = lines.lines().collect::<Vec<_>>()[..] {
            break (port.to_string(), path.to_string());
        }
        if start.elapsed() > Duration::from_secs(30) {
            let said = std::fs::read_to_string(&log).unwrap_or_default();
            panic!("{} did not open its DevTools port within 30 s; it said:\n{said}", bin.display());
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let stream = TcpStream::connect(format!("127.0.0.1:{port}")).expect("the DevTools port");
    stream.set_read_timeout(Some(TIMEOUT)).expect("a read timeout");
    stream.set_nodelay(true).expect("no Nagle delay");
    // Full-page screenshots and PDFs come as one large message.
    let config = WebSocketConfig::default().max_message_size(None).max_frame_size(None);
    let (socket, _) =
        tungstenite::client::client_with_config(format!("ws://127.0.0.1:{port}{path}"), stream, Some(config))
            .expect("the DevTools WebSocket");
    Some(Browser { child, socket, next_id: 1, session: None, seen: Seen::default(), _profile: profile })
}

impl Browser {
    /// Opens a new tab at about:blank, 1400×1000 CSS pixels.
    pub fn tab(&mut self) -> Tab<'_> {
        let target = self.call(None, "Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().expect("a target id").to_string();
        let attached = self.call(None, "Target.attachToTarget", json!({"targetId": target, "flatten": true}));
        self.session = Some(attached["sessionId"].as_str().expect("a session id").to_string());
        self.seen = Seen::default();
        let mut t = Tab { browser: self, target };
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            t.call(domain, json!({}));
        }
        t.viewport(1400, 1000);
        t
    }

    /// Sends `method` (to the open tab's session when `session`), then reads until its answer,
    /// handling the events before it; panics on an error answer or after [`TIMEOUT`].
    fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        let id = self.send(session, method, params);
        loop {
            if let Some(mut answer) = self.read(method)
                && answer["id"] == id
            {
                if let Some(error) = answer.get("error") {
                    panic!("{method}: the browser answered {error}");
                }
                return answer["result"].take();
            }
        }
    }

    /// Reads one message: an event of the open tab is handled, an answer returned (`waiting`
    /// names what the test waits for, in the panic after [`TIMEOUT`]).
    fn read(&mut self, waiting: &str) -> Option<Value> {
        let text = match self.socket.read() {
            Ok(Message::Text(text)) => text,
            Ok(_) => return None,
            Err(e) => panic!("{waiting}: no answer from the browser ({e})"),
        };
        let message: Value = serde_json::from_str(&text).expect("DevTools sends JSON");
        let Some(event) = message["method"].as_str() else { return Some(message) };
        if message["sessionId"].as_str().is_some_and(|s| Some(s) == self.session.as_deref()) {
            self.event(event, &message["params"]);
        }
        None
    }

    /// Writes one command and returns its id (its answer is read by [`Browser::call`]).
    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        let mut command = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            command["sessionId"] = s.into();
        }
        self.socket.send(Message::text(command.to_string())).unwrap_or_else(|e| panic!("{method}: {e}"));
        id
    }

    /// Records what the page reported; answers a dialog at once (or the page would hang).
    fn event(&mut self, event: &str, params: &Value) {
        match event {
            "Runtime.exceptionThrown" => {
                self.seen.errors.push(format!("exception: {}", params["exceptionDetails"]))
            }
            "Runtime.consoleAPICalled"
                if ["error", "assert", "warning"].contains(&params["type"].as_str().unwrap_or("")) =>
            {
                self.seen.errors.push(format!("console.{}: {}", params["type"], params["args"]))
            }
            "Log.entryAdded"
                if ["error", "warning"].contains(&params["entry"]["level"].as_str().unwrap_or("")) =>
            {
                self.seen.errors.push(format!("log: {}", params["entry"]))
            }
            "Page.javascriptDialogOpening" => {
                self.seen.dialogs.push(params["message"].to_string());
                let session = self.session.clone();
                // Its answer is read (and skipped) by whichever call is waiting.
                self.send(session.as_deref(), "Page.handleJavaScriptDialog", json!({"accept": false}));
            }
            "Page.loadEventFired" => self.seen.loads += 1,
            _ => {}
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a page reported: console errors, exceptions and failed loads; dialog messages; how
/// many times a document finished loading.
#[derive(Default)]
struct Seen {
    errors: Vec<String>,
    dialogs: Vec<String>,
    loads: u64,
}

/// One page in the browser.
pub struct Tab<'a> {
    browser: &'a mut Browser,
    target: String,
}

impl Tab<'_> {
    /// Sends a command to this page and returns its answer.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.browser.session.clone();
        self.browser.call(session.as_deref(), method, params)
    }

    /// Loads `url` and waits for it to finish loading — a packed page (`abviz play --explain`)
    /// until its tree and data are inflated and its stepper has started.
    pub fn open(&mut self, url: &str) {
        let loads = self.browser.seen.loads;
        let nav = self.call("Page.navigate", json!({"url": url}));
        if let Some(error) = nav["errorText"].as_str() {
            panic!("navigating to {url}: {error}");
        }
        // A new document has a loader and fires `load`; a change of the address's fragment has
        // neither.
        if nav.get("loaderId").is_some() {
            while self.browser.seen.loads == loads {
                self.browser.read(url);
            }
        }
        // The page says on its body when it has inflated (or found it cannot).
        let ready = self.eval(
            "new Promise(r => { const t0 = Date.now(); (function f() { \
               const done = !document.getElementById('abviz-packed-tree') || document.body.dataset.packed; \
               if (done || Date.now() - t0 > 20000) r(!!done); else setTimeout(f, 10); })(); })",
        );
        assert_eq!(ready, Value::Bool(true), "{url}: the packed page was not inflated within 20 s");
    }

    /// Evaluates `expr` in the page and returns its value (promises are awaited).
    pub fn eval(&mut self, expr: &str) -> Value {
        let mut r = self.call(
            "Runtime.evaluate",
            json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(ex) = r.get("exceptionDetails") {
            panic!("evaluating {expr}: {ex}");
        }
        r["result"]["value"].take()
    }

    /// Goes to step `k` of a step-through page through its address (`#step=k`) and waits until
    /// the page shows it and has drawn a frame — in one round trip to the browser.
    pub fn go_to_step(&mut self, k: usize) {
        let shown = self.eval(&format!(
            "new Promise(r => {{ location.hash = '#step={k}'; const t0 = Date.now(); (function f() {{ \
               if (document.body.dataset.step === '{k}') requestAnimationFrame(() => setTimeout(() => r(true), 0)); \
               else if (Date.now() - t0 > 20000) r(false); else setTimeout(f, 10); }})(); }})"
        ));
        assert_eq!(shown, Value::Bool(true), "step {k} was not shown within 20 s");
    }

    /// A string from the page.
    pub fn text(&mut self, expr: &str) -> String {
        match self.eval(expr) {
            Value::String(s) => s,
            v => panic!("{expr} is not a string: {v}"),
        }
    }

    /// Presses and releases a key (`"ArrowRight"`, `" "`, `"c"`, `"C"` with Shift ...), as a
    /// keyboard would: a key with text also types it.
    pub fn press(&mut self, key: &str) {
        let (code, key_code, text) = key_definition(key);
        let shift = key.len() == 1 && key.chars().all(|c| c.is_ascii_uppercase());
        let down = if text.is_some() { "keyDown" } else { "rawKeyDown" };
        let mut event = json!({
            "type": down, "key": key, "code": code, "modifiers": if shift { 8 } else { 0 },
            "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code,
        });
        if let Some(text) = text {
            event["text"] = text.as_str().into();
            event["unmodifiedText"] = text.into();
        }
        self.call("Input.dispatchKeyEvent", event.clone());
        event["type"] = "keyUp".into();
        if let Some(e) = event.as_object_mut() {
            e.remove("text");
            e.remove("unmodifiedText");
        }
        self.call("Input.dispatchKeyEvent", event);
    }

    /// Moves the mouse to (x, y) in CSS pixels of the viewport.
    pub fn hover(&mut self, x: f64, y: f64) {
        self.call("Input.dispatchMouseEvent", json!({"type": "mouseMoved", "x": x, "y": y}));
    }

    /// Clicks at (x, y) with the left button.
    pub fn click(&mut self, x: f64, y: f64) {
        self.hover(x, y);
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
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
        let value = if dark { "dark" } else { "light" };
        self.call(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": value}]}),
        );
    }

    /// Saves a PNG of the viewport (or the whole page with `full`).
    pub fn screenshot(&mut self, path: &Path, full: bool) {
        self.capture(path, json!({"format": "png", "captureBeyondViewport": full}));
    }

    /// Saves a PNG of the region (x, y, w, h) of the page scaled by `scale`.
    pub fn screenshot_clip(&mut self, path: &Path, clip: (f64, f64, f64, f64), scale: f64) {
        let (x, y, width, height) = clip;
        self.capture(path, json!({"format": "png", "clip": {"x": x, "y": y, "width": width, "height": height, "scale": scale}}));
    }

    /// Prints the page to PDF on paper `w` × `h` inches, portrait, without the browser's own
    /// header and footer (the page's `@page` margins apply), and returns the PDF's bytes.
    pub fn print_pdf(&mut self, w: f64, h: f64) -> Vec<u8> {
        let pdf = self.call(
            "Page.printToPDF",
            json!({
                "paperWidth": w, "paperHeight": h, "printBackground": true,
                "displayHeaderFooter": false, "preferCSSPageSize": false,
            }),
        );
        base64_data(&pdf)
    }

    /// Lays the page out for print (`@media print`) or back for the screen.
    pub fn print_media(&mut self, on: bool) {
        let media = if on { "print" } else { "" };
        self.call("Emulation.setEmulatedMedia", json!({"media": media}));
    }

    fn capture(&mut self, path: &Path, params: Value) {
        let png = base64_data(&self.call("Page.captureScreenshot", params));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("screenshot folder");
        }
        std::fs::write(path, png).expect("write screenshot");
    }

    /// Console errors, uncaught exceptions and failed loads seen so far (a round trip to the
    /// page first, so that what it sent before is read).
    pub fn errors(&mut self) -> Vec<String> {
        self.eval("0");
        self.browser.seen.errors.clone()
    }

    /// Messages of the JavaScript dialogs (alert, confirm, prompt) the page opened.
    pub fn dialogs(&mut self) -> Vec<String> {
        self.eval("0");
        self.browser.seen.dialogs.clone()
    }
}

impl Drop for Tab<'_> {
    fn drop(&mut self) {
        let target = std::mem::take(&mut self.target);
        self.browser.session = None;
        if !std::thread::panicking() {
            self.browser.call(None, "Target.closeTarget", json!({"targetId": target}));
        }
    }
}

/// The `data` field of an answer, base64-decoded (screenshots, PDFs).
fn base64_data(answer: &Value) -> Vec<u8> {
    use base64::Engine as _;
    let data = answer["data"].as_str().expect("base64 data");
    base64::engine::general_purpose::STANDARD.decode(data).expect("base64")
}

/// A key's DOM `code`, its Windows virtual key code and the text it types, for the keys the tests
/// press: named keys, the space, ASCII letters and digits, and a few signs (any other character
/// types itself without a code).
fn key_definition(key: &str) -> (String, u32, Option<String>) {
    let named = match key {
        "ArrowLeft" => Some(37),
        "ArrowUp" => Some(38),
        "ArrowRight" => Some(39),
        "ArrowDown" => Some(40),
        "Home" => Some(36),
        "End" => Some(35),
        "PageUp" => Some(33),
        "PageDown" => Some(34),
        "Escape" => Some(27),
        "Tab" => Some(9),
        "Backspace" => Some(8),
        "Delete" => Some(46),
        _ => None,
    };
    if let Some(code) = named {
        return (key.to_string(), code, None);
    }
    if key == "Enter" {
        return ("Enter".into(), 13, Some("\r".into()));
    }
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { panic!("no key definition for {key:?}") };
    let (code, key_code) = match c {
        ' ' => ("Space".to_string(), 32),
        'a'..='z' | 'A'..='Z' => (format!("Key{}", c.to_ascii_uppercase()), c.to_ascii_uppercase() as u32),
        '0'..='9' => (format!("Digit{c}"), c as u32),
        '-' => ("Minus".into(), 189),
        '.' => ("Period".into(), 190),
        ',' => ("Comma".into(), 188),
        '/' => ("Slash".into(), 191),
        '=' => ("Equal".into(), 187),
        _ => (String::new(), 0),
    };
    (code, key_code, Some(c.to_string()))
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
