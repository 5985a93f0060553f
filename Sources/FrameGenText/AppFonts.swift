import Foundation
import Synchronization

/// The fonts an app registered (Core Text's font manager, UIKit's `UIAppFonts`), by the name text
/// asks for them with: a face drawn from that very file or data, before fontconfig is asked.
/// Process-wide, as a registration is on iOS (`CTFontManagerScope.process`): every
/// TextRenderer sees the same registrations, and one made after a renderer looked a name up is
/// seen at its next lookup (`generation`).
package enum AppFonts {
    /// Where a registered face's bytes are.
    package enum Source: Hashable, Sendable {
        /// A file and the face in it (a collection holds several).
        case file(path: String, index: Int)
        /// Bytes an app handed over (`CGFont(CGDataProvider)`), kept for the process's life, as
        /// a face opened from them may be drawn at any later time.
        case memory(id: Int, index: Int)
    }

    private struct State {
        var faces: [String: Source] = [:]
        var memory: [Int: Kept] = [:]
        var generation = 0
    }

    private static let state = Mutex(State())

    /// Draws `name` (a font's PostScript name, as UIFont hands it to the compositor) from
    /// `source`, replacing what the name drew before.
    package static func register(_ name: String, _ source: Source) {
        state.withLock {
            $0.faces[name] = source
            $0.generation += 1
        }
    }

    /// Forgets `name`: it is looked up through fontconfig again.
    package static func unregister(_ name: String) {
        state.withLock {
            if $0.faces.removeValue(forKey: name) != nil { $0.generation += 1 }
        }
    }

    /// Bytes copied once and never freed nor written again, so reading them from any thread,
    /// at any time, is safe.
    final class Kept: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer

        init(_ data: Data) {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
            _ = data.copyBytes(to: copy)
            bytes = UnsafeRawBufferPointer(copy)
        }
    }

    /// Keeps a copy of `data` for the rest of the process; its id for `Source.memory`.
    package static func keep(_ data: Data) -> Int {
        let kept = Kept(data)
        return state.withLock {
            let id = $0.memory.count
            $0.memory[id] = kept
            return id
        }
    }

    /// How many registrations and removals there have been: a renderer whose lookups are older
    /// looks names up again.
    static var generation: Int { state.withLock { $0.generation } }

    static func source(_ name: String) -> Source? { state.withLock { $0.faces[name] } }

    static func bytes(_ id: Int) -> Kept? { state.withLock { $0.memory[id] } }
}
