//! `tiamat gui` as a child process, and its JSON API.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::tiamat_binary;

/// A running `tiamat gui` on a free loopback port; stopped when dropped.
pub struct BoardServer {
    child: Child,
    /// Kept open: the server's later lines must not meet a closed pipe.
    _stdout: BufReader<ChildStdout>,
    /// `http://127.0.0.1:<port>/`
    pub url: String,
}

impl BoardServer {
    pub fn start(args: &[&str]) -> BoardServer {
        let mut child = Command::new(tiamat_binary())
            .args(["gui", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("tiamat gui starts");
        let stdout = child.stdout.take().expect("piped");
        let mut stdout = BufReader::new(stdout);
        let mut first = String::new();
        stdout
            .read_line(&mut first)
            .expect("tiamat gui prints its address");
        let url = first
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in '{first}'"))
            .to_string();
        BoardServer {
            child,
            _stdout: stdout,
            url,
        }
    }

    pub fn get(&self, route: &str) -> Value {
        ureq::get(&format!("{}api/{route}", self.url))
            .timeout(Duration::from_secs(60))
            .call()
            .unwrap_or_else(|e| panic!("GET {route}: {e}"))
            .into_json()
            .expect("JSON")
    }

    pub fn text(&self, route: &str) -> String {
        ureq::get(&format!("{}api/{route}", self.url))
            .call()
            .unwrap_or_else(|e| panic!("GET {route}: {e}"))
            .into_string()
            .expect("text")
    }

    /// A request the server refuses gives its message.
    pub fn post(&self, route: &str, body: Value) -> Result<Value, String> {
        match ureq::post(&format!("{}api/{route}", self.url))
            .timeout(Duration::from_secs(60))
            .send_json(body)
        {
            Ok(response) => Ok(response.into_json().expect("JSON")),
            Err(ureq::Error::Status(_, response)) => {
                let value: Value = response.into_json().expect("JSON error");
                Err(value["error"].as_str().unwrap_or_default().to_string())
            }
            Err(e) => panic!("POST {route}: {e}"),
        }
    }
}

impl Drop for BoardServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
