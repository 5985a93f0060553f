import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct RegistryTests {
    @Test func gridFamilyIsRegistered() {
        expect(
            Array(LayoutRegistry.builtIn.map(\.type).prefix(5)) == [
                "flow", "album", "photos", "waterfall", "pinch",
            ])
        expect(LayoutRegistry.descriptor(for: "nope") == nil)
        for d in LayoutRegistry.builtIn {
            expect(!d.summary.isEmpty)
            expect(Set(d.parameters.map(\.name)).count == d.parameters.count)
        }
    }

    @Test func flowDefaultsAreLayoutsMdsTable() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "flow"))
        let defaults = Dictionary(uniqueKeysWithValues: d.parameters.map { ($0.name, $0.defaultValue) })
        expect(defaults["scrollDirection"] == .string("vertical"))
        expect(defaults["itemSize"] == .numbers([50, 50]))
        expect(defaults["minimumLineSpacing"] == .number(10))
        expect(defaults["minimumInteritemSpacing"] == .number(10))
        expect(defaults["sectionInset"] == .numbers([0, 0, 0, 0]))
        expect(defaults["headerReferenceSize"] == .numbers([0, 0]))
        expect(defaults["footerReferenceSize"] == .numbers([0, 0]))
    }

    /// Building a layout from its listed defaults gives the same attributes as building it from
    /// no parameters at all.
    @Test func listedDefaultsAreTheDefaults() throws {
        let state = viewState(
            320, 480, offset: Point(x: 0, y: 30), scale: 2, sections: [5, 3], titles: ["a", "b"], seed: 3)
        for d in LayoutRegistry.builtIn {
            var explicit: [String: CustomValue] = [:]
            for p in d.parameters { if let v = p.defaultValue { explicit[p.name] = v } }
            var a = try d.make([:])
            var b = try d.make(explicit)
            a.prepare(state)
            b.prepare(state)
            expect(allElements(a) == allElements(b), "\(d.type)")
            expect(a.collectionViewContentSize == b.collectionViewContentSize)
        }
    }

    @Test func wrongValuesNameTheParameterAndWhatIsExpected() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "flow"))
        do {
            _ = try d.make(["itemSize": .numbers([-1, 2])])
            Issue.record("negative size accepted")
        } catch {
            expect(error.parameter == "itemSize")
            expect(error.found == "[-1, 2]")
            expect(error.expected == "two non-negative numbers [width, height]")
        }
        do {
            _ = try d.make(["scrollDirection": .string("diagonal")])
            Issue.record("unknown direction accepted")
        } catch {
            expect(error.parameter == "scrollDirection")
            expect(error.expected == "one of vertical, horizontal")
        }
        #expect(throws: LayoutParameterError.self) { try d.make(["sectionInset": .numbers([1, 2])]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["minimumLineSpacing": .bool(true)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["minimumLineSpacing": .number(-3)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["itemSize": .numbers([.nan, 2])]) }
        // Unknown names are the scene parser's business.
        #expect(throws: Never.self) { try d.make(["frobnicate": .number(1)]) }
    }

    @Test func horizontalFlowFromParameters() throws {
        var l = try #require(LayoutRegistry.descriptor(for: "flow")).make([
            "scrollDirection": .string("horizontal"), "itemSize": .numbers([60, 40]),
            "minimumLineSpacing": .number(5),
            "minimumInteritemSpacing": .number(0), "sectionInset": .numbers([0, 8, 0, 8]),
        ])
        l.prepare(viewState(320, 120, sections: [7]))
        // 120 tall holds 3 items of 40 exactly; columns 65 apart after the 8 pt inset.
        expect(l.layoutAttributesForItem(at: ip(0, 4))?.frame == Rect(x: 73, y: 40, width: 60, height: 40))
        expect(l.layoutAttributesForItem(at: ip(0, 6))?.frame == Rect(x: 138, y: 0, width: 60, height: 40))
        expect(l.collectionViewContentSize == Size(width: 8 + 60 * 3 + 10 + 8, height: 120))
    }

    /// Layouts are values: frames computed on several threads at once agree with a serial run.
    @Test func layoutsAreUsableFromSeveralThreads() async throws {
        let d = try #require(LayoutRegistry.descriptor(for: "album"))
        let make = d.make
        let serial: [[LayoutAttributes]] = try (0..<8).map { i in
            var l = try make([:])
            l.prepare(
                viewState(320, 568, offset: Point(x: 0, y: Double(i) * 50), sections: [3, 4, 2], seed: 11))
            return l.layoutAttributesForElements(in: Rect(x: 0, y: Double(i) * 50, width: 320, height: 568))
        }
        let parallel = try await withThrowingTaskGroup(of: (Int, [LayoutAttributes]).self) { group in
            for i in 0..<8 {
                group.addTask {
                    var l = try make([:])
                    l.prepare(
                        viewState(
                            320, 568, offset: Point(x: 0, y: Double(i) * 50), sections: [3, 4, 2], seed: 11))
                    return (
                        i,
                        l.layoutAttributesForElements(
                            in: Rect(x: 0, y: Double(i) * 50, width: 320, height: 568))
                    )
                }
            }
            var r = Array(repeating: [LayoutAttributes](), count: 8)
            for try await (i, a) in group { r[i] = a }
            return r
        }
        expect(parallel == serial)
    }
}
