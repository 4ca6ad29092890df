/* cli_help: `certune SUB --help`, each subcommand's options and an example. */
#include <string.h>
#include "certune/cli.h"

#define FAMILY_HELP                                                                      \
    "  --family F    lambda (smoothing, lambda in (0, +inf)),\n"                         \
    "                alpha (local and global consistency, alpha in (0, 1)) or\n"         \
    "                delta (normalized adjacency, delta in [0, 1])\n"
#define C_HELP                                                                           \
    "  --c Q         delta's constant, an exact rational in (0, 1) (default 99/100)\n"
#define END_HELP                                                                         \
    "  --help        print this help\n"                                                  \
    "  --            ends the options: what follows is an operand, even if it\n"         \
    "                starts with '-'\n"

static const char analyze_help[] =
    "usage: certune analyze --family F [--c Q] [--score unlabeled|all] [--json]\n"
    "                       [--plot FILE.svg [--x linear|log|logit]] [--progress]\n"
    "                       [--ties T] [--per-instance] [--threads N] [--shard I/K]\n"
    "                       [--save-profile F.ctp] [--ball N|off] FILE|DIR...\n"
    "\n"
    "The exact, certified piecewise-constant empirical loss of the family over its\n"
    "hyperparameter for the .gssl instances FILE... (docs/formats.md), its minimum\n"
    "and a short rational where it is attained.\n"
    "\n"
    "options:\n" FAMILY_HELP C_HELP
    "  --score S     unlabeled (default): score held-out `t` nodes;\n"
    "                all: also score labeled nodes against their given class\n"
    "  --json        print JSON (docs/formats.md) instead of text\n"
    "  --per-instance  with --json: each instance's loss on every piece and point\n"
    "  --plot FILE   also draw the loss as an SVG step plot (docs/plots.md)\n"
    "  --ties T      smallest (default): a tie goes to the smallest class;\n"
    "                expected: a node tied among t classes costs 1 - 1/t when its\n"
    "                class is among them, else 1 (docs/tuning.md)\n"
    "  --x SCALE     the plot's x axis: linear, log, or logit (alpha, delta);\n"
    "                default log for lambda, linear for alpha and delta\n"
    "  --progress    instances done / total, elapsed time and the phase inside a\n"
    "                large instance (components solved k/N, ...) on stderr\n"
    "                (default when stderr is a terminal; docs/scale.md)\n"
    "  --threads N   analyze on N threads (default: the online cores); the output\n"
    "                does not depend on N (docs/scale.md)\n"
    "  --shard I/K   only every K-th instance from the I-th (0 <= I < K), for job\n"
    "                arrays: save each shard's profile, then `certune merge`; a\n"
    "                shard may be empty (I >= the number of instances)\n"
    "  --save-profile F  also write the analysis as a profile file "
    "(docs/scale.md)\n"
    "  --ball N      alpha, lambda: certify components of at least N nodes\n"
    "                (default: alpha 120, lambda 400) in balls from the linear\n"
    "                system; off: every component exactly, with its defining\n"
    "                polynomials (docs/alpha.md, docs/lambda.md)\n" END_HELP "\n"
    "example:\n"
    "  certune analyze --family lambda instances/lambda-gadget-oscillating.gssl\n"
    "\n"
    "exit status: 0 success, 1 usage error, 2 invalid input, 3 undecided (no loss\n"
    "             is reported)\n";

static const char bounds_help[] =
    "usage: certune bounds --family F [--c Q] [--json] [--plot FILE.svg] [--progress]\n"
    "                      [--threads N] FILE...\n"
    "\n"
    "Per instance, component, node and class pair: the certified number of sign\n"
    "changes against the proven bounds (docs/shatter.md).\n"
    "\n"
    "options:\n" FAMILY_HELP C_HELP "  --json        print JSON (docs/formats.md)\n"
    "  --plot FILE   also draw the counts against n as SVG\n"
    "  --progress    instances done / total and elapsed time on stderr (default\n"
    "                when stderr is a terminal)\n"
    "  --threads N   count on N threads (default: the online cores; the output\n"
    "                does not depend on N)\n" END_HELP "\n"
    "example:\n"
    "  certune bounds --family lambda instances/random-*.gssl\n"
    "\n"
    "exit status: 0 success, 1 usage error, 2 invalid input, 3 undecided,\n"
    "             4 a proven bound is exceeded\n";

static const char shatter_help[] =
    "usage: certune shatter --family F [--c Q] --m M --out DIR [--force]\n"
    "\n"
    "Writes the paper's lower-bound construction: M instances (unions of 4-node\n"
    "gadgets) DIR/instance-1.gssl ... and DIR/witness.txt, the sign patterns and\n"
    "parameters claimed to realize them (docs/shatter.md).\n"
    "\n"
    "options:\n" FAMILY_HELP
    "  --c Q         delta's constant, an exact rational in (1/2, 1) (default 99/100)\n"
    "  --m M         number of instances, 1 to 20 (2^M patterns)\n"
    "  --out DIR     output folder, created if absent; refused when not empty\n"
    "  --force       write into a non-empty DIR (files of the same name are replaced)\n"
    "  --help        print this help\n"
    "\n"
    "example:\n"
    "  certune shatter --family lambda --m 2 --out /tmp/s2\n";

static const char verify_help[] =
    "usage: certune verify-shatter [--family F] [--c Q] DIR\n"
    "\n"
    "Re-analyzes DIR's instances exactly and checks that all 2^M sign patterns of\n"
    "DIR/witness.txt are realized (pseudo-shattering). The family and delta's c\n"
    "are read from witness.txt; --family and --c are optional and only checked\n"
    "against it (a difference is an error).\n"
    "\n"
    "options:\n" FAMILY_HELP
    "  --c Q         delta's constant, checked against the file's\n" END_HELP "\n"
    "example:\n"
    "  certune shatter --family lambda --m 2 --out /tmp/s2\n"
    "  certune verify-shatter /tmp/s2\n"
    "\n"
    "exit status: 0 pseudo-shattered, 1 usage error, 2 invalid input (or a\n"
    "             family or c different from the file's), 3 undecided, 4 not\n"
    "             pseudo-shattered\n";

static const char sample_help[] =
    "usage: certune sample --dataset NAME|DIR [--data-root DIR] --nodes N --count M\n"
    "                      [--labeled FRAC] [--sampler S] [--seed S] --out DIR "
    "[--force]\n"
    "\n"
    "Cuts M connected N-node .gssl instances (unit weights, a fraction FRAC\n"
    "labeled, the rest held out with their true class) out of a dataset folder\n"
    "(docs/gnn-data.md). Files are OUT/sample-001.gssl ... (zero-padded to the\n"
    "width of M, at least 3 digits), each starting with comment lines that give\n"
    "the dataset, the seed, the sampler and the original node ids.\n"
    "\n"
    "options:\n"
    "  --dataset D    a dataset name (looked up in the data root) or a folder or\n"
    "                 .npz file (docs/gnn-data.md)\n"
    "  --data-root R  where names are looked up (default $CERTUNE_DATA, else\n"
    "                 $XDG_DATA_HOME/certune/datasets or\n"
    "                 ~/.local/share/certune/datasets)\n"
    "  --nodes N      nodes per instance\n"
    "  --count M      number of instances\n"
    "  --labeled FRAC fraction of labeled nodes (default 0.2, at least one)\n"
    "  --sampler S    which nodes: bfs (default: connected, by breadth-first\n"
    "                 search from a random node), uniform (labeled nodes drawn\n"
    "                 uniformly), class (all from one class), balanced (an equal\n"
    "                 share of each class); edges: the induced ones\n"
    "  --seed S       seed of the sampler (default 0)\n"
    "  --out DIR      output folder, created if absent; refused when not empty\n"
    "  --force        write into a non-empty DIR (files of the same name are replaced)\n"
    "  --help         print this help\n"
    "\n"
    "example:\n"
    "  certune sample --dataset tests/fixtures/tinyweb --nodes 30 --count 10 --out "
    "/tmp/s\n";

static const char instance_help[] =
    "usage: certune instance --dataset NAME|DIR [--data-root DIR] --split S\n"
    "                        [--score val|test|all] --out FILE.gssl [--force]\n"
    "       certune instance --edges FILE --labels FILE [--truth FILE] [--score FILE]\n"
    "                        [--directed error|sum|max] [--self-loops error|drop]\n"
    "                        --out FILE.gssl [--force]\n"
    "\n"
    "Writes a whole dataset with a standard split as one .gssl instance: every node\n"
    "and edge (weight 1; the data's self-loops and repeated edges dropped), the\n"
    "split's training nodes labeled with their class, the scored nodes held out\n"
    "with theirs; comment lines record the dataset, the split and the node map\n"
    "(node i is dataset node i - 1). Scored nodes in components without a\n"
    "labeled node are counted on stdout (docs/tuning.md, \"One graph with its\n"
    "split\").\n"
    "\n"
    "With --edges, writes your own graph: an edge list (comma-, tab- or\n"
    "blank-separated `u v [w]`, string ids, exact weights, default 1), a\n"
    "scipy.sparse .npz file (ids 0..n-1) or a Matrix Market .mtx file (ids\n"
    "1..n); nodes are numbered in order of first appearance and their ids kept\n"
    "as `% id K NAME` comment lines, which `eval --predictions` shows\n"
    "(docs/formats.md, \"Your own graph\").\n"
    "\n"
    "options:\n"
    "  --dataset D    a dataset name (looked up in the data root) or a folder or\n"
    "                 .npz file (docs/gnn-data.md)\n"
    "  --data-root R  where names are looked up (default $CERTUNE_DATA, else\n"
    "                 $XDG_DATA_HOME/certune/datasets or\n"
    "                 ~/.local/share/certune/datasets)\n"
    "  --split S      public (Planetoid's), geom-gcn:K (K in 0..9, the Geom-GCN\n"
    "                 split files), or random:SEED[:PER_CLASS[:VAL[:TEST]]]\n"
    "                 (PER_CLASS training nodes per class, default 20, then VAL\n"
    "                 and TEST nodes, default 500 and 1000, in a seeded order)\n"
    "  --score W      with --dataset, which nodes are held out and scored: val\n"
    "                 (default), test, or all (every labeled node that is not a\n"
    "                 training node); with --edges, a FILE of ids to score, one\n"
    "                 per line (default: every unlabeled node with a truth)\n"
    "  --edges FILE   the graph: an edge list, a .npz or a .mtx file; a header\n"
    "                 line is one of source|src|from, target|dst|to[, weight]\n"
    "  --labels FILE  `id label` lines (header id|node, label|class); an empty\n"
    "                 label or -1: unlabeled; classes are numbers when every one\n"
    "                 is a non-negative integer, else names in sorted order\n"
    "  --truth FILE   the true classes of the nodes to score, as --labels\n"
    "  --directed M   an edge given twice or in both directions: error (default,\n"
    "                 naming both lines), sum or max of the weights\n"
    "  --self-loops M error (default, naming the line) or drop\n"
    "  --out FILE     the instance to write (whole or not at all)\n"
    "  --force        replace FILE when it exists\n"
    "  --help         print this help\n"
    "\n"
    "examples:\n"
    "  certune instance --dataset tests/fixtures/tinycite --split public --out "
    "/tmp/tinycite-val.gssl\n"
    "  certune instance --edges tests/graphin/papers.csv --labels "
    "tests/graphin/papers-labels.csv\n"
    "                   --truth tests/graphin/papers-truth.csv --out /tmp/papers.gssl\n";

#define TIES_HELP                                                                        \
    "  --ties T      smallest (default) or expected (a node tied among t classes\n"      \
    "                costs 1 - 1/t when its class is among them, else 1)\n"

static const char eval_help[] =
    "usage: certune eval --family F [--c Q] --at X [--ties T] [--score S] [--json]\n"
    "                    [--predictions] FILE|DIR...\n"
    "       certune eval [--family F] [--c Q] --at X [--ties T] [--score S] [--json]\n"
    "                    PROFILE.ctp...\n"
    "\n"
    "The exact loss at the rational X of the family's domain, by one direct solve\n"
    "per component of every instance (floating point with a proved error bound,\n"
    "exact arithmetic where that cannot settle a sign): the set's loss and each\n"
    "instance's, as a fraction, a decimal and an accuracy. A DIR stands for\n"
    "every *.gssl inside it, sorted by name. Given profiles (`analyze\n"
    "--save-profile`; several are merged as `certune merge` merges them, every\n"
    "shard present), the same is read from the profile: X is located exactly\n"
    "among the certified breakpoints (X equal to one gives the point's loss);\n"
    "the family, c, ties and score mode are the profile's (options given must\n"
    "match). Instances and profiles do not mix;\n"
    "--predictions needs the instances.\n"
    "\n"
    "options:\n" FAMILY_HELP C_HELP "  --at X        the hyperparameter, an exact "
    "rational (3/4, 0.75, 7.5e-1)\n" TIES_HELP
    "  --score S     unlabeled (default) or all (labeled nodes too)\n"
    "  --json        print JSON (docs/tuning.md) instead of text\n"
    "  --predictions also each scored node's predicted and true class\n" END_HELP "\n"
    "example:\n"
    "  certune eval --family lambda --at 2 instances/lambda-gadget-x4.gssl\n";

static const char tune_help[] =
    "usage: certune tune --family F|all [--c Q] --train FILE|DIR... --test FILE|DIR...\n"
    "                    [--grid G] [--rademacher K] [--ties T] [--score S] [--json]\n"
    "                    [--plot F.svg] [--threads N] [--progress] [--ball N|off]\n"
    "       certune tune [--family F] --train A.ctp... --test B.ctp... [options]\n"
    "       certune tune --family F|all --dataset NAME|DIR [--data-root DIR] --split S\n"
    "                    [--c Q] [--grid G] [--ties T] [--json] [--threads N]\n"
    "\n"
    "Exact empirical-risk minimization on the training instances (the leftmost\n"
    "open piece of least loss, at its shortest rational), its exact loss on the\n"
    "test instances, the test-optimal loss, the gap, what a G-point grid would\n"
    "choose and the Rademacher generalization bound (docs/tuning.md).\n"
    "Either side may be given as profiles (`analyze --save-profile`; several are\n"
    "merged as `certune merge` merges them) instead of instances: the report is the\n"
    "one the instances give; the family, c, ties and score mode are the profiles'\n"
    "(options given must match, else exit 2 naming the file). A side takes\n"
    "instances or profiles, not both; --family all needs instances.\n"
    "With --dataset and --split, one whole graph: the value is chosen on the\n"
    "split's validation nodes and judged on its test nodes (the training nodes\n"
    "labeled in both; docs/tuning.md, \"One graph with its split\"); --split\n"
    "geom-gcn runs the ten Geom-GCN splits and reports the mean test accuracy.\n"
    "\n"
    "options:\n" FAMILY_HELP
    "                or all: the three tuned together, the family chosen too\n" C_HELP
    "  --train ...   training instances (files or folders of *.gssl) or profiles\n"
    "  --test ...    test instances or profiles\n"
    "  --dataset D   a dataset name (in the data root) or folder, instead of\n"
    "                --train and --test; --data-root R as for `instance`\n"
    "  --split S     public, geom-gcn:K, geom-gcn (all ten) or\n"
    "                random:SEED[:PER_CLASS[:VAL[:TEST]]] (`instance --help`)\n"
    "  --grid G      the grid compared with the exact choice (default 100)\n"
    "  --threads N   analyze on N threads (default: the online cores; the output\n"
    "                does not depend on N)\n"
    "  --rademacher K  Monte-Carlo draws of the empirical Rademacher complexity\n"
    "                (exact over every sign vector when m <= 20)\n" TIES_HELP
    "  --score S     unlabeled (default): the losses count the held-out `t` nodes;\n"
    "                all: every node with a known class, the labeled nodes too\n"
    "                (predicted from the same solution, against their given class),\n"
    "                on both sets, in the choice and the test loss alike (not\n"
    "                with --dataset)\n"
    "  --json        print JSON (docs/tuning.md) instead of text\n"
    "  --plot FILE   the chosen family's training loss as an SVG step plot\n"
    "  --progress    instances done / total, elapsed time and the training\n"
    "                analysis's phase (components solved k/N, ...) on stderr\n"
    "                (default when stderr is a terminal; docs/scale.md)\n"
    "  --ball N      alpha, lambda: components of at least N nodes (default 120,\n"
    "                400) in balls; off: all exactly (as analyze --ball; the\n"
    "                choice is the same)\n" END_HELP "\n"
    "example:\n"
    "  certune tune --family lambda --train instances/lambda-gadget-x6.gssl --test "
    "instances/lambda-gadget-x4.gssl\n";

static const char merge_help[] =
    "usage: certune merge [--json] [--keep-going] [--save-profile OUT.ctp] F.ctp...\n"
    "\n"
    "Merges the profiles F.ctp... of disjoint shards of one instance set (written by\n"
    "`certune analyze --shard I/K --save-profile F.ctp`) exactly, and prints what\n"
    "`certune analyze` prints for the whole set (docs/scale.md). A missing shard is\n"
    "an error that names it; profiles of different sets, families, constants, tie\n"
    "rules or score modes, and changed profiles (their digest), are refused.\n"
    "\n"
    "options:\n"
    "  --json        print JSON (docs/formats.md) instead of text\n"
    "  --keep-going  report on the shards present, naming the missing ones on stderr\n"
    "  --save-profile OUT  also write the merged profile\n" END_HELP "\n"
    "example:\n"
    "  for i in 0 1 2; do\n"
    "    certune analyze --family lambda --shard $i/3 --save-profile s$i.ctp instances/\n"
    "  done\n"
    "  certune merge s0.ctp s1.ctp s2.ctp\n"
    "\n"
    "exit status: 0 success, 1 usage error, 2 invalid or incomplete input (the\n"
    "             message names the file and line, or the missing shards),\n"
    "             3 undecided\n";

int ct_cli_help(FILE *out, const char *sub)
{
    static const struct {
        const char *name, *text;
    } helps[] = {{"analyze", analyze_help}, {"bounds", bounds_help},
                 {"shatter", shatter_help}, {"verify-shatter", verify_help},
                 {"sample", sample_help},   {"instance", instance_help},
                 {"eval", eval_help},       {"tune", tune_help},
                 {"merge", merge_help}};
    for (size_t k = 0; k < sizeof(helps) / sizeof(helps[0]); k++)
        if (strcmp(sub, helps[k].name) == 0) {
            fputs(helps[k].text, out);
            return 0;
        }
    return -1;
}
