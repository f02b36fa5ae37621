//! `quadrille pack`.

use crate::{data, interrupted, quadrille};

#[test]
fn lists_packings_as_letter_grids() {
    insta::assert_snapshot!(
        quadrille(&["pack", "--pieces", "pentominoes", "--box", "3x20", "--unique"], "").transcript()
    );
    insta::assert_snapshot!(
        "soma_first",
        quadrille(&["pack", "--pieces", "soma", "--unique", "--first"], "").transcript()
    );
}

#[test]
fn counts_all_packings_or_one_of_each_class() {
    let count = |args: &[&str]| quadrille(&[&["pack", "--count"], args].concat(), "").stdout;
    assert_eq!(count(&["--pieces", "pentominoes", "--box", "4x15", "--unique"]), "368\n");
    assert_eq!(count(&["--pieces", "pentominoes", "--box", "3x20"]), "8\n");
    assert_eq!(count(&["--pieces", "pentominoes", "--box", "6x10", "--unique", "--threads", "1"]), "2339\n");
    assert_eq!(count(&["--pieces", "pentominoes", "--box", "6x10", "--unique", "--limit", "5"]), "5\n");
    let none = quadrille(&["pack", "--pieces", "tetrominoes", "--box", "4x5", "--count"], "");
    assert_eq!((none.code, none.stdout.as_str()), (1, "0\n"));
    let spec = data("pack/scott_8x8.txt");
    assert_eq!(count(&[spec.to_str().unwrap(), "--unique"]), "65\n");
}

#[test]
fn json_streams_one_object_per_packing() {
    let run = quadrille(&["pack", "--pieces", "pentominoes", "--box", "3x20", "--unique", "--json"], "");
    insta::assert_snapshot!(run.transcript());
    let run = quadrille(&["pack", "--pieces", "soma", "--unique", "--count", "--json"], "");
    let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!((record["packings"].as_u64(), record["symmetries"].as_u64()), (Some(240), Some(48)));
}

#[test]
fn emits_knuths_matrix() {
    // Checked by hand against the format's rules: the 60 cells `xy` in order,
    // then the pieces; one option per placement, the piece first, its cells
    // sorted; the bases of each piece in Knuth's breadth-first order, each
    // shifted x-major across the box.
    let spec = data("pack/pentominoes_6x10.txt");
    insta::assert_snapshot!(quadrille(&["pack", spec.to_str().unwrap(), "--emit-dlx"], "").transcript());
    let piped = quadrille(&["pack", "--pieces", "pentominoes", "--box", "3x20", "--emit-dlx"], "");
    assert_eq!(quadrille(&["solve", "--count"], &piped.stdout).stdout, "8\n");
}

#[test]
fn draws_svg() {
    let run = quadrille(&["pack", "--pieces", "pentominoes", "--first", "--format", "svg"], "");
    assert_eq!(run.code, 0);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn shards_merge_into_the_whole_count() {
    let mut records = String::new();
    for shard in ["0/3", "1/3", "2/3"] {
        let run = quadrille(
            &["pack", "--pieces", "pentominoes", "--box", "5x12", "--unique", "--count", "--shard", shard],
            "",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        records += &run.stdout;
    }
    let merged: serde_json::Value = serde_json::from_str(&quadrille(&["merge"], &records).stdout).unwrap();
    assert_eq!(merged["packings"], 1010);
}

#[test]
fn bad_descriptions_name_line_and_column() {
    let cases = [
        ("no_box", "| only a comment\n"),
        ("bad_digit", "[0-5][0-9]\nX 01 1_ 11\n"),
        ("incomplete", "[0-5][0-9]\nX 01 1\n"),
        ("bad_bracket", "[0-5][0-9]\nX 01 [1;2]1\n"),
        ("unclosed", "[0-5][0-9\nX 01\n"),
        ("bad_range", "[-5][0-9]\nX 01\n"),
        ("decreasing_range", "[0-5][9-0]\nX 01\n"),
        ("long_suffix", "[0-5][0-9]toolongx\n"),
        ("bad_suffix", "[0-5][0-9]a:b\n"),
        ("long_name", "[0-5][0-9]\nNINELETTER 01\n"),
        ("name_character", "[0-5][0-9]\nX:1 01\n"),
        ("name_is_cell", "[0-5][0-9]\n12 01 02\n"),
        ("bad_multiplicity", "[0-5][0-9]\n0|X 01\n"),
        ("inconsistent_multiplicity", "[0-5][0-9]\n2|X 01\n3|X 01\n"),
        ("no_cells", "[0-5][0-9]\nX\n"),
    ];
    for (name, text) in cases {
        insta::assert_snapshot!(name, quadrille(&["pack"], text).transcript());
    }
    insta::assert_snapshot!("unknown_set", quadrille(&["pack", "--pieces", "hexominoes"], "").transcript());
    insta::assert_snapshot!("bad_box", quadrille(&["pack", "--pieces", "soma", "--box", "3x3x99"], "").transcript());
    insta::assert_snapshot!("wrong_dims", quadrille(&["pack", "--pieces", "soma", "--box", "3x9"], "").transcript());
    insta::assert_snapshot!(
        "sizes_differ",
        quadrille(&["pack", "--pieces", "pentominoes", "--box", "8x8", "--count"], "").transcript()
    );
}

#[test]
fn ctrl_c_reports_the_partial_count() {
    let run = interrupted(
        // Seconds of search (the pentominoes of 6×10 are counted in a fifth of
        // a second now, over before Ctrl-C).
        &["pack", "--pieces", "solid-pentominoes", "--box", "3x4x5", "--count", "--threads", "1"]
            .map(std::ffi::OsStr::new),
    );
    assert_eq!(run.code, 130, "{}", run.stderr);
    assert!(run.stderr.contains("so far (partial)"), "{}", run.stderr);
}

/// A description brings its own box: `--box` beside one is refused, not
/// silently ignored.
#[test]
fn a_box_beside_a_description_is_refused() {
    let description = "[0-1][0-1]\nD 00 01\n";
    for args in [&["pack", "-", "--box", "9x9", "--count"][..], &["pack", "--box", "9x9", "--count"]] {
        let run = quadrille(args, description);
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}");
        assert!(run.stderr.contains("--box"), "{args:?}: {}", run.stderr);
    }
    let alone = quadrille(&["pack", "-", "--count"], description);
    assert_eq!((alone.code, alone.stdout.as_str()), (1, "0\n"), "{}", alone.stderr);
}

/// `pack --count` counts every packing from one placement of each class of
/// the X (`Packing::count_all`): Knuth's 4,040 packings of 5×12, and figures
/// that are those of every count made, summed (the X on the long axis has a
/// reflection for stabiliser: two counts), as the library's counts of the
/// reduced packing give them, not those of the whole problem's count.
#[test]
fn pack_count_sums_the_figures_of_every_class() {
    use quadrille_pack::{Packing, Spec, builtin};
    let spec = Spec::parse(&builtin::description("pentominoes", Some("5x12")).unwrap()).unwrap();
    let (mut nodes, mut engines, mut counts) = (0, Vec::new(), 0);
    let all = Packing::up_to_symmetry(&spec)
        .unwrap()
        .count_all(|front| {
            let counted = front.threads(1).count()?;
            nodes += counted.report.stats.nodes();
            counts += 1;
            if !engines.contains(&counted.report.engine.name()) {
                engines.push(counted.report.engine.name());
            }
            Ok::<_, quadrille_dlx::front::SearchError>(counted)
        })
        .unwrap();
    assert_eq!((all, counts), (Some(4_040u32.into()), 2));
    let run =
        quadrille(&["pack", "--pieces", "pentominoes", "--box", "5x12", "--count", "--json", "--threads", "1"], "");
    let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!((record["packings"].as_u64(), record["solutions"].as_u64()), (Some(4_040), Some(4_040)));
    assert_eq!((record["nodes"].as_u64(), record["engine"].as_str()), (Some(nodes), Some(engines.join("+").as_str())));
    let whole = Packing::new(&spec).unwrap().count().unwrap().threads(1).count().unwrap();
    assert_ne!(record["nodes"].as_u64(), Some(whole.report.stats.nodes()), "the whole problem's count");
    let stats =
        quadrille(&["pack", "--pieces", "pentominoes", "--box", "5x12", "--count", "--stats", "--threads", "1"], "");
    assert_eq!(stats.stdout, "4040\n");
    assert!(stats.stderr.contains(&format!("nodes: {nodes}\n")), "{}", stats.stderr);
}
