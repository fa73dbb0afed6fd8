import java.util.List;

public class AlphaBeta {
    record Node(int value, List<Node> kids) {}
    static final int INF = 1_000_000;
    static String num(int v) { return v >= INF ? "\"inf\"" : v <= -INF ? "\"-inf\"" : Integer.toString(v); }
    static void log(String event, String node, String rest) {
        System.out.println("{\"event\":\"" + event + "\",\"node\":\"" + node + "\"" + rest + "}");
    }
    static int alphabeta(Node n, String path, int alpha, int beta, boolean max) {
        if (n.kids().isEmpty()) { log("leaf", path, ",\"value\":" + num(n.value())); return n.value(); }
        log("enter", path, ",\"alpha\":" + num(alpha) + ",\"beta\":" + num(beta));
        for (int i = 0; i < n.kids().size(); i++) {
            int v = alphabeta(n.kids().get(i), path + (path.isEmpty() ? "" : ".") + i, alpha, beta, !max);
            if (max) alpha = Math.max(alpha, v); else beta = Math.min(beta, v);
            if (alpha >= beta) { if (i + 1 < n.kids().size()) log("cut", path, ""); break; }
        }
        int value = max ? Math.min(alpha, beta) : Math.max(alpha, beta);  // fail-hard: clamped
        log("exit", path, ",\"value\":" + num(value));
        return value;
    }
    static Node leaf(int v) { return new Node(v, List.of()); }
    static Node of(Node... kids) { return new Node(0, List.of(kids)); }
    public static void main(String[] args) {
        Node root = of(of(leaf(3), leaf(12), leaf(8)), of(leaf(2), leaf(4), leaf(6)), of(leaf(14), leaf(5), leaf(2)));
        alphabeta(root, "", -INF, INF, true);
    }
}
