/* gnn_stats: summaries of repeated runs and the process's peak memory, in
   doubles; nothing is allocated or kept. No errors: what cannot be measured
   is 0. */
#ifndef CERTUNE_GNN_STATS_H
#define CERTUNE_GNN_STATS_H

#include <flint/flint.h>

/* Mean, sample standard deviation and the half-width of the two-sided 90%
   Student-t confidence interval of the mean of x[0..m-1] (sd and ci are 0 when
   m < 2). Any output pointer may be NULL. */
void ct_gnn_stats_mean_ci90(double *mean, double *sd, double *ci, const double *x,
                            slong m);

/* Peak resident set size of this process in MiB (VmHWM of /proc/self/status),
   or 0 where that is not available. */
double ct_gnn_stats_peak_rss_mb(void);

#endif
