/// The storage behind `IndexRanges`: a treap (a binary search tree kept
/// balanced by heap-ordered priorities) of disjoint closed ranges, where a
/// pending shift on a node moves its whole subtree. Shifting every range
/// after an index (what a batch delete or insert does) is then a split, one
/// addition and a merge: O(log r), however many ranges follow.
///
/// Nodes live in one array (so copies are value copies, and a unique tree
/// is mutated in place); freed slots are reused. A node's priority is a hash
/// of its slot, so a node needs no stored priority and the tree no random
/// state: equal operations give equal trees.
///
/// Invariants kept by the callers in `IndexRanges`: ranges are sorted,
/// disjoint and not adjacent; no caller shifts a range onto another.
struct RangeTree: Sendable {
    struct Node: Sendable {
        /// Bounds before the pending shifts of this node and its ancestors.
        var lower: Int
        var upper: Int
        /// A shift not yet applied to this node and its subtree.
        var shift: Int = 0
        var left: Int32 = -1
        var right: Int32 = -1
    }

    private(set) var nodes: [Node] = []
    private var freeSlots: [Int32] = []
    private(set) var root: Int32 = -1
    /// The number of ranges.
    private(set) var rangeCount = 0

    init() {}

    /// A tree of `ranges`, which must be sorted, disjoint and not adjacent,
    /// built directly as the treap their slots' priorities make (a
    /// Cartesian tree, by one pass with a stack). - Complexity: O(r).
    init(sorted ranges: [ClosedRange<Int>]) {
        nodes = ranges.map { Node(lower: $0.lowerBound, upper: $0.upperBound) }
        rangeCount = ranges.count
        // The right spine so far, root first; each new node takes the lower-priority tail as its left child.
        var spine: [Int32] = []
        for slot in Int32(0)..<Int32(ranges.count) {
            var last: Int32 = -1
            while let top = spine.last, Self.priority(top) < Self.priority(slot) {
                last = spine.removeLast()
            }
            nodes[Int(slot)].left = last
            if let top = spine.last { nodes[Int(top)].right = slot }
            spine.append(slot)
        }
        root = spine.first ?? -1
    }

    // MARK: - Slots

    @inline(__always)
    private static func priority(_ slot: Int32) -> UInt64 {
        // SplitMix64's finalizer: slots in sequence get unrelated priorities.
        var z = UInt64(UInt32(bitPattern: slot)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func makeNode(_ range: ClosedRange<Int>) -> Int32 {
        rangeCount += 1
        let node = Node(lower: range.lowerBound, upper: range.upperBound)
        if let slot = freeSlots.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    private mutating func freeNode(_ slot: Int32) {
        rangeCount -= 1
        freeSlots.append(slot)
    }

    /// Frees every node of a detached subtree. - Complexity: O(its size).
    private mutating func freeSubtree(_ t: Int32) {
        guard t >= 0 else { return }
        freeSubtree(nodes[Int(t)].left)
        freeSubtree(nodes[Int(t)].right)
        freeNode(t)
    }

    mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        root = -1
        rangeCount = 0
    }

    // MARK: - Lazy shifts, split and merge

    /// Applies a node's pending shift to its bounds and hands it to its children.
    @inline(__always)
    private mutating func push(_ t: Int32) {
        let i = Int(t)
        let shift = nodes[i].shift
        guard shift != 0 else { return }
        nodes[i].lower += shift
        nodes[i].upper += shift
        nodes[i].shift = 0
        let left = nodes[i].left, right = nodes[i].right
        if left >= 0 { nodes[Int(left)].shift += shift }
        if right >= 0 { nodes[Int(right)].shift += shift }
    }

    /// Splits `t` into the ranges that start before `key` and the others.
    /// No range may contain both `key - 1` and `key` (see `cut(at:)`).
    private mutating func split(_ t: Int32, at key: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        push(t)
        let i = Int(t)
        if nodes[i].lower < key {
            let (a, b) = split(nodes[i].right, at: key)
            nodes[i].right = a
            return (t, b)
        } else {
            let (a, b) = split(nodes[i].left, at: key)
            nodes[i].left = b
            return (a, t)
        }
    }

    /// Joins two trees where every range of `a` comes before every range of `b`.
    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        if Self.priority(a) > Self.priority(b) {
            push(a)
            nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
            return a
        } else {
            push(b)
            nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
            return b
        }
    }

    /// Detaches the first range of `t`; returns the rest and the detached node.
    private mutating func removeFirst(_ t: Int32) -> (rest: Int32, node: Int32) {
        push(t)
        let left = nodes[Int(t)].left
        if left < 0 { return (nodes[Int(t)].right, t) }
        let (rest, node) = removeFirst(left)
        nodes[Int(t)].left = rest
        return (t, node)
    }

    /// Detaches the last range of `t`; returns the rest and the detached node.
    private mutating func removeLast(_ t: Int32) -> (rest: Int32, node: Int32) {
        push(t)
        let right = nodes[Int(t)].right
        if right < 0 { return (nodes[Int(t)].left, t) }
        let (rest, node) = removeLast(right)
        nodes[Int(t)].right = rest
        return (t, node)
    }

    // MARK: - Operations used by IndexRanges

    /// Cuts the range holding both `key - 1` and `key`, if any, in two, so
    /// that a split at `key` separates them. - Complexity: O(log r).
    mutating func cut(at key: Int) {
        guard key != Int.min else { return }
        var t = root
        while t >= 0 {
            push(t)
            let node = nodes[Int(t)]
            if key <= node.lower {
                t = node.left
            } else if key > node.upper {
                t = node.right
            } else {
                nodes[Int(t)].upper = key - 1
                let (a, b) = split(root, at: key)
                root = merge(merge(a, makeNode(key...node.upper)), b)
                return
            }
        }
    }

    /// Joins the range ending at `key - 1` and the range starting at `key`,
    /// if both exist. - Complexity: O(log r).
    mutating func fuse(at key: Int) {
        guard key != Int.min else { return }
        let (a, b) = split(root, at: key)
        guard a >= 0, b >= 0 else { root = merge(a, b); return }
        let (before, last) = removeLast(a)
        let (after, first) = removeFirst(b)
        // Both detached nodes have their shifts applied (removeFirst/Last push them).
        if nodes[Int(last)].upper + 1 == nodes[Int(first)].lower {
            nodes[Int(last)].upper = nodes[Int(first)].upper
            nodes[Int(last)].left = -1
            nodes[Int(last)].right = -1
            freeNode(first)
            root = merge(merge(before, last), after)
        } else {
            nodes[Int(last)].left = -1
            nodes[Int(last)].right = -1
            nodes[Int(first)].left = -1
            nodes[Int(first)].right = -1
            root = merge(merge(before, last), merge(first, after))
        }
    }

    /// Splits the tree into the ranges starting before `bounds`, those
    /// starting in it, and the rest; `join` puts them back. Splitting on
    /// starts needs no cut. - Complexity: O(log r).
    mutating func take(startingIn bounds: ClosedRange<Int>) -> (before: Int32, inside: Int32, after: Int32) {
        let (before, rest) = split(root, at: bounds.lowerBound)
        root = -1
        guard bounds.upperBound != Int.max else { return (before, rest, -1) }
        let (inside, after) = split(rest, at: bounds.upperBound + 1)
        return (before, inside, after)
    }

    /// Rebuilds the tree from `take`'s outer parts with up to two new
    /// ranges between them (in order, touching neither each other nor the parts).
    mutating func join(_ before: Int32, _ first: ClosedRange<Int>?, _ second: ClosedRange<Int>?, _ after: Int32) {
        var middle: Int32 = -1
        if let first { middle = makeNode(first) }
        if let second { middle = merge(middle, makeNode(second)) }
        root = merge(merge(before, middle), after)
    }

    /// Frees a subtree detached by `take`; when nothing else is left, all
    /// storage is reset at once. - Complexity: O(its size), O(1) when it was everything.
    mutating func discard(_ t: Int32, before: Int32, after: Int32) {
        if before < 0 && after < 0 { removeAll() } else { freeSubtree(t) }
    }

    /// Moves every range starting at or after `key` by `delta`. The caller
    /// makes sure nothing lands on or next to another range it did not mean
    /// to join (see `IndexRanges.removeItems`). - Complexity: O(log r).
    mutating func shift(from key: Int, by delta: Int) {
        guard delta != 0 else { return }
        let (a, b) = split(root, at: key)
        if b >= 0 { nodes[Int(b)].shift += delta }
        root = merge(a, b)
    }

    // MARK: - Reading (no pending shift is applied; they are summed on the way down)

    /// The range holding `key`, if any. - Complexity: O(log r).
    func range(containing key: Int) -> ClosedRange<Int>? {
        var t = root, shift = 0
        while t >= 0 {
            let node = nodes[Int(t)]
            shift += node.shift
            if key < node.lower + shift { t = node.left } else if key > node.upper + shift { t = node.right } else {
                return (node.lower + shift)...(node.upper + shift)
            }
        }
        return nil
    }

    /// The last range starting at or before `key`, and the first starting after it.
    func neighbours(of key: Int) -> (before: ClosedRange<Int>?, after: ClosedRange<Int>?) {
        var t = root, shift = 0
        var before: ClosedRange<Int>?, after: ClosedRange<Int>?
        while t >= 0 {
            let node = nodes[Int(t)]
            shift += node.shift
            let range = (node.lower + shift)...(node.upper + shift)
            if range.lowerBound <= key { before = range; t = node.right } else { after = range; t = node.left }
        }
        return (before, after)
    }

    /// The first range ending at or after `key`. - Complexity: O(log r).
    func first(endingAtOrAfter key: Int) -> ClosedRange<Int>? {
        var t = root, shift = 0, found: ClosedRange<Int>?
        while t >= 0 {
            let node = nodes[Int(t)]
            shift += node.shift
            if node.upper + shift >= key {
                found = (node.lower + shift)...(node.upper + shift)
                t = node.left
            } else {
                t = node.right
            }
        }
        return found
    }

    func first() -> ClosedRange<Int>? {
        var t = root, shift = 0
        guard t >= 0 else { return nil }
        while true {
            let node = nodes[Int(t)]
            shift += node.shift
            if node.left < 0 { return (node.lower + shift)...(node.upper + shift) }
            t = node.left
        }
    }

    func last() -> ClosedRange<Int>? {
        var t = root, shift = 0
        guard t >= 0 else { return nil }
        while true {
            let node = nodes[Int(t)]
            shift += node.shift
            if node.right < 0 { return (node.lower + shift)...(node.upper + shift) }
            t = node.right
        }
    }

    /// Calls `body` with every range of `t` that intersects `bounds`, in
    /// order (whole ranges, not clipped). - Complexity: O(log r + k).
    func forEach(in t: Int32? = nil, intersecting bounds: ClosedRange<Int> = Int.min...Int.max,
                 _ body: (ClosedRange<Int>) -> Void) {
        visit(t ?? root, shift: 0, bounds, body)
    }

    private func visit(_ t: Int32, shift: Int, _ bounds: ClosedRange<Int>, _ body: (ClosedRange<Int>) -> Void) {
        guard t >= 0 else { return }
        let node = nodes[Int(t)]
        let shift = shift + node.shift
        let lower = node.lower + shift, upper = node.upper + shift
        // The left subtree's ranges end before `lower`; the right's start after `upper`.
        if lower > bounds.lowerBound { visit(node.left, shift: shift, bounds, body) }
        if lower <= bounds.upperBound && upper >= bounds.lowerBound { body(lower...upper) }
        if upper < bounds.upperBound { visit(node.right, shift: shift, bounds, body) }
    }

    /// Whether every node's priority is at least its children's (the treap is balanced as expected).
    var isHeapOrdered: Bool {
        func check(_ t: Int32) -> Bool {
            guard t >= 0 else { return true }
            let node = nodes[Int(t)]
            for child in [node.left, node.right] where child >= 0 {
                if Self.priority(child) > Self.priority(t) { return false }
            }
            return check(node.left) && check(node.right)
        }
        return check(root)
    }

    /// The depth of the tree (for tests of balance).
    var depth: Int {
        func depth(_ t: Int32) -> Int {
            t < 0 ? 0 : 1 + max(depth(nodes[Int(t)].left), depth(nodes[Int(t)].right))
        }
        return depth(root)
    }
}
