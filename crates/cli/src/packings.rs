//! Packings as `quadrille pack` writes them: letters in a grid, one SVG
//! picture, or JSON Lines.

use std::io::Write;

use anyhow::bail;
use clap::ValueEnum;
use quadrille_dlx::OptionId;
use quadrille_pack::{Packing, render};

/// How to draw packings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Letters, x down and y across; in 3-D one grid per layer, side by side.
    Grid,
    /// One SVG picture, each piece a coloured polygon with its name.
    Svg,
}

/// The most packings one SVG picture holds.
pub const MAX_SVG_PACKINGS: usize = 200;

/// Writes packings in one format.
pub struct Printer<'p, W: Write> {
    packing: &'p Packing,
    json: bool,
    format: Format,
    out: W,
    /// The packings written so far.
    pub printed: u64,
    kept: Vec<Vec<OptionId>>,
}

impl<'p> Printer<'p, std::io::BufWriter<std::io::Stdout>> {
    /// A printer of `packing`'s packings on stdout, in `format` (or JSON).
    pub fn new(packing: &'p Packing, json: bool, format: Format) -> Self {
        Printer { packing, json, format, out: crate::stdout(), printed: 0, kept: Vec::new() }
    }
}

impl<W: Write> Printer<'_, W> {
    /// Writes one packing (or keeps it, for the SVG picture).
    pub fn packing(&mut self, solution: &[OptionId]) -> anyhow::Result<()> {
        self.printed += 1;
        if self.json {
            let pieces: Vec<serde_json::Value> = self
                .packing
                .pieces_of(solution)
                .into_iter()
                .map(|(name, cells)| serde_json::json!({"name": name, "cells": cells}))
                .collect();
            let grid = render::grid(self.packing, solution);
            let rows: Vec<&str> = grid.lines().collect();
            let record = serde_json::json!({"packing": self.printed, "pieces": pieces, "grid": rows});
            writeln!(self.out, "{record}")?;
            return Ok(());
        }
        match self.format {
            Format::Grid => {
                let mut text = String::new();
                if self.printed > 1 {
                    text.push('\n');
                }
                text.push_str(&render::grid(self.packing, solution));
                self.out.write_all(text.as_bytes())?;
            }
            Format::Svg => {
                if self.kept.len() >= MAX_SVG_PACKINGS {
                    bail!("an SVG picture holds at most {MAX_SVG_PACKINGS} packings; use --limit or --first");
                }
                self.kept.push(solution.to_vec());
            }
        }
        Ok(())
    }

    /// Writes the SVG picture, if that is the format, and flushes.
    pub fn end(&mut self) -> anyhow::Result<()> {
        if !self.json && self.format == Format::Svg {
            let picture = render::svg(self.packing, &self.kept);
            self.out.write_all(picture.as_bytes())?;
        }
        self.out.flush()?;
        Ok(())
    }
}
