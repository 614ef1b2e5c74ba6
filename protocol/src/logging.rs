//! Logging through the `log` crate. Standard error shows what `RUST_LOG` asks for (env_logger:
//! `RUST_LOG=debug` shows the protocol traffic both ways, the time plans and why each search
//! stopped); the `Debug Log File` option (UCI `setoption`, CECP `option`) writes every debug line
//! of Tiamat to a file as well, whatever `RUST_LOG` says, since GUIs hide standard error.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use log::{Level, LevelFilter, Log, Metadata, Record};
use parking_lot::Mutex;

/// The option's name in both protocols.
pub const DEBUG_LOG_FILE: &str = "Debug Log File";

struct Logger {
    stderr: env_logger::Logger,
    /// Set while `file` holds a file, so that disabled lines never take the lock.
    file_on: AtomicBool,
    file: Mutex<Option<File>>,
    started: Instant,
}

impl Logger {
    fn file_wants(&self, metadata: &Metadata) -> bool {
        self.file_on.load(Ordering::Relaxed)
            && metadata.level() <= Level::Debug
            && metadata.target().starts_with("tiamat")
    }
}

impl Log for Logger {
    fn enabled(&self, metadata: &Metadata) -> bool {
        self.stderr.enabled(metadata) || self.file_wants(metadata)
    }

    fn log(&self, record: &Record) {
        if self.stderr.matches(record) {
            self.stderr.log(record);
        }
        if self.file_wants(record.metadata()) {
            if let Some(file) = self.file.lock().as_mut() {
                let millis = self.started.elapsed().as_millis();
                // A full disk must not stop the engine.
                let _ = writeln!(
                    file,
                    "{millis:>8} {:<5} {}: {}",
                    record.level(),
                    record.target(),
                    record.args()
                );
            }
        }
    }

    fn flush(&self) {
        self.stderr.flush();
        if let Some(file) = self.file.lock().as_mut() {
            let _ = file.flush();
        }
    }
}

fn logger() -> &'static Logger {
    static LOGGER: OnceLock<&'static Logger> = OnceLock::new();
    LOGGER.get_or_init(|| {
        let logger: &'static Logger = Box::leak(Box::new(Logger {
            stderr: env_logger::Builder::from_default_env().build(),
            file_on: AtomicBool::new(false),
            file: Mutex::new(None),
            started: Instant::now(),
        }));
        // Another logger already installed (a test harness) keeps the lines it is given.
        if log::set_logger(logger).is_ok() {
            log::set_max_level(logger.stderr.filter());
        }
        logger
    })
}

/// Installs the logger; later calls do nothing.
pub fn init() {
    logger();
}

/// Writes the debug log to `path` from now on (replacing the file), or to no file with `None`.
pub fn set_file(path: Option<&Path>) -> std::io::Result<()> {
    let logger = logger();
    let file = path.map(File::create).transpose()?;
    let on = file.is_some();
    *logger.file.lock() = file;
    logger.file_on.store(on, Ordering::Relaxed);
    let stderr = logger.stderr.filter();
    log::set_max_level(if on {
        stderr.max(LevelFilter::Debug)
    } else {
        stderr
    });
    Ok(())
}

/// The option's value as a path: an empty value (or UCI's `<empty>`) turns the file off.
pub fn file_option(value: &str) -> Option<&Path> {
    let value = value.trim();
    (!value.is_empty() && value != "<empty>").then(|| Path::new(value))
}
