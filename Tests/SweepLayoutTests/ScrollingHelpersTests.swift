import SweepGeometry
import Testing
@testable import SweepLayout

@Suite struct KineticScrollerTests {
    @Test func aFlingSlowsDownAndStops() {
        let fling = KineticScroller(offset: 100, velocity: 2, time: 0, bounds: 0...1_000_000)
        var previous = fling.offset(at: 0), previousStep = Double.infinity
        #expect(previous == 100)
        for time in stride(from: 16.0, through: 4000, by: 16) {
            let offset = fling.offset(at: time)
            let step = offset - previous
            #expect(step >= 0 && step <= previousStep + 1e-9, "monotonic and decelerating at \(time)")
            previous = offset
            previousStep = step
        }
        // The whole distance is v / -ln(r) ≈ 2 / 0.002 ≈ 1000 px.
        #expect(abs(fling.offset(at: 100_000) - 100 - 994) < 10)
        #expect(fling.isFinished(at: fling.duration + 1))
        #expect(!fling.isFinished(at: 10))
    }

    @Test func itStopsAtTheBounds() {
        let fling = KineticScroller(offset: 50, velocity: -3, time: 1000, bounds: 0...500)
        #expect(fling.offset(at: 5000) == 0)
        #expect(fling.isFinished(at: 5000))
    }

    @Test func aTouchStopsIt() {
        var fling = KineticScroller(offset: 0, velocity: 3, time: 0, bounds: 0...10_000)
        fling.stop()
        #expect(fling.isFinished(at: 1))
    }

    @Test func seriesFunctionsAreAccurate() {
        for x in [-12.0, -3.5, -0.01, 0, 0.5, 2.0] {
            #expect(abs(exp(x) - Foundationless.exp(x)) / Foundationless.exp(x) < 1e-9, "exp(\(x))")
        }
        for x in [0.001, 0.3, 1, 2.7, 1000] {
            #expect(abs(log(x) - Foundationless.log(x)) < 1e-9, "log(\(x))")
        }
    }
}

/// Reference values computed by a slow, obviously correct method.
enum Foundationless {
    static func exp(_ x: Double) -> Double {
        // e^x as a long Taylor series of x/64, raised to the 64th power.
        var term = 1.0, sum = 1.0
        for n in 1...40 { term *= (x / 64) / Double(n); sum += term }
        var result = sum
        for _ in 0..<6 { result *= result }
        return result
    }
    static func log(_ x: Double) -> Double {
        // Bisection on exp.
        var low = -50.0, high = 50.0
        for _ in 0..<200 { let mid = (low + high) / 2; if exp(mid) < x { low = mid } else { high = mid } }
        return (low + high) / 2
    }
}

@Suite struct AutoscrollTests {
    @Test func nothingOutsideTheEdgeZones() {
        #expect(Autoscroll.sweep.speed(atViewportY: 300, viewportHeight: 600) == 0)
        #expect(Autoscroll.sweep.speed(atViewportY: 44, viewportHeight: 600) == 0)
        #expect(Autoscroll.band.speed(atViewportY: 40, viewportHeight: 600) == 0, "bands use a 30 px zone")
    }

    @Test func deeperIsFasterAndOutsideIsFullSpeed() {
        let shallow = Autoscroll.sweep.speed(atViewportY: 560, viewportHeight: 600)
        let deep = Autoscroll.sweep.speed(atViewportY: 590, viewportHeight: 600)
        #expect(shallow > 0 && deep > shallow)
        #expect(Autoscroll.sweep.speed(atViewportY: 700, viewportHeight: 600) == Autoscroll.sweep.maximumSpeed)
        #expect(Autoscroll.sweep.speed(atViewportY: -50, viewportHeight: 600) == -Autoscroll.sweep.maximumSpeed)
    }

    @Test func offsetsMoveByTheSpeedAndStayInBounds() {
        let next = Autoscroll.sweep.offset(from: 100, atViewportY: 700, viewportHeight: 600, elapsed: 100, bounds: 0...1000)
        #expect(next == 100 + Autoscroll.sweep.maximumSpeed / 10)
        #expect(Autoscroll.sweep.offset(from: 10, atViewportY: -5, viewportHeight: 600, elapsed: 1000, bounds: 0...1000) == 0)
    }
}

@Suite struct GridZoomTests {
    let grid = GridLayout(itemCounts: [500], width: 800)

    /// The content point under the centre, as a fraction of the anchor item.
    private func pointUnderCentre(_ zoom: GridZoom) -> (ItemPath?, Double) {
        let point = Point(x: zoom.centre.x, y: zoom.centre.y + zoom.contentOffset)
        guard let item = zoom.layout.nearestItem(to: point) else { return (nil, 0) }
        let frame = zoom.layout.frame(of: item)
        return (item, (point.y - frame.minY) / frame.height)
    }

    @Test func theItemUnderThePinchStaysUnderIt() {
        var zoom = GridZoom(layout: grid, contentOffset: 2000, centre: Point(x: 60, y: 300), viewportHeight: 600)
        let (before, fraction) = pointUnderCentre(zoom)
        for scale in [0.6, 0.9, 1.4, 2.0] {
            zoom.update(scale: scale)
            let (after, afterFraction) = pointUnderCentre(zoom)
            #expect(after == before, "scale \(scale)")
            #expect(abs(afterFraction - fraction) < 0.01)
            #expect(zoom.layout.columns == grid.columns, "columns hold during the pinch")
        }
    }

    @Test func theSizeStaysWithinItsLimits() {
        var zoom = GridZoom(layout: grid, contentOffset: 0, centre: Point(x: 60, y: 60), viewportHeight: 600)
        zoom.update(scale: 10)
        #expect(zoom.cellSize == 240)
        zoom.update(scale: 0.01)
        #expect(zoom.cellSize == 48)
    }

    @Test func theEndSettlesToWholeColumns() {
        var zoom = GridZoom(layout: grid, contentOffset: 0, centre: Point(x: 60, y: 60), viewportHeight: 600)
        zoom.update(scale: 1.37)
        zoom.end()
        let layout = zoom.layout
        let used = 2 * layout.inset + Double(layout.columns) * layout.cellSize.width + Double(layout.columns - 1) * layout.spacing
        #expect(used <= 800 && 800 - used < Double(layout.columns), "whole columns fill the width: \(used)")
    }

    @Test func aCancelRestores() {
        var zoom = GridZoom(layout: grid, contentOffset: 1234, centre: Point(x: 60, y: 60), viewportHeight: 600)
        zoom.update(scale: 1.8)
        zoom.cancel()
        #expect(zoom.layout == grid && zoom.contentOffset == 1234)
    }
}
