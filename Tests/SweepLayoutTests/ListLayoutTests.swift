import Testing
@testable import SweepLayout

@Suite struct ListLayoutTests {
    let layout = ListLayout(rowCount: 10_000_000, rowHeight: 44, width: 320)

    @Test func rowsAndTheirRectangles() {
        #expect(layout.rect(ofRow: 2).minY == 88)
        #expect(layout.row(atContentY: 87.9) == 1)
        #expect(layout.row(atContentY: 88) == 2)
        #expect(layout.row(atContentY: -1) == nil)
        #expect(layout.row(atContentY: layout.contentHeight) == nil)
        #expect(layout.row(atContentY: layout.contentHeight - 1) == 9_999_999)
    }

    @Test func visibleRowsIncludePartialRows() {
        #expect(layout.rows(inContentRange: 22, height: 44) == 0..<2)
        #expect(layout.rows(inContentRange: 44, height: 44) == 1..<2)
        #expect(layout.rows(inContentRange: layout.contentHeight - 10, height: 100) == 9_999_999..<10_000_000)
    }
}

@Suite struct ScrollModelTests {
    @Test func theOffsetStaysInBounds() {
        var model = ScrollModel(contentHeight: 1000, viewportHeight: 400)
        model.jump(to: 5000)
        #expect(model.offset == 600)
        model.jump(to: -3)
        #expect(model.offset == 0)
    }

    @Test func aGlideReachesItsTargetAfterItsDuration() {
        var model = ScrollModel(contentHeight: 1000, viewportHeight: 400)
        model.glide(by: 300)
        let stillMoving = model.advance(to: 1000)
        #expect(stillMoving)
        #expect(model.offset > 0 && model.offset < 300, "the first frame moves part of the way")
        let movingAtTheEnd = model.advance(to: 1000 + ScrollModel.animationDuration)
        #expect(!movingAtTheEnd)
        #expect(model.offset == 300)
    }

    @Test func quickNotchesAddUp() {
        var model = ScrollModel(contentHeight: 10_000, viewportHeight: 400)
        model.glide(by: 132)
        model.glide(by: 132)
        #expect(model.target == 264)
    }

    @Test func shrinkingTheContentClampsTheOffset() {
        var model = ScrollModel(contentHeight: 10_000, viewportHeight: 400)
        model.jump(to: 9000)
        model.resize(contentHeight: 1000, viewportHeight: 400)
        #expect(model.offset == 600)
        #expect(!model.isAnimating)
    }
}
