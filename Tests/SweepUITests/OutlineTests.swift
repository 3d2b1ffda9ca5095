import SweepGestures
import SweepInput
@testable import SweepUI
import Testing

/// A node of a tree of folders: its path is its identity.
private struct Node: Identifiable, Hashable {
    var id: String
    var name: String { String(id.split(separator: "/").last ?? "") }
    var isFolder: Bool
}

/// A tree: each folder's children by path.
@MainActor private final class Tree {
    var children: [String: [Node]] = [:]
    var loads: [String] = []
    /// Folders whose loads wait until released.
    var held: Set<String> = []
    var failing: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    func release(_ id: String) {
        held.remove(id)
        for continuation in waiting.removeValue(forKey: id) ?? [] { continuation.resume() }
    }

    var outline: TableOutline<Node> {
        TableOutline(hasChildren: \.isFolder) { [unowned self] node in
            loads.append(node.id)
            if held.contains(node.id) { await withCheckedContinuation { waiting[node.id, default: []].append($0) } }
            if failing.contains(node.id) { throw Refused() }
            return children[node.id] ?? []
        }
    }

    struct Refused: Error {}
}

@MainActor private let nameColumn = [TableColumn<Node>(id: "name", title: "Name", text: \.name)]

/// Lets the loads that are not held finish.
@MainActor private func settle() async {
    for _ in 0..<20 { await Task.yield() }
}

@MainActor @Suite struct OutlineTests {
    /// /a (b, c/ (d), e), /f — folders a, c and f.
    private func makeTree() -> Tree {
        let tree = Tree()
        tree.children["/a"] = [Node(id: "/a/e", isFolder: false), Node(id: "/a/c", isFolder: true), Node(id: "/a/b", isFolder: false)]
        tree.children["/a/c"] = [Node(id: "/a/c/d", isFolder: false)]
        tree.children["/f"] = []
        return tree
    }

    private func makeOutline(_ tree: Tree, sort: [TableSortDescriptor] = [TableSortDescriptor(column: "name")]) throws -> (TableView<Node>, TestHost) {
        let table = try TableView(columns: nameColumn, rows: [Node(id: "/f", isFolder: true), Node(id: "/a", isFolder: true)],
                                  outline: tree.outline, state: TableColumnState(sort: sort))
        let host = TestHost()
        table.attach(to: host)
        table.setFrame(Rect(x: 0, y: 0, width: 400, height: 300))
        table.collectionView.allowsMultipleSelection = true
        return (table, host)
    }

    private func shown(_ table: TableView<Node>) -> [String] {
        (0..<table.shownRows.rowCount).compactMap { row in
            table.row(at: ItemPath(item: row)).map { String(repeating: "  ", count: table.depth(at: ItemPath(item: row))) + $0.name }
        }
    }

    @Test func aClickOnTheTriangleOpensARowUnderItSortedAndSelectsNothing() async throws {
        let tree = makeTree()
        let (table, host) = try makeOutline(tree)
        #expect(shown(table) == ["a", "f"])
        // Row 0 (a) is at y 30…62; its triangle after the 8 px inset.
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 17, y: 46), time: 1000)
        arena.pointerButton(pressed: true, modifiers: [], time: 1010)
        arena.pointerButton(pressed: false, modifiers: [], time: 1060)
        await settle()
        #expect(shown(table) == ["a", "  b", "  c", "  e", "f"])
        #expect(table.isExpanded("/a") && tree.loads == ["/a"])
        #expect(table.selectedRows.isEmpty, "the triangle selects nothing")
        // A click on the name selects as in a list.
        arena.pointerMoved(to: Point(x: 200, y: 46), time: 2000)
        arena.pointerButton(pressed: true, modifiers: [], time: 2010)
        arena.pointerButton(pressed: false, modifiers: [], time: 2060)
        #expect(table.selectedRows.map(\.id) == ["/a"])
        // A finger's tap closes it again.
        arena.handle(Input.touches(down: [(0, Point(x: 17, y: 46))], time: 3000))
        arena.handle(Input.touches(up: [0], time: 3060))
        #expect(shown(table) == ["a", "f"])
        #expect(table.selectedRows.map(\.id) == ["/a"])
    }

    /// Opening and closing a row animate: the rows below slide (its children fade in and out), unless animations are off.
    @Test func openingAndClosingARowSlidesTheRowsBelow() async throws {
        // The desktop's setting alone decides here, whatever SWEEP_ANIMATIONS the machine has.
        let before = (Animations.desktopScale, Animations.environmentScale)
        defer { (Animations.desktopScale, Animations.environmentScale) = before }
        (Animations.desktopScale, Animations.environmentScale) = (1, nil)
        let tree = makeTree()
        let (table, host) = try makeOutline(tree)
        table.expand("/a")
        await settle()
        #expect(shown(table) == ["a", "  b", "  c", "  e", "f"])
        #expect(table.collectionView.itemView.isAnimatingChange, "f slides down as a's children fade in")
        host.now += 300
        _ = table.collectionView.advanceAnimations(to: host.now)
        #expect(!table.collectionView.isAnimating)
        table.collapse("/a")
        #expect(table.collectionView.itemView.isAnimatingChange, "f slides back up")
        Animations.desktopScale = 0
        table.expand("/a")
        await settle()
        #expect(!table.collectionView.itemView.isAnimatingChange)
    }

    @Test func rightLeftAndTheAsteriskWalkAndOpenTheTree() async throws {
        let tree = makeTree()
        let (table, _) = try makeOutline(tree)
        let view = table.collectionView
        view.setFocus(ItemPath(item: 0))
        #expect(view.handleKey(Input.key(.right)))
        await settle()
        #expect(shown(table) == ["a", "  b", "  c", "  e", "f"])
        #expect(view.handleKey(Input.key(.right)), "Right on an open row goes to its first child")
        #expect(view.focusedItem == ItemPath(item: 1) && table.selectedRows.map(\.id) == ["/a/b"])
        #expect(view.handleKey(Input.key(.left)), "Left on a child goes to its parent")
        #expect(view.focusedItem == ItemPath(item: 0))
        #expect(view.handleKey(Input.key(.left)))
        #expect(shown(table) == ["a", "f"])
        // `*` opens the whole subtree.
        #expect(view.handleKey(Input.key(KeySym(rawValue: 0x2a))))
        await settle()
        #expect(shown(table) == ["a", "  b", "  c", "    d", "  e", "f"])
        #expect(view.handleKey(Input.key(.left, .alt)), "Alt+Left closes it all")
        #expect(!table.isExpanded("/a") && !table.isExpanded("/a/c"))
        view.setFocus(ItemPath(item: 1))
        #expect(view.handleKey(Input.key(.right, .alt)))
        await settle()
        #expect(shown(table).last == "  f" || table.isExpanded("/f"), "Alt+Right opens f (empty)")
    }

    @Test func collapsingDeselectsTheRowsUnderItAndKeepsTheRestByIdentity() async throws {
        let tree = makeTree()
        let (table, _) = try makeOutline(tree)
        table.expand("/a", levels: 1)
        await settle()
        #expect(shown(table) == ["a", "  b", "  c", "    d", "  e", "f"])
        let view = table.collectionView
        view.selectRanges([ItemRange(section: 0, items: 3...3), ItemRange(section: 0, items: 5...5)])
        view.setFocus(ItemPath(item: 3))
        table.collapse("/a/c")
        #expect(Set(table.selectedRows.map(\.id)) == ["/f"], "d went with its parent's closing")
        #expect(view.focusedItem.flatMap { table.row(at: $0)?.id } == "/a/c", "the focus moved up to the closed row")
        // Sorting again keeps the selection and the tree.
        table.sortDescriptors = [TableSortDescriptor(column: "name", ascending: false)]
        #expect(shown(table) == ["f", "a", "  e", "  c", "  b"])
        #expect(table.selectedRows.map(\.id) == ["/f"])
    }

    @Test func childrenThatArriveAfterTheirRowClosedWaitForTheNextOpening() async throws {
        let tree = makeTree()
        tree.held = ["/a"]
        let (table, _) = try makeOutline(tree)
        table.expand("/a")
        await settle()
        #expect(shown(table) == ["a", "f"] && table.isExpanded("/a"), "open, its children loading")
        table.collapse("/a")
        tree.release("/a")
        await settle()
        #expect(shown(table) == ["a", "f"], "closed: what arrived is not shown")
        table.expand("/a")
        #expect(shown(table) == ["a", "  b", "  c", "  e", "f"], "shown at once, not asked again")
        #expect(tree.loads == ["/a"])
    }

    @Test func aFailedLoadClosesTheRowAndSaysWhy() async throws {
        let tree = makeTree()
        tree.failing = ["/a"]
        let (table, _) = try makeOutline(tree)
        var failures: [String] = []
        table.onChildrenError = { row, _ in failures.append(row.id) }
        table.expand("/a")
        await settle()
        #expect(failures == ["/a"] && !table.isExpanded("/a"))
        #expect(shown(table) == ["a", "f"])
    }

    @Test func aLinkIntoItselfStopsAndADeepTreeStaysFlat() async throws {
        let tree = Tree()
        // /a holds a link to itself (same identity), and b, which holds b again, forever.
        tree.children["/a"] = [Node(id: "/a", isFolder: true), Node(id: "/a/b", isFolder: true)]
        var path = "/a/b"
        for _ in 0..<40 {
            tree.children[path] = [Node(id: path + "/b", isFolder: true)]
            path += "/b"
        }
        let table = try TableView(columns: nameColumn, rows: [Node(id: "/a", isFolder: true)], outline: tree.outline)
        table.expand("/a", levels: OutlineTree<Node>.deepestExpansion)
        for _ in 0..<40 { await settle() }
        let rows = (0..<table.shownRows.rowCount).compactMap { table.row(at: ItemPath(item: $0))?.id }
        #expect(rows.filter { $0 == "/a" }.count == 1, "the link to itself is left out")
        #expect(rows.count == 18, "a, then b 17 levels deep: the 16 levels `*` opens (\(rows.count))")
        #expect(table.depth(at: ItemPath(item: rows.count - 1)) == 17)

        // 3,000 levels opened one at a time: flattened without recursion.
        let deep = Tree()
        var id = ""
        for _ in 0..<3000 {
            deep.children[id + "/d"] = [Node(id: id + "/d/d", isFolder: true)]
            id += "/d"
        }
        let tall = try TableView(columns: nameColumn, rows: [Node(id: "/d", isFolder: true)], outline: deep.outline)
        tall.setFrame(Rect(x: 0, y: 0, width: 300, height: 300))
        var open = "/d"
        for _ in 0..<3000 {
            tall.expand(open)
            await Task.yield()
            await Task.yield()
            open += "/d"
        }
        await settle()
        #expect(tall.shownRows.rowCount == 3001)
        #expect(tall.depth(at: ItemPath(item: 3000)) == 3000)
        #expect(tall.disclosureOffset(depth: 3000) == tall.disclosureOffset(depth: 40), "indenting stops at 40 levels")
    }

    @Test func reloadingAnOpenRowsChildrenShowsTheNewOnes() async throws {
        let tree = makeTree()
        let (table, _) = try makeOutline(tree)
        table.expand("/a")
        await settle()
        table.collectionView.selectRanges([ItemRange(section: 0, items: 1...1)])
        tree.children["/a"]?.append(Node(id: "/a/z", isFolder: false))
        var arrived = false
        table.reloadChildren(of: "/a") { arrived = true }
        #expect(shown(table) == ["a", "  b", "  c", "  e", "f"], "the old children show until the new arrive")
        await settle()
        #expect(arrived && shown(table) == ["a", "  b", "  c", "  e", "  z", "f"])
        #expect(table.selectedRows.map(\.id) == ["/a/b"], "the selection stays on its row")
        table.selectOnly("/a/z")
        #expect(table.selectedRows.map(\.id) == ["/a/z"] && table.collectionView.focusedItem == ItemPath(item: 4))
        #expect(tree.loads == ["/a", "/a"])
        // New roots forget what they no longer reach.
        try table.setRows([Node(id: "/f", isFolder: true)])
        try table.setRows([Node(id: "/f", isFolder: true), Node(id: "/a", isFolder: true)])
        #expect(!table.isExpanded("/a") && shown(table) == ["a", "f"])
    }

    @Test func aFilterKeepsTheRowsAboveWhatItShows() async throws {
        let tree = makeTree()
        let (table, _) = try makeOutline(tree)
        table.expand("/a", levels: 1)
        await settle()
        #expect(shown(table) == ["a", "  b", "  c", "    d", "  e", "f"])
        table.isIncluded = { table.rows[$0].name == "d" }
        #expect(shown(table) == ["a", "  c", "    d"], "d with its folders")
        table.isIncluded = { table.rows[$0].name == "f" || table.rows[$0].name == "b" }
        #expect(shown(table) == ["a", "  b", "f"])
        table.isIncluded = nil
        #expect(shown(table).count == 6)
    }

    /// The tree model 10,000 levels deep: opened level by level, flattened without recursion, every depth right.
    @Test func tenThousandLevelsFlattenWithoutRecursion() async throws {
        let deep = Tree()
        var id = ""
        for _ in 0..<10_000 {
            deep.children[id + "/d"] = [Node(id: id + "/d/d", isFolder: true)]
            id += "/d"
        }
        let model = OutlineTree<Node>(outline: deep.outline)
        model.roots = [Node(id: "/d", isFolder: true)]
        var node = Node(id: "/d", isFolder: true)
        for _ in 0..<10_000 {
            model.expand(node, changed: { _ in }, failed: { _, _ in })
            while model.isLoading(node.id) { await Task.yield() }
            node = Node(id: node.id + "/d", isFolder: true)
        }
        let rows = model.flatten { Array($0.indices) }
        #expect(rows.count == 10_001)
        #expect(model.depths.last == 10_000 && model.depths == Array(0...10_000))
    }

    @Test func rootsWithOneIdentityTwiceAreRefused() throws {
        let (table, _) = try makeOutline(makeTree())
        #expect(throws: ItemIdentifierError.self) {
            try table.setRows([Node(id: "/x", isFolder: false), Node(id: "/x", isFolder: true)])
        }
        #expect(shown(table) == ["a", "f"])
    }
}
