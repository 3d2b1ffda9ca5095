import CTurboJPEG
import CZlib
import Glibc

/// A fresh directory under /tmp for one test's files, removed with its files at the end.
final class ScratchDirectory {
    let path: String

    init() {
        var template = Array("/tmp/sweep-images-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(path)
    }

    /// Writes `bytes` to a file in the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let file = path + "/" + name
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(file)")
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
        close(fd)
        return file
    }
}

/// PNG files built chunk by chunk, for colour types, depths and headers
/// the project's own writer does not make.
enum TestPNG {
    /// A PNG of `rows` (each row's samples, without the filter byte).
    static func make(width: Int, height: Int, depth: UInt8, colorType: UInt8, rows: [[UInt8]],
                     palette: [UInt8]? = nil, transparency: [UInt8]? = nil) -> [UInt8] {
        var header = be32(width) + be32(height)
        header += [depth, colorType, 0, 0, 0]
        var output: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        output += chunk("IHDR", header)
        if let palette { output += chunk("PLTE", palette) }
        if let transparency { output += chunk("tRNS", transparency) }
        output += chunk("IDAT", deflate(rows.flatMap { [0] + $0 }))
        output += chunk("IEND", [])
        return output
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
         UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return be32(data.count) + body + be32(Int(crc))
    }

    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { compress2($0.baseAddress, &length, source.baseAddress, uLong(source.count), 6) }
        }
        precondition(status == Z_OK)
        return Array(output[0..<Int(length)])
    }
}

/// JPEG files from TurboJPEG's compressor.
enum TestJPEG {
    /// A JPEG of `width × height` whose pixels `color(x, y)` gives as (r, g, b).
    static func make(width: Int, height: Int, quality: Int32 = 95,
                     color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                rgb += [r, g, b]
            }
        }
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var jpeg: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue),
                        &jpeg, &size, Int32(TJSAMP_444.rawValue), quality, 0)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(jpeg) }
        return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
    }

    /// `jpeg` with the size in its start-of-frame marker replaced (the pixels stay as they were).
    static func declaringSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        var offset = 2
        while offset + 9 < bytes.count {
            precondition(bytes[offset] == 0xFF)
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[offset + 5] = UInt8(height >> 8); bytes[offset + 6] = UInt8(height & 0xFF)
                bytes[offset + 7] = UInt8(width >> 8); bytes[offset + 8] = UInt8(width & 0xFF)
                return bytes
            }
            offset += 2 + length
        }
        preconditionFailure("no start-of-frame marker")
    }

    /// `jpeg` with an Exif APP1 segment holding `orientation` (big-endian TIFF) right after its SOI.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt16, littleEndian: Bool = false) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] { littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func u32(_ value: UInt32) -> [UInt8] { littleEndian ? u16(UInt16(value & 0xFFFF)) + u16(UInt16(value >> 16)) : u16(UInt16(value >> 16)) + u16(UInt16(value & 0xFFFF)) }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8)                                   // header; IFD0 at 8
        tiff += u16(1)                                             // one entry
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u32(0)                                             // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }
}

/// A small deterministic generator (xorshift), so corruption tests repeat.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
