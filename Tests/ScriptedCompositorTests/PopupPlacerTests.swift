import Testing
@testable import ScriptedCompositor

/// xdg_positioner placement against the output: anchor and gravity, then
/// flip and slide where the constraint adjustment allows them.
@Suite struct PopupPlacerTests {
    /// A 200 × 150 menu anchored at a point, growing down-right, flip and slide allowed.
    private func menu(at x: Int32, _ y: Int32, adjustment: UInt32 = 1 | 2 | 4 | 8) -> PopupPlacer {
        var placer = PopupPlacer()
        placer.width = 200
        placer.height = 150
        placer.anchorRect = (x, y, 1, 1)
        placer.anchor = 5        // top left
        placer.gravity = 8       // bottom right
        placer.adjustment = adjustment
        return placer
    }

    private let output: (width: Int32, height: Int32) = (800, 600)

    @Test func inTheMiddleItGoesWhereAnchorAndGravitySay() {
        #expect(menu(at: 300, 200).place(parent: (0, 0), output: output) == (300, 200))
    }

    @Test func nearTheBottomRightCornerItFlipsUpAndLeft() {
        let placed = menu(at: 700, 550).place(parent: (0, 0), output: output)
        // Flipped: it ends at the far side of the 1 × 1 anchor rectangle, so the point stays inside it.
        #expect(placed == (501, 401))
    }

    @Test func withoutFlippingItSlidesInside() {
        let placed = menu(at: 700, 550, adjustment: 1 | 2).place(parent: (0, 0), output: output)
        #expect(placed == (600, 450))
    }

    @Test func withNoAdjustmentItStaysOffTheOutput() {
        #expect(menu(at: 700, 550, adjustment: 0).place(parent: (0, 0), output: output) == (700, 550))
    }

    @Test func aSubmenuFlipsToTheLeftOfItsRowAndSlidesUp() {
        var placer = PopupPlacer()
        placer.width = 160
        placer.height = 300
        placer.anchorRect = (0, 200, 200, 30)   // the row, in the parent menu
        placer.anchor = 7                        // top right
        placer.gravity = 8                       // bottom right
        placer.offset = (-2, -5)
        placer.adjustment = 1 | 2 | 4
        // The parent menu is at (550, 300): to the right there is no room (550 + 198 + 160 > 800).
        let placed = placer.place(parent: (550, 300), output: output)
        #expect(placed.x == -160 + 2, "flipped to the row's left, the offset mirrored")
        #expect(placed.y == 600 - 300 - 300, "slid up to end at the output's bottom")
    }

    @Test func aParentOffTheOriginCountsInTheConstraint() {
        // A layer surface centred on the output: its popup near its own bottom edge is still on the output.
        #expect(menu(at: 100, 100).place(parent: (100, 400), output: output) == (100, 101 - 150))
    }
}
