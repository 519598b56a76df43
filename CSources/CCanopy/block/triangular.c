/*
 * A large block as a triangular system: the strict-priority answer guessed from which rows hold
 * exactly, found by substitution in dependency order, and then proved, or the block declined.
 *
 * A view tree's large blocks are mostly rows that each place one thing from things placed
 * before it. So the guess is a square system: every unknown matched to one row that holds it
 * exactly, rows taken by level (an intrinsic size's pair of soft bounds among them), and a
 * stand-in (the unknown at its reference value, below every level) for an unknown no row takes.
 * Ordered by what each row reads, the system falls into small pieces, each solved densely in
 * turn: O(terms) for a block whose pieces are small.
 * The guess is then mended, each step keeping rows of higher levels in, rows moving along paths
 * of rows that give up their unknown for another:
 *   - an inequality broken once its last piece is solved takes the place of a lower row there;
 *   - a singular piece (rows that match structurally but repeat one another) is split;
 *   - rows the answer breaks or misses, round after round, take the place of the lowest row of
 *     the combination of the system's rows they are (or of the nearest lower row);
 *   - stand-ins left are replaced by rows that hold at the answer.
 *
 * The guess is the answer when it passes these tests, each a sufficient condition:
 *   - every row of the system holds and no inequality outside it is broken;
 *   - a row left violated cannot do better: its row is a combination of the system's rows of
 *     higher levels only, with signs that make every move the held inequalities allow worsen
 *     it (so its level is at its least squares, and the row trades error with no other: not
 *     tied); an inequality it would rather were not held is released to it, and the proof
 *     tried again;
 *   - nothing is left free for the reference level: no stand-in is left, and each inequality in
 *     the system is pinned, by a violated row (locked at its value) or by a row outside the
 *     system that holds on its other side.
 * A block that fails a test, a piece too large or singular, or more work than ROUNDS_MOST
 * rounds or WORK_PER_TERM visits per term allow is given back, untouched but for scratch.
 */
#include "block/block.h"

/// A row the system's rows of higher levels hold back: no displacement can help it.
#define HELD (NONE - 1)

enum {
    /// Rows of one diagonal piece solved densely; a larger piece declines the block.
    PIECE_MOST = 48,
    /// Rounds of solving the pieces and displacing rows. A chain of pushed views can take a
    /// round per view; the work limit usually ends a block's rounds first.
    ROUNDS_MOST = 1000,
    /// Broken inequalities pushed into one piece after it is solved.
    PUSHES_MOST = 100,
    /// Displacements one row may make in a solve: a row that keeps coming back out (its place
    /// makes a piece singular) stays out after these.
    DISPLACEMENTS_MOST = 4,
    /// Proofs tried, each after releasing the inequalities the last one found held in vain.
    ATTEMPTS_MOST = 8,
    /// Work allowed, in visits, per term of the block (its stand-ins' included).
    WORK_PER_TERM = 640,
};

/// A pivot this small against its piece's largest coefficient makes the piece singular.
#define PIVOT_TOLERANCE 1e-10
/// A multiplier this small against the largest coefficient it came from counts as zero.
#define MULTIPLIER_TOLERANCE 1e-11

typedef struct triangular_block {
    solver *s;
    /// Unknowns; rows with one stand-in row per unknown after the block's own (real) ones.
    uint32_t n, m, real;
    const uint32_t *variables;
    /// The rows in level order, in local form: terms over local unknowns; and by unknown, the
    /// rows that mention it.
    const uint32_t *rows;
    uint32_t *start, *unknown, *column_start, *column_row;
    double *coefficient, *constant;
    int8_t *sign;
    /// The row's level: 0 for the highest.
    uint32_t *level;
    /// Rows that may hold exactly in the guess: every equality, and inequalities taken in.
    uint8_t *active;
    /// The matching: each row's unknown and each unknown's row, or NONE.
    uint32_t *row_unknown, *unknown_row;
    uint32_t *seen, stamp;
    /// An augmenting search's stack: rows, their next term, and the unknown each went through.
    uint32_t *search_row, *search_term, *search_via;
    /// The pieces in solve order: piece p has rows order[piece_start[p] ..< piece_start[p + 1]].
    uint32_t *order, *piece_start, *piece_of, piece_count;
    /// Tarjan's numbering of the rows and its stacks.
    uint32_t *number, *low, *stack, *frame_row, *frame_term;
    double *x;
    /// A transposed solve: multipliers per row, what is owed per unknown, the rows and unknowns
    /// touched, and a heap of the pieces still to visit.
    double *multiplier, *owed;
    uint32_t *touched_rows, touched_row_count, *touched_unknowns, touched_unknown_count;
    uint32_t *heap, heap_count;
    uint32_t *heap_stamp;
    /// Per inequality row in the system: whether a violated row pins it, and the level from which
    /// rows outside the system hold it from both sides (NONE: none do).
    uint8_t *pinned;
    uint32_t *pin_level;
    /// A breadth-first search's queue of unknowns, and for each the unknown its row would take
    /// instead (displacement, stand-ins replaced).
    uint32_t *reached, *via_unknown;
    /// One piece's dense matrix, right-hand side, column of each unknown and pivot order.
    double matrix[PIECE_MOST * PIECE_MOST], rhs[PIECE_MOST];
    uint32_t *column_of;
    /// Per term: whether its row may not take its unknown again (a singular piece showed the
    /// row to repeat others there).
    uint8_t *forbidden;
    /// Inequalities of the system the proof found held in vain.
    uint32_t *release, *release_for, release_count;
    /// Whether a split piece exchanged a row out of it: the pieces must be found again. The
    /// rows an exchange moved carry the round's number in `changed`.
    bool restructured;
    uint32_t round, *changed;
    /// Per row: how often it displaced another; past DISPLACEMENTS_MOST it stays out.
    uint8_t *displacements;
    uint64_t work, work_limit;
} triangular_block;

// MARK: - The rows in local form

static void load_rows(triangular_block *b) {
    const solver *s = b->s;
    uint32_t t = 0, level = 0;
    for (uint32_t j = 0; j < b->real; j++) {
        uint32_t row = b->rows[j];
        if (j > 0 && solver_row(s, row)->priority != solver_row(s, b->rows[j - 1])->priority) {
            level++;
        }
        b->start[j] = t;
        for (uint32_t k = s->reduced_start[row]; k < s->reduced_start[row] + s->reduced_count[row]; k++) {
            b->unknown[t] = s->local[s->reduced_variable[k]];
            b->coefficient[t++] = s->reduced_coefficient[k];
        }
        b->constant[j] = s->reduced_constant[row];
        b->sign[j] = relation_sign(solver_row(s, row)->relation);
        b->level[j] = level;
        b->active[j] = b->sign[j] == 0;
    }
    // Stand-ins: each unknown at its reference value, below every level.
    for (uint32_t u = 0; u < b->n; u++) {
        uint32_t j = b->real + u;
        double weight = 0.0, target = 0.0;
        reference_pull(s, b->variables[u], &weight, &target);
        b->start[j] = t;
        b->unknown[t] = u;
        b->coefficient[t++] = 1.0;
        b->constant[j] = weight > 0 ? target / weight : 0.0;
        b->sign[j] = 0;
        b->level[j] = level + 1;
        b->active[j] = 0;
    }
    b->start[b->m] = t;
    memset(b->column_start, 0, sizeof(uint32_t) * (b->n + 1));
    for (uint32_t k = 0; k < t; k++) {
        b->column_start[b->unknown[k] + 1]++;
    }
    for (uint32_t u = 0; u < b->n; u++) {
        b->column_start[u + 1] += b->column_start[u];
    }
    for (uint32_t j = 0; j < b->m; j++) {
        for (uint32_t k = b->start[j]; k < b->start[j + 1]; k++) {
            b->column_row[b->seen[b->unknown[k]]++ + b->column_start[b->unknown[k]]] = j;
        }
    }
    memset(b->seen, 0, sizeof(uint32_t) * b->n);
}

/// The value a row of one term bounds its unknown to.
static double bound(const triangular_block *b, uint32_t j) {
    return b->constant[j] / b->coefficient[b->start[j]];
}

/// Soft rows that pin an unknown from both sides (an intrinsic size's hugging and compression)
/// start in the guess: the higher of each pair takes its unknown before the rows of its level
/// below, so a required row that could hold either the size or a position holds the position.
static void take_in_pins(triangular_block *b) {
    for (uint32_t j = 0; j < b->real; j++) {
        if (b->level[j] == 0 || b->sign[j] == 0 || b->start[j + 1] - b->start[j] != 1) {
            continue;
        }
        uint32_t u = b->unknown[b->start[j]];
        for (uint32_t c = b->column_start[u]; c < b->column_start[u + 1]; c++) {
            uint32_t k = b->column_row[c];
            if (k < b->real && k != j && b->start[k + 1] - b->start[k] == 1 && b->level[k] >= b->level[j] &&
                (b->sign[k] * b->coefficient[b->start[k]] > 0) != (b->sign[j] * b->coefficient[b->start[j]] > 0) &&
                bound(b, k) == bound(b, j)) {
                b->active[j] = 1;
            }
        }
    }
}

/// Row j at x, its tolerance in `*tolerance`.
static double row_value(const triangular_block *b, uint32_t j, double *tolerance) {
    double sum = 0.0, magnitude = 0.0;
    for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
        double term = b->coefficient[t] * b->x[b->unknown[t]];
        sum += term;
        magnitude += fabs(term);
    }
    *tolerance = row_tolerance(b->constant[j], magnitude);
    return sum;
}

/// Row j's violation at x (row_violation), zero within its tolerance.
static double violation(const triangular_block *b, uint32_t j) {
    double tolerance = 0.0, excess = row_value(b, j, &tolerance) - b->constant[j];
    if (fabs(excess) <= tolerance || excess * b->sign[j] < 0) {
        return 0.0;
    }
    return excess;
}

static bool spend(triangular_block *b, uint64_t visits) {
    b->work += visits;
    return b->work <= b->work_limit;
}

// MARK: - Matching rows to unknowns

/// Row j takes an unknown: a free one among its terms, or one another row gives up for a free
/// one further along (an augmenting path, searched depth first). False when none frees up.
static bool augment(triangular_block *b, uint32_t j) {
    b->stamp++;
    uint32_t depth = 0;
    b->search_row[0] = j;
    b->search_term[0] = b->start[j];
    while (depth != NONE && spend(b, 1)) {
        uint32_t row = b->search_row[depth];
        // A free unknown right here ends the search (looked for on the first visit: none frees
        // up later). The one fewest rows mention leaves the others to rows that may need them.
        uint32_t free_unknown = NONE, fewest = NONE;
        for (uint32_t t = b->start[row]; t < b->start[row + 1] && b->search_term[depth] == b->start[row]; t++) {
            uint32_t u = b->unknown[t], rows = b->column_start[u + 1] - b->column_start[u];
            if (b->unknown_row[u] == NONE && rows < fewest && !b->forbidden[t]) {
                free_unknown = u;
                fewest = rows;
            }
        }
        if (free_unknown != NONE) {
            for (uint32_t d = depth; d != NONE; d--) {
                uint32_t u = d == depth ? free_unknown : b->search_via[d];
                b->row_unknown[b->search_row[d]] = u;
                b->unknown_row[u] = b->search_row[d];
            }
            return true;
        }
        uint32_t t = b->search_term[depth];
        while (t < b->start[row + 1] && (b->seen[b->unknown[t]] == b->stamp || b->forbidden[t])) {
            t++;
        }
        if (t == b->start[row + 1]) {
            depth--; // wraps to NONE past the root
            continue;
        }
        b->search_term[depth] = t + 1;
        uint32_t u = b->unknown[t];
        b->seen[u] = b->stamp;
        b->search_via[depth] = u;
        depth++;
        b->search_row[depth] = b->unknown_row[u];
        b->search_term[depth] = b->start[b->unknown_row[u]];
    }
    return false;
}

/// Matches the active rows by level; an unknown none of them takes is held by its stand-in.
static bool match(triangular_block *b) {
    memset(b->row_unknown, 0xff, sizeof(uint32_t) * b->m);
    memset(b->unknown_row, 0xff, sizeof(uint32_t) * b->n);
    uint32_t matched = 0;
    for (uint32_t j = 0; j < b->real && matched < b->n; j++) {
        matched += b->active[j] && augment(b, j);
    }
    for (uint32_t u = 0; u < b->n; u++) {
        if (b->unknown_row[u] == NONE) {
            b->unknown_row[u] = b->real + u;
            b->row_unknown[b->real + u] = u;
        }
    }
    return b->work <= b->work_limit;
}

// MARK: - Pieces in dependency order

/// Numbers the matched rows' strongly connected pieces (a row depends on the rows that hold
/// the other unknowns it mentions) by Tarjan's method, without recursion. Tarjan's order puts
/// a piece after everything it depends on: the order to solve in.
static bool find_pieces(triangular_block *b) {
    memset(b->number, 0xff, sizeof(uint32_t) * b->m);
    uint32_t next = 0, stacked = 0, placed = 0;
    b->piece_count = 0;
    for (uint32_t root = 0; root < b->m; root++) {
        if (b->row_unknown[root] == NONE || b->number[root] != NONE) {
            continue;
        }
        uint32_t depth = 0;
        b->frame_row[0] = root;
        b->frame_term[0] = b->start[root];
        b->number[root] = b->low[root] = next++;
        b->stack[stacked++] = root;
        while (depth != NONE) {
            uint32_t j = b->frame_row[depth], t = b->frame_term[depth];
            if (t < b->start[j + 1]) {
                b->frame_term[depth] = t + 1;
                uint32_t k = b->unknown_row[b->unknown[t]];
                if (k == j) {
                    continue;
                }
                if (b->number[k] == NONE) {
                    b->number[k] = b->low[k] = next++;
                    b->stack[stacked++] = k;
                    depth++;
                    b->frame_row[depth] = k;
                    b->frame_term[depth] = b->start[k];
                } else if (b->piece_of[k] == NONE && b->number[k] < b->low[j]) {
                    b->low[j] = b->number[k]; // k is still on the stack
                }
                continue;
            }
            if (b->low[j] == b->number[j]) {
                b->piece_start[b->piece_count] = placed;
                uint32_t k;
                do {
                    k = b->stack[--stacked];
                    b->piece_of[k] = b->piece_count;
                    b->order[placed++] = k;
                } while (k != j);
                if (placed - b->piece_start[b->piece_count] > PIECE_MOST) {
                    return false;
                }
                b->piece_count++;
            }
            depth--;
            if (depth != NONE && b->low[j] < b->low[b->frame_row[depth]]) {
                b->low[b->frame_row[depth]] = b->low[j];
            }
        }
    }
    b->piece_start[b->piece_count] = placed;
    return spend(b, b->start[b->m]);
}

/// Solves the piece's k x k system (b->matrix, row-major, b->rhs) by elimination with partial
/// pivoting, into b->rhs. False when a pivot is negligible.
static bool solve_piece_system(triangular_block *b, uint32_t k) {
    double *a = b->matrix, largest = 0.0;
    for (uint32_t i = 0; i < k * k; i++) {
        largest = fmax(largest, fabs(a[i]));
    }
    for (uint32_t c = 0; c < k; c++) {
        uint32_t pivot = c;
        for (uint32_t r = c + 1; r < k; r++) {
            pivot = fabs(a[r * k + c]) > fabs(a[pivot * k + c]) ? r : pivot;
        }
        if (!(fabs(a[pivot * k + c]) > PIVOT_TOLERANCE * largest)) {
            return false;
        }
        if (pivot != c) {
            for (uint32_t i = 0; i < k; i++) {
                double swap = a[c * k + i];
                a[c * k + i] = a[pivot * k + i];
                a[pivot * k + i] = swap;
            }
            double swap = b->rhs[c];
            b->rhs[c] = b->rhs[pivot];
            b->rhs[pivot] = swap;
        }
        for (uint32_t r = c + 1; r < k; r++) {
            double factor = a[r * k + c] / a[c * k + c];
            for (uint32_t i = c; i < k; i++) {
                a[r * k + i] -= factor * a[c * k + i];
            }
            b->rhs[r] -= factor * b->rhs[c];
        }
    }
    for (uint32_t c = k; c-- > 0;) {
        double sum = b->rhs[c];
        for (uint32_t i = c + 1; i < k; i++) {
            sum -= a[c * k + i] * b->rhs[i];
        }
        b->rhs[c] = sum / a[c * k + c];
    }
    return true;
}

/// Loads piece p's matrix (transposed when `transposed`), its unknowns' columns set in
/// column_of; returns its size.
static uint32_t load_piece(triangular_block *b, uint32_t p, bool transposed) {
    uint32_t first = b->piece_start[p], k = b->piece_start[p + 1] - first;
    for (uint32_t i = 0; i < k; i++) {
        b->column_of[b->row_unknown[b->order[first + i]]] = i;
    }
    memset(b->matrix, 0, sizeof(double) * k * k);
    for (uint32_t i = 0; i < k; i++) {
        uint32_t j = b->order[first + i];
        for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
            uint32_t c = b->column_of[b->unknown[t]];
            if (c != NONE) {
                b->matrix[transposed ? c * k + i : i * k + c] += b->coefficient[t];
            }
        }
    }
    return k;
}

static void unload_piece(triangular_block *b, uint32_t p) {
    for (uint32_t i = b->piece_start[p]; i < b->piece_start[p + 1]; i++) {
        b->column_of[b->row_unknown[b->order[i]]] = NONE;
    }
}

/// Eliminates the matrix rows `rows` (count, of piece size k) in the order given: `pivot[i]` is
/// the column row i pivoted on, or NONE when it repeats the rows before it; for such a row,
/// `combination` (count x count, row i's at i * count) holds the rows' combination that is zero
/// over the piece.
static void eliminate(const triangular_block *b, const uint32_t *rows, uint32_t count, uint32_t k, uint32_t *pivot,
                      double *combination) {
    double basis[PIECE_MOST * PIECE_MOST];
    uint32_t kept[PIECE_MOST], kept_count = 0;
    for (uint32_t r = 0; r < count; r++) {
        double *v = &basis[r * k], *y = &combination[r * count], largest = 0.0;
        memcpy(v, &b->matrix[rows[r] * k], sizeof(double) * k);
        memset(y, 0, sizeof(double) * count);
        y[r] = 1.0;
        for (uint32_t c = 0; c < k; c++) {
            largest = fmax(largest, fabs(v[c]));
        }
        for (uint32_t q = 0; q < kept_count; q++) {
            const double *w = &basis[kept[q] * k], *z = &combination[kept[q] * count];
            double factor = v[pivot[kept[q]]] / w[pivot[kept[q]]];
            for (uint32_t c = 0; c < k; c++) {
                v[c] -= factor * w[c];
            }
            for (uint32_t i = 0; i < count; i++) {
                y[i] -= factor * z[i];
            }
        }
        uint32_t best = 0;
        for (uint32_t c = 1; c < k; c++) {
            best = fabs(v[c]) > fabs(v[best]) ? c : best;
        }
        pivot[r] = fabs(v[best]) > PIVOT_TOLERANCE * largest ? best : NONE;
        if (pivot[r] != NONE) {
            kept[kept_count++] = r;
        }
    }
}

// MARK: - Paths of rows giving up their unknowns

/// Queues, after `tail`, the unknowns row j may take that the search has not reached, each
/// reached through `via` (NONE: j's own). Returns the new tail.
static uint32_t reach_from(triangular_block *b, uint32_t j, uint32_t via, uint32_t tail) {
    for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
        uint32_t u = b->unknown[t];
        if (!b->forbidden[t] && b->seen[u] != b->stamp) {
            b->seen[u] = b->stamp;
            b->via_unknown[u] = via;
            b->reached[tail++] = u;
        }
    }
    return tail;
}

/// Whether a row of `level` may take the place of row `holder`: one of a lower level, or an
/// inequality of its own level (taken in when broken, it comes back when broken again).
static bool gives_way(const triangular_block *b, uint32_t holder, uint32_t level) {
    return b->level[holder] > level || (b->level[holder] == level && holder < b->real && b->sign[holder] != 0);
}

/// Breadth first from the unknowns queued in `reached[0 ..< tail]`, through the rows holding
/// them giving up their unknown for another (never one forbidden them): the first unknown held
/// by a row of a level below `level` (only `target`, unless NONE). NONE when none is reached.
static uint32_t nearest_lower(triangular_block *b, uint32_t tail, uint32_t level, uint32_t target) {
    for (uint32_t head = 0; head < tail && spend(b, 1);) {
        uint32_t y = b->reached[head++], holder = b->unknown_row[y];
        if (gives_way(b, holder, level) && (target == NONE || y == target)) {
            return y;
        }
        tail = reach_from(b, holder, y, tail);
    }
    return NONE;
}

/// Row j takes the first unknown of the search's path to y, each row on the path the next
/// unknown, and y's holder leaves the system.
static void take_path(triangular_block *b, uint32_t j, uint32_t y) {
    uint32_t holder = b->unknown_row[y];
    b->row_unknown[holder] = NONE;
    b->piece_of[holder] = NONE;
    b->changed[holder] = b->round;
    for (uint32_t u = y, taker; ; u = b->via_unknown[u]) {
        uint32_t from = b->via_unknown[u];
        taker = from == NONE ? j : b->unknown_row[from];
        b->row_unknown[taker] = u;
        b->unknown_row[u] = taker;
        b->changed[taker] = b->round;
        if (from == NONE) {
            return;
        }
    }
}

/// Piece row j takes unknown w, outside the piece, when w's holder can leave the system or give
/// w up along a path (outside the piece) that ends at a row of a level below j's, which leaves.
static bool reroute(triangular_block *b, uint32_t j, uint32_t w, const uint32_t *rows, uint32_t count) {
    b->stamp++;
    for (uint32_t i = 0; i < count; i++) {
        if (b->row_unknown[rows[i]] != NONE) {
            b->seen[b->row_unknown[rows[i]]] = b->stamp;
        }
    }
    b->seen[w] = b->stamp;
    b->via_unknown[w] = NONE;
    b->reached[0] = w;
    uint32_t y = nearest_lower(b, 1, b->level[j], NONE);
    if (y == NONE) {
        return false;
    }
    take_path(b, j, y);
    return true;
}

/// A row of piece p that repeats others there (its combination `y` over the piece's rows
/// `rows`, zero over the piece) may still say something about unknowns outside it. Where the
/// combination reaches such an unknown, a piece row that mentions it takes it when its holder
/// can give it up along a path ending at a row of a lower level, which leaves (reroute).
/// Returns the piece row, NONE when there is none.
static uint32_t exchange(triangular_block *b, const uint32_t *rows, const double *y, uint32_t count) {
    uint32_t touched = 0;
    double scale = 0.0;
    for (uint32_t i = 0; i < count; i++) {
        for (uint32_t t = b->start[rows[i]]; t < b->start[rows[i] + 1] && y[i] != 0.0; t++) {
            uint32_t w = b->unknown[t];
            scale = fmax(scale, fabs(y[i] * b->coefficient[t]));
            if (b->column_of[w] == NONE) {
                if (b->owed[w] == 0.0) {
                    b->touched_unknowns[touched++] = w;
                }
                b->owed[w] += y[i] * b->coefficient[t];
            }
        }
    }
    uint32_t taker = NONE;
    for (uint32_t i = 0; i < touched; i++) {
        uint32_t w = b->touched_unknowns[i];
        double along = fabs(b->owed[w]);
        b->owed[w] = 0.0;
        for (uint32_t r = 0; r < count && taker == NONE && along > PIVOT_TOLERANCE * scale; r++) {
            uint32_t j = rows[r];
            for (uint32_t t = b->start[j]; t < b->start[j + 1] && taker == NONE; t++) {
                // A row an earlier exchange of this split took out holds an unknown outside it.
                if (b->unknown[t] == w && y[r] != 0.0 && !b->forbidden[t] &&
                    b->column_of[b->row_unknown[j]] != NONE && reroute(b, j, w, rows, count)) {
                    taker = j;
                }
            }
        }
    }
    return taker;
}

/// Splits singular piece p, whose rows leave some direction of its unknowns to no row and repeat
/// one another in others. A repeating row's combination with the rows it repeats may reach an
/// unknown outside the piece that a lower row holds or can be freed for: a row of the
/// combination then takes it (`restructured`: the pieces must be found again). Rows that still repeat others
/// leave the system, forbidden the piece's unknowns. The rows left take the unknowns they
/// pivot on, and stand-ins the rest, so the piece is regular.
static void split_piece(triangular_block *b, uint32_t p) {
    uint32_t first = b->piece_start[p], k = load_piece(b, p, false), count = 0;
    uint32_t unknowns[PIECE_MOST], rows[PIECE_MOST], matrix_row[PIECE_MOST], pivot[PIECE_MOST];
    double combination[PIECE_MOST * PIECE_MOST];
    for (uint32_t i = 0; i < k; i++) {
        unknowns[i] = b->row_unknown[b->order[first + i]];
    }
    for (uint32_t i = 0; i < k; i++) { // by row index: level order
        uint32_t at = i;
        for (; at > 0 && b->order[first + matrix_row[at - 1]] > b->order[first + i]; at--) {
            matrix_row[at] = matrix_row[at - 1];
        }
        matrix_row[at] = i;
    }
    eliminate(b, matrix_row, k, k, pivot, combination);
    uint8_t gone[PIECE_MOST] = {0};
    for (uint32_t r = 0; r < k; r++) {
        rows[r] = b->order[first + matrix_row[r]];
    }
    for (uint32_t r = 0; r < k; r++) {
        uint32_t taker = pivot[r] == NONE ? exchange(b, rows, &combination[r * k], k) : NONE;
        b->restructured = b->restructured || taker != NONE;
        for (uint32_t i = 0; i < k && taker != NONE; i++) {
            gone[i] = gone[i] || rows[i] == taker;
        }
    }
    for (uint32_t r = 0; r < k; r++) {
        if (!gone[r]) {
            matrix_row[count] = matrix_row[r];
            rows[count++] = rows[r];
        }
    }
    eliminate(b, matrix_row, count, k, pivot, combination);
    uint8_t pivoted[PIECE_MOST] = {0};
    uint32_t slot = first;
    for (uint32_t r = 0; r < count; r++) {
        uint32_t j = rows[r];
        if (pivot[r] != NONE) {
            pivoted[pivot[r]] = 1;
            b->order[slot++] = j;
            b->row_unknown[j] = unknowns[pivot[r]];
            b->unknown_row[unknowns[pivot[r]]] = j;
            continue;
        }
        for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
            b->forbidden[t] = b->forbidden[t] || b->column_of[b->unknown[t]] != NONE;
        }
        b->row_unknown[j] = NONE;
        b->piece_of[j] = NONE;
    }
    for (uint32_t c = 0; c < k; c++) { // not unload_piece: a row exchanged out holds another unknown now
        b->column_of[unknowns[c]] = NONE;
    }
    for (uint32_t c = 0; c < k; c++) {
        if (!pivoted[c]) {
            uint32_t stand_in = b->real + unknowns[c];
            b->order[slot++] = stand_in;
            b->row_unknown[stand_in] = unknowns[c];
            b->unknown_row[unknowns[c]] = stand_in;
            b->piece_of[stand_in] = p;
        }
    }
}

/// Solves piece p for its unknowns from x of the pieces before it. False when it is singular.
static bool solve_piece(triangular_block *b, uint32_t p) {
    uint32_t first = b->piece_start[p], k = load_piece(b, p, false);
    for (uint32_t i = 0; i < k; i++) {
        uint32_t j = b->order[first + i];
        double known = 0.0;
        for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
            known += b->column_of[b->unknown[t]] == NONE ? b->coefficient[t] * b->x[b->unknown[t]] : 0.0;
        }
        b->rhs[i] = b->constant[j] - known;
    }
    bool solved = solve_piece_system(b, k);
    for (uint32_t i = 0; i < k && solved; i++) {
        b->x[b->row_unknown[b->order[first + i]]] = b->rhs[i];
    }
    unload_piece(b, p);
    return solved;
}

/// The last piece (in solve order) that holds one of row j's unknowns.
static uint32_t last_piece(const triangular_block *b, uint32_t j) {
    uint32_t last = 0;
    for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
        uint32_t p = b->piece_of[b->unknown_row[b->unknown[t]]];
        last = p > last ? p : last;
    }
    return last;
}

/// Row `in` takes row `out`'s place (and unknown) in piece p.
static void swap_rows(triangular_block *b, uint32_t p, uint32_t out, uint32_t in) {
    uint32_t i = b->piece_start[p];
    while (b->order[i] != out) {
        i++;
    }
    b->order[i] = in;
    uint32_t u = b->row_unknown[out];
    b->row_unknown[in] = u;
    b->unknown_row[u] = in;
    b->row_unknown[out] = NONE;
    b->piece_of[in] = p;
    b->piece_of[out] = NONE;
}

/// Inequality j, outside the system and broken once piece p (its last) is solved, takes the
/// place of a row of a lower level that holds one of its unknowns in p, if p stays regular.
static bool push_in(triangular_block *b, uint32_t p, uint32_t j) {
    for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
        uint32_t out = b->unknown_row[b->unknown[t]];
        if (b->forbidden[t] || b->piece_of[out] != p || b->level[out] <= b->level[j]) {
            continue;
        }
        swap_rows(b, p, out, j);
        if (solve_piece(b, p)) {
            b->active[j] = 1;
            return true;
        }
        swap_rows(b, p, j, out);
        solve_piece(b, p);
    }
    return false;
}

/// After piece p: each inequality whose last piece is p and that x breaks is pushed into the
/// system where it can be. One pass in order so follows a cascade of pushes down a tree.
static void push_in_broken(triangular_block *b, uint32_t p) {
    bool pushed = true;
    for (uint32_t pass = 0; pushed && pass < PUSHES_MOST; pass++) {
        pushed = false;
        for (uint32_t i = b->piece_start[p]; i < b->piece_start[p + 1] && !pushed; i++) {
            uint32_t u = b->row_unknown[b->order[i]];
            for (uint32_t c = b->column_start[u]; c < b->column_start[u + 1] && !pushed; c++) {
                uint32_t j = b->column_row[c];
                pushed = b->sign[j] != 0 && b->row_unknown[j] == NONE && last_piece(b, j) == p &&
                         violation(b, j) != 0.0 && push_in(b, p, j);
            }
        }
    }
}

/// Whether an exchange this round took a row of piece p, or gave it one.
static bool piece_changed(const triangular_block *b, uint32_t p) {
    for (uint32_t i = b->piece_start[p]; i < b->piece_start[p + 1]; i++) {
        if (b->changed[b->order[i]] == b->round) {
            return true;
        }
    }
    return false;
}

/// x from the system, piece by piece in order, singular pieces split and broken inequalities
/// pushed in on the way. False when a split piece is still singular, or the work runs out.
static bool solve_pieces(triangular_block *b) {
    b->restructured = false;
    b->round++;
    for (uint32_t p = 0; p < b->piece_count; p++) {
        if (b->restructured && piece_changed(b, p)) {
            continue; // an exchange took a row of it: found again next round
        }
        if (!solve_piece(b, p)) {
            split_piece(b, p);
            if (!b->restructured && !solve_piece(b, p)) {
                return false;
            }
        }
        if (!b->restructured) {
            push_in_broken(b, p);
        }
    }
    return spend(b, b->start[b->m]);
}

// MARK: - Stand-ins replaced

/// Whether row j mentions unknown u and may take it.
static bool may_take(const triangular_block *b, uint32_t j, uint32_t u) {
    for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
        if (b->unknown[t] == u && !b->forbidden[t]) {
            return true;
        }
    }
    return false;
}

/// Row j, outside the system, takes unknown y; the rows on the search's path from y back to
/// `last` each give up theirs for the next, and `last` ends free.
static void take_along_path(triangular_block *b, uint32_t j, uint32_t y, uint32_t last) {
    for (;;) {
        uint32_t giver = b->unknown_row[y], next = b->via_unknown[y];
        b->unknown_row[y] = j;
        b->row_unknown[j] = y;
        if (y == last) {
            return;
        }
        j = giver;
        y = next;
    }
}

/// Whether row j, outside the system, holds with equality at x (an inequality: tight).
static bool tight_outside(const triangular_block *b, uint32_t j) {
    double tolerance = 0.0;
    return j < b->real && b->row_unknown[j] == NONE && fabs(b->constant[j] - row_value(b, j, &tolerance)) <= tolerance;
}

/// Unknown u, held by its stand-in, is held instead by a row outside the system that holds at x
/// and reaches it through rows giving up their unknowns (breadth first). False when none does:
/// the levels leave u free.
static bool replace_stand_in(triangular_block *b, uint32_t u) {
    b->row_unknown[b->real + u] = NONE;
    b->unknown_row[u] = NONE;
    b->stamp++;
    b->seen[u] = b->stamp;
    uint32_t head = 0, tail = 0;
    b->reached[tail++] = u;
    while (head < tail) {
        uint32_t y = b->reached[head++];
        for (uint32_t c = b->column_start[y]; c < b->column_start[y + 1]; c++) {
            uint32_t j = b->column_row[c];
            if (!spend(b, 1)) {
                return false;
            }
            if (!may_take(b, j, y)) {
                continue;
            }
            if (tight_outside(b, j)) {
                b->active[j] = 1;
                take_along_path(b, j, y, u);
                return true;
            }
            uint32_t w = b->row_unknown[j];
            if (j < b->real && w != NONE && w != y && b->seen[w] != b->stamp) {
                b->seen[w] = b->stamp;
                b->via_unknown[w] = y;
                b->reached[tail++] = w;
            }
        }
    }
    return false;
}

/// Replaces every stand-in left in the system by a row that holds at x (the system's answer
/// stays x). Returns how many were replaced; NONE when one cannot be: the levels leave its
/// unknown free.
static uint32_t replace_stand_ins(triangular_block *b) {
    uint32_t replaced = 0;
    for (uint32_t u = 0; u < b->n; u++) {
        if (b->unknown_row[u] == b->real + u) {
            if (!replace_stand_in(b, u)) {
                return NONE;
            }
            replaced++;
        }
    }
    return replaced;
}

// MARK: - Multipliers

static void heap_push(triangular_block *b, uint32_t piece) {
    if (b->heap_stamp[piece] == b->stamp) {
        return;
    }
    b->heap_stamp[piece] = b->stamp;
    uint32_t i = b->heap_count++;
    while (i > 0 && b->heap[(i - 1) / 2] < piece) {
        b->heap[i] = b->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    b->heap[i] = piece;
}

static uint32_t heap_pop(triangular_block *b) {
    uint32_t top = b->heap[0], last = b->heap[--b->heap_count], i = 0;
    for (;;) {
        uint32_t child = 2 * i + 1;
        if (child >= b->heap_count) {
            break;
        }
        if (child + 1 < b->heap_count && b->heap[child + 1] > b->heap[child]) {
            child++;
        }
        if (b->heap[child] <= last) {
            break;
        }
        b->heap[i] = b->heap[child];
        i = child;
    }
    b->heap[i] = last;
    return top;
}

static void owe(triangular_block *b, uint32_t u, double amount) {
    if (b->owed[u] == 0.0) {
        b->touched_unknowns[b->touched_unknown_count++] = u;
    }
    b->owed[u] += amount;
    heap_push(b, b->piece_of[b->unknown_row[u]]);
}

/// Zeroes what the last transposed solve owed; exchanges use the same list between solves.
static void clear_owed(triangular_block *b) {
    for (uint32_t i = 0; i < b->touched_unknown_count; i++) {
        b->owed[b->touched_unknowns[i]] = 0.0;
    }
    b->touched_unknown_count = 0;
}

static void clear_multipliers(triangular_block *b) {
    for (uint32_t i = 0; i < b->touched_row_count; i++) {
        b->multiplier[b->touched_rows[i]] = 0.0;
    }
    b->touched_row_count = 0;
}

/// Writes row j as a combination of the matched rows: multiplier[r] for the rows touched
/// (touched_rows), by the transposed system solved from j's unknowns back through what they
/// depend on, latest piece first. Only pieces a nonzero multiplier reaches are visited.
static bool express(triangular_block *b, uint32_t j) {
    clear_multipliers(b);
    b->stamp++;
    double scale = 0.0;
    for (uint32_t t = b->start[j]; t < b->start[j + 1]; t++) {
        owe(b, b->unknown[t], b->coefficient[t]);
        scale = fmax(scale, fabs(b->coefficient[t]));
    }
    while (b->heap_count > 0) {
        uint32_t p = heap_pop(b), first = b->piece_start[p], k = load_piece(b, p, true);
        for (uint32_t i = 0; i < k; i++) {
            b->rhs[i] = b->owed[b->row_unknown[b->order[first + i]]];
        }
        bool solved = solve_piece_system(b, k) && spend(b, k * k);
        unload_piece(b, p);
        for (uint32_t i = 0; i < k && solved; i++) {
            uint32_t r = b->order[first + i];
            if (fabs(b->rhs[i]) <= MULTIPLIER_TOLERANCE * scale) {
                continue;
            }
            b->multiplier[r] = b->rhs[i];
            b->touched_rows[b->touched_row_count++] = r;
            for (uint32_t t = b->start[r]; t < b->start[r + 1]; t++) {
                if (b->piece_of[b->unknown_row[b->unknown[t]]] != p) {
                    owe(b, b->unknown[t], -b->coefficient[t] * b->rhs[i]);
                }
            }
            solved = spend(b, b->start[r + 1] - b->start[r]);
        }
        if (!solved) {
            b->heap_count = 0;
            clear_owed(b);
            return false;
        }
    }
    clear_owed(b);
    return true;
}

/// The one inequality of the system among the touched multipliers, NONE for none, or the
/// second one's index plus m when there are more.
static uint32_t lone_inequality(const triangular_block *b) {
    uint32_t found = NONE;
    for (uint32_t i = 0; i < b->touched_row_count; i++) {
        uint32_t r = b->touched_rows[i];
        if (b->sign[r] != 0) {
            if (found != NONE) {
                return b->m + r;
            }
            found = r;
        }
    }
    return found;
}

// MARK: - Displacement

/// Row j, outside the system and wanted in it (a broken inequality, a violated equality), takes
/// the place of a row of a lower level (at unknown `target` only, unless NONE): the nearest,
/// breadth first. The row it displaces leaves the system. False when none is reached.
static bool displace(triangular_block *b, uint32_t j, uint32_t target) {
    b->stamp++;
    uint32_t y = nearest_lower(b, reach_from(b, j, NONE, 0), b->level[j], target);
    if (y == NONE) {
        return false;
    }
    take_path(b, j, y);
    b->active[j] = 1;
    return true;
}

/// Whether violated row j (by `excess`) would do better were held inequality r, a row of its
/// combination, not held.
static bool held_in_vain(const triangular_block *b, uint32_t r, double excess) {
    return b->sign[r] != 0 && excess * b->multiplier[r] * b->sign[r] > 0;
}

/// Where violated row j should enter the system: the unknown held by the lowest row of a level
/// below j's in the combination of the system's rows that j is; NONE when there is none to
/// trade with or j's row was not written; HELD when the combination has only rows of higher
/// levels whose inequalities all resist the move j wants (no displacement can help it).
static uint32_t entry_point(triangular_block *b, uint32_t j, double excess) {
    if (!express(b, j)) {
        return NONE;
    }
    uint32_t lowest = NONE;
    for (uint32_t i = 0; i < b->touched_row_count; i++) {
        uint32_t r = b->touched_rows[i];
        lowest = lowest == NONE || b->level[r] > b->level[lowest] ? r : lowest;
    }
    if (lowest != NONE && b->level[lowest] >= b->level[j]) {
        return b->level[lowest] > b->level[j] ? b->row_unknown[lowest] : NONE;
    }
    for (uint32_t i = 0; i < b->touched_row_count && b->level[j] > 0; i++) {
        if (held_in_vain(b, b->touched_rows[i], excess)) {
            return NONE;
        }
    }
    return b->level[j] > 0 ? HELD : NONE;
}

/// The rows outside the system that x breaks or misses, by level, each displacing a lower row
/// where it can. Returns how many did.
static uint32_t displace_wanted_rows(triangular_block *b) {
    // The candidates first: the pieces each displacement changes are found again next round.
    uint32_t *wanted = b->frame_row, count = 0, displaced = 0;
    uint32_t *target = b->frame_term;
    for (uint32_t j = 0; j < b->real; j++) {
        double excess;
        if (b->row_unknown[j] == NONE && (b->active[j] || b->sign[j] != 0) &&
            b->displacements[j] < DISPLACEMENTS_MOST && (excess = violation(b, j)) != 0.0) {
            uint32_t entry = entry_point(b, j, excess);
            if (entry != HELD) {
                target[count] = entry;
                wanted[count++] = j;
            }
        }
    }
    for (uint32_t i = 0; i < count; i++) {
        uint32_t j = wanted[i];
        if (b->row_unknown[j] == NONE &&
            ((target[i] != NONE && displace(b, j, target[i])) || displace(b, j, NONE))) {
            b->displacements[j]++;
            displaced++;
        }
    }
    return displaced;
}

// MARK: - The proof

/// A violated row j: its row must combine rows of higher levels only, each inequality among
/// them signed so that every allowed move worsens j. Pins the inequality when it is the only
/// one.
static bool violated_row_is_least(triangular_block *b, uint32_t j, double excess) {
    if (b->level[j] == 0 || !express(b, j)) {
        return false;
    }
    bool least = true;
    for (uint32_t i = 0; i < b->touched_row_count; i++) {
        uint32_t r = b->touched_rows[i];
        if (b->level[r] >= b->level[j]) {
            return false;
        }
        bool locked = b->pin_level[r] != NONE && b->pin_level[r] < b->level[j];
        if (!locked && held_in_vain(b, r, excess)) {
            b->release[b->release_count] = r; // j would do better were r not held
            b->release_for[b->release_count++] = j;
            least = false;
        }
    }
    uint32_t lone = lone_inequality(b);
    if (least && lone < b->m) {
        b->pinned[lone] = 1;
    }
    return least;
}

/// The highest level at which inequality h of the system is held from both sides: a row outside
/// the system that holds with equality and combines h alone of the system's inequalities, as an
/// equality (a lock) or as an inequality on h's other side (the pair is an equality no move
/// leaves). Rows of lower levels see h as a lock. NONE when there is none.
static uint32_t pinned_level(triangular_block *b, uint32_t h) {
    uint32_t pinned = NONE;
    for (uint32_t k = b->start[h]; k < b->start[h + 1]; k++) {
        uint32_t u = b->unknown[k];
        for (uint32_t c = b->column_start[u]; c < b->column_start[u + 1]; c++) {
            uint32_t j = b->column_row[c];
            double tolerance = 0.0;
            if (j >= b->real || b->row_unknown[j] != NONE || b->level[j] >= pinned ||
                fabs(b->constant[j] - row_value(b, j, &tolerance)) > tolerance || !express(b, j)) {
                continue;
            }
            if (lone_inequality(b) == h && (b->sign[j] == 0 || b->sign[j] * b->multiplier[h] * b->sign[h] < 0)) {
                pinned = b->level[j] > b->level[h] ? b->level[j] : b->level[h];
            }
        }
    }
    return pinned;
}

/// Whether every row of the system holds at x, within its tolerance: the pieces' rounding is
/// checked, not assumed.
static bool system_holds(const triangular_block *b) {
    for (uint32_t j = 0; j < b->m; j++) {
        double tolerance = 0.0;
        if (b->row_unknown[j] != NONE && fabs(b->constant[j] - row_value(b, j, &tolerance)) > tolerance) {
            return false;
        }
    }
    return true;
}

/// Whether x is the block's strict-priority answer, with nothing tied and nothing free. When a
/// violated row would do better were an inequality of the system not held, that inequality is
/// listed in `release`.
static bool proved(triangular_block *b) {
    b->release_count = 0;
    if (!system_holds(b)) {
        return false;
    }
    memset(b->pinned, 0, b->m);
    for (uint32_t h = 0; h < b->real; h++) {
        b->pin_level[h] = b->sign[h] != 0 && b->row_unknown[h] != NONE ? pinned_level(b, h) : NONE;
    }
    for (uint32_t j = 0; j < b->real; j++) {
        if (b->row_unknown[j] != NONE) {
            continue;
        }
        double excess = violation(b, j);
        if (excess != 0.0 && !violated_row_is_least(b, j, excess) && b->release_count == 0) {
            return false;
        }
    }
    if (b->release_count > 0) {
        return false;
    }
    for (uint32_t h = 0; h < b->real; h++) {
        if (b->sign[h] != 0 && b->row_unknown[h] != NONE && !b->pinned[h] && b->pin_level[h] == NONE) {
            return false;
        }
    }
    return b->work <= b->work_limit;
}

// MARK: - The block

static void carve(arena *a, triangular_block *b, uint32_t n, uint32_t m, uint32_t terms) {
    size_t rows = (size_t)m + 1;
    b->start = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->unknown = cnp__arena_take(a, terms, sizeof(uint32_t));
    b->coefficient = cnp__arena_take(a, terms, sizeof(double));
    b->constant = cnp__arena_take(a, rows, sizeof(double));
    b->sign = cnp__arena_take(a, rows, sizeof(int8_t));
    b->level = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->active = cnp__arena_take(a, rows, sizeof(uint8_t));
    b->pinned = cnp__arena_take(a, rows, sizeof(uint8_t));
    b->pin_level = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->row_unknown = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->unknown_row = cnp__arena_take(a, n, sizeof(uint32_t));
    b->seen = cnp__arena_take(a, n, sizeof(uint32_t));
    b->column_of = cnp__arena_take(a, n, sizeof(uint32_t));
    b->x = cnp__arena_take(a, n, sizeof(double));
    b->owed = cnp__arena_take(a, n, sizeof(double));
    b->touched_unknowns = cnp__arena_take(a, 2 * (size_t)terms, sizeof(uint32_t));
    b->column_start = cnp__arena_take(a, (size_t)n + 1, sizeof(uint32_t));
    b->column_row = cnp__arena_take(a, terms, sizeof(uint32_t));
    b->search_row = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->search_term = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->search_via = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->order = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->piece_start = cnp__arena_take(a, rows + 1, sizeof(uint32_t));
    b->piece_of = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->number = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->low = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->stack = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->frame_row = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->frame_term = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->multiplier = cnp__arena_take(a, rows, sizeof(double));
    b->touched_rows = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->heap = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->heap_stamp = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->reached = cnp__arena_take(a, n, sizeof(uint32_t));
    b->forbidden = cnp__arena_take(a, terms, sizeof(uint8_t));
    b->release = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->release_for = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->changed = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->displacements = cnp__arena_take(a, rows, sizeof(uint8_t));
    b->via_unknown = cnp__arena_take(a, n, sizeof(uint32_t));
}

static cnp_status reserve(solver *s, triangular_block *b, const uint32_t *rows) {
    uint64_t terms = 1 + (uint64_t)b->n;
    for (uint32_t j = 0; j < b->real; j++) {
        terms += s->reduced_count[rows[j]];
    }
    if (terms + b->m >= NONE) {
        return CNP_ERROR_TOO_LARGE;
    }
    b->work_limit = WORK_PER_TERM * terms;
    arena a;
    cnp_status status = CNP_OK;
    for (carve_pass pass = CARVE_MEASURE; cnp__carve_in_part(&a, &pass, s->workspace, PART_SPARSE, &status);) {
        carve(&a, b, b->n, b->m, (uint32_t)terms);
    }
    return status;
}

/// Rounds that solve the pieces and let the rows x breaks or misses displace lower ones, until
/// none can; then the stand-ins left are replaced.
static bool settle(triangular_block *b) {
    for (uint32_t round = 0; round < ROUNDS_MOST; round++) {
        memset(b->piece_of, 0xff, sizeof(uint32_t) * b->m);
        if (!find_pieces(b) || !solve_pieces(b)) {
            return false;
        }
        if (b->restructured || displace_wanted_rows(b) > 0) {
            continue;
        }
        uint32_t replaced = replace_stand_ins(b);
        if (replaced == 0) {
            return true;
        }
        if (replaced == NONE) {
            return false;
        }
    }
    return false;
}

/// Inequalities of the system that a violated row would rather were not held leave it (the
/// active set's release step), when that row can take the direction each held; an inequality
/// it cannot reach stays. Returns how many left.
static uint32_t release_listed(triangular_block *b) {
    uint32_t released = 0;
    for (uint32_t i = 0; i < b->release_count; i++) {
        uint32_t r = b->release[i], u = b->row_unknown[r], asking = b->release_for[i];
        if (u == NONE || b->row_unknown[asking] != NONE) {
            continue;
        }
        b->row_unknown[r] = NONE;
        b->unknown_row[u] = b->real + u;
        b->row_unknown[b->real + u] = u;
        for (uint32_t t = b->start[asking]; t < b->start[asking + 1]; t++) {
            if (b->unknown[t] == u) {
                b->forbidden[t] = 0; // a repeat of r, which leaves
            }
        }
        if (displace(b, asking, u)) {
            released++;
        } else {
            b->row_unknown[b->real + u] = NONE;
            b->unknown_row[u] = r;
            b->row_unknown[r] = u;
        }
    }
    return released;
}

/// The guess, settled and proved, with inequalities released as the proof asks.
static bool solve_and_prove(triangular_block *b) {
    if (!match(b)) {
        return false;
    }
    for (uint32_t attempt = 0; attempt < ATTEMPTS_MOST; attempt++) {
        if (!settle(b)) {
            return false;
        }
        if (proved(b)) {
            return true;
        }
        if (b->release_count == 0 || release_listed(b) == 0) {
            return false;
        }
    }
    return false;
}

static void write_answer(triangular_block *b) {
    solver *s = b->s;
    for (uint32_t u = 0; u < b->n; u++) {
        s->rep_value[b->variables[u]] = b->x[u];
    }
    s->report.blocks++;
    s->report.sparse_blocks++;
    s->report.dense_variables += b->n;
    if (b->n > s->report.largest_block) {
        s->report.largest_block = b->n;
    }
}

path_result cnp__solve_triangular(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                                  uint32_t row_count, cnp_status *failure) {
    if ((uint64_t)row_count + variable_count >= NONE) {
        return PATH_DECLINED;
    }
    triangular_block b = {
        .s = s, .n = variable_count, .m = row_count + variable_count, .real = row_count, .variables = variables,
        .rows = rows};
    cnp_status status = reserve(s, &b, rows);
    if (status != CNP_OK) {
        return status == CNP_ERROR_TOO_LARGE ? PATH_DECLINED : path_ended(status, failure);
    }
    for (uint32_t u = 0; u < variable_count; u++) {
        s->local[variables[u]] = u;
        b.column_of[u] = NONE;
        b.seen[u] = 0;
        b.owed[u] = 0.0;
    }
    memset(b.multiplier, 0, sizeof(double) * b.m);
    memset(b.heap_stamp, 0, sizeof(uint32_t) * b.m);
    cnp__sort_by_level(s, rows, row_count, b.touched_rows);
    load_rows(&b);
    take_in_pins(&b);
    memset(b.forbidden, 0, b.start[b.m]);
    memset(b.changed, 0, sizeof(uint32_t) * b.m);
    memset(b.displacements, 0, b.m);
    if (!solve_and_prove(&b)) {
        return PATH_DECLINED;
    }
    write_answer(&b);
    return PATH_SOLVED;
}
