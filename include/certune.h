/* certune.h: the umbrella header: every public module of libcertune.
   Build against the installed library with
     cc prog.c $(pkg-config --cflags --libs certune)
   Every exported name starts with ct_ (types, functions) or CT_ / CERTUNE_
   (macros); each module header documents its functions' contracts. */
#ifndef CERTUNE_H
#define CERTUNE_H

#include "certune/base.h"
#include "certune/text.h"
#include "certune/qparse.h"
#include "certune/rational.h"
#include "certune/decimal.h"
#include "certune/instance.h"
#include "certune/component.h"
#include "certune/dataset.h"
#include "certune/gen.h"
#include "certune/sample.h"
#include "certune/polyset.h"
#include "certune/rroot.h"
#include "certune/expsum.h"
#include "certune/mqpoly.h"
#include "certune/mqroot.h"
#include "certune/bpoint.h"
#include "certune/signfn.h"
#include "certune/sweep.h"
#include "certune/analysis.h"
#include "certune/profile.h"
#include "certune/lambda.h"
#include "certune/alpha.h"
#include "certune/delta.h"
#include "certune/family.h"
#include "certune/evaluate.h"
#include "certune/tune.h"
#include "certune/report.h"
#include "certune/plot.h"
#include "certune/bounds.h"
#include "certune/shatter.h"
#include "certune/opt.h"
#include "certune/cli.h"
#include "certune/gnn_rand.h"
#include "certune/gnn_csr.h"
#include "certune/gnn_ops.h"
#include "certune/gnn_graph.h"
#include "certune/gnn_model.h"
#include "certune/gnn_sgc.h"
#include "certune/gnn_adam.h"
#include "certune/gnn_train.h"
#include "certune/gnn_stats.h"
#include "certune/gnn_cli.h"
#include "certune/gnn_gp.h"
#include "certune/capi.h"

#endif
