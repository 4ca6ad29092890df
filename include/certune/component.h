/* component: connected components of an instance's graph. */
#ifndef CERTUNE_COMPONENT_H
#define CERTUNE_COMPONENT_H

#include "certune/instance.h"

/* Stores in comp[i] (n entries) the component of node i, numbered 0.. in order
   of their smallest node, and returns the number of components. */
slong ct_component_assign(slong *comp, const ct_instance_t inst);

#endif
