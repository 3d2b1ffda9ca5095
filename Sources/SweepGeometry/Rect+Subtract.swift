extension Rect {
    /// The parts of this rectangle outside `other`: at most four rectangles
    /// (the bands above and below it, then the pieces left and right of it),
    /// none overlapping; the rectangle itself when they do not meet.
    public func subtracting(_ other: Rect) -> [Rect] {
        guard intersects(other) else { return isEmpty ? [] : [self] }
        let middle = intersection(other)
        var pieces: [Rect] = []
        if middle.minY > minY { pieces.append(Rect(x: minX, y: minY, width: width, height: middle.minY - minY)) }
        if middle.maxY < maxY { pieces.append(Rect(x: minX, y: middle.maxY, width: width, height: maxY - middle.maxY)) }
        if middle.minX > minX { pieces.append(Rect(x: minX, y: middle.minY, width: middle.minX - minX, height: middle.height)) }
        if middle.maxX < maxX { pieces.append(Rect(x: middle.maxX, y: middle.minY, width: maxX - middle.maxX, height: middle.height)) }
        return pieces
    }
}

extension Region {
    /// The region less `rects`, exactly where it stays within
    /// `maximumRectangles`, else with pieces merged into their bounding boxes
    /// (repainting more is correct; see the type's comment).
    public func subtracting(_ rects: [Rect]) -> Region {
        var pieces = self.rects
        for cut in rects { pieces = pieces.flatMap { $0.subtracting(cut) } }
        return Region(pieces)
    }
}
