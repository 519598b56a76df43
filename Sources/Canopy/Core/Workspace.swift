import CCanopy

/// Owns one C-core workspace: the scratch memory of one core call at a time.
final class Workspace {
    let pointer: OpaquePointer

    init() {
        guard let pointer = cnp_workspace_create() else {
            fatalError("Canopy: out of memory creating a core workspace")
        }
        self.pointer = pointer
    }

    deinit {
        cnp_workspace_destroy(pointer)
    }

    var bytes: Int { cnp_workspace_capacity(pointer) }

    /// The bytes of the memory in memory now: pages never touched and pages given back do not count.
    var residentBytes: Int { cnp_workspace_resident(pointer) }

    /// Gives the memory's pages back to the system, keeping the capacity (the contents are lost).
    func releasePages() { cnp_workspace_release_pages(pointer) }
}
