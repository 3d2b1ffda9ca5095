import SweepUI

/// The window's content: the header over the records.
final class PickerView: Component {
    let header: PickHeader
    let records: CollectionView
    private(set) var frame: Rect = .zero
    var isVisible = true

    init(header: PickHeader, records: CollectionView) {
        self.header = header
        self.records = records
    }

    var children: [Component] { [header, records] }

    func attach(to host: ComponentHost) {
        header.attach(to: host)
        records.attach(to: host)
    }

    func setFrame(_ newFrame: Rect) {
        frame = newFrame
        let height = min(header.height, newFrame.height)
        header.setFrame(Rect(x: newFrame.minX, y: newFrame.minY, width: newFrame.width, height: height))
        records.setFrame(Rect(x: newFrame.minX, y: newFrame.minY + height, width: newFrame.width,
                              height: max(0, newFrame.height - height)))
    }

    func draw(in canvas: Canvas, damage: Region) {
        header.draw(in: canvas, damage: damage)
        records.draw(in: canvas, damage: damage)
    }

    var isAnimating: Bool { records.isAnimating }
    func advanceAnimations(to time: Double) -> Region { records.advanceAnimations(to: time) }
}
