# certune. `make` builds ./certune; `make check` runs the whole test suite.
CC ?= gcc
OPT ?= -O2 -g
CFLAGS_ALL = -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Iinclude $(OPT) $(CFLAGS)
LIBS = -lcalcium -lflint-arb -lflint -lmpfr -lgmp -lnettle -lz -lm
# OpenBLAS and libzip are not linked: they are loaded when first needed
# (blas.c, dataset_zip.c). Tests that write zip files link libzip.
TEST_LIBS = -lzip
B ?= build
PREFIX ?= /usr/local
# The real datasets of the benchmarks and experiments (a data root, docs/gnn-data.md).
DATA ?= ../shared/datasets
VERSION = 0.5.0
SOVERSION = 0

LIB_SRC := $(wildcard src/*/*.c)
LIB_OBJ := $(LIB_SRC:src/%.c=$(B)/obj/%.o)
TEST_SRC := $(wildcard tests/t-*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(B)/tests/%)
MPICC ?= $(shell command -v mpicc 2>/dev/null)
BENCH_SRC := $(wildcard bench/b-*.c)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(B)/bench/%)

.PHONY: all deps example install check check-asan mpi check-valgrind bench bench-gnn experiment reproduce-gcan fuzz format clean

all: certune $(B)/libcertune.so.$(VERSION)

# Replaced by rename, so that a running ./certune does not block the update.
certune: $(B)/certune
	cp $< $@.tmp && mv -f $@.tmp $@

$(B)/certune: $(B)/obj/main.o $(B)/libcertune.a
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(LIBS)

$(B)/libcertune.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

# The same objects (position-independent) make the shared library.
$(B)/libcertune.so.$(VERSION): $(LIB_OBJ) src/libcertune.map
	$(CC) $(CFLAGS_ALL) -shared -Wl,-soname,libcertune.so.$(SOVERSION) \
	  -Wl,--version-script=src/libcertune.map -o $@ $(LIB_OBJ) $(LIBS)

$(B)/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -fPIC -MMD -MP -c -o $@ $<

$(B)/obj/main.o: src/main.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

# The GNN attention and activation loops are built at -O3 (the sparse kernels
# are faster at -O2); -fno-trapping-math and -fno-math-errno (no effect on values)
# let the branch-free exp of gnn_ops.h and the sqrt of Adam vectorize (docs/gnn.md).
$(B)/obj/gnn_model/gnn_model.o $(B)/obj/gnn_model/gnn_model_thin.o $(B)/obj/gnn_ops/gnn_ops.o $(B)/obj/gnn_adam/gnn_adam.o: OPT += -O3 -fno-trapping-math -fno-math-errno

$(B)/tests/%: tests/%.c $(B)/libcertune.a $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Itests -o $@ $< $(B)/libcertune.a $(LIBS) $(TEST_LIBS)

$(B)/bench/%: bench/%.c $(B)/libcertune.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(B)/libcertune.a $(LIBS)

$(B)/bench/x-%: bench/x-%.c $(B)/libcertune.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(B)/libcertune.a $(LIBS)

# certune-mpi (docs/scale.md), built when OpenMPI's mpicc exists (wrapping $(CC)).
mpi: $(B)/certune-mpi
$(B)/certune-mpi: mpi/certune_mpi.c $(B)/libcertune.a
	OMPI_CC=$(CC) $(MPICC) $(CFLAGS_ALL) -o $@ $< $(B)/libcertune.a $(LIBS)

# Headers, the static and the shared library, pkg-config file and the binary.
install: $(B)/certune $(B)/libcertune.a $(B)/libcertune.so.$(VERSION)
	install -d $(DESTDIR)$(PREFIX)/include/certune $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 include/certune.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 include/certune/*.h $(DESTDIR)$(PREFIX)/include/certune/
	install -m 644 $(B)/libcertune.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(B)/libcertune.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libcertune.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libcertune.so.$(SOVERSION)
	ln -sf libcertune.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/libcertune.so
	sed -e 's#@PREFIX@#$(PREFIX)#' -e 's#@VERSION@#$(VERSION)#' -e 's#@LIBS@#$(LIBS)#' \
	  scripts/certune.pc.in >$(DESTDIR)$(PREFIX)/lib/pkgconfig/certune.pc
	install -m 755 $(B)/certune $(DESTDIR)$(PREFIX)/bin/

deps:
	bash scripts/install-deps.sh

# The main job: the analyzer on the shipped example instances, with ./certune
# (the binary the README's examples run).
example: certune
	./certune analyze --family lambda instances/lambda-gadget-oscillating.gssl
	./certune analyze --family lambda instances/random-*.gssl
	./certune analyze --family delta instances/delta-gadget-oscillating.gssl
	./certune analyze --family alpha instances/alpha-gadget-oscillating.gssl

# The whole test suite: unit tests, CLI tests, a bounded fuzz run of the parser.
# (./certune too for the default build folder, so that README's commands work after it.)
check: $(if $(filter build,$(B)),certune) $(B)/certune $(TEST_BIN) $(B)/bench/x-plotcounts $(B)/bench/x-datastats $(B)/fuzz/fuzz-instance $(B)/fuzz/fuzz-dataset $(B)/fuzz/fuzz-graphin $(B)/libcertune.so.$(VERSION) $(if $(MPICC),$(B)/certune-mpi)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) CC="$(CC)" OPT="$(OPT)" bash tests/run.sh $(B)

check-asan:
	$(MAKE) B=build-asan CC=clang FUZZ_SECONDS=5 \
	  OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" check

# The analyzer's tests and commands under valgrind (slow: not part of check).
check-valgrind: $(B)/certune $(TEST_BIN)
	@bash tests/valgrind.sh $(B)

bench: $(BENCH_BIN) $(B)/certune $(B)/bench/x-gensingle
	@for b in $(BENCH_BIN); do $$b || exit 1; done
	@bash bench/scale-n.sh $(B)/certune $(B)/bench/x-gensingle

.PHONY: bench-scale
# Every family against a 1000-point scikit-learn grid at n = 25..800 (docs/scale.md).
bench-scale: $(B)/certune $(B)/bench/x-gensingle
	bash bench/scale-n.sh $(B)/certune $(B)/bench/x-gensingle
# Cliffs: DRAWS random b-single instances per n (docs/scale.md); NS=, DRAWS=,
# FAMILIES=, TIMEOUT= as in bench/cliff.sh.
.PHONY: bench-cliff
bench-cliff: $(B)/certune $(B)/bench/x-gensingle
	bash bench/cliff.sh $(B)/certune $(B)/bench/x-gensingle

# GNN companion: accuracy, speed against PyTorch (if installed), GCAN eta table (docs/gnn.md).
bench-gnn: $(B)/certune
	bash bench/gnn/run.sh $(B)/certune $(DATA)

.PHONY: bench-roofline
# The measured roofline of a GCN epoch on Cora: this machine's bandwidth and
# peak, the epoch's flops and bytes phase by phase, its floors (docs/gnn.md).
bench-roofline: $(B)/bench/x-roofline
	$(B)/bench/x-roofline $(DATA)/cora

.PHONY: bench-joint
# analyze --joint c on Cora samples of 10 to 30 nodes, 1 to 100 of them, the sweep against
# all pairs (docs/joint.md); LIMIT= seconds per run, SPECS= "count nodes,...".
bench-joint: $(B)/certune $(B)/bench/x-joint
	bash bench/joint.sh $(B)/certune $(B)/bench/x-joint $(DATA) "$(or $(LIMIT),600)" "$(SPECS)" "$(PEER_LIMIT)"

.PHONY: bench-threads
# analyze --threads 2 against 1 on 300 Cora samples, alternating runs (docs/scale.md).
bench-threads: $(B)/certune
	python3 bench/threads.py $(B)/certune $(DATA)

.PHONY: bench-gnn-tune
# gnn tune --tuner all --runs 3 on Cora's subgraphs against PyTorch (~12 min; docs/gnn.md).
bench-gnn-tune: $(B)/certune
	bash bench/gnn/tune_ref.sh $(B)/certune $(DATA)/cora

.PHONY: bench-tune reproduce-label reproduce-gcan
# tune on 300 + 300 Cora samples per family against a scikit-learn grid (docs/tuning.md).
bench-tune: $(B)/certune
	bash bench/tune.sh $(B)/certune $(DATA)

# Whole graphs with their split: certune analyze against a numpy/scipy grid
# (bench/whole.py, bench/whole_peer.py; docs/scale.md). LIMIT= seconds per
# run (120), DATASETS= a subset, OUT= a JSON-lines file for the rows.
.PHONY: bench-whole
bench-whole: $(B)/certune
	LIMIT=$(LIMIT) DATASETS="$(DATASETS)" OUT=$(OUT) python3 bench/whole.py $(B)/certune $(DATA)

# The paper's label-propagation table, exactly (docs/results-label-propagation.md
# and docs/results-label-gap.svg, from the records kept in results/label-propagation/).
.PHONY: results-label
reproduce-label: $(B)/certune $(B)/bench/x-plotcounts
	bash scripts/reproduce-label.sh $(B)/certune $(DATA)
# The page and its plot again from the kept records only (no run).
results-label: $(B)/bench/x-plotcounts
	python3 scripts/results-label.py results/label-propagation >docs/results-label-propagation.md.tmp
	mv -f docs/results-label-propagation.md.tmp docs/results-label-propagation.md
	bash scripts/results-label-svg.sh $(B)/bench/x-plotcounts results/label-propagation docs/results-label-gap.svg

# The paper's label-propagation table under a grid of protocols (sampler,
# labeled fraction, scoring, c, ties; docs/results-label-protocols.md, from the
# records kept in results/label-protocols/).
.PHONY: reproduce-label-protocols results-label-protocols
reproduce-label-protocols: $(B)/certune
	bash scripts/reproduce-label-protocols.sh $(B)/certune $(DATA)
# The page again from the kept records only (no run).
results-label-protocols:
	python3 scripts/results-label-protocols.py results/label-protocols >docs/results-label-protocols.md.tmp
	mv -f docs/results-label-protocols.md.tmp docs/results-label-protocols.md

# Every family tuned exactly on whole graphs with their standard split, beside
# the published LP baseline and the project's GCN (docs/results-whole-graph.md,
# from the records kept in results/whole-graph/). LIMIT=seconds per run.
.PHONY: reproduce-whole results-whole
reproduce-whole: $(B)/certune
	bash scripts/reproduce-whole.sh $(B)/certune $(DATA)
# The page again from the kept records only (no run).
results-whole:
	python3 scripts/results-whole.py results/whole-graph >docs/results-whole-graph.md

# The paper's bounds in the experiments' settings beside the measured gaps
# (docs/results-bounds.md, derivations in docs/bounds.md): the gap against m
# for n = 30, 100, 300 and the GNN tuning runs, kept in results/bounds/.
.PHONY: reproduce-bounds results-bounds
reproduce-bounds: $(B)/certune $(B)/bench/x-datastats
	bash scripts/reproduce-bounds.sh $(B)/certune $(DATA)
# The page again from the kept records only (no run).
results-bounds:
	python3 scripts/results-bounds.py results/bounds >docs/results-bounds.md.tmp
	mv -f docs/results-bounds.md.tmp docs/results-bounds.md

# The paper's GCAN experiments (docs/results-gcan.md and its figures, from the
# records kept in results/gcan/): RUNS=10 GRID_RUNS=10 ETA_RUNS=30 by default;
# DATASETS, ETA_DATASETS choose the datasets.
.PHONY: results-gcan
reproduce-gcan: $(B)/certune
	bash scripts/reproduce-gcan.sh $(B)/certune $(DATA) $(B)/reproduce-gcan results/gcan
# The page and its figures again from the kept records only (no run).
results-gcan:
	python3 scripts/results-gcan.py results/gcan --svg-dir docs >docs/results-gcan.md.tmp
	mv -f docs/results-gcan.md.tmp docs/results-gcan.md

# Bounds against n for several graph models, and shattering M = 1..5 (docs/experiments.md).
experiment: $(B)/certune
	bash scripts/experiment.sh

FUZZ_SECONDS ?= 20
fuzz: $(B)/fuzz/fuzz-instance $(B)/fuzz/fuzz-dataset $(B)/fuzz/fuzz-graphin
	@mkdir -p fuzz/corpus-run fuzz/corpus-dataset-run fuzz/corpus-graphin-run
	$(B)/fuzz/fuzz-instance -max_total_time=$(FUZZ_SECONDS) fuzz/corpus-run fuzz/corpus
	$(B)/fuzz/fuzz-dataset -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 \
	  fuzz/corpus-dataset-run fuzz/corpus-dataset
	$(B)/fuzz/fuzz-graphin -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 \
	  fuzz/corpus-graphin-run fuzz/corpus-graphin

FUZZ_SRC = src/instance/instance.c src/instance/instance_write.c src/qparse/qparse.c src/text/text.c src/mem/mem.c src/digest/digest.c
$(B)/fuzz/fuzz-instance: fuzz/fuzz-instance.c $(FUZZ_SRC)
	@mkdir -p $(dir $@)
	clang -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -O1 -g \
	  -fsanitize=fuzzer,address,undefined -o $@ fuzz/fuzz-instance.c \
	  $(FUZZ_SRC) $(LIBS)

# The dataset loaders (docs/gnn-data.md), built the same way.
FUZZ_DATASET_SRC = $(wildcard src/dataset/*.c) src/text/text.c src/mem/mem.c src/dynlib/dynlib.c
$(B)/fuzz/fuzz-dataset: fuzz/fuzz-dataset.c $(FUZZ_DATASET_SRC)
	@mkdir -p $(dir $@)
	clang -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -O1 -g \
	  -fsanitize=fuzzer,address,undefined -o $@ fuzz/fuzz-dataset.c \
	  $(FUZZ_DATASET_SRC) $(LIBS)

# The readers of your own graph (docs/formats.md, "Your own graph"), built the same way.
FUZZ_GRAPHIN_SRC = $(wildcard src/graphin/*.c src/dataset/*.c src/instance/*.c) src/qparse/qparse.c \
  src/text/text.c src/mem/mem.c src/dynlib/dynlib.c src/digest/digest.c src/gen/gen.c
$(B)/fuzz/fuzz-graphin: fuzz/fuzz-graphin.c $(FUZZ_GRAPHIN_SRC)
	@mkdir -p $(dir $@)
	clang -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -O1 -g \
	  -fsanitize=fuzzer,address,undefined -o $@ fuzz/fuzz-graphin.c \
	  $(FUZZ_GRAPHIN_SRC) $(LIBS)

format:
	clang-format -i src/*.c src/*/*.[ch] include/*.h include/certune/*.h tests/*.c tests/*.h bench/*.c fuzz/*.c mpi/*.c

clean:
	rm -rf build build-asan certune

-include $(LIB_OBJ:.o=.d) $(B)/obj/main.d
