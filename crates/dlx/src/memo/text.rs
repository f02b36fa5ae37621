//! A [`Zdd`] written out: Knuth's ZDD text format and Graphviz.

use std::io;

use crate::util::problem::Problem;

use super::zdd::Zdd;

impl Zdd {
    /// Writes the diagram in Knuth's ZDD text format, the one his ZDDREAD
    /// programs read and his DLX6 writes: a line `id: (~v?lo:hi)` for each
    /// branch node in the order they were made, ids in hexadecimal, `v` the
    /// option's number counted from 1 in decimal; sinks are 0 and 1. A last,
    /// dummy node `(~0?0:root)` points at the root, as DLX6 adds it, so the
    /// output is DLX6's line for line on the same problem.
    pub fn write_knuth(&self, out: &mut impl io::Write) -> io::Result<()> {
        for (id, node) in self.nodes() {
            writeln!(out, "{id:x}: (~{}?{:x}:{:x})", node.option.0 + 1, node.lo, node.hi)?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.len() + 2, self.root())
    }

    /// Writes the diagram for Graphviz's `dot`: a box for each branch node
    /// labelled with its option as Knuth writes it, a dashed arrow to its LO
    /// branch, a solid one to its HI branch, the sinks as `0` and `1` (the sink
    /// 0 and the arrows to it left out). Meant for small diagrams.
    pub fn write_dot(&self, out: &mut impl io::Write, problem: &Problem) -> io::Result<()> {
        writeln!(out, "digraph zdd {{")?;
        writeln!(out, "  node [shape=box, fontname=\"Helvetica\"];")?;
        writeln!(out, "  n1 [label=\"1\", shape=square];")?;
        if self.root() == 0 {
            writeln!(out, "  n0 [label=\"0\", shape=square];")?;
        }
        for (id, node) in self.nodes() {
            let label = problem.format_option(node.option).replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(out, "  n{id} [label=\"{label}\"];")?;
            writeln!(out, "  n{id} -> n{};", node.hi)?;
            if node.lo != 0 {
                writeln!(out, "  n{id} -> n{} [style=dashed];", node.lo)?;
            }
        }
        writeln!(out, "}}")
    }
}
