#include <cstdio>
#include <string>
#include <vector>
#include <algorithm>
struct Node { int value; std::vector<Node> kids; };
std::string num(int v) { return v >= 1000000 ? "\"inf\"" : v <= -1000000 ? "\"-inf\"" : std::to_string(v); }
void log(const char* ev, const std::string& node, const std::string& rest) {
    std::printf("{\"event\":\"%s\",\"node\":\"%s\"%s}\n", ev, node.c_str(), rest.c_str());
}
int alphabeta(const Node& n, const std::string& path, int alpha, int beta, bool max) {
    if (n.kids.empty()) { log("leaf", path, ",\"value\":" + num(n.value)); return n.value; }
    log("enter", path, ",\"alpha\":" + num(alpha) + ",\"beta\":" + num(beta));
    for (size_t i = 0; i < n.kids.size(); i++) {
        int v = alphabeta(n.kids[i], path + (path.empty() ? "" : ".") + std::to_string(i), alpha, beta, !max);
        if (max) alpha = std::max(alpha, v); else beta = std::min(beta, v);
        if (alpha >= beta) { if (i + 1 < n.kids.size()) log("cut", path, ""); break; }
    }
    int value = max ? std::min(alpha, beta) : std::max(alpha, beta);  // fail-hard: clamped
    log("exit", path, ",\"value\":" + num(value));
    return value;
}
int main() {
    auto leaf = [](int v) { return Node{v, {}}; };
    Node root{0, {Node{0, {leaf(3), leaf(12), leaf(8)}}, Node{0, {leaf(2), leaf(4), leaf(6)}}, Node{0, {leaf(14), leaf(5), leaf(2)}}}};
    alphabeta(root, "", -1000000, 1000000, true);
}
