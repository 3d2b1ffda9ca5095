import SweepGeometry
import SweepGestures
import SweepInput
import Testing

@Suite struct TouchpadAndPointerTests {
    private func scroll(_ arena: GestureArena, dy: Double, at time: Double, stopped: Bool = false) -> Bool {
        arena.handle(ScrollMotion(dy: dy, source: .finger, stopped: stopped, time: time))
    }

    /// A hold-and-scroll sweep in an arena, its states logged, the pointer at (200, 150).
    private func holdSweep() -> (HoldScrollSweepGestureRecognizer, StateLog, GestureArena) {
        let sweep = HoldScrollSweepGestureRecognizer(name: "sweep")
        let log = StateLog()
        log.watch(sweep)
        let (arena, _) = makeArena(with: sweep)
        arena.pointerMoved(to: Point(x: 200, y: 150), time: 0)
        return (sweep, log, arena)
    }

    @Test func twoFingersHeldThenScrollingSweepInsteadOfScrolling() {
        let (sweep, log, arena) = holdSweep()
        arena.handle(.holdBegin(fingers: 2, time: 1000))
        arena.handle(.holdEnd(cancelled: true, time: 1320))
        #expect(scroll(arena, dy: 12, at: 1320), "the scroll drives the sweep")
        #expect(scroll(arena, dy: 30, at: 1340))
        #expect(sweep.location == Point(x: 200, y: 192))
        #expect(scroll(arena, dy: 0, at: 1360, stopped: true))
        #expect(log.states == ["sweep began", "sweep changed", "sweep ended"])
        // Afterwards, scrolling is scrolling again.
        #expect(!scroll(arena, dy: 5, at: 2000))
    }

    /// Found by fuzzing (Fuzz/fuzz-collection): a sweep whose `axis_stop` never came stayed
    /// active after the fingers lifted, and the selection provisional for good.
    @Test func fingersLiftedFromAHoldEndTheSweepWithoutAnAxisStop() {
        let (_, log, arena) = holdSweep()
        arena.handle(.holdBegin(fingers: 2, time: 1000))
        #expect(scroll(arena, dy: 12, at: 1400), "the scroll drives the sweep")
        // Resting again mid-sweep and moving on (a cancelled hold) changes nothing.
        arena.handle(.holdBegin(fingers: 2, time: 1500))
        arena.handle(.holdEnd(cancelled: true, time: 1550))
        #expect(scroll(arena, dy: 8, at: 1560))
        arena.handle(.holdBegin(fingers: 2, time: 1700))
        arena.handle(.holdEnd(cancelled: false, time: 1800))
        #expect(log.states == ["sweep began", "sweep changed", "sweep ended"])
        #expect(!scroll(arena, dy: 5, at: 2000), "scrolling is scrolling again")
    }

    /// Found by fuzzing (Fuzz/fuzz-collection): the hold ended as the fingers began to move (as
    /// libinput ends it), so no hold end was left to end the sweep, and its `axis_stop` never
    /// came. Without scrolling for `silenceTimeout` the fingers are taken as lifted.
    @Test func aSweepWithoutScrollingForItsSilenceTimeoutEnds() {
        let (sweep, log, arena) = holdSweep()
        arena.handle(.holdBegin(fingers: 2, time: 1000))
        arena.handle(.holdEnd(cancelled: true, time: 1320))
        #expect(scroll(arena, dy: 12, at: 1320))
        #expect(scroll(arena, dy: 30, at: 1340))
        #expect(sweep.deadline == 1340 + sweep.silenceTimeout)
        arena.advance(to: 1340 + sweep.silenceTimeout - 1)
        #expect(log.states == ["sweep began", "sweep changed"], "fingers resting a while mid-sweep")
        #expect(scroll(arena, dy: 5, at: 2500), "and moving on")
        arena.advance(to: 2500 + sweep.silenceTimeout)
        #expect(log.states == ["sweep began", "sweep changed", "sweep changed", "sweep ended"])
        #expect(!scroll(arena, dy: 5, at: 4500), "scrolling is scrolling again")
    }

    @Test func aTwoFingerDragThatMovesAtOnceScrolls() {
        let (_, log, arena) = holdSweep()
        arena.handle(.holdBegin(fingers: 2, time: 1000))
        arena.handle(.holdEnd(cancelled: true, time: 1040))
        #expect(!scroll(arena, dy: 12, at: 1040))
        #expect(!scroll(arena, dy: 12, at: 1400))
        #expect(!scroll(arena, dy: 0, at: 1420, stopped: true))
        // No hold at all (a compositor without hold gestures): scrolling.
        #expect(!scroll(arena, dy: 12, at: 3000))
        // Lifted after a long hold without moving: nothing, and the next scroll scrolls.
        arena.handle(.holdBegin(fingers: 2, time: 4000))
        arena.handle(.holdEnd(cancelled: false, time: 4500))
        #expect(!scroll(arena, dy: 12, at: 4600))
        #expect(log.states.isEmpty)
    }

    @Test func theBandBeginsAfterFourPixelsWithTheModifiersOfThePress() {
        let band = BandGestureRecognizer()
        let click = ClickGestureRecognizer()
        let log = StateLog()
        log.watch(band, click)
        let (arena, _) = makeArena(with: band, click, frame: Rect(x: 0, y: 50, width: 800, height: 550))
        arena.pointerMoved(to: Point(x: 100, y: 150), time: 1000)
        arena.pointerButton(pressed: true, modifiers: .shift, time: 1000)
        arena.pointerMoved(to: Point(x: 102, y: 152), time: 1010)
        #expect(log.states.isEmpty, "2.8 px is under the hysteresis")
        arena.pointerMoved(to: Point(x: 103, y: 154), time: 1020)
        #expect(log.states == ["band began"])
        #expect(band.anchor == Point(x: 100, y: 100), "in view coordinates")
        #expect(band.initialModifiers == .shift)
        arena.pointerMoved(to: Point(x: 50, y: 300), time: 1030)
        #expect(band.rect == Rect(x: 50, y: 100, width: 50, height: 150))
        arena.pointerButton(pressed: false, modifiers: [], time: 1040)
        #expect(log.states == ["band began", "band changed", "band ended"])
    }

    @Test func aPressReleasedInPlaceIsAClickAndEscapeCancelsABand() {
        let band = BandGestureRecognizer()
        let click = ClickGestureRecognizer()
        click.require(toFail: band)
        let log = StateLog()
        log.watch(band, click)
        let (arena, _) = makeArena(with: band, click)
        arena.pointerMoved(to: Point(x: 100, y: 150), time: 1000)
        arena.pointerButton(pressed: true, modifiers: .control, time: 1000)
        arena.pointerMoved(to: Point(x: 101, y: 151), time: 1010)
        arena.pointerButton(pressed: false, modifiers: [], time: 1020)
        #expect(log.states == ["click recognized"])
        #expect(click.modifiers == .control)
        arena.pointerButton(pressed: true, modifiers: [], time: 2000)
        arena.pointerMoved(to: Point(x: 200, y: 250), time: 2010)
        band.cancel()
        arena.pointerMoved(to: Point(x: 220, y: 250), time: 2020)
        arena.pointerButton(pressed: false, modifiers: [], time: 2030)
        #expect(log.states == ["click recognized", "band began", "band cancelled"])
    }
}
