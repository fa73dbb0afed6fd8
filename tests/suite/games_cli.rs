//! The game registry as the command line shows it: `abviz games`, `perft` and `run` for every
//! registered game, Nim included, with the errors for names and options that do not exist.

use assert_cmd::Command;
use predicates::str::contains;

fn abviz() -> Command {
    let mut c = Command::cargo_bin("abviz").unwrap();
    c.env("NO_COLOR", "1").env("COLUMNS", "200");
    c
}

#[test]
fn games_lists_every_game_with_its_options() {
    abviz()
        .arg("games")
        .assert()
        .success()
        .stdout(contains("nim — Nim:"))
        .stdout(contains("example:  --game nim --position '1,3,5,7'"))
        .stdout(contains("    nim-sum        Bouton's rule"))
        .stdout(contains("    misere         whoever takes the last object loses"))
        .stdout(contains("    captures       captures first"))
        .stdout(contains("depth:    3 plies unless --depth"));
}

#[test]
fn nim_runs_plays_and_counts() {
    // 1,2,3 has nim-sum 0: MAX, to move, loses; with the nim-sum evaluation one ply says so.
    abviz()
        .args(["run", "--game", "nim", "--position", "1,2,3", "--algo", "minimax"])
        .assert()
        .success()
        .stdout(contains("Minimax on Nim 1,2,3, MAX to move, to the end, eval none, variant normal"))
        .stdout(contains("Root value   −1"));
    abviz()
        .args(["run", "--game", "nim", "--position", "1,2,3", "--depth", "1", "--eval", "nim-sum"])
        .assert()
        .success()
        .stdout(contains("Root value   −1"))
        .stdout(contains("Nodes        7 "));
    abviz()
        .args(["run", "--game", "nim", "--position", "1,1", "--variant", "misere"])
        .assert()
        .success()
        .stdout(contains("Root value   1"));
    abviz()
        .args(["perft", "--game", "nim", "--position", "1,2", "--depth", "2", "--divide"])
        .assert()
        .success()
        .stdout(contains("1:1: 2\n2:1: 2\n2:2: 1\nmoves: 3\n"))
        .stdout(contains("position: 1,2\n"))
        .stdout(contains("nodes:    5\n"));
    abviz()
        .args(["perft", "--game", "tictactoe", "--depth", "2"])
        .assert()
        .success()
        .stdout(contains("nodes:    72\n"));
    abviz()
        .args(["play", "--game", "nim", "--position", "1,2"])
        .write_stdin("2:1\n2:1\n")
        .assert()
        .success()
        .stdout(contains("Computer (MIN) plays"))
        .stdout(contains("you win"));
}

#[test]
fn html_pages_of_nim_draw_boards() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("nim");
    abviz()
        .args(["run", "--game", "nim", "--position", "2,2", "-f", "html", "-o"])
        .arg(&page)
        .assert()
        .success();
    let board = std::fs::read_to_string(page.join("boards/0.svg")).unwrap();
    assert!(board.contains("<title>2,2</title>") && board.contains("MAX to move"), "{board}");
}

#[test]
fn bad_names_positions_and_options_are_explained() {
    let bad: &[(&[&str], &str, i32)] = &[
        (&["run", "--game", "chess"], "unknown game 'chess': abviz knows tictactoe, xiangqi, nim", 2),
        (&["run", "--game", "nim", "--position", "3,x,5"], "1:3: expected a heap size", 1),
        (&["run", "--game", "nim", "--position", "3,x,5"], "3,x,5", 1),
        (
            &["run", "--game", "nim", "--eval", "win"],
            "unknown nim evaluation 'win': expected none or nim-sum",
            2,
        ),
        (&["run", "--game", "nim", "--order", "captures"], "), not to nim", 2),
        (&["run", "--game", "xiangqi", "--variant", "misere"], "--variant applies to nim", 2),
        (&["run", "--tree", "(1 2)", "--eval", "win"], "--eval applies to games", 2),
        (&["perft", "--game", "nim", "--depth", "2", "--size", "9"], "--size applies to ", 2),
        (&["perft", "--game", "go", "--depth", "2"], "unknown game 'go'", 2),
        (&["run", "--game", "connect4", "--position", "4444444"], "1:7: column 4 is full", 1),
        (&["run", "--game", "c4", "--position", "......./...x..."], "a row is missing", 1),
        (&["run", "--game", "kalah", "--position", "4,4,4:0/4,4,4:1"], "seeds do not add up", 1),
        (&["run", "--game", "gomoku", "--position", "h8 i9 h8"], "1:7: h8 is taken", 1),
        (&["run", "--game", "gomoku", "--size", "9", "--position", "...../....."], "row 1 has 5 cells", 1),
        (&["run", "--game", "gomoku", "--radius", "0"], "--radius takes a whole number from 1 to 4", 2),
        (&["run", "--game", "kalah", "--pits", "9"], "--pits takes a whole number from 1 to 8 for kalah", 2),
        (&["run", "--game", "kalah", "--seeds", "3", "--position", "4,4:0/4,4:0"], "Kalah(2,3) has", 1),
    ];
    for (args, needle, code) in bad {
        let out = abviz().args(*args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(*code), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: expected {needle:?} in:\n{stderr}");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    }
}

#[test]
fn connect4_counts_runs_and_plays() {
    abviz()
        .args(["perft", "--game", "connect4", "--depth", "4", "--divide"])
        .assert()
        .success()
        .stdout(contains("d: 343\n"))
        .stdout(contains("nodes:    2401\n"));
    abviz()
        .args(["run", "--game", "connect4", "--position", "......./......./......./......./..oo.../..xx..."])
        .args(["--depth", "3", "--order", "centre"])
        .assert()
        .success()
        .stdout(contains("Root value   993"));
    abviz()
        .args(["play", "--game", "connect4", "--depth", "2"])
        .write_stdin("9\nd\n0\n")
        .assert()
        .success()
        .stdout(contains("Computer (O) plays"))
        .stdout(contains("'9' is not a column"));
}

#[test]
fn kalah_counts_runs_and_plays() {
    abviz()
        .args(["perft", "--game", "kalah", "--depth", "6"])
        .assert()
        .success()
        .stdout(contains("nodes:    23233\n"));
    // From the start South's c ends in its store: a MAX node right below the MAX root.
    abviz()
        .args(["run", "--game", "mancala", "--pits", "6", "--seeds", "4", "--depth", "2"])
        .assert()
        .success()
        .stdout(contains("├── c ▲ = 2"))
        .stdout(contains("pits 6, seeds 4"));
    abviz()
        .args(["play", "--game", "kalah", "--pits", "3", "--seeds", "3", "--depth", "2"])
        .write_stdin("z\nc\n0\n")
        .assert()
        .success()
        .stdout(contains("'z' is not a pit"))
        .stdout(contains("[ 1]"));
}

#[test]
fn gomoku_counts_runs_and_plays() {
    abviz()
        .args(["perft", "--game", "gomoku", "--depth", "3", "--radius", "2"])
        .assert()
        .success()
        .stdout(contains("nodes:    816\n"));
    // Black to move with four in a row: it takes the fifth point.
    abviz()
        .args(["run", "--game", "gobang", "--position", "d8 d9 e8 e9 f8 f9 g8 a1", "--algo", "negamax-ab"])
        .assert()
        .success()
        .stdout(contains("Best move    c8"))
        .stdout(contains("Root value   9999991"));
    abviz()
        .args(["play", "--game", "gomoku", "--size", "9"])
        .write_stdin("a1\ne5\n0\n")
        .assert()
        .success()
        .stdout(contains("the first stone goes in the centre, e5"))
        .stdout(contains("Computer (White) plays"));
}

#[test]
fn old_spellings_still_work() {
    // --fen for perft's position, game aliases, algorithm aliases in any case and with '_'.
    abviz()
        .args(["perft", "--game", "XQ", "--depth", "1", "--fen", "4k4/9/9/9/9/9/9/9/9/R2K5 w"])
        .assert()
        .success()
        .stdout(contains("nodes:    "));
    for algo in ["ab", "Alpha-Beta", "alpha_beta_soft", "NEGAMAX-ALPHABETA"] {
        abviz().args(["run", "--tree", "(1 2)", "--algo", algo]).assert().success();
    }
    abviz().args(["run", "--game", "ttt", "--depth", "1", "--rankdir", "lr", "-f", "svg"]).assert().success();
    abviz().args(["compare", "--tree", "(1 2)", "-f", "markdown"]).assert().success().stdout(contains("| "));
}

#[test]
fn a_folder_needs_a_path() {
    abviz().args(["run", "--tree", "(1 2)", "-f", "html"]).assert().code(2).stderr(contains("give -o DIR"));
}

/// Pig, the dice game: listed, searched by the chance algorithms (all three agree), refused by
/// alpha-beta with the way out, its boards on pages, and played against a human and itself
/// with seeded dice.
#[test]
fn pig_runs_draws_and_plays_with_dice() {
    abviz()
        .arg("games")
        .assert()
        .success()
        .stdout(contains("pig — Pig: roll a die"))
        .stdout(contains("--size N: the sides of the die, 2 to 6 (default 6)"))
        .stdout(contains("depth:    6 plies unless --depth"));
    // Hand computed: from 40,50,20 (target 100) holding and rolling are both worth 10.
    for algo in ["expectimax", "star1", "star2"] {
        abviz()
            .args([
                "run",
                "--game",
                "pig",
                "--position",
                "40,50,20 target=100",
                "--depth",
                "3",
                "--algo",
                algo,
            ])
            .assert()
            .success()
            .stdout(contains("on Pig 40,50,20 target=100, MAX to move, depth 3, eval banked, size 6"))
            .stdout(contains("Root value   10\n"));
    }
    abviz()
        .args(["run", "--game", "pig", "--depth", "2", "--size", "3", "--algo", "expectimax"])
        .assert()
        .success()
        .stdout(contains("(1/3) ⚂"));
    // Without --algo a game with chance is searched by expectimax; alpha-beta refuses it.
    abviz()
        .args(["run", "--game", "pig", "--depth", "2"])
        .assert()
        .success()
        .stdout(contains("Expectiminimax on Pig"));
    let out = abviz().args(["run", "--game", "pig", "--algo", "alphabeta"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("use --algo expectimax"));
    let out =
        abviz().args(["run", "--game", "pig", "--algo", "star1", "--position", "8,3,2"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1:5: MAX has 8 banked and a turn total of 2, which reach the target 10"),
        "{stderr}"
    );

    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("pig");
    abviz()
        .args(["run", "--game", "pig", "--algo", "expectimax", "--depth", "2", "-f", "html", "-o"])
        .arg(&page)
        .assert()
        .success();
    let boards: Vec<String> = std::fs::read_dir(page.join("boards"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert!(boards.iter().any(|b| b.contains("<title>0,0,0</title>") && b.contains("MAX to roll")));
    assert!(boards.iter().any(|b| b.contains("rolling")), "the chance node's board");
    assert!(boards.iter().any(|b| b.contains("rolled 4")), "a face after the roll");

    // A human game: the dice are seeded, so the same seed and moves give the same game; undo
    // takes back the roll and its die, and rolling again shows the same face.
    let game = |input: &str| {
        let out = abviz()
            .args(["play", "--game", "pig", "--seed", "3"])
            .write_stdin(input.to_string())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let once = game("roll\nroll\nundo\nroll\nhold\n");
    assert_eq!(once, game("roll\nroll\nundo\nroll\nhold\n"));
    assert!(once.contains("drawn at random from seed 3"), "{once}");
    assert!(once.contains("Expectiminimax to depth 6"), "{once}");
    // Seed 3: MAX rolls ⚃ then ⚀, MIN rolls ⚁ then ⚀; undo goes back to MAX's turn total of 4
    // (six moves), and the three dice taken back come again in the same order.
    let (before, after) = once.split_once("Took back 6 moves.").expect(&once);
    let chance =
        |t: &str| t.lines().filter(|l| l.starts_with("Chance (")).map(str::to_string).collect::<Vec<_>>();
    let (before, after) = (chance(before), chance(after));
    assert_eq!(before.len(), 4, "{once}");
    assert_eq!(before[1..], after[..3], "{once}");
    // The engine plays both sides to the end of a game.
    let out = abviz().args(["play", "--game", "pig", "--seed", "1", "--self-play"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && (text.contains("Result: MAX wins.") || text.contains("Result: MIN wins.")),
        "{text}"
    );
    assert!(text.contains("Computer (MIN) plays"), "{text}");
}
