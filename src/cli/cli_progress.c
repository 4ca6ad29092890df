/* cli_progress: "certune: analyze: 12/300 instances, 3.2 s" on stderr during
   long runs, when stderr is a terminal or with --progress, and inside a chunk
   (one large instance) the phase its analysis reports: "certune: analyze:
   0/1 instances, 41.0 s, component rows 1200/2485". On a terminal without
   --progress a run shorter than a second prints nothing. The hooks are called
   from the analysis's threads: everything is done under p->lock. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "certune/cli.h"

static double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The interval between two lines: CT_CLI_PROGRESS_ENV, else 0.2 s on a
   terminal and 1 s in a file. */
static double cli_interval(int tty)
{
    const char *e = getenv(CT_CLI_PROGRESS_ENV);
    char *end;
    double v = e != NULL && *e != '\0' ? strtod(e, &end) : -1.0;
    if (e != NULL && *e != '\0' && *end == '\0' && v >= 0.0 && v <= 3600.0)
        return v;
    return tty ? 0.2 : 1.0;
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
    p->interval = cli_interval(p->tty);
    p->shown = 0;
    p->done = p->total = 0;
    p->phase[0] = '\0';
    p->width = 0;
    pthread_mutex_init(&p->lock, NULL);
}

/* Prints one line (under the lock): on a terminal it replaces the line shown
   (its rest blanked) and ends it only when end; in a file it is a line. */
static void cli_line(ct_cli_progress_struct *p, const char *text, int end)
{
    int len = (int)strlen(text);
    if (p->tty)
        fprintf(stderr, "%s%s%*s%s", p->shown == 1 ? "\r" : "", text,
                p->shown == 1 && p->width > len ? p->width - len : 0, "",
                end ? "\n" : "");
    else
        fprintf(stderr, "%s\n", text);
    p->width = end ? 0 : len;
    fflush(stderr);
}

/* Whether a line is due now (under the lock). */
static int cli_due(ct_cli_progress_struct *p, double now)
{
    return p->on && now - p->last >= p->interval && (p->forced || now - p->start >= 1.0);
}

void ct_cli_progress_update(void *arg, slong done, slong total)
{
    ct_cli_progress_struct *p = arg;
    char text[256];
    pthread_mutex_lock(&p->lock);
    double now = cli_now();
    p->done = done, p->total = total;
    p->phase[0] = '\0'; /* that chunk's phases are over */
    if (p->on && done == total && (p->forced || p->shown)) {
        /* The per-instance stage is over; what follows is p->after. */
        snprintf(text, sizeof(text), "certune: %s: %ld/%ld instances, %.1f s, %s",
                 p->what, (long)done, (long)total, now - p->start, p->after);
        cli_line(p, text, 1);
        p->shown = 2; /* the line is finished */
    } else if (cli_due(p, now)) {
        p->last = now;
        snprintf(text, sizeof(text), "certune: %s: %ld/%ld instances, %.1f s", p->what,
                 (long)done, (long)total, now - p->start);
        cli_line(p, text, 0);
        p->shown = 1;
    }
    pthread_mutex_unlock(&p->lock);
}

void ct_cli_progress_phase(void *arg, const char *name, slong done, slong total)
{
    ct_cli_progress_struct *p = arg;
    char text[256];
    pthread_mutex_lock(&p->lock);
    snprintf(p->phase, sizeof(p->phase), "%s %ld/%ld", name, (long)done, (long)total);
    double now = cli_now();
    if (cli_due(p, now)) {
        p->last = now;
        if (p->total > 0)
            snprintf(text, sizeof(text), "certune: %s: %ld/%ld instances, %.1f s, %s",
                     p->what, (long)p->done, (long)p->total, now - p->start, p->phase);
        else
            snprintf(text, sizeof(text), "certune: %s: %.1f s, %s", p->what,
                     now - p->start, p->phase);
        cli_line(p, text, 0);
        p->shown = 1;
    }
    pthread_mutex_unlock(&p->lock);
}

void ct_cli_progress_finish(ct_cli_progress_struct *p, slong done, slong total)
{
    char text[256];
    if (p->forced || p->shown) {
        snprintf(text, sizeof(text), "certune: %s: %ld/%ld instances, %.1f s, %s",
                 p->what, (long)done, (long)total, cli_now() - p->start,
                 done == total ? "done" : "stopped");
        cli_line(p, text, 1);
    }
    pthread_mutex_destroy(&p->lock);
}
