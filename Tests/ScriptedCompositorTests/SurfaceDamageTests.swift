import CPixman
import Testing
@testable import ScriptedCompositor

/// A surface's damage as the scripted compositor takes it at a commit: clipped
/// to the buffer, surface damage scaled, cut into pixman's y-x bands.
@Suite struct SurfaceDamageTests {
    private func boxes(_ boxes: [pixman_box32_t]) -> [[Int32]] { boxes.map { [$0.x1, $0.y1, $0.x2, $0.y2] } }

    @Test func damagingEverythingIsClippedToTheBufferWithoutOverflowing() {
        var damage = SurfaceDamage()
        damage.addSurface(x: 0, y: 0, width: Int32.max, height: Int32.max)
        damage.addBuffer(x: -5, y: -5, width: Int32.max, height: Int32.max)
        #expect(boxes(damage.take(width: 200, height: 100, scale: 2)) == [[0, 0, 200, 100]])
    }

    @Test func surfaceDamageIsScaledByTheCommittedBufferScaleAndBufferDamageIsNot() {
        var damage = SurfaceDamage()
        damage.addSurface(x: 10, y: 10, width: 5, height: 5)
        damage.addBuffer(x: 100, y: 0, width: 10, height: 10)
        #expect(boxes(damage.take(width: 200, height: 100, scale: 2)) == [[100, 0, 110, 10], [20, 20, 30, 30]])
    }

    @Test func rectanglesAtDifferentHeightsAreCutIntoBands() {
        // Two overlapping squares: above, beside each other, and below make 3 bands of 4 boxes.
        var damage = SurfaceDamage()
        damage.addBuffer(x: 0, y: 0, width: 10, height: 10)
        damage.addBuffer(x: 20, y: 5, width: 10, height: 10)
        #expect(boxes(damage.take(width: 100, height: 100, scale: 1))
                == [[0, 0, 10, 5], [0, 5, 10, 10], [20, 5, 30, 10], [20, 10, 30, 15]])
    }

    @Test func emptyOrOutsideDamageIsNothingAndATakeStartsAgain() {
        var damage = SurfaceDamage()
        damage.addBuffer(x: 0, y: 0, width: -4, height: 10)
        damage.addBuffer(x: 0, y: 0, width: 10, height: 0)
        damage.addBuffer(x: 300, y: 0, width: 10, height: 10)
        #expect(damage.take(width: 100, height: 100, scale: 1).isEmpty)
        damage.addBuffer(x: 0, y: 0, width: 10, height: 10)
        #expect(boxes(damage.take(width: 100, height: 100, scale: 1)) == [[0, 0, 10, 10]])
        #expect(damage.take(width: 100, height: 100, scale: 1).isEmpty)
    }
}
