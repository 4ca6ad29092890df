/* analysis_progress: a per-thread hook the families call after each
   instance's sign functions are built, so that a command line can show
   progress (instances done / total) during long analyses. Per thread, so that
   an analysis run beside another on a thread of its own (tune's test set)
   never takes over the hook of the one the command line follows. The phase
   hook (phases inside a chunk: components, rows, roots, the sort, the sweep)
   is set here per thread too, but a run copies it into each chunk's
   ct_analysis_common, so that the chunks on other threads report to it. */
#include "analysis_internal.h"

static _Thread_local void (*progress_fn)(void *arg, slong done, slong total);
static _Thread_local void *progress_arg;
static _Thread_local ct_analysis_phase_struct phase_hook;

void ct_analysis_set_progress(void (*fn)(void *arg, slong done, slong total), void *arg)
{
    progress_fn = fn;
    progress_arg = arg;
}

void ct_analysis_progress(slong done, slong total)
{
    if (progress_fn != NULL)
        progress_fn(progress_arg, done, total);
}

void _ct_analysis_get_progress(void (**fn)(void *arg, slong done, slong total),
                               void **arg)
{
    *fn = progress_fn;
    *arg = progress_arg;
}

void ct_analysis_set_phase(void (*fn)(void *arg, const char *name, slong done,
                                      slong total),
                           void *arg)
{
    phase_hook.fn = fn;
    phase_hook.arg = arg;
}

void _ct_analysis_get_phase(ct_analysis_phase_struct *ph)
{
    *ph = phase_hook;
}
