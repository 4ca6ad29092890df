/* analysis_progress: a per-thread hook the families call after each
   instance's sign functions are built, so that a command line can show
   progress (instances done / total) during long analyses. Per thread, so that
   an analysis run beside another on a thread of its own (tune's test set)
   never takes over the hook of the one the command line follows. */
#include "analysis_internal.h"

static _Thread_local void (*progress_fn)(void *arg, slong done, slong total);
static _Thread_local void *progress_arg;

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
