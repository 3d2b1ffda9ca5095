import Glibc
import FuzzSupport
import SweepGeometry
import SweepGestures
import SweepInput
import SweepSelection
import SweepUI

/// Input sequences through a `CollectionView` in-process, with no
/// compositor (as SweepUITests' `TestHost` drives it): the bytes decode to
/// pointer motion, buttons with modifiers, wheel and touchpad scrolling,
/// touches with up to ten points, touchpad swipes, pinches and holds, keys,
/// the clock moving (timers, long presses, autoscroll), and the data
/// changing (items inserted and deleted). After each step the selection
/// must lie within the items and, outside editing mode, hold at most one
/// item; once nothing is held and time has passed, nothing is provisional
/// (the rules of Tests/EndToEndTests/Fuzz/FuzzInvariants.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCollection(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzBytes(data, size)
    MainActor.assumeIsolated {
        var input = bytes
        Driver(&input).run(&input)
    }
    return 0
}

@MainActor
final class Driver {
    let host = FuzzHost()
    let items: StringItems
    let view: CollectionView
    var time = 1000.0
    var touches: [Int32: Point] = [:]
    var buttonHeld = false
    var touchpad: UInt8?   // the open gesture: 0 swipe, 1 pinch, 2 hold
    var step = 0
    static let keys: [KeySym] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .space, .returnKey,
                                 .escape, .tab, .delete, .backspace, .a, .c, .x, .z, .menu, .f2]

    init(_ input: inout FuzzBytes) {
        let flags = input.byte()
        items = StringItems((0..<input.below(400)).map { "Row \($0)" })
        view = CollectionView(style: flags & 1 == 0 ? .list : .grid, dataSource: items)
        view.allowsMultipleSelectionDuringEditing = flags & 2 == 0
        view.activatesOnDoubleClick = flags & 4 != 0
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
    }

    var stamp: UInt32 { UInt32(time) }
    var arena: GestureArena { host.gestureArena }

    func point(_ input: inout FuzzBytes) -> Point {
        Point(x: Double(input.below(361)) - 20, y: Double(input.below(481)) - 20)
    }

    func modifiers(_ byte: UInt8) -> Modifiers { Modifiers(rawValue: byte & 0x7) }

    func run(_ input: inout FuzzBytes) {
        while !input.isAtEnd && step < 300 {
            step += 1
            let op = input.byte()
            time += Double(input.byte() % 64)
            switch op % 12 {
            case 0:
                arena.pointerMoved(to: point(&input), time: arena.eventTime(stamp))
                _ = view.hover(at: arena.pointerPosition)
            case 1:
                if arena.pointerPosition == nil { arena.pointerMoved(to: point(&input), time: arena.eventTime(stamp)) }
                buttonHeld.toggle()
                arena.pointerButton(pressed: buttonHeld, modifiers: modifiers(op >> 4), time: arena.eventTime(stamp))
            case 2:
                if let position = arena.pointerPosition, op & 0x10 != 0 {
                    view.handleSecondaryClick(at: position)
                } else {
                    buttonHeld = false
                    arena.pointerButton(pressed: false, modifiers: [], time: arena.eventTime(stamp))
                    arena.pointerMoved(to: nil, time: arena.eventTime(stamp))
                }
            case 3:
                var frame = PointerFrame()
                frame.source = [AxisSource.wheel, .finger, .continuous][Int(op >> 4) % 3]
                let dy = Double(input.int16()) / 64
                frame.vertical = AxisMotion(value: dy, value120: frame.source == .wheel ? Int(dy * 8) : nil, stopped: op & 0x80 != 0)
                frame.time = stamp
                if arena.pointerPosition != nil { view.handleScroll(frame) }
            case 4:
                let free = (0..<Int32(10)).filter { touches[$0] == nil }
                guard let id = free.isEmpty ? nil : free[Int(op >> 4) % free.count] else { break }
                let at = point(&input)
                if touches.isEmpty { view.touchesBegan() }
                touches[id] = at
                var frame = TouchFrame()
                frame.down = [TouchPoint(id: id, position: at)]
                frame.time = stamp
                arena.handle(frame)
            case 5:
                guard !touches.isEmpty else { break }
                let dx = Double(Int8(bitPattern: input.byte())), dy = Double(Int8(bitPattern: input.byte()))
                var frame = TouchFrame()
                for (id, at) in touches.sorted(by: { $0.key < $1.key }) where op & 0x10 != 0 || id == touches.keys.min() {
                    let moved = Point(x: at.x + dx, y: at.y + dy)
                    touches[id] = moved
                    frame.moved.append(TouchPoint(id: id, position: moved))
                }
                frame.time = stamp
                arena.handle(frame)
            case 6:
                guard !touches.isEmpty else { break }
                var frame = TouchFrame()
                frame.time = stamp
                if op & 0x30 == 0x30 {
                    frame.cancelled = true
                    touches = [:]
                } else if op & 0x10 != 0 {
                    frame.up = touches.keys.sorted()
                    touches = [:]
                } else {
                    let id = touches.keys.sorted()[Int(op >> 6) % touches.count]
                    frame.up = [id]
                    touches[id] = nil
                }
                arena.handle(frame)
            case 7:
                touchpadStep(op, &input)
            case 8, 9:
                let key = Self.keys[Int(op >> 4) % Self.keys.count]
                _ = view.handleKey(KeyEvent(keysym: key, text: key == .space ? " " : "", modifiers: modifiers(input.byte()),
                                            isRepeat: false, time: stamp))
            case 10:
                dataChange(op, &input)
            default:
                let milliseconds = Double(input.below(2000))
                time += milliseconds
                host.advance(to: time)
                arena.advance(to: arena.eventTime(stamp))
                _ = view.advanceAnimations(to: time)
            }
            if Self.tracing { trace(op) }
            check(quiescent: false)
        }
        // Everything let go, then time passes: nothing may stay provisional.
        time += 20
        if !touches.isEmpty {
            var frame = TouchFrame()
            frame.up = touches.keys.sorted()
            frame.time = stamp
            touches = [:]
            arena.handle(frame)
        }
        if buttonHeld { arena.pointerButton(pressed: false, modifiers: [], time: arena.eventTime(stamp)) }
        buttonHeld = false
        if let open = touchpad { endTouchpad(open, cancelled: false) }
        time += 3000
        host.advance(to: time)
        arena.advance(to: arena.eventTime(stamp))
        check(quiescent: true)
    }

    func touchpadStep(_ op: UInt8, _ input: inout FuzzBytes) {
        if let open = touchpad {
            if op & 0x30 == 0 {
                endTouchpad(open, cancelled: op & 0x40 != 0)
            } else if open == 0 {
                arena.handle(.swipeUpdate(dx: Double(Int8(bitPattern: input.byte())), dy: Double(Int8(bitPattern: input.byte())), time: stamp))
            } else if open == 1 {
                let scale = Double(input.byte()) / 64
                arena.handle(.pinchUpdate(dx: Double(Int8(bitPattern: input.byte())), dy: Double(Int8(bitPattern: input.byte())),
                                          scale: scale, rotation: Double(Int8(bitPattern: input.byte())), time: stamp))
            }
        } else {
            let kind = (op >> 4) % 3
            let fingers = UInt32(1 + (op >> 6))
            if arena.pointerPosition == nil { arena.pointerMoved(to: point(&input), time: arena.eventTime(stamp)) }
            touchpad = kind
            switch kind {
            case 0: arena.handle(.swipeBegin(fingers: fingers + 1, time: stamp))
            case 1: arena.handle(.pinchBegin(fingers: fingers + 1, time: stamp))
            default:
                view.touchesBegan()
                arena.handle(.holdBegin(fingers: fingers, time: stamp))
            }
        }
    }

    func endTouchpad(_ open: UInt8, cancelled: Bool) {
        switch open {
        case 0: arena.handle(.swipeEnd(cancelled: cancelled, time: stamp))
        case 1: arena.handle(.pinchEnd(cancelled: cancelled, time: stamp))
        default: arena.handle(.holdEnd(cancelled: cancelled, time: stamp))
        }
        touchpad = nil
    }

    func dataChange(_ op: UInt8, _ input: inout FuzzBytes) {
        let count = items.strings.count
        let at = count == 0 ? 0 : input.below(count + 1)
        let length = 1 + input.below(op & 0x10 != 0 ? 40 : 3)
        do {
            if op & 0x20 != 0 || count == 0 {
                items.strings.insert(contentsOf: (0..<length).map { "New \(step).\($0)" }, at: at)
                try view.performBatchUpdates(.insert(ItemRange(section: 0, items: at...(at + length - 1))))
            } else {
                let start = min(at, count - 1), end = min(count - 1, start + length - 1)
                items.strings.removeSubrange(start...end)
                try view.performBatchUpdates(.delete(ItemRange(section: 0, items: start...end)))
            }
        } catch {
            fuzzCheck(false, "step \(step): a valid update was refused: \(error)")
        }
    }

    /// SWEEP_FUZZ_TRACE=1 prints each step when an input is replayed (`fuzz-collection INPUT`).
    static let tracing = getenv("SWEEP_FUZZ_TRACE") != nil

    func trace(_ op: UInt8) {
        let names = ["pointer.move", "pointer.button", "pointer.leave/secondary", "scroll", "touch.down", "touch.move",
                     "touch.up", "touchpad", "key", "key", "data", "time"]
        let model = view.selection.model
        let line = ("step \(step) \(names[Int(op % 12)]) op \(op) at \(time): pointer \(arena.pointerPosition.map { "\($0)" } ?? "none")"
              + " held \(buttonHeld) touches \(touches.keys.sorted()) touchpad \(touchpad.map(String.init) ?? "-")"
              + " editing \(view.isEditing) band \(view.isBandActive) provisional \(model.provisionalKind.map { "\($0)" } ?? "-")"
              + " selected \(view.selectedCount)\n")
        _ = line.withCString { write(2, $0, strlen($0)) }   // unbuffered: a broken invariant ends the process next
    }

    func check(quiescent: Bool) {
        let count = items.strings.count
        fuzzCheck(view.itemCount == count, "step \(step): the view has \(view.itemCount) items, the data \(count)")
        let model = view.selection.model
        for range in model.committed.ranges + model.effectiveRanges {
            fuzzCheck(range.section == 0 && range.items.lowerBound >= 0 && range.items.upperBound < count,
                      "step \(step): \(range) selected outside 0..<\(count)")
        }
        if model.provisionalKind == nil {
            let sum = view.selectedRanges.reduce(0) { $0 + $1.items.count }
            fuzzCheck(view.selectedCount == sum, "step \(step): count \(view.selectedCount) does not match the ranges (\(sum))")
            fuzzCheck(view.isEditing || view.allowsMultipleSelection || view.selectedCount <= 1,
                      "step \(step): \(view.selectedCount) selected outside editing mode")
        }
        if quiescent {
            fuzzCheck(model.provisionalKind == nil, "step \(step): still provisional after every input ended")
            fuzzCheck(!view.isBandActive, "step \(step): the band is still active after the button came up")
        }
    }
}

/// A window stand-in: damage dropped, timers run by hand on a clock moved
/// by the driver (as SweepUITests' TestHost).
@MainActor
final class FuzzHost: ComponentHost {
    let gestureArena = GestureArena()
    private(set) var now = 0.0
    private var timers: [(token: TimerToken, due: Double, body: () -> Void)] = []
    private var nextToken: UInt64 = 0

    func invalidate(_ region: Region) {}

    func schedule(after milliseconds: Double, _ body: @escaping () -> Void) -> TimerToken {
        nextToken += 1
        let token = TimerToken(nextToken)
        timers.append((token, now + milliseconds, body))
        return token
    }

    func cancel(_ timer: TimerToken) { timers.removeAll { $0.token == timer } }

    /// Moves the clock to `time`, running the timers that come due, in order (at most 10,000).
    func advance(to time: Double) {
        var ran = 0
        while ran < 10_000,
              let next = timers.enumerated().filter({ $0.element.due <= time }).min(by: { $0.element.due < $1.element.due }) {
            timers.remove(at: next.offset)
            now = max(now, next.element.due)
            next.element.body()
            ran += 1
        }
        now = max(now, time)
    }
}

@main enum FuzzCollectionMain {
    static func main() { runFuzzer(fuzzCollection) }
}
