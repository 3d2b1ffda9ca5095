import SweepGeometry
import SweepLayout

/// Items moving from where a data change found them to where it put them
/// (UIKit's `apply(_:animatingDifferences:)`): survivors slide from where
/// they showed, inserted items fade in where they are going while the rows
/// below slide away to make room, removed ones fade out where they were,
/// under the survivors sliding over them.
///
/// Frames are content coordinates. Where an item goes is always the
/// layout's frame of it now, so input hits items where they will be, rows
/// measured or scrolled during the animation are drawn where they are, and
/// a change during the animation starts from where things are drawn then
/// (`ChangeSnapshot`, taken from `presentedFrame`).
struct ChangeAnimation {
    /// An item in the layout that was elsewhere or fainter when the change came.
    struct Arrival {
        /// Where it was drawn when the change came (content coordinates).
        var from: Rect
        /// How opaque it was (0: an inserted item, fading in).
        var opacity: Double
    }

    /// An item the change removed: what it showed, fading out where it was.
    struct Departure {
        var content: ItemContent
        var state: ItemState
        /// Where it was drawn (content coordinates).
        var frame: Rect
        /// How opaque it was when its fade began.
        var opacity: Double
        /// When its fade began: a departure carried into a later change keeps
        /// fading on its own clock, so changes in a row cannot keep it forever.
        var start: Double
    }

    /// The items that move or fade in, by their index path after the change.
    let arrivals: [ItemPath: Arrival]
    /// The arrivals in index order, the order they are drawn in (later over earlier).
    let drawingOrder: [ItemPath]
    /// The items that left, drawn under the others.
    let departures: [Departure]
    /// When the animation began and how long it runs (ms on the animation clock).
    let start: Double
    let duration: Double

    init(arrivals: [ItemPath: Arrival], departures: [Departure], start: Double, duration: Double) {
        self.arrivals = arrivals
        drawingOrder = arrivals.keys.sorted()
        self.departures = departures
        self.start = start
        self.duration = duration
    }

    /// The most departures drawn at once: a change applied a thousand times
    /// a second leaves at most this many ghosts, the oldest going first.
    static let departureLimit = 256

    /// How far along the animation is at `time`, eased out (fast, then
    /// settling), 0...1.
    func progress(at time: Double) -> Double {
        Self.eased((time - start) / duration)
    }

    /// The ease-out curve (cubic), for `linear` in 0...1 (clamped).
    static func eased(_ linear: Double) -> Double {
        guard linear.isFinite else { return 1 }
        let t = min(1, max(0, linear))
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }

    /// Where an item going to `destination` is drawn at `time`, and how
    /// opaque; an item the change did not touch is drawn where it is.
    func presented(_ item: ItemPath, destination: Rect, at time: Double) -> (frame: Rect, opacity: Double) {
        guard let arrival = arrivals[item] else { return (destination, 1) }
        let t = progress(at: time)
        let frame = Rect(x: arrival.from.minX + (destination.minX - arrival.from.minX) * t,
                         y: arrival.from.minY + (destination.minY - arrival.from.minY) * t,
                         width: arrival.from.width + (destination.width - arrival.from.width) * t,
                         height: arrival.from.height + (destination.height - arrival.from.height) * t)
        return (frame, arrival.opacity + (1 - arrival.opacity) * t)
    }

    /// How opaque a departure is at `time`: fading to nothing over a duration from its own start.
    func opacity(of departure: Departure, at time: Double) -> Double {
        departure.opacity * (1 - Self.eased((time - departure.start) / duration))
    }

    /// Whether everything has arrived and every departure faded out by `time`.
    func isFinished(at time: Double) -> Bool {
        time - start >= duration && departures.allSatisfy { time - $0.start >= duration }
    }
}

/// What a view showed just before a data change, kept to animate from:
/// each item on screen with where it was drawn (relative to the viewport's
/// top, as a change may scroll the content under it), how opaque, and what
/// it showed, which a removed item needs to be drawn fading out after the
/// data source has forgotten it.
struct ChangeSnapshot {
    struct Shown {
        var item: ItemPath
        /// Where it was drawn, relative to the viewport's top.
        var frame: Rect
        var opacity: Double
        var content: ItemContent
        var state: ItemState
        /// Removed, it leaves no ghost (a row swiped aside shows no content to fade).
        var leavesNoGhost = false
    }

    var shown: [Shown]
    /// Items a running animation was fading out, relative to the viewport's top.
    var departures: [ChangeAnimation.Departure]

    /// The animation from this snapshot to the layout now: `map` gives an
    /// old item's index path after the change (nil: removed), `isInserted`
    /// whether a new item is new rather than moved, `visible` the items the
    /// viewport shows now; `offset` is the viewport's top now, `viewport`
    /// its height. Survivors slide from where they showed; items that come
    /// into view from off-screen slide in from the edge they came from
    /// (above the first survivor: from above; else from below), one
    /// viewport away; inserted items fade in.
    func animation(map: (ItemPath) -> ItemPath?, isInserted: (ItemPath) -> Bool, visible: [ItemRange],
                   frameOf: (ItemPath) -> Rect, offset: Double, viewport: Double,
                   time: Double, duration: Double) -> ChangeAnimation {
        var arrivals: [ItemPath: ChangeAnimation.Arrival] = [:]
        var departures = self.departures.map { departure in
            var moved = departure
            moved.frame = departure.frame.offsetBy(dx: 0, dy: offset)
            return moved
        }
        var firstSurvivor: ItemPath?
        for shown in shown {
            let from = shown.frame.offsetBy(dx: 0, dy: offset)
            guard let item = map(shown.item) else {
                if shown.leavesNoGhost { continue }
                departures.append(.init(content: shown.content, state: shown.state, frame: from, opacity: shown.opacity, start: time))
                continue
            }
            if firstSurvivor.map({ item < $0 }) ?? true { firstSurvivor = item }
            // Where it was and as opaque as it will be: nothing to animate, but it is no newcomer either.
            arrivals[item] = .init(from: from, opacity: shown.opacity)
        }
        for range in visible {
            for index in range.items {
                let item = ItemPath(section: range.section, item: index)
                guard arrivals[item] == nil else { continue }
                let to = frameOf(item)
                if isInserted(item) || firstSurvivor == nil {
                    arrivals[item] = .init(from: to, opacity: 0)
                } else if let first = firstSurvivor, item < first {
                    arrivals[item] = .init(from: to.offsetBy(dx: 0, dy: -viewport), opacity: 1)
                } else {
                    arrivals[item] = .init(from: to.offsetBy(dx: 0, dy: viewport), opacity: 1)
                }
            }
        }
        if departures.count > ChangeAnimation.departureLimit {
            departures.removeFirst(departures.count - ChangeAnimation.departureLimit)
        }
        return ChangeAnimation(arrivals: arrivals, departures: departures, start: time, duration: duration)
    }
}
