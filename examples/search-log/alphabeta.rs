enum Tree { Leaf(i32), Node(Vec<Tree>) }

fn num(v: i32) -> String {
    match v { i32::MAX => "\"inf\"".into(), i32::MIN => "\"-inf\"".into(), v => v.to_string() }
}

fn log(event: &str, node: &str, rest: &str) {
    println!("{{\"event\":\"{event}\",\"node\":\"{node}\"{rest}}}");
}

fn alphabeta(t: &Tree, path: &str, mut alpha: i32, mut beta: i32, max: bool) -> i32 {
    let kids = match t {
        Tree::Leaf(v) => { log("leaf", path, &format!(",\"value\":{v}")); return *v; }
        Tree::Node(kids) => kids,
    };
    log("enter", path, &format!(",\"alpha\":{},\"beta\":{}", num(alpha), num(beta)));
    for (i, kid) in kids.iter().enumerate() {
        let child = if path.is_empty() { i.to_string() } else { format!("{path}.{i}") };
        let v = alphabeta(kid, &child, alpha, beta, !max);
        if max { alpha = alpha.max(v) } else { beta = beta.min(v) }
        if alpha >= beta { if i + 1 < kids.len() { log("cut", path, "") } break; }
    }
    let value = if max { alpha.min(beta) } else { alpha.max(beta) }; // fail-hard: clamped
    log("exit", path, &format!(",\"value\":{value}"));
    value
}

fn main() {
    use Tree::*;
    let n = |v: &[i32]| Node(v.iter().map(|&x| Leaf(x)).collect());
    alphabeta(&Node(vec![n(&[3, 12, 8]), n(&[2, 4, 6]), n(&[14, 5, 2])]), "", i32::MIN, i32::MAX, true);
}
