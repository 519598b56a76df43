/*
 * cnp_testing_solve: the solver with the paths a test chooses (include/cnp_solver_testing.h).
 */
#include "solve/driver.h"

_Static_assert((int)CNP_TESTING_KERNEL_BY_SIZE == (int)KERNEL_AUTO &&
                   (int)CNP_TESTING_KERNEL_TINY == (int)KERNEL_TINY &&
                   (int)CNP_TESTING_KERNEL_LAPACK == (int)KERNEL_LAPACK,
               "the testing kernels name the solver's kernel choices");

cnp_testing_paths cnp_testing_default_paths(void) {
    solver_options options = cnp__solver_default_options();
    return (cnp_testing_paths){
        .substitute = options.substitute,
        .peel = options.peel,
        .single = options.single,
        .banded_from = options.banded_from,
        .triangular_from = options.triangular_from,
        .sparse_from = options.sparse_from,
        .kernel = (cnp_testing_kernel)options.kernel,
        .strategies = options.pin_fallback,
        .strategies_from = options.pin_block_limit,
    };
}

cnp_status cnp_testing_solve(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                             cnp_solve_report *report, const cnp_testing_paths *paths,
                             cnp_testing_path_counts *counts) {
    if (paths == NULL || paths->kernel > CNP_TESTING_KERNEL_LAPACK) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    solver_options options = cnp__solver_default_options();
    options.substitute = paths->substitute;
    options.peel = paths->peel;
    options.single = paths->single;
    options.banded_from = paths->banded_from;
    options.triangular_from = paths->triangular_from;
    options.sparse_from = paths->sparse_from;
    options.kernel = (kernel_choice)paths->kernel;
    options.pin_fallback = paths->strategies;
    options.pin_block_limit = paths->strategies_from;
    if (counts != NULL) {
        *counts = (cnp_testing_path_counts){0};
    }
    return cnp__solver_solve(workspace, system, solution, report, &options, NULL, NULL, counts);
}
