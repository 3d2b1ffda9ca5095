import CZlib
import Glibc

/// Reads and writes PNG files: 8-bit greyscale, RGB and RGBA (with or without
/// alpha), not interlaced — what grim, weston-screenshooter and the toolkit write.
public enum PNGCodec {
    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    // MARK: Decoding

    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        var offset = 8
        var width = 0, height = 0, colorType: UInt8 = 0
        var compressed: [UInt8] = []
        var sawHeader = false
        while true {
            guard offset + 8 <= bytes.count else { throw .truncated }
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw .truncated }
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            offset += 12 + length
            switch type {
            case "IHDR":
                guard length == 13 else { throw .corrupt("IHDR length \(length)") }
                let base = data.startIndex
                width = Int(readUInt32(bytes, base))
                height = Int(readUInt32(bytes, base + 4))
                let depth = bytes[base + 8]
                colorType = bytes[base + 9]
                guard depth == 8 else { throw .unsupported("bit depth \(depth)") }
                guard [0, 2, 4, 6].contains(colorType) else { throw .unsupported("colour type \(colorType)") }
                guard bytes[base + 12] == 0 else { throw .unsupported("interlacing") }
                guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
                    throw .corrupt("size \(width)x\(height)")
                }
                sawHeader = true
            case "IDAT":
                compressed.append(contentsOf: data)
            case "IEND":
                guard sawHeader else { throw .corrupt("no IHDR") }
                return try unfilter(inflate(compressed, expected: height * (1 + width * channels(colorType))),
                                    width: width, height: height, colorType: colorType)
            default:
                break
            }
        }
    }

    public static func read(path: String) throws(PNGError) -> PNGImage {
        guard let file = fopen(path, "rb") else { throw .io("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return try decode(bytes)
    }

    private static func channels(_ colorType: UInt8) -> Int {
        switch colorType {
        case 0: 1
        case 4: 2
        case 2: 3
        default: 4
        }
    }

    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func inflate(_ input: [UInt8], expected: Int) throws(PNGError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: expected)
        var outputLength = uLongf(expected)
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                uncompress(destination.baseAddress, &outputLength, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(outputLength) == expected else { throw .corrupt("image data (zlib status \(status))") }
        return output
    }

    private static func unfilter(_ data: [UInt8], width: Int, height: Int, colorType: UInt8) throws(PNGError) -> PNGImage {
        let bpp = channels(colorType)
        let stride = width * bpp
        var previous = [UInt8](repeating: 0, count: stride)
        var current = [UInt8](repeating: 0, count: stride)
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let rowStart = y * (stride + 1)
            let filter = data[rowStart]
            for x in 0..<stride {
                let raw = data[rowStart + 1 + x]
                let left = x >= bpp ? current[x - bpp] : 0
                let up = previous[x]
                let upLeft = x >= bpp ? previous[x - bpp] : 0
                switch filter {
                case 0: current[x] = raw
                case 1: current[x] = raw &+ left
                case 2: current[x] = raw &+ up
                case 3: current[x] = raw &+ UInt8((Int(left) + Int(up)) / 2)
                case 4: current[x] = raw &+ paeth(left, up, upLeft)
                default: throw .corrupt("filter type \(filter) on row \(y)")
                }
            }
            for x in 0..<width {
                let out = (y * width + x) * 4
                let source = x * bpp
                switch colorType {
                case 0:
                    rgba[out] = current[source]; rgba[out + 1] = current[source]; rgba[out + 2] = current[source]
                case 4:
                    rgba[out] = current[source]; rgba[out + 1] = current[source]; rgba[out + 2] = current[source]
                    rgba[out + 3] = current[source + 1]
                case 2:
                    rgba[out] = current[source]; rgba[out + 1] = current[source + 1]; rgba[out + 2] = current[source + 2]
                default:
                    rgba[out] = current[source]; rgba[out + 1] = current[source + 1]; rgba[out + 2] = current[source + 2]
                    rgba[out + 3] = current[source + 3]
                }
            }
            swap(&previous, &current)
        }
        return PNGImage(width: width, height: height, rgba: rgba)
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    // MARK: Encoding

    /// An RGBA PNG of `image`.
    public static func encode(_ image: PNGImage) throws(PNGError) -> [UInt8] {
        var raw = [UInt8]()
        raw.reserveCapacity(image.height * (1 + image.width * 4))
        for y in 0..<image.height {
            raw.append(0)
            let start = y * image.width * 4
            raw.append(contentsOf: image.rgba[start..<(start + image.width * 4)])
        }
        var bound = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(bound))
        let status = raw.withUnsafeBufferPointer { source in
            compressed.withUnsafeMutableBufferPointer { destination in
                compress2(destination.baseAddress, &bound, source.baseAddress, uLong(source.count), 6)
            }
        }
        guard status == Z_OK else { throw .corrupt("zlib could not compress (status \(status))") }
        compressed.removeSubrange(Int(bound)...)

        var output = signature
        var header = [UInt8]()
        appendUInt32(&header, UInt32(image.width))
        appendUInt32(&header, UInt32(image.height))
        header += [8, 6, 0, 0, 0]
        appendChunk(&output, "IHDR", header)
        appendChunk(&output, "IDAT", compressed)
        appendChunk(&output, "IEND", [])
        return output
    }

    /// Writes `image` to `path` through a temporary file and a rename, so a
    /// reader never sees half a file.
    public static func write(_ image: PNGImage, to path: String) throws(PNGError) {
        let bytes = try encode(image)
        let temporary = path + ".partial"
        guard let file = fopen(temporary, "wb") else { throw .io("cannot create \(temporary): \(String(cString: strerror(errno)))") }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard written == bytes.count, flushed, rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw .io("cannot write \(path): \(message)")
        }
    }

    private static func appendUInt32(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }

    private static func appendChunk(_ output: inout [UInt8], _ type: String, _ data: [UInt8]) {
        appendUInt32(&output, UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        output += typeBytes
        output += data
        appendUInt32(&output, UInt32(crc))
    }
}
