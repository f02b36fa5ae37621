//! Every way a cost can be refused, with the message the user sees.

use quadrille_dlx::{OptionId, Problem, knuth};

fn read(text: &str) -> String {
    match knuth::read(text) {
        Ok(parsed) => {
            let costs: Vec<u64> = parsed.problem.options().map(|o| parsed.problem.cost(o)).collect();
            format!("accepted; costs {costs:?}")
        }
        Err(e) => e.to_string(),
    }
}

#[test]
fn knuth_format_cost_errors() {
    let cases = [
        ("not_a_number", "A B\nA |7\nB |x7\n"),
        ("sign", "A B\nA |+7\n"),
        ("digits_then_letters", "A B\nA B  |12ab\n"),
        ("too_large", "A B\nA |18446744073709551616\n"),
        ("sum_overflows_in_an_option", "A B\nA |18446744073709551615 |1\n"),
        ("sum_overflows_across_options", "A B\nA |9223372036854775807\nB |9223372036854775807\nA B |1\n"),
        ("several_summed", "A B\nA |1 |2\n B |0 |3\n"),
    ];
    for (name, text) in cases {
        insta::assert_snapshot!(format!("knuth_{name}"), read(text), text);
    }
}

#[test]
fn builder_cost_errors() {
    let mut b = Problem::builder();
    let a = b.primary("A").unwrap();
    let first = b.option([a]).unwrap();
    let second = b.option([a]).unwrap();
    b.set_cost(first, u64::MAX - 2).unwrap();
    let errors = [
        b.set_cost(OptionId(2), 1).unwrap_err(),
        b.set_cost(second, 2).unwrap_err(),
        b.set_cost(first, u64::MAX).unwrap_err(),
    ];
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    insta::assert_snapshot!(text.join("\n"));
    // A refused cost leaves the old one; replacing a cost frees its share.
    b.set_cost(second, 1).unwrap();
    b.set_cost(first, 5).unwrap();
    b.set_cost(second, u64::MAX - 6).unwrap();
    let problem = b.build().unwrap();
    assert_eq!((problem.cost(first), problem.cost(second)), (5, u64::MAX - 6));
}

/// The min-cost search refuses bounds instead of ignoring them.
#[test]
fn costs_with_bounds_are_refused() {
    let problem = Problem::from_knuth("2:3|A B\nA |1\nA B |2\nA |3\n").unwrap();
    let error = quadrille_dlx::MinCost::new(&problem).best(1).unwrap_err();
    insta::assert_snapshot!(error.to_string());
    // Bounds of [1, 1] written out are none to the min-cost search (DLX5
    // reads no bounds): it takes the problem as a plain one.
    let plain = Problem::from_knuth("1:1|A B\nA |1\nB |2\nA B |5\n").unwrap();
    assert_eq!(quadrille_dlx::MinCost::new(&plain).best(1).unwrap().costs(), [3]);
}
