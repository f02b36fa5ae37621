//! Where commands read from: a file, or standard input for `-` or no file.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use anyhow::Context;

/// An opened input.
pub struct Input {
    /// Its name in messages: the path, or `<stdin>`.
    pub name: String,
    /// Its bytes, buffered.
    pub reader: BufReader<Box<dyn Read>>,
    /// Its size in bytes, when it is a file that has one.
    pub size: Option<u64>,
}

/// Opens `path`, or standard input for `-` or `None`, buffering `capacity` bytes.
pub fn open(path: Option<&Path>, capacity: usize) -> anyhow::Result<Input> {
    match path {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let file = File::open(path).with_context(|| format!("cannot read {name}"))?;
            let size = file.metadata().ok().map(|m| m.len()).filter(|&len| len > 0);
            Ok(Input { name, reader: BufReader::with_capacity(capacity, Box::new(file)), size })
        }
        _ => Ok(Input {
            name: "<stdin>".to_string(),
            reader: BufReader::with_capacity(capacity, Box::new(io::stdin().lock())),
            size: None,
        }),
    }
}

impl Input {
    /// The whole input as text.
    pub fn read_to_string(mut self) -> anyhow::Result<(String, String)> {
        let mut text = String::new();
        self.reader.read_to_string(&mut text).with_context(|| format!("cannot read {}", self.name))?;
        Ok((self.name, text))
    }
}
