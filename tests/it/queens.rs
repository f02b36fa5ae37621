//! N-Queens across the crates: the three searches agree with each other and with
//! the snapshots of the reference search, Knuth's model counts exactly as DLX1,
//! and the counts are OEIS A000170 and A002562.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use quadrille::dlx::{Config, Engine, Problem, Solver, Stats};
use quadrille::queens::model::{CoverModel, Order};
use quadrille::queens::render::{self, Drawing, Style};
use quadrille::queens::{backtrack, bitboard, construct, symmetry};

use crate::data;

/// A000170 (total) and A002562 (unique) for n = 0..=14, from
/// `data/reference/queens_oeis.tsv`; the empty board (n = 0) has one solution.
fn oeis() -> (Vec<u64>, Vec<u64>) {
    let (mut total, mut unique) = (vec![1], vec![1]);
    for row in data::table("queens_oeis").into_iter().take(14) {
        assert_eq!(data::number(&row[0]), Some(total.len() as u64), "rows in order of n");
        total.push(data::number(&row[1]).unwrap());
        unique.push(data::number(&row[2]).unwrap());
    }
    (total, unique)
}

/// The rows of the table of Knuth's DLX1 on his queens input
/// (`data/reference/queens_dlx1.tsv`), for n up to `max_n`: (n, solutions, nodes
/// and updates in organ-pipe order, nodes and updates in natural order).
fn dlx1_table(max_n: usize) -> Vec<[u64; 6]> {
    let rows: Vec<[u64; 6]> = data::table("queens_dlx1")
        .iter()
        .map(|row| {
            let cells: Vec<u64> = row.iter().map(|cell| data::number(cell).unwrap()).collect();
            cells.try_into().expect("six numbers a row")
        })
        .filter(|row: &[u64; 6]| row[0] <= max_n as u64)
        .collect();
    assert_eq!(rows.len(), max_n, "rows for n = 1..={max_n}");
    rows
}

fn by_backtracking(n: usize) -> Vec<Vec<usize>> {
    backtrack::solutions(n).unwrap()
}

fn by_bitboard(n: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    bitboard::visit(n, |cols| {
        all.push(cols.to_vec());
        ControlFlow::Continue(())
    })
    .unwrap();
    all
}

/// The placements Dancing Links finds on Knuth's model, in the engine's order.
fn by_dlx(n: usize, order: Order) -> Vec<Vec<usize>> {
    let model = CoverModel::new(n, order).unwrap();
    let mut solver = Solver::new(model.problem());
    let mut all = Vec::new();
    solver.visit(|solution| {
        assert!(model.problem().is_solution(solution));
        all.push(model.placement(solution));
        ControlFlow::Continue(())
    });
    all
}

/// Solutions drawn as `quadrille queens N` prints them: boards, a blank line
/// between.
fn boards(n: usize, solutions: &[Vec<usize>]) -> String {
    let drawing = Drawing::new(Style::Board, n);
    let mut text = Vec::new();
    for (i, cols) in solutions.iter().enumerate() {
        if i > 0 {
            text.push(b'\n');
        }
        drawing.draw(cols, &mut text);
    }
    String::from_utf8(text).unwrap()
}

fn sorted(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    solutions.sort();
    solutions
}

/// The reference search's boards are the snapshots; the other two searches,
/// their solutions put in the same (lexicographic) order, must print the very
/// same text.
#[test]
fn all_three_searches_print_the_snapshot_boards() {
    for n in 1..=8 {
        let name = format!("boards_{n}");
        let reference = by_backtracking(n);
        assert!(reference.windows(2).all(|w| w[0] < w[1]), "the reference search lists in lexicographic order");
        insta::assert_snapshot!(name.clone(), boards(n, &reference));
        insta::assert_snapshot!(name.clone(), boards(n, &by_bitboard(n)));
        for order in [Order::OrganPipe, Order::Natural] {
            insta::assert_snapshot!(name.clone(), boards(n, &sorted(by_dlx(n, order))));
        }
    }
}

#[test]
fn the_three_searches_find_the_same_solutions_for_9_to_11() {
    let (totals, _) = oeis();
    for (n, &total) in totals.iter().enumerate().skip(9).take(3) {
        let reference: BTreeSet<Vec<usize>> = by_backtracking(n).into_iter().collect();
        assert_eq!(reference.len() as u64, total);
        let bits = by_bitboard(n);
        assert_eq!(bits.len(), reference.len(), "no repeats");
        assert_eq!(bits.into_iter().collect::<BTreeSet<_>>(), reference, "n = {n}");
        let dlx = by_dlx(n, Order::OrganPipe);
        assert_eq!(dlx.len(), reference.len(), "no repeats");
        assert_eq!(dlx.into_iter().collect::<BTreeSet<_>>(), reference, "n = {n}");
    }
}

#[test]
fn leetcode_51_for_four() {
    assert_eq!(
        render::leetcode(4, &by_backtracking(4)),
        r#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]"#
    );
}

/// Knuth's model, written and built, gives the engine exactly DLX1's nodes and
/// updates in both orders.
#[test]
fn dlx_statistics_equal_knuths_dlx1() {
    for [n, solutions, pipe_nodes, pipe_updates, natural_nodes, natural_updates] in dlx1_table(12) {
        let n = n as usize;
        for (order, nodes, updates) in
            [(Order::OrganPipe, pipe_nodes, pipe_updates), (Order::Natural, natural_nodes, natural_updates)]
        {
            let expected = Stats { nodes, updates, cleansings: 0, solutions };
            let model = CoverModel::new(n, order).unwrap();
            let links = Config::new().engine(Engine::Links);
            let mut solver = Solver::with_config(model.problem(), links.clone());
            solver.count();
            assert_eq!(solver.stats(), expected, "n = {n}, {order:?}");
            // The text goes through Knuth's format to the same search.
            let parsed = Problem::from_knuth(&CoverModel::knuth_text(n, order).unwrap()).unwrap();
            let mut solver = Solver::with_config(&parsed, links.clone());
            solver.count();
            assert_eq!(solver.stats(), expected, "n = {n}, {order:?}, from the text");
        }
    }
}

#[test]
fn counts_are_a000170_and_a002562() {
    let (totals, uniques) = oeis();
    for n in 0..=14 {
        let counts = bitboard::count(n).unwrap();
        assert_eq!((counts.total, counts.unique), (totals[n], uniques[n]), "counter, n = {n}");
        let mut listed = 0;
        bitboard::visit(n, |_| {
            listed += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(listed, totals[n], "bitboard listing, n = {n}");
    }
    for n in 0..=12 {
        assert_eq!(backtrack::count(n).unwrap(), totals[n], "backtracking, n = {n}");
        assert_eq!(symmetry::unique_solutions(n).unwrap().len() as u64, uniques[n], "unique list, n = {n}");
    }
    for (n, &total) in totals.iter().enumerate().skip(1) {
        let model = CoverModel::new(n, Order::OrganPipe).unwrap();
        assert_eq!(Solver::new(model.problem()).count(), total, "dlx, n = {n}");
    }
}

#[test]
fn counts_on_one_thread_equal_counts_on_all() {
    for n in [4, 5, 9, 13] {
        let parallel = bitboard::count(n).unwrap();
        assert_eq!(bitboard::count_on_this_thread(n).unwrap(), parallel, "n = {n}");
    }
}

/// Every unique solution stands for a class; the classes' sizes add up to all
/// solutions, and every solution's canonical form is in the list.
#[test]
fn unique_solutions_stand_for_every_solution() {
    let (totals, _) = oeis();
    for (n, &total) in totals.iter().enumerate().take(11).skip(4) {
        let unique = symmetry::unique_solutions(n).unwrap();
        let orbits: usize = unique.iter().map(|cols| symmetry::orbit_size(cols).unwrap()).sum();
        assert_eq!(orbits as u64, total);
        let unique: BTreeSet<Vec<usize>> = unique.into_iter().collect();
        for cols in by_backtracking(n) {
            assert!(unique.contains(&symmetry::canonical(&cols).unwrap()), "n = {n}: {cols:?}");
        }
    }
}

#[test]
fn the_construction_holds_for_a_million_queens() {
    let n = 1_000_000;
    let cols = construct::solution(n).unwrap();
    assert_eq!(cols.len(), n);
    assert!(construct::is_solution(&cols));
    let mut sorted = cols.clone();
    sorted.sort_unstable();
    assert!(sorted.iter().enumerate().all(|(i, &c)| i == c), "one queen per column");
    // Moving one queen breaks it, and the checker says so.
    let mut broken = cols;
    broken.swap(0, 1);
    assert!(!construct::is_solution(&broken));
}

#[test]
fn the_construction_holds_from_4_to_2000() {
    for n in 4..=2000 {
        assert!(construct::is_solution(&construct::solution(n).unwrap()), "n = {n}");
    }
}

/// A count split into K shards, as K machines would run it, adds up to the whole:
/// the bitboard counter's totals and unique counts, and the engine's solutions,
/// nodes and updates on Knuth's model in both orders.
#[test]
fn shards_add_up_to_the_whole_count() {
    use quadrille::dlx::Parallel;
    for n in [1, 5, 12] {
        let whole = bitboard::count(n).unwrap();
        for of in [1, 2, 7, 64] {
            let shards: Vec<_> = (0..of).map(|i| bitboard::count_shard(n, i, of, None).unwrap()).collect();
            let total: u64 = shards.iter().map(|s| s.total).sum();
            let unique_times_8: u64 = shards.iter().map(|s| s.unique_times_8).sum();
            assert_eq!((total, unique_times_8 / 8), (whole.total, whole.unique), "n = {n}, {of} shards");
            assert_eq!(unique_times_8 % 8, 0);
        }
    }
    assert!(bitboard::count_shard(8, 3, 3, None).is_err());
    for order in [Order::OrganPipe, Order::Natural] {
        let model = CoverModel::new(10, order).unwrap();
        let mut solver = Solver::new(model.problem());
        solver.count();
        let serial = solver.stats();
        assert_eq!(serial.solutions, 724);
        for of in [1, 2, 7, 64] {
            let total: Stats =
                (0..of).map(|i| Parallel::new(model.problem()).threads(2).shard(i, of).unwrap().count().unwrap()).sum();
            assert_eq!(total, serial, "{order:?}, {of} shards");
        }
    }
}
