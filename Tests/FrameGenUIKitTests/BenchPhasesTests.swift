import Foundation
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.LayoutDescriptor
import enum FrameGenLayout.LayoutRegistry
import class FrameGenLayout.PhaseClock

@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

// `framegen bench` on a scene drawn by UIKit code: the host's and the renderer's phases per
// frame (BenchTool.UIKitPhases); a scene drawn by its styles has none (RenderTests). Values are
// checked, never timings against thresholds.

/// A scene of PinnedCell cells (Auto Layout, AutoLayoutTests.swift) scrolled, so that every
/// frame configures cells and lays them out.
private let pinnedScene = """
    canvas: {width: 220, height: 200, scale: 1, background: "#000000"}
    content: {items: 12}
    layout: {type: uikit-flow, itemSize: [200, 60], cell: pinned}
    timeline:
      - scroll: {to: [0, 300], duration: 0.3}
    """

private let pinnedLayouts = [
    UIKitLayout.descriptor(type: "uikit-flow", cells: ["pinned": { PinnedCell(frame: $0) }]) { _ in
        UICollectionViewFlowLayout()
    }
]

/// The results of benching `scene` (written to a temporary file) with `layouts`.
private func bench(_ scene: String, layouts: [LayoutDescriptor] = pinnedLayouts) throws -> [BenchTool.Result]
{
    let folder = NSTemporaryDirectory() + "framegen-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try scene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    return try BenchTool.run(
        scenes: [folder + "/s.yaml"], options: BenchTool.Options(frames: 4),
        layouts: LayoutRegistry.builtIn + layouts)
}

@Suite struct BenchPhasesTests {
    @Test func aUIKitSceneGetsEveryPhaseWithinItsFramesTotal() throws {
        let results = try bench(pinnedScene)
        let r = try #require(results.first)
        let u = try #require(r.uikit)
        for value in [
            u.layoutMicroseconds, u.cellConfigurationMicroseconds, u.autoLayoutMicroseconds,
            u.flatteningMicroseconds, r.rasterMsPerFrame, r.encodeMsPerFrame,
        ] {
            expect(value > 0 && value.isFinite)
        }
        // Auto Layout is part of cell configuration, in every sample and so in the medians.
        expect(u.autoLayoutMicroseconds <= u.cellConfigurationMicroseconds)
        expect(u.samples.count == r.samples && r.samples == BenchTool.Options.minimumSamples)
        for s in u.samples {
            expect(
                s.layout > 0 && s.cellConfiguration > 0 && s.flattening > 0 && s.raster > 0 && s.encode > 0)
            expect(s.autoLayout <= s.cellConfiguration)
            expect(s.phasesSum <= s.total, "\(s)")
        }
        let table = BenchTool.report(results, json: false)
        expect(table.contains("UIKit us/frame: layout "))
        let json = BenchTool.report(results, json: true)
        for key in [
            "uikit", "layoutMicroseconds", "cellConfigurationMicroseconds", "autoLayoutMicroseconds",
            "flatteningMicroseconds",
        ] {
            expect(json.contains("\"\(key)\": "), "missing \(key)")
        }
    }

    /// Time goes to the innermost phase running: nested phases are not counted twice, and the
    /// phases add up to no more than the time around them.
    @Test func nestedPhasesAreCountedOnceEach() {
        let clock = PhaseClock()
        func work() {
            let start = PhaseClock.now()
            while PhaseClock.now() == start {}
        }
        let before = PhaseClock.now()
        clock.timing {
            PhaseClock.measure(.layout) {
                work()
                PhaseClock.measure(.cellConfiguration) {
                    work()
                    PhaseClock.measure(.autoLayout) { work() }
                    PhaseClock.outsidePhases { work() }
                    work()
                }
                PhaseClock.measure(.flattening) { work() }
            }
        }
        let elapsed = PhaseClock.now() - before
        let t = clock.times
        expect(t.layout > 0 && t.cellConfiguration > 0 && t.autoLayout > 0 && t.flattening > 0)
        expect(t.total <= elapsed)
        // Nothing is timed where no clock is bound.
        PhaseClock.measure(.layout) { work() }
        expect(clock.times == t)
    }

    /// Timing reads clocks only: a frame drawn with a clock bound has the same bytes.
    @Test func timingLeavesTheFramesBytesAlone() throws {
        let folder = NSTemporaryDirectory() + "framegen-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try pinnedScene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
        let source = try FrameSource.load(
            folder + "/s.yaml", fps: nil, layouts: LayoutRegistry.builtIn + pinnedLayouts)
        let composer = try FrameComposer(
            canvas: source.canvas, style: source.style, kindStyles: source.kindStyles)
        let plain = try composer.render(source.frame(3), scale: 1)
        let clock = PhaseClock()
        let timed = try clock.timing { () throws(FrameGenError) in
            try composer.render(source.frame(3), scale: 1)
        }
        expect(clock.times.flattening > 0)
        expect(timed.bytes == plain.bytes)
    }
}
