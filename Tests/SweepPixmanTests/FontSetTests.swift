import SweepGraphics
import Testing
@testable import SweepPixman

/// Font sets load fontconfig's default sans at the device size, and can be
/// made from several threads at once (Swift Testing does exactly that).
@Suite struct FontSetTests {
    @Test func fontsAreLoadedAtTheDeviceSize() throws {
        let one = try FontSet(scale: 1), two = try FontSet(scale: 2)
        #expect(one.scale == 1 && two.scale == 2)
        // Metrics are logical: the same within a pixel of hinting at both scales.
        for role in FontRole.allCases {
            let a = one.metrics(for: role), b = two.metrics(for: role)
            #expect(a.lineHeight > role.pixelSize && a.lineHeight < role.pixelSize * 1.6, "\(role): \(a.lineHeight)")
            #expect(abs(a.lineHeight - b.lineHeight) <= 1, "\(role): \(a.lineHeight) vs \(b.lineHeight)")
        }
    }

    @Test func fontSetsMadeConcurrentlyAllWork() async throws {
        // The first font sets of a process race to initialise fcft (run under
        // --sanitize=thread to see a race there); every one must measure alike.
        let widths = try await withThrowingTaskGroup(of: Double.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let fonts = try FontSet(scale: 1)
                    let image = try #require(PixmanImage(width: 1, height: 1))
                    return PixmanCanvas(image: image, scale: 1, fonts: fonts).measureText("Concurrent", role: .body)
                }
            }
            var widths: [Double] = []
            for try await width in group { widths.append(width) }
            return widths
        }
        #expect(widths.count == 8)
        #expect(Set(widths).count == 1 && widths[0] > 0, "\(widths)")
    }
}
