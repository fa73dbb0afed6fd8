//! The browser tests' handle on headless Chromium, over the `headless_chrome` crate (the Chrome
//! DevTools Protocol client): starts the browser with a fresh profile, opens pages, presses keys,
//! evaluates JavaScript, takes screenshots and collects console errors and dialogs.
//!
//! Without Chromium the tests are skipped with a loud message — except when the environment
//! variable `CI` is set, where a missing browser is a failure.

#![allow(dead_code)]

use headless_chrome::browser::tab::ModifierKey;
use headless_chrome::browser::tab::point::Point;
use headless_chrome::protocol::cdp::types::Event;
use headless_chrome::protocol::cdp::{Emulation, Page, Runtime};
use headless_chrome::{LaunchOptions, Tab as ChromeTab};
use serde_json::{Value, json};
use std::ffi::OsStr;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Chromium's flags, beside the crate's defaults, that keep it quiet and offline in a container.
const FLAGS: &[&str] = &["--disable-quic", "--hide-scrollbars", "--mute-audio", "--disable-component-update"];

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
    chrome: headless_chrome::Browser,
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
    let options = LaunchOptions::default_builder()
        .path(Some(bin.clone()))
        .headless(true)
        .sandbox(false)
        .user_data_dir(Some(profile.path().to_path_buf()))
        .window_size(Some((1400, 1000)))
        .args(FLAGS.iter().map(OsStr::new).collect())
        // Tests build and run the command line between page loads: keep the connection.
        .idle_browser_timeout(Duration::from_secs(600))
        .build()
        .expect("launch options");
    let chrome = headless_chrome::Browser::new(options)
        .unwrap_or_else(|e| panic!("could not start {}: {e}", bin.display()));
    Some(Browser { chrome, _profile: profile })
}

/// A DevTools command from its JSON parameters (the protocol's optional fields left out).
fn command<C: serde::de::DeserializeOwned>(params: Value) -> C {
    serde_json::from_value(params).expect("a well-formed DevTools command")
}

impl Browser {
    /// Opens a new tab at about:blank, 1400×1000 CSS pixels.
    pub fn tab(&mut self) -> Tab<'_> {
        let tab = self.chrome.new_tab().expect("new tab");
        tab.set_default_timeout(Duration::from_secs(60));
        tab.enable_runtime().expect("Runtime.enable");
        tab.enable_log().expect("Log.enable");
        let seen = Arc::new(Mutex::new(Seen::default()));
        let (record, weak) = (Arc::clone(&seen), Arc::downgrade(&tab));
        tab.add_event_listener(Arc::new(move |event: &Event| {
            let mut seen = record.lock().expect("events");
            match event {
                Event::RuntimeExceptionThrown(e) => {
                    seen.errors.push(format!("exception: {}", to_json(&e.params.exception_details)))
                }
                Event::RuntimeConsoleAPICalled(e) => {
                    let kind = to_json(&e.params.Type);
                    if ["\"error\"", "\"assert\"", "\"warning\""].contains(&kind.as_str()) {
                        seen.errors.push(format!("console.{kind}: {}", to_json(&e.params.args)));
                    }
                }
                Event::LogEntryAdded(e) => {
                    let level = to_json(&e.params.entry.level);
                    if ["\"error\"", "\"warning\""].contains(&level.as_str()) {
                        seen.errors.push(format!("log: {}", to_json(&e.params.entry)));
                    }
                }
                Event::PageJavascriptDialogOpening(e) => {
                    // Answer it at once, or the page would hang; the test sees the message.
                    seen.dialogs.push(to_json(&e.params.message));
                    if let Some(tab) = weak.upgrade() {
                        let _ = tab.get_dialog().dismiss();
                    }
                }
                _ => {}
            }
        }))
        .expect("event listener");
        let mut t = Tab { tab, seen, _browser: PhantomData };
        t.viewport(1400, 1000);
        t
    }
}

/// An event's part as JSON text.
fn to_json(v: &impl serde::Serialize) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// What a page reported: console errors, exceptions and failed loads; dialog messages.
#[derive(Default)]
struct Seen {
    errors: Vec<String>,
    dialogs: Vec<String>,
}

/// One page in the browser.
pub struct Tab<'a> {
    tab: Arc<ChromeTab>,
    seen: Arc<Mutex<Seen>>,
    _browser: PhantomData<&'a mut Browser>,
}

impl Tab<'_> {
    /// Loads `url` and waits for it to finish loading — a packed page (`abviz play --explain`)
    /// until its tree and data are inflated and its stepper has started.
    pub fn open(&mut self, url: &str) {
        self.tab
            .navigate_to(url)
            .and_then(|t| t.wait_until_navigated())
            .unwrap_or_else(|e| panic!("navigating to {url}: {e}"));
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
        let r = self
            .tab
            .call_method(command::<Runtime::Evaluate>(
                json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
            ))
            .unwrap_or_else(|e| panic!("evaluating {expr}: {e}"));
        if let Some(ex) = r.exception_details {
            panic!("evaluating {expr}: {}", to_json(&ex));
        }
        r.result.value.unwrap_or(Value::Null)
    }

    /// Goes to step `k` of a step-through page through its address (`#step=k`) and waits until
    /// the page shows it and has drawn a frame — in one round trip to the browser (each costs
    /// about 0.1 s with headless_chrome, whose reader polls the socket every 100 ms).
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

    /// Presses and releases a key (`"ArrowRight"`, `" "`, `"c"`, `"C"` with Shift ...).
    pub fn press(&mut self, key: &str) {
        let shift = key.len() == 1 && key.chars().all(|c| c.is_ascii_uppercase());
        let modifiers: &[ModifierKey] = if shift { &[ModifierKey::Shift] } else { &[] };
        self.tab.press_key_with_modifiers(key, Some(modifiers)).unwrap_or_else(|e| panic!("key {key}: {e}"));
    }

    /// Moves the mouse to (x, y) in CSS pixels of the viewport.
    pub fn hover(&mut self, x: f64, y: f64) {
        self.tab.move_mouse_to_point(Point { x, y }).expect("mouse move");
    }

    /// Clicks at (x, y).
    pub fn click(&mut self, x: f64, y: f64) {
        self.tab.click_point(Point { x, y }).expect("click");
    }

    /// Sets the viewport to `w` × `h` CSS pixels (a tab starts at 1400 × 1000); the page is
    /// laid out again at that size.
    pub fn viewport(&mut self, w: u32, h: u32) {
        self.tab
            .call_method(command::<Emulation::SetDeviceMetricsOverride>(
                json!({"width": w, "height": h, "deviceScaleFactor": 1, "mobile": false}),
            ))
            .expect("viewport");
    }

    /// Emulates a light or dark colour scheme.
    pub fn color_scheme(&mut self, dark: bool) {
        let value = if dark { "dark" } else { "light" };
        self.tab
            .call_method(command::<Emulation::SetEmulatedMedia>(
                json!({"features": [{"name": "prefers-color-scheme", "value": value}]}),
            ))
            .expect("colour scheme");
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
        use base64::Engine as _;
        let pdf = self
            .tab
            .call_method(command::<Page::PrintToPDF>(json!({
                "paperWidth": w, "paperHeight": h, "printBackground": true,
                "displayHeaderFooter": false, "preferCSSPageSize": false,
            })))
            .expect("print to PDF");
        base64::engine::general_purpose::STANDARD.decode(pdf.data).expect("base64")
    }

    /// Lays the page out for print (`@media print`) or back for the screen.
    pub fn print_media(&mut self, on: bool) {
        let media = if on { "print" } else { "" };
        self.tab.call_method(command::<Emulation::SetEmulatedMedia>(json!({"media": media}))).expect("media");
    }

    fn capture(&mut self, path: &Path, params: Value) {
        use base64::Engine as _;
        let shot = self.tab.call_method(command::<Page::CaptureScreenshot>(params)).expect("screenshot");
        let png = base64::engine::general_purpose::STANDARD.decode(shot.data).expect("base64");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("screenshot folder");
        }
        std::fs::write(path, png).expect("write screenshot");
    }

    /// Lets the events the page sent so far reach the listener: a round trip to the page, then
    /// a moment for the listener's thread.
    fn settle(&mut self) {
        self.eval("0");
        std::thread::sleep(Duration::from_millis(50));
    }

    /// Console errors, uncaught exceptions and failed loads seen so far.
    pub fn errors(&mut self) -> Vec<String> {
        self.settle();
        self.seen.lock().expect("events").errors.clone()
    }

    /// Messages of the JavaScript dialogs (alert, confirm, prompt) the page opened.
    pub fn dialogs(&mut self) -> Vec<String> {
        self.settle();
        self.seen.lock().expect("events").dialogs.clone()
    }
}

impl Drop for Tab<'_> {
    fn drop(&mut self) {
        let _ = self.tab.close_target();
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
