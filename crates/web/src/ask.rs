//! The solver page's questions, translated to the front ([`Search`]) as
//! `quadrille solve` translates its flags: the problem read from Knuth's
//! text, the question asked on one thread with the engine named (or
//! `auto`), the solutions handed on as they come, and the answer with the
//! front's [`Report`] as JSON.

use std::ops::ControlFlow;
use std::sync::Arc;

use quadrille_dlx::front::{EngineStats, Report, Search};
use quadrille_dlx::{Engine, Monitor, OptionId, Problem};
use serde_json::{Value, json};

use crate::models::Board;

/// The most solutions a listing hands on when no limit is given: a page
/// shows them all, and a browser's memory is not the command line's pipe.
pub const LIST_MOST: u64 = 100_000;

/// The most cheapest solutions asked for at once.
pub const BEST_MOST: usize = 10_000;

/// Reads a problem in Knuth's format, or says what is wrong and where, in
/// the words of `quadrille solve` (`line 3, column 5: unknown item `X``).
pub fn read(text: &str) -> Result<Problem, String> {
    Problem::from_knuth(text).map_err(|e| e.to_string())
}

/// What the page shows of a problem before it is solved: its size.
pub fn describe(problem: &Problem) -> Value {
    json!({
        "items": problem.n_items(),
        "primary": problem.n_primary(),
        "secondary": problem.n_secondary(),
        "options": problem.n_options(),
        "colors": problem.n_colors(),
        "bounds": problem.has_bounds(),
        "costs": problem.has_costs(),
    })
}

/// Answers the request (`{"text", "model", "question": "count" | "first" |
/// "list" | "best", "limit", "k", "engine"}`) on one thread, reporting to
/// `monitor` (whose hook shows progress and may stop it), handing each
/// solution to `solution` as it is found. The answer is `{"ok": true, …}`
/// with the count or the solutions' number, the engine, the reason for it,
/// the engine's figures and how the search ended; or `{"ok": false,
/// "error": …}`.
pub fn ask(request: &Value, monitor: Arc<Monitor>, solution: &mut (dyn FnMut(Value) + Send)) -> Value {
    match answer(request, monitor, solution) {
        Ok(answer) => answer,
        Err(error) => json!({ "ok": false, "error": error }),
    }
}

fn answer(request: &Value, monitor: Arc<Monitor>, emit: &mut (dyn FnMut(Value) + Send)) -> Result<Value, String> {
    let problem = read(request["text"].as_str().unwrap_or_default())?;
    let board = match request.get("model").filter(|m| !m.is_null()) {
        Some(model) => Some(Board::from_json(model)?),
        None => None,
    };
    let engine: Engine = request["engine"].as_str().unwrap_or("auto").parse().map_err(|e| format!("{e}"))?;
    let limit = request["limit"].as_u64().filter(|&k| k > 0);
    let search = Search::new(&problem).engine(engine).threads(1).monitor(Some(monitor));
    let question = request["question"].as_str().unwrap_or("count");
    let shown = |options: &[OptionId], number: u64, cost: Option<u64>| {
        json!({
            "number": number,
            "options": options.iter().map(|&o| problem.format_option(o)).collect::<Vec<_>>(),
            "ids": options.iter().map(|o| o.0).collect::<Vec<_>>(),
            "cost": cost,
            "svg": board.as_ref().and_then(|b| b.draw(&problem, options, number as usize)),
        })
    };
    let (report, mut answer) = match question {
        "count" => {
            let counted = search.limit(limit).count().map_err(|e| e.to_string())?;
            let count = counted.solutions.to_string();
            (counted.report, json!({ "solutions": count }))
        }
        "first" => {
            let found = search.first().map_err(|e| e.to_string())?;
            let first = found.solution.as_deref().map(|s| shown(s, 1, None));
            if let Some(first) = &first {
                emit(first.clone());
            }
            (found.report, json!({ "solutions": u64::from(first.is_some()).to_string() }))
        }
        "list" => {
            let most = limit.unwrap_or(LIST_MOST).min(LIST_MOST);
            let mut listed = 0u64;
            let report = search
                .limit(Some(most))
                .visit(|options| {
                    listed += 1;
                    emit(shown(options, listed, None));
                    ControlFlow::Continue(())
                })
                .map_err(|e| e.to_string())?;
            (report, json!({ "solutions": listed.to_string() }))
        }
        "best" => {
            let k = (request["k"].as_u64().unwrap_or(1) as usize).clamp(1, BEST_MOST);
            let ranked = search.best(k).map_err(|e| e.to_string())?;
            for (number, solution) in ranked.solutions.iter().enumerate() {
                emit(shown(&solution.options, number as u64 + 1, Some(solution.cost)));
            }
            let costs = ranked.costs();
            let total = ranked.count.as_ref().map(ToString::to_string);
            (ranked.report, json!({ "solutions": ranked.solutions.len().to_string(), "costs": costs, "count": total }))
        }
        other => return Err(format!("unknown question `{other}`: ask count, first, list or best")),
    };
    answer["ok"] = json!(true);
    answer["question"] = json!(question);
    answer["engine"] = json!(report.engine.name());
    answer["asked"] = json!(engine.name());
    answer["reason"] = json!(reason(engine, question, &report));
    answer["figures"] = json!(report.stats.figures());
    answer["interrupted"] = json!(report.interrupted);
    answer["limit_reached"] = json!(report.limit_reached);
    Ok(answer)
}

/// Why this engine answered, in words, from what the front's [`Report`]
/// carries (its [`Choice`](quadrille_dlx::front::Choice)).
pub fn reason(asked: Engine, question: &str, report: &Report) -> String {
    let choice = &report.choice;
    let engine = report.engine.name();
    if asked != Engine::Auto {
        return format!("{engine}: asked for by name");
    }
    let mut why = Vec::new();
    match question {
        "best" => why.push("the cheapest solutions: the rule for costs".to_string()),
        "count" => {
            if choice.reused {
                why.push("as an earlier count chose".to_string());
            }
            if let Some(probe) = &choice.probe {
                why.push(format!("the memo's probe: {} nodes, {} cache hits", probe.nodes, probe.hits));
            }
            if let Some(nodes) = choice.sweep_estimate {
                why.push(format!("Knuth's estimate of the sweep: {nodes:.3e} nodes"));
            }
            if let Some((nodes, updates)) = choice.fewest_estimate {
                why.push(format!("of the search by fewest options: {nodes:.3e} nodes, {updates:.3e} updates"));
            }
            if let Some((nodes, updates)) = choice.memo_budget {
                why.push(format!("the memo's turn: {nodes} nodes, {updates} updates"));
            }
            if let Some(other) = choice.gave_way {
                why.push(format!("{} gave way", other.name()));
            }
            if let Some(order) = &choice.sweep_order {
                why.push(format!("the sweep's order of {} items", order.len()));
            }
            if why.is_empty() {
                let small = matches!(report.stats, EngineStats::Search(_));
                why.push(
                    if small { "the rule of counts: a small search, or a limit" } else { "the rule of counts" }.into(),
                );
            }
        }
        _ => why.push("the rule of listings for this problem".to_string()),
    }
    format!("{engine} (auto): {}", why.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(request: Value) -> (Value, Vec<Value>) {
        let mut solutions = Vec::new();
        let answer = ask(&request, Arc::new(Monitor::new()), &mut |s| solutions.push(s));
        (answer, solutions)
    }

    #[test]
    fn the_toy_problem_every_way() {
        let text = crate::models::TOY;
        let (count, _) = run(json!({ "text": text, "question": "count" }));
        assert_eq!(count["solutions"], "1", "{count}");
        assert!(count["reason"].as_str().unwrap().contains("(auto)"));
        let (first, shown) = run(json!({ "text": text, "question": "first", "engine": "links" }));
        assert_eq!(
            (first["engine"].as_str(), first["reason"].as_str()),
            (Some("links"), Some("links: asked for by name"))
        );
        assert_eq!(shown[0]["options"], json!(["A D", "C E F", "B G"]));
        let figures = first["figures"].as_array().unwrap();
        assert_eq!(figures[0], json!(["nodes", 6]));
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let (answer, _) = run(json!({ "text": "A B\nA C\n", "question": "count" }));
        assert_eq!(answer["ok"], false);
        assert_eq!(answer["error"], "line 2, column 3: unknown item `C`");
        let (answer, _) = run(json!({ "text": "A\nA\n", "question": "count", "engine": "fast" }));
        assert!(answer["error"].as_str().unwrap().starts_with("unknown engine `fast`"));
        let (answer, _) = run(json!({ "text": "A\nA\n", "question": "count", "engine": "costs" }));
        assert!(answer["error"].as_str().unwrap().starts_with("the costs engine cannot count"));
    }

    #[test]
    fn listing_stops_at_the_limit_and_best_has_costs() {
        let (answer, shown) = run(json!({ "text": "A B\nA\nB\nA B\n", "question": "list", "limit": 1 }));
        assert_eq!((answer["solutions"].as_str(), shown.len()), (Some("1"), 1));
        assert_eq!(answer["limit_reached"], true);
        let (answer, shown) = run(json!({ "text": "A B\nA |2\nB |1\nA B |5\nB |4\n", "question": "best", "k": 3 }));
        assert_eq!(answer["costs"], json!([3, 5, 6]));
        assert_eq!(shown[2]["cost"], 6);
    }

    /// Each solution is drawn alone, captioned with its own number.
    #[test]
    fn boards_drawn_alone_carry_their_numbers() {
        for (model, caption) in [
            (json!({ "kind": "queens", "n": 6 }), "solution"),
            (json!({ "kind": "pack", "spec": crate::models::pack_spec("soma", "3x3x3") }), "packing"),
        ] {
            let text = Board::from_json(&model).ok().unwrap().text();
            let (_, shown) = run(json!({ "text": text, "model": model, "question": "list", "limit": 3 }));
            assert_eq!(shown.len(), 3);
            for (k, solution) in shown.iter().enumerate() {
                let svg = solution["svg"].as_str().unwrap();
                assert!(svg.contains(&format!(">{caption} {}</text>", k + 1)), "{svg}");
                assert_eq!(svg.matches(&format!(">{caption} ")).count(), 1);
            }
        }
    }

    /// A monitor whose hook stops the search ends a long count with what it
    /// counted so far.
    #[test]
    fn a_hook_that_stops_ends_the_count() {
        let monitor = Arc::new(Monitor::with_hook(|m| {
            if m.stats().nodes > 100_000 {
                m.stop();
            }
        }));
        let board = Board::from_json(&json!({ "kind": "queens", "n": 16 })).ok().unwrap();
        let request = json!({ "text": board.text(), "question": "count", "engine": "links" });
        let answer = ask(&request, monitor, &mut |_| {});
        assert_eq!(answer["interrupted"], true, "{answer}");
        assert!(answer["solutions"].as_str().unwrap().parse::<u64>().unwrap() < 14_772_512);
    }
}
