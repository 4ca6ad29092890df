/* The ball path's pieces, shared by delta_ball.c and delta_ball_roots.c. */
#ifndef CERTUNE_DELTA_BALL_INTERNAL_H
#define CERTUNE_DELTA_BALL_INTERNAL_H

#include "certune/bpoint.h"
#include "certune/lsdelta.h"
#include "delta_internal.h"

/* The component's weights times s (integers) in compressed rows over its
   positions, both directions. */
typedef struct {
    slong *rowstart, *col;
    fmpz *w;
} _ct_delta_ball_csr;

/* Every node's values (A^{-1} E)_i. from the certified floating solve. */
typedef struct {
    const ct_lsdelta_struct *L;
    const double *X0, *X1;
    mag_srcptr rmax, rsum;
    const slong *node; /* position -> the instance's node id */
    slong ng;
} _ct_delta_rowball;

static inline void _ct_delta_rowball_get(arb_ptr x, const _ct_delta_rowball *R, slong i)
{
    ct_lsdelta_row_balls(x, R->L, R->X0, R->X1, R->rmax, R->rsum, i);
}

/* A function searched: its roots (nz; bad when it could not be searched or
   its zeros overlap another's), its sign right of 0 (0: a tie everywhere)
   and its id in the sink (-1 until a row gives it one). */
typedef struct {
    ct_lsroot_struct *r;
    slong nz, id;
    int bad, sign0;
} _ct_delta_droot_fn;

/* The functions of a component and, per scored row t and pair p, the
   index of its function in f (ent[t np + p]; -1: none). */
typedef struct {
    _ct_delta_droot_fn *f;
    slong nf, alloc, np;
    slong *ent;
} _ct_delta_droots;

/* Searches the pair functions of the rows t with exact[t] == 0 and win[t] <
   0 (not proved constant; D zeroed by the caller) and sets exact[t] for the rows whose
   zeros are not all certified and distinct from the other functions'. */
void _ct_delta_droots_run(_ct_delta_droots *D, char *exact, const slong *win,
                          ct_lsdelta_struct *L, const _ct_delta_rowball *R,
                          const _ct_delta_ball_csr *A, const delta_comp *C,
                          const ct_instance_t inst, const slong *rows, slong nsc);

/* The rows' exactness after the search: rows with a bad function, then
   functions overlapping another used one are bad too. */
void _ct_delta_droots_settle(_ct_delta_droots *D, char *exact, slong nsc);

/* The rows neither exact nor constant (win[t] < 0) as nodes of K, their
   functions' ids and zeros. */
void _ct_delta_droots_sink(_ct_delta_ball_tally *K, _ct_delta_droots *D,
                           const char *exact, const slong *win, const ct_instance_t inst,
                           slong inst_idx, const delta_comp *C, const slong *rows,
                           slong nsc);

/* Appends the zero r (a copy) of sink function f to K. */
ct_analysis_zero *_ct_delta_ball_zero(_ct_delta_ball_tally *K, const ct_lsroot_struct *r,
                                      slong f);

void _ct_delta_droots_clear(_ct_delta_droots *D);

#endif
