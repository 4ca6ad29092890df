/* evaluate_threads: the instances' exact signs on several threads (pool.h).
   Each instance is independent (its own FLINT and Arb objects); the results
   are appended in instance order by the caller, so they do not depend on the
   thread count. */
#include "certune/pool.h"
#include "evaluate_internal.h"

typedef struct {
    int **sgn;
    const ct_evaluate_struct *E;
    const ct_instance_struct *insts;
    int score_all;
} evaluate_job;

static void evaluate_one(void *arg, slong t)
{
    evaluate_job *J = arg;
    J->sgn[t] = _ct_evaluate_instance_signs(J->E, J->insts + t, J->score_all);
}

void _ct_evaluate_all_signs(int **sgn, const ct_evaluate_struct *E,
                            const ct_instance_struct *insts, slong m, int score_all,
                            slong nthreads)
{
    evaluate_job J = {sgn, E, insts, score_all};
    ct_pool_for(m, nthreads, evaluate_one, NULL, &J);
}
