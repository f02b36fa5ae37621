//! The capability table at the command line's doors: every `--engine` lists
//! exactly the table's engines (those a subcommand can use), `quadrille
//! engines` prints the table, and every refusal the table makes comes out
//! in its words, with the reason and the engines that can.

use quadrille_dlx::engine::{Refusal, Refused};
use quadrille_dlx::{Engine, Problem, Question, Search};

use crate::{data, quadrille};

/// The values clap lists for `--engine` when it is given a name it does
/// not know.
fn listed(args: &[&str]) -> Vec<String> {
    let run = quadrille(args, "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    let (_, values) = run.stderr.split_once("[possible values: ").unwrap_or_else(|| panic!("{}", run.stderr));
    let (values, _) = values.split_once(']').unwrap();
    values.split(", ").map(str::to_owned).collect()
}

/// The names of the engines the table keeps, in its order.
fn table(keep: impl Fn(Engine) -> bool) -> Vec<String> {
    Engine::ALL.into_iter().filter(|&e| keep(e)).map(|e| e.name().to_owned()).collect()
}

#[test]
fn every_engine_flag_lists_the_table() {
    let toy = data("dlx/knuth_toy.dlx");
    let toy = toy.to_str().unwrap();
    assert_eq!(listed(&["solve", toy, "--engine", "nowhere"]), table(|_| true));
    assert_eq!(
        listed(&["queens", "6", "--algorithm", "dlx", "--engine", "nowhere"]),
        table(|e| e.capabilities().answers(Question::Count))
    );
    assert_eq!(listed(&["sudoku", "--engine", "nowhere"]), table(|e| e.capabilities().commits));
    // And the help names each with its summary.
    // (clap wraps the lines: compared word for word.)
    let help = quadrille(&["solve", "--help"], "");
    let words = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for engine in Engine::ALL {
        assert!(words.contains(engine.capabilities().summary), "{engine}: {}", help.stdout);
    }
}

#[test]
fn quadrille_engines_prints_the_table() {
    let run = quadrille(&["engines", "--markdown"], "");
    assert_eq!((run.code, run.stdout.as_str()), (0, quadrille_dlx::engine::markdown().as_str()));
    let run = quadrille(&["engines"], "");
    assert_eq!(run.code, 0);
    for engine in Engine::ALL {
        assert!(run.stdout.contains(&format!("{engine}: {}", engine.capabilities().summary)), "{}", run.stdout);
    }
}

/// Each refusal of a question by an engine, asked at the command line, says
/// the table's words (the question, the reason, the engines that can), the
/// same as the library's front: never another engine's answer, never silence.
#[test]
fn every_refusal_names_its_reason() {
    let toy = data("dlx/knuth_toy.dlx");
    let toy = toy.to_str().unwrap();
    let colours = data("dlx/knuth_toy_colors.dlx");
    let colours = colours.to_str().unwrap();
    let costs = data("dlx/assignment_9.dlx");
    let costs = costs.to_str().unwrap();
    let mut refused = 0;
    for engine in Engine::ALL {
        let name = engine.name();
        let cases: [(Question, Vec<&str>); 4] = [
            (Question::Count, vec!["solve", toy, "--count", "--engine", name]),
            (Question::List, vec!["solve", toy, "--engine", name]),
            (Question::Best, vec!["solve", costs, "--best", "--engine", name]),
            (Question::Estimate, vec!["solve", toy, "--estimate", "--engine", name]),
        ];
        for (question, args) in cases {
            let run = quadrille(&args, "");
            match engine.capabilities().refusal(question) {
                Some(refusal) => {
                    refused += 1;
                    assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
                    assert_eq!(run.stderr.trim_end(), format!("quadrille: error: {refusal}"), "{args:?}");
                    assert!(!refusal.others().is_empty(), "{refusal}: no engine can?");
                }
                None => assert_ne!(run.code, 2, "{args:?}: {}", run.stderr),
            }
        }
        // Colours: the table's refusal, or an answer.
        let run = quadrille(&["solve", colours, "--count", "--engine", name], "");
        let problem = Problem::from_knuth(&std::fs::read_to_string(colours).unwrap()).unwrap();
        match Search::new(&problem).engine(engine).admit(Question::Count) {
            // (After the reader's warning of the option without a primary item.)
            Err(e) => {
                assert_eq!(run.stderr.trim_end().lines().last(), Some(&*format!("quadrille: error: {e}")), "{name}")
            }
            Ok(()) => assert_eq!(run.code, 0, "{name}: {}", run.stderr),
        }
    }
    assert!(refused >= 8, "only {refused} refusals tried");
    // A refusal of a problem's kind says which engines take it.
    let sweep = Refusal { engine: Engine::Sweep, what: Refused::Colours };
    let run = quadrille(&["solve", colours, "--count", "--engine", "sweep"], "");
    assert_eq!(run.stderr.trim_end().lines().last(), Some(&*format!("quadrille: error: {sweep}")));
    assert!(sweep.to_string().ends_with("memo and dc do"), "{sweep}");
}
