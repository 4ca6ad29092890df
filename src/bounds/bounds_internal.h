/* Shared by src/bounds*.c only. */
#ifndef CERTUNE_BOUNDS_INTERNAL_H
#define CERTUNE_BOUNDS_INTERNAL_H

#include "certune/bounds.h"

/* Per component (ncomp of them, as numbered in comp): its size, its labeled
   nodes and, when eigen != NULL, the distinct eigenvalues of lambda's K. */
void ct_bounds_component_sizes(slong *size, slong *labeled, slong *eigen,
                               const ct_instance_t inst, const slong *comp, slong ncomp);

#endif
