/// Subtasks drawn under their parents (docs/organize.md "Subtasks"): `show`, widgets and the
/// status bars list a section's todos in this order.
public enum SubtaskTree {
    /// `todos` (one section, in display order) with every subtask moved right after its parent
    /// (and that parent's earlier subtasks), each with its depth: 0 for a todo whose parent is not
    /// among `todos` (a top-level todo, or a subtask whose parent is in the other section or
    /// hidden), 1 for its subtasks, and so on. Every todo appears once; a parent link that loops
    /// is cut where it closes.
    public static func ordered(_ todos: [Todo]) -> [(todo: Todo, depth: Int)] {
        let ids = Set(todos.map(\.id))
        var children: [String: [Todo]] = [:]
        var roots: [Todo] = []
        for t in todos {
            if let p = t.parentId, p != t.id, ids.contains(p) {
                children[p, default: []].append(t)
            } else {
                roots.append(t)
            }
        }
        var result: [(todo: Todo, depth: Int)] = []
        var placed = Set<String>()
        func visit(_ t: Todo, _ depth: Int) {
            guard placed.insert(t.id).inserted else { return }
            result.append((t, depth))
            for c in children[t.id] ?? [] { visit(c, depth + 1) }
        }
        for r in roots { visit(r, 0) }
        // Todos only reachable through a loop of parent links: shown at the top level.
        for t in todos where !placed.contains(t.id) { visit(t, 0) }
        return result
    }
}
