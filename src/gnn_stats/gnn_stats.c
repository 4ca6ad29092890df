/* gnn_stats: t intervals and peak memory. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_stats.h"

/* 0.95 quantiles of Student's t with 1..30 degrees of freedom; beyond that the
   normal 1.645 is within 2% of them. */
static const double t95[30] = {6.314, 2.920, 2.353, 2.132, 2.015, 1.943, 1.895, 1.860,
                               1.833, 1.812, 1.796, 1.782, 1.771, 1.761, 1.753, 1.746,
                               1.740, 1.734, 1.729, 1.725, 1.721, 1.717, 1.714, 1.711,
                               1.708, 1.706, 1.703, 1.701, 1.699, 1.697};

void ct_gnn_stats_mean_ci90(double *mean, double *sd, double *ci, const double *x,
                            slong m)
{
    double s = 0, q = 0, mu, dev = 0, half = 0;
    for (slong i = 0; i < m; i++)
        s += x[i];
    mu = m > 0 ? s / (double)m : 0.0;
    for (slong i = 0; i < m; i++)
        q += (x[i] - mu) * (x[i] - mu);
    if (m >= 2) {
        dev = sqrt(q / (double)(m - 1));
        half = (m - 1 <= 30 ? t95[m - 2] : 1.645) * dev / sqrt((double)m);
    }
    if (mean != NULL)
        *mean = mu;
    if (sd != NULL)
        *sd = dev;
    if (ci != NULL)
        *ci = half;
}

double ct_gnn_stats_peak_rss_mb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    double kb = 0;
    if (f == NULL)
        return 0.0;
    while (fgets(line, sizeof(line), f) != NULL)
        if (strncmp(line, "VmHWM:", 6) == 0) {
            kb = strtod(line + 6, NULL);
            break;
        }
    fclose(f);
    return kb / 1024.0;
}
