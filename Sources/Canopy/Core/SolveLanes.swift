import CCanopy
import Dispatch
import Foundation

/// Lanes on which the C core solves independent dense blocks of a layout at once: a workspace
/// for each lane past the first (the first uses the solve's own), run by Dispatch.
final class SolveLanes {
    /// The active processors, read once per process: Foundation reads the control group's
    /// files to count them, which cost a quarter of a small window's update cycle when asked
    /// every solve.
    static let processorCount = ProcessInfo.processInfo.activeProcessorCount

    /// The number of lanes, at least 2.
    let count: Int
    private let workspaces: [Workspace]

    /// Lanes for `count` threads, or `nil` when `count` is below 2 (the calling thread alone).
    init?(count: Int) {
        guard count > 1 else { return nil }
        self.count = count
        workspaces = (1..<count).map { _ in Workspace() }
    }

    /// The bytes of the lanes' own workspaces in memory now.
    var residentBytes: Int { workspaces.reduce(0) { $0 + $1.residentBytes } }

    /// Calls `body` with the core's description of the lanes, lane 0 solving in `workspace`.
    func withCoreLanes<R>(sharing workspace: Workspace, _ body: (UnsafePointer<cnp_solve_lanes>) -> R) -> R {
        let pointers: [OpaquePointer?] = [workspace.pointer] + workspaces.map(\.pointer)
        return pointers.withUnsafeBufferPointer { pointers in
            var lanes = cnp_solve_lanes(
                lane_count: UInt32(count), workspaces: pointers.baseAddress, run: runLanes, run_context: nil)
            return body(&lanes)
        }
    }
}

/// The core's task for one run of the lanes. The core's lanes write disjoint parts of its
/// arrays, so handing the task to Dispatch's threads is safe.
private struct LaneTask: @unchecked Sendable {
    let task: cnp_lane_task
    let context: UnsafeMutableRawPointer?
}

/// Runs the core's lanes on Dispatch's threads; returns when every lane has.
private func runLanes(
    _ runContext: UnsafeMutableRawPointer?, _ laneCount: UInt32, _ task: cnp_lane_task?,
    _ taskContext: UnsafeMutableRawPointer?
) {
    guard let task else { return }
    let lanes = LaneTask(task: task, context: taskContext)
    DispatchQueue.concurrentPerform(iterations: Int(laneCount)) { lane in
        lanes.task(lanes.context, UInt32(lane))
    }
}
