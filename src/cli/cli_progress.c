/* cli_progress: "certune: analyze: 12/300 instances, 3.2 s" on stderr during
   long runs, when stderr is a terminal or with --progress. On a terminal
   without --progress a run shorter than a second prints nothing. */
#include <time.h>
#include <unistd.h>
#include "certune/cli.h"

static double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void ct_cli_progress_init(ct_cli_progress_struct *p, int forced, const char *what,
                          const char *after)
{
    p->after = after;
    p->tty = isatty(STDERR_FILENO);
    p->forced = forced;
    p->on = forced || p->tty;
    p->what = what;
    p->start = cli_now();
    p->last = p->start;
    p->shown = 0;
}

/* A terminal gets one line rewritten every 0.2 s; a file a line a second. */
void ct_cli_progress_update(void *arg, slong done, slong total)
{
    ct_cli_progress_struct *p = arg;
    double now = cli_now();
    if (p->on && done == total && (p->forced || p->shown)) {
        /* The per-instance stage is over; what follows is p->after. */
        fprintf(stderr, "%scertune: %s: %ld/%ld instances, %.1f s, %s\n",
                p->tty && p->shown ? "\r" : "", p->what, (long)done, (long)total,
                now - p->start, p->after);
        p->shown = 2; /* the line is finished */
        return;
    }
    if (!p->on || now - p->last < (p->tty ? 0.2 : 1.0) ||
        (!p->forced && now - p->start < 1.0))
        return;
    p->last = now;
    p->shown = 1;
    fprintf(stderr, "%scertune: %s: %ld/%ld instances, %.1f s%s", p->tty ? "\r" : "",
            p->what, (long)done, (long)total, now - p->start, p->tty ? "" : "\n");
    fflush(stderr);
}

void ct_cli_progress_finish(ct_cli_progress_struct *p, slong done, slong total)
{
    if (!p->forced && !p->shown)
        return;
    fprintf(stderr, "%scertune: %s: %ld/%ld instances, %.1f s, %s\n",
            p->tty && p->shown == 1 ? "\r" : "", p->what, (long)done, (long)total,
            cli_now() - p->start, done == total ? "done" : "stopped");
}
