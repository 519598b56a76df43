import CCanopy

/// Owns one C-core solve record: what the latest recorded solve's substitution did, so that a
/// later change of constants can be carried through it without solving again.
final class SolveRecord {
    let pointer: OpaquePointer

    init() {
        guard let pointer = cnp_solve_record_create() else {
            fatalError("Canopy: out of memory creating a solve record")
        }
        self.pointer = pointer
    }

    deinit {
        cnp_solve_record_destroy(pointer)
    }

    var bytes: Int { cnp_solve_record_capacity(pointer) }
}
