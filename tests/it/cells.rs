//! The dancing-cells engine against Knuth's SSXCC: nodes and updates equal his on
//! every instance of `data/reference/instances.tsv` and on his queens input.

use quadrille::dlx::{Config, Engine, Problem, Solver, Stats};
use quadrille::queens::model::{CoverModel, Order};

use crate::data;

fn cells(problem: &Problem) -> Stats {
    let mut solver = Solver::with_config(problem, Config::new().engine(Engine::Cells));
    solver.count();
    solver.stats()
}

/// The instances with SSXCC figures, quick ones first. `sudoku_6x6_all` (a
/// quarter of a billion nodes, the test command's slowest test by far with the
/// engine's debug assertions on) only in release builds with
/// `QUADRILLE_LONG_TESTS=1`; the random colours and the queens of 10, with
/// SSXCC's figures too, keep a colour-heavy search and a search with
/// secondary items in the test command's run.
#[test]
fn nodes_and_updates_equal_ssxcc_on_knuths_instances() {
    let long = !cfg!(debug_assertions) && std::env::var_os("QUADRILLE_LONG_TESTS").is_some();
    for row in data::table("instances").into_iter().filter(|row| row[1] == "ssxcc") {
        let file = &row[0];
        if file == "sudoku_6x6_all" && !long {
            continue;
        }
        let problem = Problem::from_knuth(&data::read(&format!("dlx/{file}.dlx"))).unwrap();
        let stats = cells(&problem);
        let [solutions, nodes, updates, cleansings] = data::figures(file, "ssxcc");
        assert_eq!(Some(stats.solutions), solutions, "{file}: solutions");
        assert_eq!(Some(stats.nodes), nodes, "{file}: nodes");
        assert_eq!(Some(stats.updates), updates, "{file}: updates");
        if let Some(cleansings) = cleansings {
            assert_eq!(stats.cleansings, cleansings, "{file}: cleansings");
        }
    }
}

/// Knuth's queens-dlx input, organ-pipe order, as `CoverModel` writes it.
#[test]
fn nodes_and_updates_equal_ssxcc_on_queens() {
    for row in data::table("queens_ssxcc") {
        let n = data::number(&row[0]).unwrap() as usize;
        let model = CoverModel::new(n, Order::OrganPipe).unwrap();
        let stats = cells(model.problem());
        let expected = [1, 2, 3].map(|k| data::number(&row[k]));
        assert_eq!([Some(stats.solutions), Some(stats.nodes), Some(stats.updates)], expected, "n = {n}");
    }
}
