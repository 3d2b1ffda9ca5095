/// The orientation tag of a JPEG's Exif block (APP1), read with every
/// offset checked against the segment; `.up` when absent or malformed.
enum ExifOrientation {
    static func read(jpeg bytes: [UInt8]) -> Orientation {
        var offset = 2   // after SOI
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }   // fill byte
            if marker == 0xDA || marker == 0xD9 { break }   // image data or the end: no Exif before it
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            let segment = (offset + 4)..<(offset + 2 + length)
            if marker == 0xE1, let orientation = orientation(in: bytes[segment]) { return orientation }
            offset = segment.upperBound
        }
        return .up
    }

    /// The tag in an APP1 segment that starts "Exif\0\0" followed by a TIFF header.
    private static func orientation(in segment: ArraySlice<UInt8>) -> Orientation? {
        guard segment.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
        let tiff = segment.startIndex + 6
        guard tiff + 8 <= segment.endIndex else { return nil }
        let little: Bool
        switch (segment[tiff], segment[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func value(_ at: Int, _ size: Int) -> Int? {
            guard at >= tiff, at + size <= segment.endIndex else { return nil }
            var result = 0
            for index in 0..<size {
                let byte = Int(segment[little ? at + size - 1 - index : at + index])
                result = result << 8 | byte
            }
            return result
        }
        guard value(tiff + 2, 2) == 42, let ifd = value(tiff + 4, 4), let count = value(tiff + ifd, 2) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = tiff + ifd + 2 + entry * 12
            guard let tag = value(at, 2) else { return nil }
            // Orientation: 0x0112, one SHORT (type 3) held in the entry itself.
            if tag == 0x0112, value(at + 2, 2) == 3, let raw = value(at + 8, 2) { return Orientation(rawValue: raw) }
        }
        return nil
    }
}
