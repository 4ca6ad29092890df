/* Tests of profile: a hand-worked sweep with touches, jumps, three classes and
   instances of different sizes (losses derived by hand in the comments). */
#include "check.h"
#include "certune/sweep.h"

static int loss_is(const fmpq_t x, slong num, slong den)
{
    fmpq_t y;
    fmpq_init(y);
    fmpq_set_si(y, num, (ulong)den);
    int eq = fmpq_equal(x, y);
    fmpq_clear(y);
    return eq;
}

int main(void)
{
    /* Instance 0 scores A and B, instance 1 scores C; three points. */
    slong nscored[2] = {2, 1};
    ct_sweep_t P;
    ct_sweep_init(P, 3, 2, nscored);

    /* A (truth 1): F0 > F1 until point 1, where they cross (tie -> class 0). */
    int a_sign[1] = {1};
    slong a_len[1] = {1}, a_pts0[1] = {1}, a_mult0[1] = {1};
    slong *a_pts[1] = {a_pts0}, *a_mult[1] = {a_mult0};
    ct_sweep_add_node(P, 0, 1, 2, a_sign, a_len, a_pts, a_mult);

    /* B (truth 0): F0 < F1 everywhere but a double root at point 0 (a touch). */
    int b_sign[1] = {-1};
    slong b_len[1] = {1}, b_pts0[1] = {0}, b_mult0[1] = {2};
    slong *b_pts[1] = {b_pts0}, *b_mult[1] = {b_mult0};
    ct_sweep_add_node(P, 0, 0, 2, b_sign, b_len, b_pts, b_mult);

    /* C (truth 2, three classes): F0 > F1 > F2; F1, F2 cross at point 0 (no
       change: F0 stays on top); F0, F2 cross at point 2 (tie -> class 0 at the
       point, class 2 after). */
    int c_sign[3] = {1, 1, 1};
    slong c_len[3] = {0, 1, 1}, c_p02[1] = {2}, c_p12[1] = {0}, one[1] = {1};
    slong *c_pts[3] = {NULL, c_p02, c_p12}, *c_mult[3] = {NULL, one, one};
    ct_sweep_add_node(P, 1, 2, 3, c_sign, c_len, c_pts, c_mult);

    fmpq *piece = _fmpq_vec_init(4), *point = _fmpq_vec_init(3);
    ct_sweep_losses(piece, point, P);
    /* Loss = (errors of inst 0 / 2 + errors of inst 1 / 1) / 2. */
    CHECK(loss_is(piece + 0, 1, 1)); /* A, B, C wrong */
    CHECK(loss_is(point + 0, 3, 4)); /* B right at its touch */
    CHECK(loss_is(piece + 1, 1, 1));
    CHECK(loss_is(point + 1, 1, 1)); /* A ties to class 0: still wrong */
    CHECK(loss_is(piece + 2, 3, 4)); /* A right */
    CHECK(loss_is(point + 2, 3, 4)); /* C ties to class 0 */
    CHECK(loss_is(piece + 3, 1, 4)); /* C right */
    CHECK(P->changes[0] == 1 && P->jump[0] == 0);
    CHECK(P->changes[1] == 1 && P->jump[1] == 1);
    CHECK(P->changes[2] == 1 && P->jump[2] == 1);
    /* Tied scored nodes: B at point 0 (its touch), A at point 1, C at point 2
       (F0 = F2 on top; F1 = F2 at point 0 is below F0, no tie), none on the
       pieces. */
    CHECK(P->tied_base == 0);
    for (slong g = 0; g < 3; g++)
        CHECK(P->tied_point_dev[g] == 1 && P->tied_piece_delta[g] == 0);
    _fmpq_vec_clear(piece, 4);
    _fmpq_vec_clear(point, 3);
    ct_sweep_clear(P);

    /* D (truth 0): F0 > F1 with a double root at point 0, class 0 ahead on both
       sides: the tie at the point changes no prediction (changes 0: the
       analyzer drops the point), but the node is tied there. */
    slong one_scored[1] = {1};
    ct_sweep_t Q;
    ct_sweep_init(Q, 1, 1, one_scored);
    int d_sign[1] = {1};
    slong d_len[1] = {1}, d_pts0[1] = {0}, d_mult0[1] = {2};
    slong *d_pts[1] = {d_pts0}, *d_mult[1] = {d_mult0};
    ct_sweep_add_node(Q, 0, 0, 2, d_sign, d_len, d_pts, d_mult);
    CHECK(Q->changes[0] == 0 && Q->jump[0] == 0);
    CHECK(Q->tied_base == 0 && Q->tied_point_dev[0] == 1 && Q->tied_piece_delta[0] == 0);
    ct_sweep_clear(Q);
    return check_finish("t-sweep");
}
