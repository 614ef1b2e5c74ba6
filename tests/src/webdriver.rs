//! Headless Chromium driven through ChromeDriver's W3C WebDriver HTTP API: just the calls the
//! board tests use (open a page, run a script, click an element, take a screenshot).
//!
//! Both programs come from Debian's `chromium` and `chromium-driver` packages; tests skip with
//! a message where they are missing. Chromium never downloads anything: the flags below turn
//! off every background fetch, and each browser gets a fresh profile directory.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The key under which WebDriver names an element.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Why a browser cannot be had here, or `None` when both programs are installed.
pub fn missing() -> Option<String> {
    [CHROMIUM, CHROMEDRIVER]
        .iter()
        .find(|path| !Path::new(path).exists())
        .map(|path| {
            format!("{path} is not installed (Debian: apt-get install chromium chromium-driver)")
        })
}

/// One headless browser window.
pub struct Browser {
    driver: Child,
    base: String,
    session: String,
    profile: PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free local port")
}

impl Browser {
    /// Starts ChromeDriver and a headless Chromium of `width` x `height` pixels.
    pub fn start(width: u32, height: u32) -> Result<Browser, String> {
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {CHROMEDRIVER}: {e}"))?;
        let base = format!("http://127.0.0.1:{port}");
        let profile =
            std::env::temp_dir().join(format!("tiamat-chromium-{}-{port}", std::process::id()));
        let mut browser = Browser {
            driver,
            base,
            session: String::new(),
            profile,
        };
        let ready = wait_for(Duration::from_secs(30), || {
            ureq::get(&format!("{}/status", browser.base))
                .call()
                .ok()
                .and_then(|r| r.into_json::<Value>().ok())
                .is_some_and(|status| status["value"]["ready"] == json!(true))
        });
        if !ready {
            return Err("ChromeDriver did not become ready".into());
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
        ]
        .iter()
        .map(|arg| arg.to_string())
        .chain([
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", browser.profile.display()),
        ])
        .collect::<Vec<_>>();
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
        }}});
        let answer = browser.post("/session", &capabilities)?;
        browser.session = answer["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session in {answer}"))?
            .to_string();
        Ok(browser)
    }

    fn post(&self, path: &str, body: &Value) -> Result<Value, String> {
        let url = format!("{}{path}", self.base);
        let response = match ureq::post(&url)
            .timeout(Duration::from_secs(120))
            .send_json(body.clone())
        {
            Ok(response) => response,
            Err(ureq::Error::Status(code, response)) => {
                let text = response.into_string().unwrap_or_default();
                return Err(format!("WebDriver {path} answered {code}: {text}"));
            }
            Err(e) => return Err(format!("WebDriver {path}: {e}")),
        };
        let value: Value = response.into_json().map_err(|e| e.to_string())?;
        Ok(value.get("value").cloned().unwrap_or(value))
    }

    fn session_post(&self, path: &str, body: &Value) -> Result<Value, String> {
        self.post(&format!("/session/{}{path}", self.session), body)
    }

    pub fn open(&self, url: &str) -> Result<(), String> {
        self.session_post("/url", &json!({ "url": url }))
            .map(|_| ())
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns what it returns.
    pub fn run(&self, script: &str, args: Value) -> Result<Value, String> {
        self.session_post("/execute/sync", &json!({ "script": script, "args": args }))
    }

    /// Clicks the first element `selector` finds, as a person would (the pointer at its middle).
    pub fn click(&self, selector: &str) -> Result<(), String> {
        let found = self.session_post(
            "/element",
            &json!({"using": "css selector", "value": selector}),
        )?;
        let id = found[ELEMENT]
            .as_str()
            .ok_or_else(|| format!("no element for {selector}: {found}"))?;
        self.session_post(&format!("/element/{id}/click"), &json!({}))
            .map(|_| ())
    }

    /// Waits until `script` returns true.
    pub fn wait_until(&self, script: &str, timeout: Duration) -> Result<(), String> {
        let start = Instant::now();
        loop {
            if self.run(script, json!([]))? == json!(true) {
                return Ok(());
            }
            if start.elapsed() > timeout {
                return Err(format!("timed out waiting for: {script}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The window as PNG bytes.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let url = format!("{}/session/{}/screenshot", self.base, self.session);
        let value: Value = ureq::get(&url)
            .call()
            .map_err(|e| e.to_string())?
            .into_json()
            .map_err(|e| e.to_string())?;
        let text = value["value"].as_str().ok_or("no screenshot")?;
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .map_err(|e| e.to_string())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = ureq::delete(&format!("{}/session/{}", self.base, self.session)).call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn wait_for(timeout: Duration, mut ready: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < timeout {
        if ready() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}
