//! Pictures of puzzles and their solutions, as SVG text.

use std::fmt::Write as _;

use crate::{Alphabet, Cell, ExtraKind, Grid, Regions};

/// The side of a cell in pixels, by box size (4×4 to 25×25).
fn cell_px(box_size: usize) -> usize {
    match box_size {
        2 => 56,
        3 => 44,
        4 => 34,
        _ => 28,
    }
}

/// The margin around the grid, and the height of the caption above it.
const MARGIN: usize = 14;
const CAPTION: usize = 26;

/// The shade of an extra region's cells.
fn shade(kind: ExtraKind) -> &'static str {
    match kind {
        ExtraKind::Diagonal => "#8fb8e8",
        ExtraKind::Window => "#f2b95c",
        ExtraKind::Custom => "#93d6a0",
    }
}

/// Text escaped for XML text and attribute values; characters XML 1.0 does
/// not allow (control characters other than tab and line ends, U+FFFE and
/// U+FFFF) become U+FFFD, so that any caption makes a well-formed picture.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// A picture of a puzzle as one SVG document: the grid with the givens in bold
/// black and the digits of `solution` (when there is one) lighter, the boxes or
/// the jigsaw regions outlined by thick lines, the extra regions shaded (the
/// diagonals of sudoku X in blue, the windows of hyper sudoku in orange, others
/// in green), and `caption` above.
///
/// ```
/// use quadrille_sudoku::{Alphabet, Grid, Regions, svg};
/// let puzzle = Grid::parse("1.3.....2.......")?;
/// let picture = svg(&puzzle, None, &Regions::boxes(puzzle.size()).with_x(), Alphabet::OneBased, "a 4×4 X");
/// assert!(picture.starts_with("<svg ") && picture.ends_with("</svg>\n"));
/// assert!(picture.contains(r#"font-weight="bold">3</text>"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg(puzzle: &Grid, solution: Option<&Grid>, regions: &Regions, alphabet: Alphabet, caption: &str) -> String {
    let size = puzzle.size();
    let side = size.side();
    let cell = cell_px(size.box_size());
    let grid_px = side * cell;
    let (x0, y0) = (MARGIN, CAPTION + MARGIN / 2);
    let (width, height) = (grid_px + 2 * MARGIN, y0 + grid_px + MARGIN);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(caption));
    let _ = writeln!(s, r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##);
    let _ =
        writeln!(s, r##"<text x="{x0}" y="{}" font-size="15" fill="#333333">{}</text>"##, CAPTION - 8, escape(caption));
    // Extra regions: translucent shades, so that cells in two regions are darker.
    for extra in regions.extras() {
        let _ = write!(s, r#"<g fill="{}" fill-opacity="0.45">"#, shade(extra.kind()));
        for c in extra.cells() {
            let _ = write!(
                s,
                r#"<rect x="{}" y="{}" width="{cell}" height="{cell}"/>"#,
                x0 + c.col * cell,
                y0 + c.row * cell
            );
        }
        s.push_str("</g>\n");
    }
    // Thin lines between all cells, then thick ones between regions.
    let mut thin = String::new();
    let mut thick = String::new();
    for k in 1..side {
        let at = k * cell;
        let _ = write!(thin, "M{} {y0}v{grid_px}M{x0} {}h{grid_px}", x0 + at, y0 + at);
    }
    for r in 0..side {
        for c in 0..side {
            let here = regions.region_of(Cell { row: r, col: c });
            let (x, y) = (x0 + c * cell, y0 + r * cell);
            if c + 1 < side && regions.region_of(Cell { row: r, col: c + 1 }) != here {
                let _ = write!(thick, "M{} {y}v{cell}", x + cell);
            }
            if r + 1 < side && regions.region_of(Cell { row: r + 1, col: c }) != here {
                let _ = write!(thick, "M{x} {}h{cell}", y + cell);
            }
        }
    }
    let _ = writeln!(s, r##"<path d="{thin}" stroke="#b4b4b4" stroke-width="1" fill="none"/>"##);
    let _ =
        writeln!(s, r##"<path d="{thick}" stroke="#1a1a1a" stroke-width="3" stroke-linecap="square" fill="none"/>"##);
    let _ = writeln!(
        s,
        r##"<rect x="{x0}" y="{y0}" width="{grid_px}" height="{grid_px}" stroke="#1a1a1a" stroke-width="3.5" fill="none"/>"##
    );
    // Digits: givens bold and black, the solution's lighter.
    let font = cell * 3 / 5;
    for r in 0..side {
        for c in 0..side {
            let given = puzzle.get(r, c);
            let (digit, style) = match (given, solution) {
                (0, Some(solution)) => (solution.get(r, c), r##"fill="#5c7fa8""##),
                (0, None) => continue,
                (d, _) => (d, r##"fill="#111111" font-weight="bold""##),
            };
            if digit == 0 {
                continue;
            }
            let (x, y) = (x0 + c * cell + cell / 2, y0 + r * cell + cell / 2 + font * 7 / 20);
            let _ = write!(
                s,
                r#"<text x="{x}" y="{y}" font-size="{font}" text-anchor="middle" {style}>{}</text>"#,
                alphabet.symbol(digit)
            );
        }
        s.push('\n');
    }
    s.push_str("</svg>\n");
    s
}

/// A picture holding only a line of text: for an entry that is no puzzle.
///
/// ```
/// let picture = quadrille_sudoku::svg_text("invalid: line 1: 80 cells, expected 81");
/// assert!(picture.contains(">invalid: line 1: 80 cells, expected 81</text>"));
/// ```
pub fn svg_text(text: &str) -> String {
    let width = 2 * MARGIN + 8 * text.chars().count();
    let height = CAPTION + MARGIN;
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
            "\n<title>{t}</title>\n",
            r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##,
            "\n",
            r##"<text x="{x}" y="{y}" font-size="15" fill="#333333">{t}</text>"##,
            "\n</svg>\n"
        ),
        w = width,
        h = height,
        x = MARGIN,
        y = CAPTION - 4,
        t = escape(text)
    )
}
