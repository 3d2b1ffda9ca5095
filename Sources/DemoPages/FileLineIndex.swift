import Glibc
import PickCore

/// Where each line of a regular file starts, found while the file is read
/// through in chunks; the bytes stay in the file and a line is read back
/// with `pread` when it is shown. Ten million lines cost 40 MB of offsets
/// (`RecordOffsets`, four bytes a line) whatever the file's size, where
/// holding the bytes would add the whole file.
final class FileLineIndex {
    /// `count + 1` entries: line `k` is the bytes from `starts[k]` up to
    /// `starts[k + 1] - 1` (its newline); the last entry is where the
    /// unfinished tail starts.
    private var starts = RecordOffsets()
    /// The bytes scanned so far: the file position of the next chunk.
    private var scanned = 0
    /// The number of complete lines (and, after `finish()`, a last line without a newline).
    private(set) var count = 0

    /// Records the lines that `chunk`, the file's next bytes, completes.
    /// - Complexity: O(n) for n bytes (memchr per line).
    func scan(_ chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
        var position = 0
        while position < chunk.count,
              let newline = memchr(base + position, 0x0A, chunk.count - position) {
            let index = base.distance(to: UnsafeRawPointer(newline))
            starts.append(scanned + index + 1)
            count += 1
            position = index + 1
        }
        scanned += chunk.count
    }

    /// Ends the file: a non-empty tail without a newline becomes the last line.
    func finish() {
        guard starts.offset(count) < scanned else { return }
        // As if a newline followed the last byte, so every line ends one byte before the next start.
        starts.append(scanned + 1)
        count += 1
    }

    /// The file range of line `index`, without its newline.
    func range(of index: Int) -> Range<Int> {
        precondition(index >= 0 && index < count, "line \(index) out of 0..<\(count)")
        return starts.offset(index)..<(starts.offset(index + 1) - 1)
    }
}
