import CCanopy
import Canopy
import CanopyWorkloads
import Dispatch
import Foundation
import Testing

/// The core's task for one run of the lanes, handed to other threads.
private struct LaneTask: @unchecked Sendable {
    let task: cnp_lane_task
    let context: UnsafeMutableRawPointer?
}

/// Counts how often the core ran its lanes.
private final class RunCounter: @unchecked Sendable {
    var runs = 0
}

/// Runs each lane on a thread of its own, the last lane started first (another schedule than
/// Dispatch's), and counts the run in the `RunCounter` at `runContext`.
private func runOnThreads(
    _ runContext: UnsafeMutableRawPointer?, _ laneCount: UInt32, _ task: cnp_lane_task?,
    _ taskContext: UnsafeMutableRawPointer?
) {
    Unmanaged<RunCounter>.fromOpaque(runContext!).takeUnretainedValue().runs += 1
    let lanes = LaneTask(task: task!, context: taskContext)
    let done = DispatchGroup()
    for lane in (0..<laneCount).reversed() {
        done.enter()
        Thread {
            lanes.task(lanes.context, lane)
            done.leave()
        }.start()
    }
    done.wait()
}

/// A workspace per lane and the core's description of them.
private final class TestLanes {
    let workspaces: [OpaquePointer?]
    let counter = RunCounter()

    init(count: Int) {
        workspaces = (0..<count).map { _ in cnp_workspace_create() }
    }

    deinit {
        workspaces.forEach(cnp_workspace_destroy)
    }

    func withCoreLanes<R>(_ body: (UnsafePointer<cnp_solve_lanes>) -> R) -> R {
        workspaces.withUnsafeBufferPointer { workspaces in
            var lanes = cnp_solve_lanes(
                lane_count: UInt32(workspaces.count), workspaces: workspaces.baseAddress, run: runOnThreads,
                run_context: Unmanaged.passUnretained(counter).toOpaque())
            return body(&lanes)
        }
    }
}

/// Many random systems side by side in one system: many independent blocks, some with
/// conflicts (numbered across blocks), some large enough for the pinned pass.
private func manyBlocks(from firstSeed: UInt64, count: UInt64) -> CoreSystem {
    var system = CoreSystem(variableCount: 0)
    for seed in firstSeed..<firstSeed + count {
        let random = SolverFuzzTests.RandomSystem(seed: seed)
        system.append(CoreSystem(random))
    }
    return system
}

/// Whether every conflict group of a solve of `manyBlocks(from:count:)` lies within one of
/// its random systems (groups are numbered across the whole system, never reused).
private func groupsStayInTheirSystems(_ system: CoreSystem, from firstSeed: UInt64, count: UInt64) -> Bool {
    var systemOfRow: [UInt64] = []
    for seed in firstSeed..<firstSeed + count {
        systemOfRow += Array(repeating: seed, count: SolverFuzzTests.RandomSystem(seed: seed).rows.count)
    }
    var systemOfGroup: [UInt32: UInt64] = [:]
    for (row, group) in system.groups.enumerated() where group != CNP_NO_CONFLICT_GROUP {
        if systemOfGroup[group, default: systemOfRow[row]] != systemOfRow[row] { return false }
        systemOfGroup[group] = systemOfRow[row]
    }
    return !systemOfGroup.isEmpty
}

@Suite("Auto Layout solver: blocks solved on several lanes", .deadline(seconds: 300))
struct SolveLanesTests {
    /// Systems of a few hundred independent blocks give the same bits on 2, 3 and 4 lanes as
    /// on the calling thread alone: values, errors, states, conflict groups and counts.
    @Test(arguments: [2, 3, 4])
    func lanesGiveTheSameBitsAsOneThread(laneCount: Int) {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        let lanes = TestLanes(count: laneCount)
        var broken = 0
        for part in UInt64(0)..<8 {
            var alone = manyBlocks(from: part * 250, count: 250)
            var onLanes = alone
            let (status, report) = alone.solve(in: workspace)
            let (laneStatus, laneReport) = lanes.withCoreLanes { onLanes.solve(in: workspace, on: $0) }
            #expect(status == CNP_OK && laneStatus == CNP_OK, "part \(part)")
            let same = sameBits(alone, onLanes, report, laneReport)
            let separate = groupsStayInTheirSystems(onLanes, from: part * 250, count: 250)
            #expect(same && separate, "part \(part): same bits \(same), groups apart \(separate)")
            #expect(report.blocks >= 64, "part \(part): \(report.blocks) blocks")
            broken += Int(report.broken_rows)
        }
        #expect(lanes.counter.runs >= 8, "the lanes ran \(lanes.counter.runs) times")
        #expect(broken > 0, "conflicts are numbered across blocks")
    }

    /// Through a record, with a constant changed between two solves: recalled and solved
    /// blocks together on lanes give what a solve without either gives.
    @Test func lanesAndRecalledBlocksGiveTheSameBits() {
        let workspace = cnp_workspace_create()!, record = cnp_solve_record_create()!
        defer {
            cnp_workspace_destroy(workspace)
            cnp_solve_record_destroy(record)
        }
        let lanes = TestLanes(count: 2)
        for part in UInt64(0)..<4 {
            var system = manyBlocks(from: 5_000 + part * 250, count: 250)
            _ = lanes.withCoreLanes { system.solve(in: workspace, recording: record, on: $0) }
            for row in stride(from: 0, to: system.rows.count, by: 9) {
                system.rows[row].constant += 3
            }
            var fresh = system
            let (freshStatus, freshReport) = fresh.solve(in: workspace)
            let (status, report) = lanes.withCoreLanes { system.solve(in: workspace, recording: record, on: $0) }
            #expect(status == CNP_OK && freshStatus == CNP_OK, "part \(part)")
            var expected = freshReport
            expected.recalled_blocks = report.recalled_blocks
            let same = sameBits(system, fresh, report, expected)
            #expect(same, "part \(part)")
            #expect(report.recalled_blocks > 0 && report.recalled_blocks < report.blocks, "part \(part)")
        }
    }

    /// Lanes without a lane, a workspace or a way to run are refused before any work.
    @Test func incompleteLanesAreRefused() {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var system = manyBlocks(from: 0, count: 4)
        let workspaces: [OpaquePointer?] = [workspace, nil]
        workspaces.withUnsafeBufferPointer { workspaces in
            let cases = [
                cnp_solve_lanes(lane_count: 0, workspaces: workspaces.baseAddress, run: runOnThreads, run_context: nil),
                cnp_solve_lanes(lane_count: 2, workspaces: workspaces.baseAddress, run: runOnThreads, run_context: nil),
                cnp_solve_lanes(lane_count: 1, workspaces: nil, run: runOnThreads, run_context: nil),
                cnp_solve_lanes(lane_count: 1, workspaces: workspaces.baseAddress, run: nil, run_context: nil),
            ]
            for (index, lanes) in cases.enumerated() {
                var lanes = lanes
                #expect(system.solve(in: workspace, on: &lanes).status == CNP_ERROR_BAD_ARGUMENT, "case \(index)")
            }
        }
    }

    /// A window lays out the same frames, to the bit, on one thread and on four.
    @Test func aWindowLaysOutTheSameOnAnyNumberOfThreads() throws {
        func frames(threads: Int) throws -> (frames: [CGRect], blocks: Int) {
            let scene = try ConstraintTreeGenerator(shape: .soft, count: 400).makeScene().instantiate()
            scene.window.maximumLayoutThreads = threads
            #expect(scene.window.runUpdateCycle().problems.isEmpty)
            return (scene.views.map(\.frame), scene.window.layoutReport.blocks)
        }
        let alone = try frames(threads: 1), onFour = try frames(threads: 4)
        #expect(alone.blocks >= 64, "\(alone.blocks) blocks")
        #expect(alone.blocks == onFour.blocks)
        #expect(alone.frames == onFour.frames)
    }
}
