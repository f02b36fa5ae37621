//! A small roster with bounds (Knuth's multiplicities): four nurses, three days,
//! a day shift and a night shift each day.
//!
//! - every shift needs exactly two nurses: the shift is a primary item with
//!   bounds `[2, 2]`;
//! - every nurse works two or three shifts: the nurse is a primary item with
//!   bounds `[2, 3]`;
//! - nobody works twice on one day: a secondary item per nurse and day;
//! - nobody works a day shift right after a night shift: a secondary item per
//!   nurse and night, shared by that night and the next day's day shift.
//!
//! An option puts one nurse on one shift, and carries that assignment.
//!
//! ```sh
//! cargo run --release --example nurses
//! ```

use std::io::Write;
use std::ops::ControlFlow;

use quadrille::dlx::{Model, ModelBuilder, ModelError};

/// The nurses.
pub const NURSES: [&str; 4] = ["Ann", "Bob", "Cat", "Dan"];
/// The days.
pub const DAYS: [&str; 3] = ["Mon", "Tue", "Wed"];
/// The shifts of a day.
pub const SHIFTS: [&str; 2] = ["day", "night"];

/// The items of the roster.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Need {
    /// Shift `shift` of day `day` (indices into [`DAYS`] and [`SHIFTS`]).
    Shift { day: usize, shift: usize },
    /// The workload of a nurse.
    Nurse(usize),
    /// A nurse works at most once on a day.
    OnePerDay { nurse: usize, day: usize },
    /// A nurse who worked the night of `day` rests the next morning.
    Rest { nurse: usize, day: usize },
}

/// One nurse on one shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Assignment {
    /// Index into [`NURSES`].
    pub nurse: usize,
    /// Index into [`DAYS`].
    pub day: usize,
    /// Index into [`SHIFTS`].
    pub shift: usize,
}

/// The roster as a model with bounds.
pub fn roster() -> Result<Model<Need, Assignment>, ModelError> {
    let mut b = ModelBuilder::new();
    for day in 0..DAYS.len() {
        for shift in 0..SHIFTS.len() {
            b.primary_with_bounds(Need::Shift { day, shift }, 2, 2)?;
        }
    }
    for nurse in 0..NURSES.len() {
        b.primary_with_bounds(Need::Nurse(nurse), 2, 3)?;
        for day in 0..DAYS.len() {
            b.secondary(Need::OnePerDay { nurse, day })?;
            b.secondary(Need::Rest { nurse, day })?;
        }
    }
    for nurse in 0..NURSES.len() {
        for day in 0..DAYS.len() {
            for shift in 0..SHIFTS.len() {
                let mut needs = vec![Need::Shift { day, shift }, Need::Nurse(nurse), Need::OnePerDay { nurse, day }];
                match (shift, day) {
                    (1, _) => needs.push(Need::Rest { nurse, day }),
                    (0, 1..) => needs.push(Need::Rest { nurse, day: day - 1 }),
                    _ => {}
                }
                b.option_with(needs, Assignment { nurse, day, shift })?;
            }
        }
    }
    b.build()
}

/// Prints the first roster and the number of rosters; returns that number.
pub fn run(out: &mut impl Write) -> Result<u64, Box<dyn std::error::Error>> {
    let model = roster()?;
    let mut solver = model.solver();
    let first = solver.first().ok_or("no roster")?;
    for (day, name) in DAYS.iter().enumerate() {
        let mut line = format!("{name}:");
        for (shift, shift_name) in SHIFTS.iter().enumerate() {
            let mut on: Vec<&str> =
                model.payloads(&first).filter(|a| a.day == day && a.shift == shift).map(|a| NURSES[a.nurse]).collect();
            on.sort_unstable();
            line += &format!("  {shift_name} {}", on.join(" & "));
        }
        writeln!(out, "{line}")?;
    }
    let count = solver.visit(|_| ControlFlow::Continue(()));
    let stats = solver.stats();
    writeln!(out, "{count} rosters ({} nodes, {} updates)", stats.nodes, stats.updates)?;
    Ok(count)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    run(&mut std::io::stdout().lock())?;
    Ok(())
}
