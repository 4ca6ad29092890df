/* Shared by the bounds module's files only. */
#ifndef CERTUNE_BOUNDS_INTERNAL_H
#define CERTUNE_BOUNDS_INTERNAL_H

#include "certune/bounds.h"
#include "certune/mqpoly.h"

/* Distinct zeros of the multi-quadratic g in (0, 1) (*roots) and those of
   odd multiplicity (returned); -1 with msg when they cannot be certified
   (bounds_mq.c). */
slong _ct_bounds_mq_zeros(slong *roots, const ct_mqpoly_t g, char *msg, size_t len);

#endif
