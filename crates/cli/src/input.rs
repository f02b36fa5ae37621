//! Where commands read from: a file, or standard input for `-` or no file.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use anyhow::Context;
use quadrille_dlx::knuth;

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
    /// The whole input as text: UTF-8, or an error naming the line and column
    /// of its first byte that is not ([`knuth::utf8`]).
    pub fn read_to_string(mut self) -> anyhow::Result<(String, String)> {
        let mut bytes = Vec::new();
        self.reader.read_to_end(&mut bytes).with_context(|| format!("cannot read {}", self.name))?;
        let text = String::from_utf8(bytes).map_err(|e| match knuth::utf8(e.as_bytes()) {
            Err(place) => anyhow::anyhow!("{}:{}:{}: {}", self.name, place.line, place.column, place.kind),
            Ok(_) => anyhow::anyhow!("cannot read {}: {e}", self.name),
        })?;
        Ok((self.name, text))
    }
}

/// Line `number` (from 1) of the input `name`, read as bytes, as text: UTF-8,
/// or an error naming the line and the column of its first byte that is not,
/// as [`Input::read_to_string`] names them in a whole input.
pub fn line_text<'b>(name: &str, number: usize, bytes: &'b [u8]) -> anyhow::Result<&'b str> {
    knuth::utf8(bytes).map_err(|place| {
        // `utf8` does not count a byte-order mark at the start of a text,
        // which only the first line's is.
        let mark = usize::from(number > 1 && bytes.starts_with("\u{feff}".as_bytes()));
        anyhow::anyhow!("{name}:{number}:{}: {}", place.column + mark, place.kind)
    })
}
