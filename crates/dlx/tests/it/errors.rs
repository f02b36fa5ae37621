//! Every way a problem can be refused, with the message the user sees.

use quadrille_dlx::{Color, Item, Problem, knuth};

/// The message for a Knuth-format input, or the warnings when it is accepted.
fn read(text: &str) -> String {
    match knuth::read(text) {
        Ok(parsed) => {
            let warnings: Vec<String> = parsed.warnings.iter().map(ToString::to_string).collect();
            format!("accepted with {} options; warnings: {warnings:?}", parsed.problem.n_options())
        }
        Err(e) => e.to_string(),
    }
}

#[test]
fn knuth_format_errors() {
    let cases = [
        ("empty", ""),
        ("only_comments", "| nothing here\n\n   \n"),
        // Knuth's readers skip blanks before `|`: a comment, not an item line
        // without primary items.
        ("indented_bar_is_a_comment", " | X Y\nX Y\n"),
        ("second_bar", "A B | X | Y\nA X\n"),
        ("colon_in_item_name", "A B:c\nA\n"),
        ("duplicate_item", "A B C B\nA B\n"),
        ("unknown_item", "A B | X\nA X\nB Q\n"),
        ("repeated_item", "A B\nA B A\n"),
        ("color_on_primary", "A B | X\nA:red X\n"),
        ("empty_color", "A | X\nA X:\n"),
        ("two_colons", "A | X\nA X:a:b\n"),
        ("bar_in_option", "A B\nA | B\n"),
        ("crlf_and_columns", "| comment\r\nA  B\r\n\r\nA\r\n  B   Zed\r\n"),
        ("option_without_primary", "A | X\nA\nX\n"),
        ("bounds_accepted", "| DLX3's bounds\n2|A 0:3|B C 1:1|D | X\nA B X\nA C\nD\n"),
        ("bounds_lower_above_upper", "A 3:2|B\nA B\n"),
        ("bounds_upper_zero", "A 0|B\nA\n"),
        ("bounds_upper_zero_as_interval", "A  0:0|B\nA\n"),
        ("bounds_on_secondary", "A | X 2|Y\nA X\n"),
        ("bounds_on_secondary_interval", "A | 0:1|Y\nA Y\n"),
        ("bounds_overflow", "A 99999999999|B\nA B\n"),
        ("bounds_over_the_limit", "A 1:2147483648|B\nA B\n"),
        ("bounds_not_numbers", "A 1:x|B\nA\n"),
        ("bounds_two_colons", "A 1:2:3|B\nA\n"),
        ("bounds_without_name", "A 2| B\nA\n"),
        ("bounds_then_colon_in_name", "A 2|B:c\nA\n"),
        ("bounds_duplicate_name", "A 2|A\nA\n"),
    ];
    for (name, text) in cases {
        insta::assert_snapshot!(format!("knuth_{name}"), read(text), text);
    }
}

#[test]
fn builder_errors() {
    let mut b = Problem::builder();
    let a = b.primary("A").unwrap();
    let x = b.secondary("X").unwrap();
    let red = b.color("red").unwrap();
    let errors = [
        b.primary("A").unwrap_err(),
        b.secondary("two words").unwrap_err(),
        b.color("").unwrap_err(),
        b.primary_with_bounds("B", 0, 0).unwrap_err(),
        b.primary_with_bounds("B", 3, 2).unwrap_err(),
        b.primary_with_bounds("B", 1, u32::MAX).unwrap_err(),
        b.option([a, Item(7)]).unwrap_err(),
        b.option([a, a]).unwrap_err(),
        b.option_with_colors([(a, Some(red))]).unwrap_err(),
        b.option_with_colors([(a, None), (x, Some(Color(3)))]).unwrap_err(),
        b.option([]).unwrap_err(),
    ];
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    insta::assert_snapshot!(text.join("\n"));
    // A refused option leaves nothing behind.
    assert_eq!(b.n_options(), 0);
    b.option([a, x]).unwrap();
    let problem = b.build().unwrap();
    assert_eq!(problem.format_option(quadrille_dlx::OptionId(0)), "A X");

    // An option of secondary items only is kept, ignored by the search.
    let mut b = Problem::builder();
    let a = b.primary("A").unwrap();
    let x = b.secondary("X").unwrap();
    assert_eq!(b.option([x]), Ok(quadrille_dlx::OptionId(0)));
    assert_eq!(b.option([a]), Ok(quadrille_dlx::OptionId(1)));
    let problem = b.build().unwrap();
    assert_eq!(problem.ignored_options(), [quadrille_dlx::OptionId(0)]);
    assert_eq!(quadrille_dlx::Solver::new(&problem).count(), 1);

    let only_secondary = {
        let mut b = Problem::builder();
        b.secondary("X").unwrap();
        b.build().unwrap_err()
    };
    insta::assert_snapshot!(only_secondary.to_string(), @"the problem has no primary item");
}

/// The message for an unknown engine names every engine, the memo and the
/// sweep too.
#[test]
fn an_unknown_engine_is_told_every_engine() {
    let error = "fast".parse::<quadrille_dlx::Engine>().unwrap_err();
    insta::assert_snapshot!(
        error.to_string(),
        @"unknown engine `fast`: the engines are links, cells, bits, costs, memo, sweep, dc and auto"
    );
}

#[test]
fn model_errors() {
    use quadrille_dlx::ModelBuilder;

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    enum Cell {
        At(u8, u8),
    }
    let mut b: ModelBuilder<Cell, &str> = ModelBuilder::new();
    b.primary(Cell::At(0, 0)).unwrap();
    let errors = [
        b.primary(Cell::At(0, 0)).unwrap_err(),
        b.option_with([Cell::At(0, 0), Cell::At(1, 2)], "two cells").unwrap_err(),
        b.primary_with_bounds(Cell::At(3, 3), 2, 1).unwrap_err(),
        b.option_with([Cell::At(0, 0), Cell::At(0, 0)], "twice").unwrap_err(),
    ];
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    insta::assert_snapshot!(text.join("\n"));
    // Nothing refused was kept: the model has one item and no option.
    b.option_with([Cell::At(0, 0)], "one cell").unwrap();
    let model = b.build().unwrap();
    assert_eq!((model.problem().n_items(), model.problem().n_options()), (1, 1));
}

/// Reading and building stay linear in the input's size: one option naming
/// 200,000 items (a quadratic check for repeated items takes minutes on it in
/// a debug build), and the same option with its last item repeated, which is
/// still found and named.
#[test]
fn one_long_option_reads_in_linear_time() {
    let n = 200_000;
    let names: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let line = names.join(" ");
    let text = format!("{line}\n{line}\n");
    let start = std::time::Instant::now();
    let problem = Problem::from_knuth(&text).expect("a valid problem");
    assert_eq!(problem.option_items(quadrille_dlx::OptionId(0)).len(), n);
    let repeated = format!("{line}\n{line} i{}\n", n / 2);
    assert_eq!(
        read(&repeated),
        format!("line 2, column {}: item `i{}` appears twice in this option", line.len() + 2, n / 2)
    );
    let mut b = Problem::builder();
    let items: Vec<Item> = names.iter().map(|name| b.primary(name).unwrap()).collect();
    b.option(items.iter().copied()).unwrap();
    let err = b.option(items.iter().copied().chain([items[7]])).unwrap_err();
    assert!(err.to_string().contains("`i7`"), "{err}");
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}
