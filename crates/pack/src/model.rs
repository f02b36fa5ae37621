//! The exact-cover problem of a description, and its solutions read back as
//! packings.

use std::collections::HashMap;
use std::sync::OnceLock;

use quadrille_dlx::{BuildError, Item, OptionId, Problem, ProblemBuilder};

use crate::placement::{PlacementRef, Placements};
use crate::spec::{Dims, Spec};
use crate::symmetry::{self, Reduction};

/// Why a description cannot be made into a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The placements do not fit in memory.
    #[error("out of memory after {placements} placements: the box and pieces make too large a problem")]
    OutOfMemory {
        /// The placements made before memory ran out.
        placements: usize,
    },
    /// The engine refused the problem.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// A packing problem made ready for the engine: the description, its
/// placements, the exact-cover problem, and (for packings up to symmetry) the
/// reduction that keeps one packing of each class.
#[derive(Clone, Debug)]
pub struct Packing {
    spec: Spec,
    placements: Placements,
    /// The exact-cover problem: made with the packing, or, up to symmetry
    /// when the restricted piece's placements fall in several parts (each
    /// counted in a problem of its own by [`Packing::count_all`], which
    /// then never needs the whole), when first asked for.
    problem: OnceLock<Problem>,
    reduction: Option<Reduction>,
    /// Made by [`Packing::up_to_symmetry`].
    unique: bool,
    /// The problem with the primary cells declared in the order of
    /// [`sweep_order`], for the memo, when that order differs from Knuth's.
    memo_problem: Option<Problem>,
}

/// The most nodes (about: cells, and each placement's cells and two more)
/// of a packing whose problem may be made when first asked for
/// ([`Packing::problem`]): far below the engine's limit of `i32::MAX`, so
/// that the problem made later cannot be refused for its size.
const LAZY_MOST_NODES: usize = 1 << 28;

/// The most placements reserved at once before they are made (see
/// [`Spec::placement_bound`]): past them, the list grows as they come.
const PLACEMENTS_RESERVED: usize = 1 << 16;

/// The item of a piece: a primary item covered exactly as many times as the
/// piece is used (bounds `[k, k]`, Knuth's `k|name`).
/// A piece of unlimited supply (`*|name`) has no item.
fn piece_item(b: &mut ProblemBuilder, spec: &Spec, piece: usize) -> Result<Option<Item>, ModelError> {
    let piece = &spec.pieces()[piece];
    Ok(match piece.multiplicity {
        crate::spec::UNLIMITED => None,
        1 => Some(b.primary(&piece.name)?),
        k => Some(b.primary_with_bounds(&piece.name, k, k)?),
    })
}

impl Packing {
    /// Every packing: each placement of each piece is an option.
    pub fn new(spec: &Spec) -> Result<Packing, ModelError> {
        Packing::build(spec, false)
    }

    /// One packing of each class under the symmetries of the box (see the
    /// crate's documentation for the method and why it is right). The problem
    /// then has fewer options, and [`Packing::keeps`] must be asked about each
    /// solution.
    pub fn up_to_symmetry(spec: &Spec) -> Result<Packing, ModelError> {
        Packing::build(spec, true)
    }

    fn build(spec: &Spec, unique: bool) -> Result<Packing, ModelError> {
        let mut placements = Placements::new();
        // When the pieces' cells cannot add up to the box's, no packing exists:
        // the problem keeps its items and gets no options, and costs nothing
        // to make however large the box.
        if spec.cell_count().can_fill() {
            // Room for every placement at once, when they are few: a box
            // that fills its bounds has exactly as many.
            let bound = spec.placement_bound();
            if bound <= PLACEMENTS_RESERVED {
                let _ = placements.try_reserve(bound, spec.placement_cells_bound());
            }
            let mut failure = None;
            spec.visit_placement_indices(|piece, cells| {
                if failure.is_some() {
                    return;
                }
                if placements.try_push(piece as u32, cells).is_err() {
                    failure = Some(ModelError::OutOfMemory { placements: placements.len() });
                }
            });
            if let Some(failure) = failure {
                return Err(failure);
            }
        }
        let reduction = if unique { symmetry::reduce(spec, &placements) } else { None };
        if let Some(reduction) = &reduction {
            placements = reduction.keep(placements);
        }
        // Items in Knuth's order: primary cells, pieces, secondary cells.
        let knuth_order: Vec<usize> = (0..spec.cells().len()).filter(|&i| !spec.cells()[i].is_secondary()).collect();
        let problem = OnceLock::new();
        let parts = reduction.as_ref().filter(|r| r.piece().is_some()).map_or(1, |r| r.n_parts(&placements));
        // Made later only when nothing but its items could refuse it: its
        // options place pieces on distinct cells, and its nodes (items,
        // options, their items) are far below the engine's limit.
        let nodes: usize = placements.iter().map(|p| p.cells.len() + 2).sum::<usize>() + spec.cells().len();
        if parts > 1 && !spec.pieces().iter().any(|p| p.is_unlimited()) && nodes < LAZY_MOST_NODES {
            make_problem_of(spec, std::iter::empty(), &knuth_order)?;
        } else {
            let _ = problem.set(make_problem(spec, placements.iter(), &knuth_order)?);
        }
        let mut packing = Packing { spec: spec.clone(), placements, problem, reduction, unique, memo_problem: None };
        if packing.is_plain_tiling() {
            if let Some(order) = sweep_order(spec, &packing.placements) {
                packing.memo_problem = Some(make_problem(spec, packing.placements.iter(), &order)?);
            }
        }
        Ok(packing)
    }

    /// Whether some piece has unlimited supply (`*|name`): a tiling.
    pub fn is_tiling(&self) -> bool {
        self.spec.pieces().iter().any(|p| p.is_unlimited())
    }

    /// Whether the packing is a plain tiling: some piece of unlimited
    /// supply, no piece used more than once in a fixed number (the memo takes
    /// no bounds), and all packings asked for (not one of each class under
    /// symmetry, whose filter looks at each solution). Such problems repeat
    /// themselves (what is left to tile depends only on the cells still
    /// free): the memo's diagram counts, lists and samples their tilings.
    pub fn is_plain_tiling(&self) -> bool {
        self.is_tiling() && self.reduction.is_none() && self.spec.pieces().iter().all(|p| p.multiplicity <= 1)
    }

    /// The library's front ([`quadrille_dlx::front::Search`]) on the
    /// packing's problem, for every question: counts, listings (each
    /// solution to be asked [`Packing::keeps`] when one of each class is
    /// kept), samples and the diagram of every tiling. For a tiling the memo
    /// and the sweep run on a copy of the problem whose options are the
    /// same, in the same order (so their solutions are read back alike), but
    /// whose cells may be declared in another order: the memo's choice of
    /// item (the first of fewest options) breaks ties by that order, the
    /// sweep tries it among its orders, and an order that sweeps the box
    /// with a short frontier keeps the subproblems they meet few. The
    /// order is the one of Knuth's (by rows), by columns, or along either
    /// diagonal whose widest frontier (the cells met that share a placement
    /// with a cell not yet met) is narrowest, Knuth's on a tie: a diagonal
    /// for the Aztec diamond, whose sides are diagonals.
    ///
    /// ```
    /// use quadrille_pack::{Packing, Spec};
    ///
    /// // Dominoes on a 2x3 board: three tilings.
    /// let packing = Packing::new(&Spec::parse("[0-1][0-2]\n*|D 00 01\n")?)?;
    /// assert!(packing.is_plain_tiling());
    /// assert_eq!(packing.search().zdd()?.count().to_string(), "3");
    /// let first = packing.search().first()?.solution.expect("a tiling");
    /// assert_eq!(first.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(&self) -> quadrille_dlx::Search<'_> {
        let search = quadrille_dlx::Search::new(self.problem());
        match &self.memo_problem {
            Some(memo_problem) => search.memo_problem(memo_problem),
            None => search,
        }
    }

    /// The front ([`Packing::search`]), ready to count the packings when
    /// every solution is one ([`Packing::counts_every_solution`]: all
    /// packings, or one of each class under symmetry when the reduction is
    /// exact): it chooses the engine (the memo or the sweep for tilings,
    /// the sweep for packings, a search), runs it and falls back by itself,
    /// the memo and the sweep on the cells declared in the order of
    /// [`Packing::search`]. `None` for one of each class when the
    /// filter must look at each solution (see [`Packing::count_classes`]).
    ///
    /// ```
    /// use quadrille_dlx::Engine;
    /// use quadrille_pack::{Packing, Spec, builtin};
    ///
    /// // Knuth's 2 packings of 3×20, each in its 4 orientations.
    /// let spec = Spec::parse(&builtin::description("pentominoes", Some("3x20"))?)?;
    /// let counted = Packing::new(&spec)?.count().expect("every solution is a packing").count()?;
    /// assert_eq!(counted.solutions_u64(), Some(4 * 2));
    /// // Dominoes on 8×8: 12,988,816 tilings (OEIS A004003), by the memo.
    /// let counted = Packing::new(&Spec::parse("[0-7][0-7]\n*|D 00 01\n")?)?.count().unwrap().count()?;
    /// assert_eq!((counted.solutions_u64(), counted.report.engine), (Some(12_988_816), Engine::Memo));
    /// // One of each class: in 3×20 the X can lie on the long axis, and the
    /// // filter looks at each packing.
    /// assert!(Packing::up_to_symmetry(&spec)?.count().is_none());
    /// // In 6×10 no placement of the X is symmetric: Knuth's 2,339 classes.
    /// let spec = Spec::parse(&builtin::description("pentominoes", Some("6x10"))?)?;
    /// let counted = Packing::up_to_symmetry(&spec)?.count().expect("an exact reduction").count()?;
    /// assert_eq!(counted.solutions_u64(), Some(2_339));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> Option<quadrille_dlx::Search<'_>> {
        if !self.counts_every_solution() {
            return None;
        }
        Some(self.search())
    }

    /// Whether every solution of [`Packing::problem`] is a packing to
    /// report, so that counting the solutions counts the packings: always
    /// for [`Packing::new`]; for [`Packing::up_to_symmetry`] when the
    /// reduction is exact, the restricted piece having no placement kept
    /// that a symmetry other than the identity fixes (pentominoes in 6×10:
    /// the X, whose centre is never on an axis of a box of even sides).
    pub fn counts_every_solution(&self) -> bool {
        self.reduction.as_ref().is_none_or(Reduction::exact)
    }

    /// One packing of each class under the symmetries of the box, counted
    /// by Burnside's lemma for [`Packing::up_to_symmetry`], each count made
    /// by `count` (the front, with the knobs the caller sets); `None` for
    /// [`Packing::new`], when a count was interrupted, or when a piece used
    /// a fixed number of times more than once would appear twice in an
    /// option (ask [`Packing::keeps`] of each solution then).
    ///
    /// The classes of packings with the restricted piece in the class of a
    /// kept placement `r` are the classes, under its stabiliser `H`, of the
    /// packings with the piece at `r`; by Burnside's lemma their number is
    /// `(1/|H|) Σ_{h ∈ H} fix(h)`, where `fix(h)` counts the packings that
    /// `h` maps to themselves. So the placements kept are grouped by their
    /// stabilisers: for each group, `fix(identity)` is the count of the
    /// reduced problem restricted to it, and `fix(h)` the count of a
    /// problem whose options are the orbits under the powers of `h` of the
    /// placements (a packing that `h` fixes is a union of such orbits, each
    /// of placements that do not overlap). For pentominoes in 6×10 the one
    /// group has a trivial stabiliser: the count is the reduced problem's;
    /// in 5×12 the X's placements on the long axis have a reflection for
    /// stabiliser, and their group adds the packings it fixes.
    ///
    /// ```
    /// use quadrille_pack::{Packing, Spec, builtin};
    ///
    /// // Knuth's 1,010 packings of 5×12, 2 of 3×20, up to symmetry.
    /// for (box_text, classes) in [("5x12", 1_010u32), ("3x20", 2)] {
    ///     let spec = Spec::parse(&builtin::description("pentominoes", Some(box_text))?)?;
    ///     let counted = Packing::up_to_symmetry(&spec)?.count_classes(|front| front.count())?;
    ///     assert_eq!(counted, Some(classes.into()));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_classes<E>(
        &self,
        mut count: impl FnMut(quadrille_dlx::Search<'_>) -> Result<quadrille_dlx::front::Counted, E>,
    ) -> Result<Option<quadrille_dlx::memo::BigUint>, E> {
        let Some(reduction) = &self.reduction else { return Ok(None) };
        let pieces = self.spec.pieces();
        let knuth_order: Vec<usize> =
            (0..self.spec.cells().len()).filter(|&i| !self.spec.cells()[i].is_secondary()).collect();
        let mut classes = quadrille_dlx::memo::BigUint::ZERO;
        for (stabilizer, part) in reduction.parts(&self.placements) {
            let mut problems = Vec::with_capacity(1 + stabilizer.len());
            if part.len() == self.placements.len() {
                problems.push(None);
            } else {
                let chosen = part.iter().map(|&i| self.placements.get(i));
                let Ok(problem) = make_problem(&self.spec, chosen, &knuth_order) else { return Ok(None) };
                problems.push(Some(problem));
            }
            for &g in &stabilizer {
                let multiplicity = |p: u32| pieces[p as usize].multiplicity;
                let Some(options) = reduction.orbits(g, &self.placements, &part, multiplicity) else {
                    return Ok(None);
                };
                let options = options.iter().map(|(pieces, cells)| (pieces.as_slice(), cells.as_slice()));
                let Ok(problem) = make_problem_of(&self.spec, options, &knuth_order) else { return Ok(None) };
                problems.push(Some(problem));
            }
            let mut sum = quadrille_dlx::memo::BigUint::ZERO;
            for problem in &problems {
                let counted = count(quadrille_dlx::Search::new(problem.as_ref().unwrap_or_else(|| self.problem())))?;
                if counted.report.interrupted {
                    return Ok(None);
                }
                sum += counted.solutions;
            }
            classes += sum / (stabilizer.len() + 1);
        }
        Ok(Some(classes))
    }

    /// Every packing, counted from one placement of each class of the
    /// restricted piece (for [`Packing::up_to_symmetry`]), each count made
    /// by `count` (the front, with the knobs the caller sets); `None` for
    /// [`Packing::new`], without a restricted piece, or for a tiling (the
    /// memo counts its tilings whole). When a count is interrupted (its
    /// report says so), the packings found so far: the counts end there.
    ///
    /// The restricted piece is used once, so each packing has it at exactly
    /// one placement, and a symmetry `g` maps the packings with the piece at
    /// `r` one to one onto those with it at `g(r)`: each placement of the
    /// class of a kept placement `r` has as many packings as `r`. That class
    /// has `|G| / |Stab(r)|` placements, so the packings are
    /// `Σ_r (|G| / |Stab(r)|) N(r)`, `N(r)` the packings with the piece at
    /// `r`: each group of kept placements of one stabiliser is counted in
    /// one problem and multiplied. A packing symmetric to itself is counted
    /// once, at the one placement of the piece it has. Pentominoes in 6×10:
    /// the X kept in 8 of its 32 places, 2,339 packings, times 4.
    ///
    /// The groups differ only in the restricted piece's placements: the
    /// largest is counted first, and its report's engine and order serve
    /// the others ([`Search::reuse`](quadrille_dlx::front::Search::reuse)),
    /// which do not choose again.
    ///
    /// ```
    /// use quadrille_pack::{Packing, Spec, builtin};
    ///
    /// // All 4,040 packings of 5×12, from the X in a quarter of the box.
    /// let spec = Spec::parse(&builtin::description("pentominoes", Some("5x12"))?)?;
    /// let counted = Packing::up_to_symmetry(&spec)?.count_all(|front| front.count())?;
    /// assert_eq!(counted, Some(4_040u32.into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_all<E>(
        &self,
        mut count: impl FnMut(quadrille_dlx::Search<'_>) -> Result<quadrille_dlx::front::Counted, E>,
    ) -> Result<Option<quadrille_dlx::memo::BigUint>, E> {
        let Some(reduction) = &self.reduction else { return Ok(None) };
        if reduction.piece().is_none() || self.is_tiling() {
            return Ok(None);
        }
        let knuth_order: Vec<usize> =
            (0..self.spec.cells().len()).filter(|&i| !self.spec.cells()[i].is_secondary()).collect();
        let mut all = quadrille_dlx::memo::BigUint::ZERO;
        // The largest part first: the front's choice for it (engine and
        // order) serves the others, which differ from it only in the
        // restricted piece's placements.
        let mut parts = reduction.parts(&self.placements);
        parts.sort_by_key(|(_, part)| std::cmp::Reverse(part.len()));
        let mut first: Option<quadrille_dlx::front::Report> = None;
        for (stabilizer, part) in parts {
            let problem = if part.len() == self.placements.len() {
                None
            } else {
                let chosen = part.iter().map(|&i| self.placements.get(i));
                let Ok(problem) = make_problem(&self.spec, chosen, &knuth_order) else { return Ok(None) };
                Some(problem)
            };
            let mut search = quadrille_dlx::Search::new(problem.as_ref().unwrap_or_else(|| self.problem()));
            if let Some(report) = &first {
                search = search.reuse(report);
            }
            let counted = count(search)?;
            all += counted.solutions * (reduction.n_symmetries() / (stabilizer.len() + 1));
            if counted.report.interrupted {
                break;
            }
            first.get_or_insert(counted.report);
        }
        Ok(Some(all))
    }

    /// The identity of this packing's problem in the records of shards:
    /// `pack:unique:` for one of each class ([`Packing::up_to_symmetry`]),
    /// `pack:all:` for every packing, then the problem's fingerprint in 16
    /// hexadecimal digits, so that shards of the two kinds never merge.
    ///
    /// ```
    /// use quadrille_pack::{Packing, Spec};
    ///
    /// let spec = Spec::parse("[0-1][0-2]\n*|D 00 01\n")?;
    /// let all = Packing::new(&spec)?;
    /// assert_eq!(all.shard_id(), format!("pack:all:{:016x}", all.problem().fingerprint()));
    /// assert!(Packing::up_to_symmetry(&spec)?.shard_id().starts_with("pack:unique:"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shard_id(&self) -> String {
        let kind = if self.unique { "unique" } else { "all" };
        format!("pack:{kind}:{:016x}", self.problem().fingerprint())
    }

    /// The order of the Aztec diamond when the packing is a tiling of one by
    /// dominoes alone (the box of [`aztec_box`](crate::builtin::aztec_box),
    /// one piece of two cells in unlimited supply), else `None`.
    pub fn aztec_order(&self) -> Option<u8> {
        let [piece] = self.spec.pieces() else { return None };
        if !piece.is_unlimited() || self.spec.dims() != Dims::Two || self.placements.iter().any(|p| p.cells.len() != 2)
        {
            return None;
        }
        let cells = self.spec.cells();
        // The diamond of order n has 2n(n + 1) cells.
        let n = (1..=crate::builtin::MAX_AZTEC).find(|&n| 2 * usize::from(n) * (usize::from(n) + 1) == cells.len())?;
        let diamond = Spec::parse(&format!("{}\n*|D 00 01\n", crate::builtin::aztec_box(n))).ok()?;
        (diamond.cells() == cells).then_some(n)
    }

    /// Tilings of an Aztec diamond by dominoes ([`Packing::aztec_order`])
    /// drawn uniformly at random by domino shuffling, without the memo's
    /// diagram (whose size grows about as `2^n`): the order 31 in
    /// milliseconds. The same seed gives the same tilings on every machine;
    /// `None` when the packing is not such a tiling.
    ///
    /// ```
    /// use quadrille_pack::{Packing, Spec, builtin};
    ///
    /// let spec = Spec::parse(&builtin::description("dominoes", Some("aztec:31"))?)?;
    /// let packing = Packing::new(&spec)?;
    /// let tiling = packing.aztec_samples(7).expect("an Aztec diamond").next().unwrap();
    /// assert_eq!(tiling.len(), 31 * 32);
    /// assert!(packing.problem().is_solution(&tiling));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn aztec_samples(&self, seed: u64) -> Option<impl Iterator<Item = Vec<OptionId>> + '_> {
        let order = self.aztec_order()?;
        let cells = self.spec.cells();
        let index: HashMap<[u8; 2], u32> =
            cells.iter().enumerate().map(|(i, c)| ([c.coords[0], c.coords[1]], i as u32)).collect();
        let option_of: HashMap<[u32; 2], OptionId> = self
            .placements
            .iter()
            .enumerate()
            .map(|(o, p)| {
                let (a, b) = (p.cells[0], p.cells[1]);
                ([a.min(b), a.max(b)], OptionId(o as u32))
            })
            .collect();
        let mut shuffler = crate::aztec::Shuffler::new(order, seed);
        Some(std::iter::from_fn(move || {
            let tiling = shuffler.tiling();
            // Every domino of the diamond is a placement: the map is total.
            let options: Option<Vec<OptionId>> = tiling
                .iter()
                .map(|[(r0, c0), (r1, c1)]| {
                    let (a, b) = (*index.get(&[*r0, *c0])?, *index.get(&[*r1, *c1])?);
                    option_of.get(&[a.min(b), a.max(b)]).copied()
                })
                .collect();
            options
        }))
    }

    /// The description.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        self.problem.get_or_init(|| {
            let cells = self.spec.cells();
            let knuth_order: Vec<usize> = (0..cells.len()).filter(|&i| !cells[i].is_secondary()).collect();
            // Its items were checked when the packing was made, and nothing
            // else can refuse it (see `Packing::build`).
            make_problem(&self.spec, self.placements.iter(), &knuth_order)
                .unwrap_or_else(|e| unreachable!("the problem was checked when the packing was made: {e}"))
        })
    }

    /// What an option places.
    pub fn placement(&self, option: OptionId) -> PlacementRef<'_> {
        self.placements.get(option.index())
    }

    /// Every option's placement, in option order.
    pub fn placements(&self) -> &Placements {
        &self.placements
    }

    /// Whether a solution of [`Packing::problem`] is a packing to report: always
    /// for [`Packing::new`]; for [`Packing::up_to_symmetry`], exactly one of the
    /// solutions that are images of each other under the symmetries of the box.
    pub fn keeps(&self, solution: &[OptionId]) -> bool {
        match &self.reduction {
            None => true,
            Some(reduction) => reduction.keeps(&self.placements, solution),
        }
    }

    /// The symmetries of the box that map packings to packings (the identity
    /// included): 1 when counting all packings.
    pub fn n_symmetries(&self) -> usize {
        self.reduction.as_ref().map_or(1, Reduction::n_symmetries)
    }

    /// The piece whose placements were restricted to one of each class, if the
    /// problem is reduced by symmetry and some piece could be.
    pub fn restricted_piece(&self) -> Option<&str> {
        let piece = self.reduction.as_ref()?.piece()?;
        Some(&self.spec.pieces()[piece].name)
    }

    /// The problem in Knuth's format (the description echoed as comments; with
    /// [`Packing::up_to_symmetry`], only the options kept).
    pub fn to_knuth(&self) -> String {
        let dims = self.spec.dims();
        let mut text = String::new();
        for line in self.spec.text().lines() {
            text.push_str("| ");
            text.push_str(line.trim_end_matches('\r'));
            text.push('\n');
        }
        text.push_str("| this file was made by quadrille-pack from that description\n");
        text.push_str(&self.spec.item_line());
        text.push('\n');
        for placement in self.placements.iter() {
            let piece = &self.spec.pieces()[placement.piece as usize];
            let names = placement.cells.iter().map(|&c| self.spec.cells()[c as usize].name(dims));
            let words: Vec<String> = if piece.is_unlimited() {
                names.collect()
            } else {
                std::iter::once(piece.name.clone()).chain(names).collect()
            };
            text.push_str(&words.join(" "));
            text.push('\n');
        }
        text
    }

    /// The pieces of a solution with their cells' names, in the solution's order.
    pub fn pieces_of(&self, solution: &[OptionId]) -> Vec<(&str, Vec<String>)> {
        let dims = self.spec.dims();
        solution
            .iter()
            .map(|&o| {
                let placement = self.placement(o);
                let name = self.spec.pieces()[placement.piece as usize].name.as_str();
                (name, placement.cells.iter().map(|&c| self.spec.cells()[c as usize].name(dims)).collect())
            })
            .collect()
    }

    /// Which piece covers each cell of the box (by index into
    /// [`Spec::cells`]), or `None`.
    pub fn owners(&self, solution: &[OptionId]) -> Vec<Option<u32>> {
        let mut owners = vec![None; self.spec.cells().len()];
        for &o in solution {
            let placement = self.placement(o);
            for &c in placement.cells {
                owners[c as usize] = Some(placement.piece);
            }
        }
        owners
    }

    /// Two or three dimensions.
    pub fn dims(&self) -> Dims {
        self.spec.dims()
    }
}

/// The order of the box's primary cells (indices into [`Spec::cells`]) that
/// keeps the memo's frontier shortest, or `None` when Knuth's order (by
/// coordinates) is as short as any.
///
/// The memo remembers a subproblem by the cells still free. When the search
/// covers the cells in some order, the cells it must remember are those
/// covered whose placements reach cells not yet met: the *frontier*. Its
/// width bounds the subproblems a level can meet (about `2^width`), so the
/// order with the narrowest widest frontier wins. The candidates are Knuth's
/// order (rows of `x`), columns first, and the two diagonal sweeps
/// (`x + y`, then `x - y`): in a rectangle the rows or the columns along the
/// longer side; in the Aztec diamond of order `n`, whose sides are diagonals,
/// a diagonal sweep, with a frontier of about `n + 1` cells rather than the
/// `2n` of its middle rows (order 12: 228,918 ZDD nodes rather than tens of
/// millions). Ties keep Knuth's order, so the memo's figures on rectangles
/// stay DLX6's.
fn sweep_order(spec: &Spec, placements: &Placements) -> Option<Vec<usize>> {
    let cells = spec.cells();
    let primary: Vec<usize> = (0..cells.len()).filter(|&i| !cells[i].is_secondary()).collect();
    type Key = fn(&[u8; 3]) -> (i32, i32, i32);
    let keys: [Key; 4] = [
        |c| (i32::from(c[0]), i32::from(c[1]), i32::from(c[2])),
        |c| (i32::from(c[1]), i32::from(c[0]), i32::from(c[2])),
        |c| (i32::from(c[0]) + i32::from(c[1]), i32::from(c[0]), i32::from(c[2])),
        |c| (i32::from(c[0]) - i32::from(c[1]), i32::from(c[0]), i32::from(c[2])),
    ];
    let mut best: Option<(usize, Vec<usize>)> = None;
    for (k, key) in keys.iter().enumerate() {
        let mut order = primary.clone();
        // A stable sort: equal keys (cells differing only in a suffix, which
        // primary cells lack) keep Knuth's order.
        order.sort_by_key(|&i| key(&cells[i].coords));
        let width = frontier_width(cells.len(), &order, placements);
        if best.as_ref().is_none_or(|(w, _)| width < *w) {
            best = Some((width, if k == 0 { Vec::new() } else { order }));
        }
    }
    best.and_then(|(_, order)| (!order.is_empty()).then_some(order))
}

/// The widest frontier of `order`: the most cells, at any point of the
/// sweep, that have been met and share a placement with a cell not yet met.
fn frontier_width(n_cells: usize, order: &[usize], placements: &Placements) -> usize {
    const UNMET: usize = usize::MAX;
    let mut position = vec![UNMET; n_cells];
    for (p, &c) in order.iter().enumerate() {
        position[c] = p;
    }
    // Each cell stays on the frontier until the last cell met of any
    // placement holding it.
    let mut until: Vec<usize> = (0..n_cells).map(|c| position[c]).collect();
    for placement in placements.iter() {
        let last = placement.cells.iter().map(|&c| position[c as usize]).filter(|&p| p != UNMET).max().unwrap_or(0);
        for &c in placement.cells {
            if position[c as usize] != UNMET {
                until[c as usize] = until[c as usize].max(last);
            }
        }
    }
    // +1 where a cell joins the frontier, -1 where it leaves.
    let mut change = vec![0i64; order.len() + 1];
    for &c in order {
        if until[c] > position[c] {
            change[position[c]] += 1;
            change[until[c]] -= 1;
        }
    }
    let mut width = 0i64;
    let mut widest = 0i64;
    for delta in change {
        width += delta;
        widest = widest.max(width);
    }
    widest as usize
}

/// The problem of `spec` with the primary cells declared in `order` (then the
/// pieces and the secondary cells, as in Knuth's order), and the options
/// of `placements` in their order.
fn make_problem<'p, I>(spec: &Spec, placements: I, order: &[usize]) -> Result<Problem, ModelError>
where
    I: IntoIterator<Item = PlacementRef<'p>>,
    I::IntoIter: Clone,
{
    let placements = placements.into_iter();
    // The builder's arrays sized at once: each option is a placement's
    // cells and, unless its piece is of unlimited supply, the piece.
    let (mut options, mut nodes) = (0, 0);
    for p in placements.clone() {
        options += 1;
        nodes += p.cells.len() + 1;
    }
    let options_of = placements.map(|p| ([p.piece], p.cells));
    make_problem_sized(spec, options_of, order, (options, nodes))
}

/// The problem whose options place the pieces `pieces` on the cells `cells`
/// of each `(pieces, cells)` of `options` (several placements at once, for
/// the packings a symmetry fixes), its primary cells declared in `order`.
fn make_problem_of<'o>(
    spec: &Spec,
    options: impl IntoIterator<Item = (&'o [u32], &'o [u32])>,
    order: &[usize],
) -> Result<Problem, ModelError> {
    make_problem_sized(spec, options, order, (0, 0))
}

/// [`make_problem_of`], the builder's arrays reserved for `(options,
/// nodes)`: the options and their items, about.
fn make_problem_sized<'o, P: AsRef<[u32]>>(
    spec: &Spec,
    options: impl IntoIterator<Item = (P, &'o [u32])>,
    order: &[usize],
    (n_options, n_nodes): (usize, usize),
) -> Result<Problem, ModelError> {
    let mut b = Problem::builder();
    let mut cell_items = vec![Item(0); spec.cells().len()];
    let mut name = String::new();
    for &i in order {
        spec.cells()[i].write_name(spec.dims(), &mut name);
        cell_items[i] = b.primary(&name)?;
    }
    let piece_items = (0..spec.pieces().len()).map(|k| piece_item(&mut b, spec, k)).collect::<Result<Vec<_>, _>>()?;
    for (i, cell) in spec.cells().iter().enumerate() {
        if cell.is_secondary() {
            cell.write_name(spec.dims(), &mut name);
            cell_items[i] = b.secondary(&name)?;
        }
    }
    b.reserve(n_options, n_nodes);
    for (pieces, cells) in options {
        let items = pieces
            .as_ref()
            .iter()
            .filter_map(|&p| piece_items[p as usize])
            .chain(cells.iter().map(|&c| cell_items[c as usize]));
        b.option(items)?;
    }
    Ok(b.build()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widths(description: &str) -> (usize, Option<usize>) {
        let spec = Spec::parse(description).unwrap();
        let packing = Packing::new(&spec).unwrap();
        let knuth: Vec<usize> = (0..spec.cells().len()).collect();
        let swept = sweep_order(&spec, &packing.placements)
            .map(|o| frontier_width(spec.cells().len(), &o, &packing.placements));
        (frontier_width(spec.cells().len(), &knuth, &packing.placements), swept)
    }

    /// The Aztec diamond of order n has middle rows of 2n cells, but its
    /// sides are diagonals of n and n + 1 cells: a diagonal sweep's frontier
    /// is about half a row sweep's. A square board keeps Knuth's order.
    #[test]
    fn the_sweep_follows_the_diamonds_sides() {
        for n in [4u8, 8, 12] {
            let text = format!("{}\n*|D 00 01\n", crate::builtin::aztec_box(n));
            let (rows, diagonals) = widths(&text);
            let n = usize::from(n);
            assert!(rows >= 2 * n, "order {n}: rows {rows}");
            let diagonals = diagonals.expect("a diagonal sweep");
            assert!(diagonals <= n + 2, "order {n}: diagonals {diagonals}");
        }
        assert_eq!(widths("[0-7][0-7]\n*|D 00 01\n"), (8, None));
        // Rows of ten cells (x from 0 to 3, y from 0 to 9): swept along y.
        assert_eq!(widths("[0-3][0-9]\n*|D 00 01\n"), (10, Some(4)));
    }
}
