/// What makes a `TableView` an outline (GTK's `GtkTreeListModel`, AppKit's
/// `NSOutlineView`): whether a row has children, and how to load them.
///
/// The rows given to the table are the roots; an expanded row's children
/// are shown under it, indented, in the first shown column, sorted among
/// themselves by the table's sort. Children are asked for when a row is
/// first expanded, by `children`, which may take its time (a folder read
/// off the main actor): the window stays live, and children that arrive
/// after their row was collapsed are kept for the next expansion, not
/// shown. Rows are identified by their `id` across the whole tree: a
/// child whose identifier is already shown (a folder linked into itself)
/// is left out.
public struct TableOutline<Row> {
    /// Whether `row` shows a disclosure triangle (a folder, even an empty one).
    public var hasChildren: (Row) -> Bool
    /// `row`'s children, in any order. Throwing collapses the row again and
    /// tells `TableView.onChildrenError`.
    public var children: @MainActor (Row) async throws -> [Row]

    public init(hasChildren: @escaping (Row) -> Bool, children: @escaping @MainActor (Row) async throws -> [Row]) {
        self.hasChildren = hasChildren
        self.children = children
    }
}

/// The tree behind an outline table: the roots, which rows are expanded,
/// the children loaded so far, and the rows shown (the tree flattened,
/// depth first, each row with its depth).
@MainActor
final class OutlineTree<Row: Identifiable> where Row.ID: Sendable {
    let outline: TableOutline<Row>
    var roots: [Row] = []
    private(set) var expanded: Set<Row.ID> = []
    /// Children loaded, by parent, in the data's order.
    private var loaded: [Row.ID: [Row]] = [:]
    /// Loads running, by parent.
    private var loading: [Row.ID: Task<Void, Never>] = [:]
    /// Rows whose whole subtree is being expanded, with how many levels more may open.
    private var expandingDeep: [Row.ID: Int] = [:]
    /// The flattened rows' depths, parallel to the rows the table shows.
    var depths: [Int] = []
    /// What changed in the tree: a row opened (its children can be shown
    /// under it) or closed (what is under it goes).
    enum Change {
        case opened(Row.ID)
        case closed(Row.ID)
    }
    /// Each group's order by the table's sort (nil key: the roots), kept
    /// until the sort, the roots or the group's children change.
    var orders: [Row.ID?: [Int]] = [:]
    /// How `*` and Alt+Right open a subtree: so many levels at most (a
    /// folder linked into itself would open forever)…
    static var deepestExpansion: Int { 16 }
    /// …and so many rows opened at most, each reading its children.
    static var widestExpansion: Int { 1000 }
    /// Rows a running deep expansion may still open.
    private var deepBudget = 0

    init(outline: TableOutline<Row>) { self.outline = outline }

    func isExpanded(_ id: Row.ID) -> Bool { expanded.contains(id) }
    func isLoading(_ id: Row.ID) -> Bool { loading[id] != nil }
    func hasChildren(_ row: Row) -> Bool { outline.hasChildren(row) }

    /// The rows shown: the roots, and under each expanded row its loaded
    /// children, each group ordered by `order` (indices into the group;
    /// kept in `orders`). Iterative, so a tree 10,000 levels deep needs no deep stack.
    func flatten(order: ([Row]) -> [Int]) -> [Row] {
        var rows: [Row] = [], depths: [Int] = [], seen = Set<Row.ID>()
        var stack: [(group: [Row], order: [Int], next: Int, depth: Int)] = [(roots, ordered(roots, parent: nil, order: order), 0, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].order.count else {
                stack.removeLast()
                continue
            }
            let row = stack[top].group[stack[top].order[stack[top].next]]
            stack[top].next += 1
            // An identifier shown already (a link into an ancestor, the same file twice) is left out with its subtree.
            guard seen.insert(row.id).inserted else { continue }
            rows.append(row)
            depths.append(stack[top].depth)
            if expanded.contains(row.id), let children = loaded[row.id], !children.isEmpty {
                stack.append((children, ordered(children, parent: row.id, order: order), 0, stack[top].depth + 1))
            }
        }
        self.depths = depths
        return rows
    }

    /// The rows under `row` (at `depth`) as they show when it is open:
    /// its loaded children and, under each open one, theirs, each group in
    /// `order`, with their depths. A row whose identifier is on its own
    /// path (`ancestors`, then the rows above it in the subtree) is left
    /// out with what is under it: a folder linked into itself.
    /// - Complexity: O(rows × depth) identifier comparisons, no hashing.
    func subtree(of row: Row, depth: Int, ancestors: [Row.ID], order: ([Row]) -> [Int]) -> (rows: [Row], depths: [Int]) {
        guard expanded.contains(row.id), let children = loaded[row.id] else { return ([], []) }
        var rows: [Row] = [], depths: [Int] = []
        var path = ancestors + [row.id]
        var stack: [(group: [Row], order: [Int], next: Int)] = [(children, ordered(children, parent: row.id, order: order), 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].order.count else {
                stack.removeLast()
                path.removeLast()
                continue
            }
            let child = stack[top].group[stack[top].order[stack[top].next]]
            stack[top].next += 1
            guard !path.contains(child.id) else { continue }
            rows.append(child)
            depths.append(depth + stack.count)
            if expanded.contains(child.id), let grandchildren = loaded[child.id], !grandchildren.isEmpty {
                path.append(child.id)
                stack.append((grandchildren, ordered(grandchildren, parent: child.id, order: order), 0))
            }
        }
        return (rows, depths)
    }

    /// A group's order, from `orders` or made now and kept.
    private func ordered(_ group: [Row], parent: Row.ID?, order: ([Row]) -> [Int]) -> [Int] {
        if let known = orders[parent], known.count == group.count { return known }
        let made = order(group)
        orders[parent] = made
        return made
    }

    /// Expands `row`, loading its children first when they are not; with
    /// `levels` > 0 its children's subtrees open too, that many levels
    /// down. `changed` is told what to show (now, or when children
    /// arrive); `failed` when loading throws.
    func expand(_ row: Row, levels: Int = 0, opening: Bool = true, changed: @escaping (Change) -> Void,
                failed: @escaping (Row, any Error) -> Void) {
        guard outline.hasChildren(row) else { return }
        if levels > 0 {
            expandingDeep[row.id] = levels
            // A person's `*` starts a new budget; the rows it opens below spend it.
            if opening { deepBudget = Self.widestExpansion }
        }
        let newlyExpanded = expanded.insert(row.id).inserted
        if let children = loaded[row.id] {
            if newlyExpanded { changed(.opened(row.id)) }
            expandChildren(children, of: row.id, changed: changed, failed: failed)
            return
        }
        guard loading[row.id] == nil else { return }
        let id = row.id
        loading[id] = Task { [weak self, outline] in
            let result: Result<[Row], any Error>
            do { result = .success(try await outline.children(row)) } catch { result = .failure(error) }
            // Forgotten meanwhile (`forgetChildren`): another load may run now.
            guard let self, !Task.isCancelled else { return }
            loading[id] = nil
            orders[id] = nil
            switch result {
            case .success(let children):
                let unique = Self.unique(children)
                loaded[id] = unique
                // Collapsed meanwhile: kept for the next expansion, not shown.
                guard expanded.contains(id) else { return }
                changed(.opened(id))
                expandChildren(unique, of: id, changed: changed, failed: failed)
            case .failure(let error):
                expanded.remove(id)
                expandingDeep[id] = nil
                changed(.closed(id))
                failed(row, error)
            }
        }
        if newlyExpanded { changed(.opened(id)) }
    }

    /// Each identifier once among siblings: checked once a load, not at each opening.
    private static func unique(_ children: [Row]) -> [Row] {
        var seen = Set<Row.ID>()
        return children.filter { seen.insert($0.id).inserted }
    }

    /// Reads an open row's children again, the old ones kept (and shown)
    /// until the new arrive; then `arrived`, or `failed`.
    func reload(_ row: Row, arrived: @escaping () -> Void, failed: @escaping (Row, any Error) -> Void) {
        let id = row.id
        loading.removeValue(forKey: id)?.cancel()
        loading[id] = Task { [weak self, outline] in
            let result: Result<[Row], any Error>
            do { result = .success(try await outline.children(row)) } catch { result = .failure(error) }
            guard let self, !Task.isCancelled else { return }
            loading[id] = nil
            switch result {
            case .success(let children):
                loaded[id] = Self.unique(children)
                orders[id] = nil
                arrived()
            case .failure(let error):
                failed(row, error)
            }
        }
    }

    /// Opens the children of a row being expanded deep, one level less each.
    private func expandChildren(_ children: [Row], of id: Row.ID, changed: @escaping (Change) -> Void, failed: @escaping (Row, any Error) -> Void) {
        guard let levels = expandingDeep.removeValue(forKey: id), levels > 0 else { return }
        for child in children where outline.hasChildren(child) {
            guard deepBudget > 0 else { return }
            deepBudget -= 1
            expand(child, levels: levels - 1, opening: false, changed: changed, failed: failed)
        }
    }

    /// Collapses `id` (and, `recursively`, every expanded row under it).
    /// Its loaded children are kept; a load running goes on and is kept.
    func collapse(_ id: Row.ID, recursively: Bool = false) {
        expanded.remove(id)
        expandingDeep[id] = nil
        guard recursively else { return }
        var pending = loaded[id] ?? []
        var visited = Set<Row.ID>()
        while let row = pending.popLast() {
            guard visited.insert(row.id).inserted else { continue }
            expanded.remove(row.id)
            expandingDeep[row.id] = nil
            pending += loaded[row.id] ?? []
        }
    }

    /// Forgets the loaded children of `id` (they are asked for again at the next expansion).
    func forgetChildren(of id: Row.ID) {
        loaded[id] = nil
        orders[id] = nil
        expandingDeep[id] = nil
        loading.removeValue(forKey: id)?.cancel()
    }

    /// Stops every load (the table goes away).
    func cancelLoads() {
        for task in loading.values { task.cancel() }
        loading.removeAll()
    }

    isolated deinit { cancelLoads() }

    /// Forgets what is known of rows no longer under the roots (new roots:
    /// another folder shown): their children, open state and loads. What
    /// the roots still reach through loaded children is kept.
    func forgetUnreachable() {
        var reachable = Set<Row.ID>(), pending = roots
        while let row = pending.popLast() {
            guard reachable.insert(row.id).inserted else { continue }
            pending += loaded[row.id] ?? []
        }
        loaded = loaded.filter { reachable.contains($0.key) }
        expanded = expanded.filter { reachable.contains($0) }
        expandingDeep = expandingDeep.filter { reachable.contains($0.key) }
        orders = orders.filter { key, _ in key.map { reachable.contains($0) } ?? true }
        for (id, task) in loading where !reachable.contains(id) {
            task.cancel()
            loading[id] = nil
        }
    }
}
