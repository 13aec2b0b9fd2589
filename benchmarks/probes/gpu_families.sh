#!/usr/bin/env bash
# On the GPU machine, from the project root: the checks the open issues need next, each under its own time limit so
# that one slow step cannot eat the session's device time. Writes under $OUT (or ./gpu-out).
#   1. the matrix-product, blocked-LU, eig and image tests with validation (not slow), then the cooperative-matrix
#      products without it (bfloat16's extension is off under the machine's older validation layer)
#   2. the cooperative-matrix ladder and the kernel's grids at 4096 and 1024 (probe_coop_grids.py)
#   3. GPU time per kernel of sort, unique, nonzero, cumulative_sum, a column sum, solve, cholesky and fft
#   4. the benchmark rows of matmul, linalg, eig, fft and image against PyTorch and CuPy
#   5. solve 4096 with the LU panel's geometry varied, then the panel kernel's pivots over geometries and row counts
#      (probe_lu_variants.py, and its --sweep)
#   6. wider FFT column tiles against more passes (probe_fft_passes.py; GPU time per pass)
#   7. what each kernel costs in cholesky, solve, fft and sort, by doubling its dispatches (probe_kernel_doubling.py)
#   8. the FFT passes' memory access alone (probe_fft_access.py: strided copies as a pass of radix R moves them)
#   9. the stream's idle rule on and off (IDLE_FLUSH_WORK) for cholesky and solve, each library's first process given
#      the time to compile; then what each kernel of cholesky costs now (the fused panel against the gemm)
#  10. the NumPy-compatible modules of the sixth session with validation (bits, selection, more, ufuncs, misc, signal),
#      then topk's parts
#  11. the eighth session's SciPy solvers (solve_triangular, cho_*, lu*) with validation, and their benchmark rows
#  12. the ninth session's recorded plans on the GPU: cholesky, solve and lu_factor rows (host time was their
#      critical path), the host's time a dispatch there (probe_host_time.py, probe_recording_host.py), and the
#      matmul, reduction and FFT tests with validation
#  13. the tenth session's changes checked on the GPU: the blocked-LU tests with validation (the grid panel's fell-back
#      bit, the triangular solve's registers), then the unique rows (small-range integers now counted, not sorted)
#      and the solve and lu_factor rows
#  14. the eleventh session's Cholesky on the GPU: its tests with validation (the trailing update through the tiled
#      kernel's launch was written after the device time), the cholesky row, its GPU time in one batch against the
#      stream's batching, then where nonzero's time goes (GPU time per kernel)
#  15. where nonzero's and a boolean mask's wall time goes at several sizes against PyTorch and CuPy
#      (probe_compaction.py), and GPU time per kernel of each
#  16. boolean masks moving the selected elements in the compaction itself (no offsets, no gather) against
#      .gpu/old (a `git archive` of the older src/), in turn twice (probe_compaction.py); the scan tests with validation
#  17. the compaction's blocks (scans.TARGET_BLOCKS: one tile a workgroup at 2^24, or 2, 4, 8) for nonzero, a mask and
#      cumulative_sum, in turn (probe_setting_ab.py)
#  18. x[mask] = scalar as an in-place where against .gpu/old's compaction and scatter, in turn twice
#      (probe_mask_assign.py); the scan tests with validation
#  19. resize's tables stored tap-major against .gpu/old's output-major ones, in turn twice (probe_resize.py), the
#      resize rows against the peers, the geometry tests with validation; GPU time per kernel of a sort of
#      standard-normal float32 (the benchmark's keys)
#  20. the sort against .gpu/old's, in turn twice (probe_times.py: sort, stable argsort, rows, unique of wide int64;
#      first run for the histogram and upsweep loading every key before counting any), GPU time per kernel; the
#      sorting and set tests with validation
#  21. the one-pass resize taking 2-D blocks of outputs a workgroup against .gpu/old's rows of outputs, in turn twice
#      (probe_resize.py), the resize rows against the peers, the geometry tests with validation
#  22. the whole test suite with validation in 8 processes (pytest-xdist's wheels added to .gpu/whl), then the float32
#      tiled matmul's wider tiles (128 x 256, 256 x 128 with 8 x 16 / 16 x 8 a thread; 512 threads of 4 x 8) against
#      PyTorch (probe_matmul_tiles.py, tuning off)
#  23. triangular solves by recursive halves and Cholesky's deferred updates against .gpu/old, in turn twice
#      (probe_times.py), Cholesky's group width (CHOL_DEFER) in turn (probe_setting_ab.py), the cholesky and solve
#      rows against the peers, the factorization and SciPy-solver tests with validation
#  24. the triangular solve kernel reading T down columns (transposed, padded) against .gpu/old, in turn twice; what
#      each kernel of solve_triangular and cholesky costs (probe_kernel_doubling.py, probe_kernel_times.py)
#  25. the triangular solve kernel alone over workgroups and columns, and the product of an inverted block, as the
#      stream batches them and in one batch (probe_trsm.py); solve_triangular and cholesky as batched and in one
#      batch (probe_one_batch.py) against .gpu/old, in turn twice
#  26. solve_triangular and cholesky as batched and in one batch with the host's recording time against .gpu/old, in
#      turn twice; their rows against the peers; the one-pass row FFT's variants (probe_fft_rows.py); the
#      factorization and SciPy-solver tests with validation
#  27. the factorization, SciPy-solver and blocked-LU tests with validation, solve_triangular and cholesky as
#      batched and in one batch against .gpu/old, in turn twice, the linalg rows against the peers
#  28. the one-pass FFT's prefetch (PREFETCH_GROUPS 0, 512, 1024, 2048 in turn: rfft and fft of rows, fftn 512^3),
#      the FFT rows against PyTorch and CuPy, the FFT tests with validation
#  30. the fused r2c post-processing in pairs (R2C_PAIRS in turn: rfft of rows, of 2^24 reals, rfftn), the host's time
#      of a small product with its kept plan (probe_recording_host.py), then the H200 rows not yet measured there:
#      matmul, sorting and unique, the reductions and the image filters, against PyTorch and CuPy
#  31. the whole suite with validation in 14 processes (the recorded loops' first GPU run), solve_triangular and
#      cholesky as batched and in one batch against .gpu/old (before the recorded loops), in turn twice, the linalg
#      rows, the fused r2c pairs in turn, the host's time of a small product with its kept plan
#  32. the column sum of 8192^2 float32 under its chunking and loads in flight (COL_CHUNK_MIN, COL_UNROLL,
#      GPU_TARGET_GROUPS), and cumulative_sum of 2^28 under LOOKBACK_BYTES, each setting in its own process, in turn
#      twice (with_settings.py, probe_times.py)
#  33. the reduction, recording and real-FFT tests with validation, the column reductions' combining pass with lanes
#      from 16 chunks against 128 in turn (probe_setting_ab.py), then the H200 rows not yet measured there
#  34. the matrix-vector kernel's time (its loads in flight were compared here with MATVEC_UNROLL, since removed: one
#      load was fastest), its row against the peers, the matmul tests with validation
#  35. separable filters in one kernel or two by window length (FUSE_MAX_TAPS 0, 13, 99 in turn: Gaussians of 9, 13
#      and 17 taps, uniform 5 and 13, a uint8 RGB Gaussian), the image filter tests with validation
#  36. inputs of one element read once by the contiguous kernels (x - s for a 0-d s, x - x.mean(), x[m] = 0) against
#      .gpu/old (the strided kernel), in turn twice; the layout tests with validation
#  37. eigh and svd of 512^2 by block Jacobi (commit c794629) against .gpu/old (element Jacobi), in turn twice; the
#      eigh and svd rows against the peers; the factorization tests (slow ones too) with validation
#  38. the grid and factorization eigh tests with validation; eigh of 512^2 with its sweeps on a grid against .gpu/old
#      (two dispatches a round), in turn twice; the eigh rows against the peers
#  39. the grid sweep tests with validation (eigh's and svd's); eigh of 512^2 and 1024^2 float32 on the shipped grid
#      checked against NumPy; svd of 512^2 with its sweeps on the grid or a round a dispatch (SVD_GRID in turn); the
#      eigh and svd rows against the peers
#  40. the QR grid panel's tests with validation and the large QR, eigh and svd tests (slow ones too); qr of 4096^2
#      and 2048^2, eigh and svd of 512^2 checked against NumPy on the default paths; qr of 4096^2 with its panels on
#      the grid or a reflector a dispatch (QR_GRID in turn), under QR_GRID_GROUPS 64 / 128 / 256, and its time per
#      kernel; the qr, eigh 512 and svd 512 rows against the peers
#  42. products of few tiles and a long K cut into chunks (SPLIT_K False / None in turn: qr of 4096^2, the QR's
#      V^H A of 32 x 4096 by 4096 x 4064 and V^H V, matmul 1024^2 float32), the split-K and matmul tests with it
#      forced on, with validation; the eigh and svd tests (slow ones too) with validation after the rotations' new
#      form, eigh and svd of 512^2 checked against NumPy, their rows
#  41. the whole suite with validation in 14 processes, then the QR grid's and the large QR's and svd's tests (slow ones
#      too) with validation; qr of 4096^2 and 3001^2 (partly filled workgroups) checked against NumPy; the qr row
#  55. the whole suite with validation; eigh and svd by Jacobi or their routes at 128-384; eigh's kernel times; the
#      routes' accuracy at 512 and 2048; the eigh and svd rows
#  56. the factorization tests with validation; the reflector dispatches' rows loaded at once (HOUSE_UNROLL) in turn;
#      Jacobi or the routes at 256 and 384; GPU time per kernel of cholesky and qr of 4096^2; the eigh and svd rows
#  57. the factorization tests with validation; cholesky's kernels and row (the upper triangle mirrored only in the
#      diagonal blocks); eigh's reflector dispatches in order; the elementwise and kp rows; boolean masks' rows
#  58. the eigh and tridiagonal tests with validation; the real reduction a dispatch a column (STEP_ROWS 8, 16, 4)
#      against two (0) in turn; eigvalsh's GPU time in one batch; the routes' accuracy; the eigh rows
#  59. as 58 with the subgroup reductions: STEP_ROWS 4, 2, 1 against 0 in turn; the eigh rows
#  60. complex eigvalsh and eigh by the reduction a dispatch a column or by the reflector and gemm (STEP_COMPLEX) in turn: decides its default;
#      eigh by Jacobi or the route at 128-384 now that the reduction takes one dispatch a column (EIGH_GPU_FROM);
#      eigh 512^2 as batched and in one batch (is the host its critical path?); the eigh and svd rows
#  61. the whole suite with validation (the complex reduction a dispatch a column, eigh's and qr's NaN marking, the
#      replayed reduction and the one-flag Cholesky QRs of the twentieth session among them)
#  62. where the matrix-vector row's time goes: 100 products as the stream batches them and in one batch, with the
#      host's time; the same for 1000 tiny adds; the idle flush (IDLE_FLUSH_OPS 2, 8, never) in turn; the host's
#      recording time with the driver stubbed; the row in three processes
#  63. the host's cost of a submission, a timeline query and an op on the driver, and a profile of loops of tiny adds
#      and of matrix-vector products; the idle flush's least work (IDLE_FLUSH_WORK 64, 512, 4096) in turn for them,
#      a bilinear halving and cholesky
#  64. what a host round trip costs (a synchronize split into the submission and the wait, a 4-byte read, a second
#      stream of fences) against PyTorch's; nonzero's and a mask's phases; the elementwise and kp rows (the tiny op
#      with the idle flush from 512 workgroups)
#  65. the round trip again after the kept submit descriptions; where nonzero's and a mask's host time goes (a
#      profile on the driver); the nonzero, take and unique rows
#  66. the one-pass row FFT's skeleton without its arithmetic (copies, exchanges through shared memory, prefetch,
#      256 invocations) against the shipped kernel (probe_fft_skeleton.py); GPU time per kernel of fftn 512^3 and
#      fft 2^24
#  67. the shipped row FFT without its twiddles' loads, without their products, without prefetch, with stages of
#      radix 8, against the skeleton of two exchanges; the row kernel's registers (probe_pipeline_stats.py)
#  68. the row FFT's twiddles read after each barrier, and no prefetch on the prefetching grid, against the shipped
#      kernel; the registers of those variants, of radix-8 stages and of the two-exchange skeleton
#  69. one-pass kernels reading their stage twiddles after each barrier against before it, and shared memory without
#      padding, in turn twice, on the benchmarks' FFT rows (rfft of rows, fftn 512^3, fft 2^24)
#  70. the whole suite with validation after the twenty-first session's changes (the idle flush, kept submit
#      descriptions, cholesky's NaN, the FFT's twiddles after the barrier); the FFT rows against the peers
#  71. the FFT's prefetched elements stashed in shared memory (PREFETCH_STASH) against registers, in turn twice, on
#      the benchmarks' FFT rows; its registers; the FFT tests with validation with the stash on (a record: the
#      option was measured slower and taken out again)
#  72. the twenty-second session's resize through a shared-memory window: the image tests with validation, the tile
#      kernel against the cached one pass and two passes in turn (probe_resize.py), the resize rows against the
#      peers; cumulative_sum in one pass with look-back against three passes (scans.LOOKBACK)
#  73. the resize tile kernel with its window's loads all issued before its stores: the image tests with validation,
#      against the cached one pass in turn, the resize rows against the peers, its registers
#  74. the resize tile kernel's tile shapes (TILE_PIXELS) on float32 and uint8 RGB halving and doubling, against the
#      cached one pass (TILED_TAPS 0), in turn (probe_setting_ab.py)
#  75. (a record) step 74 again with the tile kernel fetching the next tile while it resamples the current one, and its
#      grid (TILE_GROUPS): measured slower and taken out again, with the step's case
#  76. the tuned scan route and the upscale-only tile resize: the scan, tuning, image tests with validation; the route
#      each size class of cumulative_sum chooses (2^22 to 2^28) and both routes' times there; the cumsum and resize
#      rows against the peers
#  77. where qr of 4096^2 spends its time (GPU time per kernel), split-K for more products (_SPLIT_TILES 32 / 128 / 256,
#      _SPLIT_MIN_K 512 / 1024) in turn on qr and matmul 1024^2 and 2048^2
#  78. the one-pass FFT's occupancy settings in combination, each in its own process in turn twice: stages of radix 8
#      (STAGE_BITS 3: 256 threads a row of 2048), no prefetch (PREFETCH_GROUPS 0), both; on the benchmarks' FFT rows;
#      the registers of the row kernel under each
#  79. stages of radix 8 against 16 (STAGE_BITS) in turn in one process on one-pass and multi-pass transforms; then
#      the whole suite with validation after the twenty-second session's changes
#  80. radix-8 stages by default (radix 16 past 256 threads): the FFT tests with validation, the two-queue overlap test
#      alone (it had found no overlap under the suite's 14 processes), the FFT rows against the peers
#  81. the one-pass FFT's tiles with radix-8 stages: elements a workgroup aims at (TILE_ELEMENTS 1024 / 2048, each its
#      own process) by the narrowest tile of columns (COALESCE_BYTES 32 / 64 / 128, in turn), on fftn 512^3, rows
#      of 2048, the rfft of rows and columns of 4096 x 512
#  82. (a record) the QR panels by Householder reconstruction: the factorization tests with validation with every eligible panel
#      reconstructed, then qr of 4096^2 and 2048^2 with RECONSTRUCT_FROM 0 / 256 (and TSQR_ROWS 128 / 64) in turn, and
#      its kernels; measured 3.5-9x slower than the grid panels (qr of 4096^2 335-870 ms against 91-100) and taken
#      out again, with the step's case
#  83. the factorization tests with validation on the default paths (one workgroup's QR's larfg-style scaling among
#      them), then the image tests with validation
#  84. the QR tests with validation (subnormal columns made zeros where the GPU may flush them); multi-pass FFTs planned
#      for tiles of 256 / 128 / 64 bytes (MULTIPASS_PLAN_BYTES: four passes of radix 64 at 2^24, or three of 256 or
#      512), then their elements a workgroup (MULTIPASS_TILE_ELEMENTS), in turn; GPU time per kernel of a sort
#  85. the sorting and set tests with validation; a lossy float32 sort (standard-normal keys with one -0.0) moving the
#      input's bits against .gpu/old's indices and gather, in turn twice; the sort rows; the one-pass FFT's prefetch
#      grid (PREFETCH_GROUPS) with 64-byte column tiles and medium multi-pass FFTs planned for 32-byte tiles, in turn;
#      then the whole suite with validation
#  86. (a record: the warp layouts were taken out) the twenty-third session's det and slogdet of subnormal matrices with validation (and the factorization
#      tests), the float32 tiled kernel's warp layouts (probe_matmul_tiles.py), the eigh and svd rows after the
#      spectral scaling
#  87. the float32 tiled kernel's tile shapes at 4096, 8192 and 4096 x 64 x 64 (probe_matmul_tiles.py), the resize
#      rows (bilinear halving without antialiasing too, CuPy's zoom's work)
#  88. (a record: the outputs option was taken out) the resampling passes from cache with 1, 2, 4 or 8 outputs an invocation in turn; the geometry tests with
#      validation with 2 and 4; the float32 matmul rows with 128 x 64 tiles among the tuner's candidates
#  89. where eigh's, cholesky's and a column sum's GPU time goes: eigvalsh / eigh 2048² and eigh 512² as batched and
#      in one batch (probe_one_batch.py), eigh's kernels with the tridiagonal steps' series, cholesky's kernels, the
#      column and row sums' kernels of 8192² float32
#  90. column reductions in one pass (lanes along R for the workgroups: COL_ONE_PASS_GROUPS 0 / 128 / 256 / 512,
#      and lanes up to 64) against chunks and a combining pass; the reduction tests with validation in one pass; the
#      column sum row both ways
#  91. the orthonormalization without clusters (.gpu/old: the tree before it) in turn: svd 512² and eigh 512² of the
#      benchmark's matrices, eigh 400² and 2048²; the eigh, svd and column sum rows; the whole suite with validation
#  92. svd and eigh of 2048² (the benchmark's matrices) under the tree of the session's start (.gpu/old) and now, in
#      turn
#  93.–96. records of the one-sweep radix sort, removed after (commit 511b41c has it and probe_onesweep_parts.py):
#  93. the one-sweep radix sort (one dispatch a pass, decoupled look-back): the sorting and set tests with validation
#      (on by default on a GPU), ONESWEEP off / on in turn (sort, stable argsort, keys of one sign, uniform uint32,
#      unique of wide int64), ONESWEEP_SPINS 16 / 256 / 4096, the sort's kernels, the sorting rows against the peers
#  94. the one-sweep look-back reading 1 / 8 / 32 tile states at once, one sweep off / on, registers and shared memory
#      of the sort's kernels either way
#  95. the one-sweep scatter without its chunk prefetch, and with tiles of 4 / 3 / 2 chunks; their registers
#  96. the one-sweep sort with its look-back, its writes or both taken out (probe_onesweep_parts.py), against
#      reduce-then-scan
#  97. float sorts moving keys alone, lost zeros and NaN payloads written back after (.gpu/old: the tree moving the
#      input's bits or indices) in turn: the sorting and set tests with validation, sorts of 2^24 float32 (one -0.0),
#      of the rows of 8192² float32, of |x|, of 2^22 float64; the sort's kernels; the sort rows against the peers
#  98. (a record: COUNT_COPIES was removed after) the radix sort's histogram and upsweep counting into 1 / 4 / 8 copies of each digit's counter (lanes spread
#      over them) in turn: sort, uniform uint32, stable argsort, rows, unique of wide int64; the sort's kernels with
#      1 and 8; the sorting and set tests with validation with 8
#  99. the radix sort's (digit, tile) counts digit by digit or tile by tile (TILE_MAJOR), the spine scanning 4 or 16
#      tiles an invocation at once (SPINE_ITEMS), in turn; the sort's kernels with both
# 101. the whole suite with validation (14 processes); the sort rows against the peers
# 102. the sorting, set and reduction tests with validation (after the pair-scan helper and Context.on_cpu)
# 103. what the sort's histogram pass spends: every digit pass skipped, its counting varied (probe_histogram_parts.py)
# 104. the radix sort's tile kernels looping over tiles on 264 / 528 / 1056 / 2112 workgroups against a workgroup a
#      tile (probe_sort_grid.py, results checked against the shipped kernels'): sort, uniform uint32, stable argsort,
#      rows, int64 (not yet run: prepared in the twenty-fifth session for the next)
# 105. (a record: QR_GRID_LOADS was removed after) the QR grid panel's combining step reading 1 / 4 / 8 / 16
#      workgroups' sums at once in turn, then its workgroups (64 / 128); the QR grid tests with validation; qr's
#      kernels; the qr row
# 106. each matrix product's GPU time by its shape (probe_kernel_times.py --products) in qr 4096², cholesky 4096²,
#      solve 4096² and eigh 2048²
# 107. the FFT's workgroup stages: radix 8 or 4 (STAGE_BITS 3 / 2) under 256 or 512 threads a workgroup at most
#      (MAX_THREADS), in turn: rows of rfft and fft, fft of 2^24, fftn of 512³
# 108. the FFT with up to 512 threads a workgroup: its tests with validation; then in turn MAX_THREADS 512 / 1024,
#      COLUMN_TILE_BYTES 64 / 128, TILE_ELEMENTS and MULTIPASS_TILE_ELEMENTS 1024 / 2048; the fft rows
# 109. the sorting and set tests with validation (sort's stable=False keys that keep every bit); the GPU time of
#      sorts with stable True and False; the sort rows
# 110. long FFTs' passes planned for 256- or 128-byte tiles (MULTIPASS_PLAN_BYTES: four passes of 64 or three of 256
#      for 2^24) now that a workgroup takes 512 threads, in turn
# 111. long real FFTs under 256 / 512 threads a workgroup (MAX_THREADS) in turn; transforms up to 2^20 / 2^22 / 2^23
#      points planned for 32-byte tiles (MULTIPASS_NARROW_POINTS); 128-byte plans (MULTIPASS_PLAN_BYTES)
# 112. medium FFTs (2^16 to 2^23 points) under 256 / 512 threads a workgroup at most (MAX_THREADS) in turn three
#      times, with transforms up to 2^23 points planned for 32-byte tiles
# 113. a long rfft before and after the plans are emptied, other transforms planned between (probe_plan_rebuild.py:
#      the A/B probes read rfft of 2^24 4x slower after their first switch)
# 114. (a record: FUSED_HISTOGRAM was removed after) the radix sort's first upsweep making the histogram too against
#      the histogram pass, in turn; the sorting and set tests with it on, with validation (settings_plugin.py)
# 115. (a record: PLAN_IN_HISTOGRAM was removed after) the radix sort's plan made by the histogram's last workgroup
#      against its own dispatch, in turn; the sorting and set tests with it on, with validation
# 116. a QR panel of 4096 x 32 and 2048 x 32 float32 by the shipped grid, a TSQR and shifted Cholesky QR3: GPU time
#      and accuracy (probe_qr_panels.py; prepared in the twenty-sixth session, not yet run on a GPU)
# 129. the tests of the random distributions, NumPy's positional arguments, axis errors and dtypes' names (and the
#      families they touch) with validation
# 128. the whole suite with validation in 14 processes (101 without its sort rows)
# 127. svd of 512^2 and svdvals of 512^2 and 2048^2 with the bidiagonal reduction's dispatches kept and replayed
#      against .gpu/old (planned every call), in turn twice, then the svd rows
# 126. (a record: CHOL_STAGED was removed after) the factorization, recording and blocked-LU tests with validation,
#      then the Cholesky panel reading A21's rows and writing L's through shared memory against straight
#      (CHOL_STAGED) in turn, the cholesky row
# 125. the Cholesky panel without its rows' loads from A, without L's writes (probe_chol_panel.py)
# 124. where the Cholesky panel's column step goes: cholesky 4096 with the panel's sqrt, reciprocal, barrier, dot
#      products or shared stores left out in turn (probe_chol_panel.py; results wrong, times only)
# 123. cholesky in blocks of 64 and of 32 (the panel's code a quarter as long), in turn twice, and its kernels by
#      doubling with blocks of 32
# 122. the Cholesky panel written out (158 KB of code: one pass through it misses the instruction cache) against its
#      loops over an array (CHOL_UNROLLED), in turn
# 121. cholesky with and without float controls, in turn twice (probe_times.py in separate processes), then what the
#      driver made of its kernels (probe_pipeline_stats.py, with the executables' representations dumped)
# 120. (a record: CHOL_SUMS was removed after) the Cholesky panel's dot products in 8 partial sums with validation,
#      then in turn with 4, the column groups (CHOL_DEFER) in turn, cholesky in one batch and as batched, and its kernels by doubling
# 119. the factorization and recording tests with validation, then the Cholesky panel reading L11 four scalars a
#      load against one (CHOL_WIDE) in turn, its workgroup size in turn, the cholesky row against the peers
# 118. (a record: ONE_CHANNEL_OUTPUTS was removed after) the resize tests with validation, then the one pass from cache taking 1 / 2 / 4 / 8 outputs an invocation for
#      images of one channel in turn (ONE_CHANNEL_OUTPUTS), then the resize rows against the peers
# 117. (a record: RANK_MATCH was removed after) the sorting and set tests with validation (every ranking mode the
#      device has), then the ranking modes in turn
#      (sort_glsl.RANK_MATCH: eight uvec4 ballots, eight uint ballots, subgroupPartitionNV) over the sort rows
# 100. the radix sort's histogram over 256 / 512 / 1024 / 2048 workgroups in turn; its GPU time with 512 and 2048
# Usage: benchmarks/probes/gpu_families.sh [steps, e.g. "1 3"] (default: all)
set -uo pipefail
out=${OUT:-gpu-out}
mkdir -p "$out"
steps=${1:-"1 2 3 4 5 6 7 8 9 10 11 12 13 14"}
limit() { timeout "$1" "${@:2}"; }
# in_turn FILE COMMAND...: COMMAND under .gpu/old's src, then this tree's, twice, each run appended to $out/FILE
in_turn() {
  local file=$1 turn tree
  shift
  for turn in 1 2; do
    for tree in .gpu/old/src src; do
      echo "== $tree" | tee -a "$out/$file"
      PYTHONPATH="$tree:$PYTHONPATH" "$@" 2>&1 | tee -a "$out/$file"
    done
  done
}
# bench_rows SECONDS ROW...: the benchmark rows whose names contain each ROW against the peers, each run under the
# limit, appended to $out/bench.jsonl
# the symmetric operands (float32, orders 128 to 2048) of the eigh, eigvalsh and svdvals steps from 50 on
symmetric_setup='import numpy as np; rng = np.random.default_rng(1); g = rng.standard_normal((2048, 2048), dtype=np.float32)
h = vt.asarray(g + g.T); h5 = vt.asarray((g + g.T)[:512, :512]); h1 = vt.asarray((g + g.T)[:1024, :1024])
h128 = vt.asarray((g + g.T)[:128, :128]); h256 = vt.asarray((g + g.T)[:256, :256])'
# the sort steps' keys from 93 on: 2^24 standard-normal float32 (one -0.0) and uniform uint32
sort_keys_setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 24, dtype=np.float32)
x = vt.asarray(g); u = vt.asarray(rng.integers(0, 1 << 32, 1 << 24, dtype=np.uint32))'
# sort_setting_on SETTING FILE: the sorts of those keys with the boolean SETTING False and True in turn, into
# $out/FILE.txt, then the sorting and set tests with it on, with validation (settings_plugin.py sets it in every worker)
sort_setting_on() {
  limit 120 python3 benchmarks/probes/probe_setting_ab.py "$1=False,True" "vt.sort(x, stable=False)" "vt.sort(x)" \
    "vt.sort(u)" "vt.argsort(x, stable=True)" --setup "$sort_keys_setup" 2>&1 | tee "$out/$2.txt"
  PYTHONPATH="benchmarks/probes:${PYTHONPATH:-}" VULKIT_PROBE_SETTINGS="$1=True" VULKIT_VALIDATION=1 limit 120 \
    python3 -m pytest -q -n 14 -p no:cacheprovider -p settings_plugin --tb=short -rf tests/array/test_sorting.py \
    tests/array/test_sets.py 2>&1 | tail -n 5 | tee "$out/tests_$2.txt"
}
# sort_keys_ab SECONDS SETTING FILE: the sorts of those keys under the setting's values in turn, into $out/FILE
sort_keys_ab() {
  limit "$1" python3 benchmarks/probes/probe_setting_ab.py "$2" "vt.sort(x)" "vt.sort(u)" --setup "$sort_keys_setup" \
    2>&1 | tee "$out/$3"
}
# the eigh and tridiagonal tests with validation, then the real reduction's rows a workgroup (STEP_ROWS) in turn
step_rows_ab() {
  VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
    tests/array/test_eigh_tridiagonal.py tests/array/test_linalg_tridiagonal.py \
    tests/array/test_linalg_eig.py 2>&1 | tail -n 15 | tee "$out/tests_linalg.txt"
  limit 200 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.STEP_ROWS=$1" \
    "vt.linalg.eigh(h)" "vt.linalg.eigvalsh(h)" "vt.linalg.eigvalsh(h1)" "vt.linalg.eigh(h5)" \
    --setup "$symmetric_setup" 2>&1 | tee "$out/step_rows.txt"
}
# eigh's, eigvalsh's, the tridiagonal routes' and svd's tests with validation
eigh_tests() {
  VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 8 -p no:cacheprovider --tb=short -rf \
    tests/array/test_eigh_tridiagonal.py tests/array/test_linalg_tridiagonal.py tests/array/test_linalg_jacobi_grid.py \
    tests/array/test_factorizations.py -k "eigh or eigvalsh or tridiagonal or nan or svd" 2>&1 | grep -v Warning \
    | tail -n 20 | tee "$out/tests_eigh.txt"
}
bench_rows() {
  local seconds=$1 row
  shift
  for row in "$@"; do
    limit "$seconds" python3 benchmarks/bench_ops.py --only "$row" 2>&1 | grep '^{' | tee -a "$out/bench.jsonl"
  done
}
# the fused r2c post-processing in pairs in turn (rfft of rows, of 2^24 reals, rfftn), then the host's time of a
# small product with its kept plan
r2c_pairs_ab() {
  local setup='import numpy as np; rng = np.random.default_rng(0)
r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32)); s = vt.asarray(rng.standard_normal(1 << 24, dtype=np.float32))
c = vt.asarray(rng.standard_normal((256, 256, 256), dtype=np.float32))'
  limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.fft.R2C_PAIRS=False,True" \
    "vt.fft.rfft(r, axis=-1)" "vt.fft.rfft(s)" "vt.fft.rfftn(c)" --setup "$setup" 2>&1 | tee "$out/r2c_pairs.txt"
  limit 60 python3 benchmarks/probes/probe_recording_host.py 1024 "x @ w" "x + x" 2>&1 | tee "$out/host_matmul.txt"
}
# the resize rows: old and new trees in turn (probe_resize.py), the rows against the peers, the geometry tests
resize_ab() {
  in_turn resize_ab.txt limit 120 python3 benchmarks/probes/probe_resize.py --rounds 1 --settings shipped
  bench_rows 150 resize
  VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -p no:cacheprovider tests/image/test_geometry.py \
    2>&1 | tail -n 3 | tee "$out/tests_geometry.txt"
}
# the 4096-order operands of the linalg steps: a positive definite, t lower triangular, r and v right-hand sides
linalg_setup() {
  echo 'import numpy as np; rng = np.random.default_rng(0)
g = rng.standard_normal((4096, 4096)).astype(np.float32); a = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))
t = vt.asarray(np.tril(g) + 64 * np.eye(4096, dtype=np.float32)); r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
v = vt.asarray(rng.standard_normal(4096, dtype=np.float32))'
}
# solve_triangular and cholesky of 4096 as batched and in one batch (probe_one_batch.py), .gpu/old and src in turn
linalg_one_batch_ab() {
  export LINALG_SETUP=$(linalg_setup)
  in_turn one_batch_ab.txt bash -c 'for s in "vt.linalg.solve_triangular(t, r, lower=True, check_finite=False)" \
    "vt.linalg.cholesky(a)"; do echo "$s"; timeout 60 python3 benchmarks/probes/probe_one_batch.py "$s" \
    --setup "$LINALG_SETUP"; done'
}
for step in $steps; do
  case $step in
    1) VULKIT_VALIDATION=1 limit 480 python3 -m pytest -q -p no:cacheprovider -m "not slow" \
         tests/array/test_matmul.py tests/array/test_contractions.py tests/array/test_bfloat16.py \
         tests/array/test_linalg_blocked.py tests/array/test_linalg_eig.py tests/image \
         2>&1 | tail -n 40 | tee "$out/tests.txt"
       # bfloat16 on the matrix units: off while an older validation layer is loaded, so once more without it
       limit 90 python3 -m pytest -q -p no:cacheprovider tests/array/test_bfloat16.py tests/array/test_matmul.py \
         -k "matmul or gemm or padded" 2>&1 | tail -n 20 | tee -a "$out/tests.txt" ;;
    2) limit 120 python3 benchmarks/probes/probe_coop_ladder.py 2>&1 | tee "$out/coop_ladder.txt"
       limit 300 python3 benchmarks/probes/probe_coop_grids.py --limit 40 2>&1 | tee "$out/coop_grids.txt"
       limit 150 python3 benchmarks/probes/probe_coop_grids.py --limit 30 --n 1024 2>&1 | tee -a "$out/coop_grids.txt" ;;
    3) setup='import numpy as np; rng = np.random.default_rng(0)
x = vt.asarray(rng.random(1 << 24, dtype=np.float32)); k = vt.asarray(rng.integers(0, 1 << 20, 1 << 24))
m = vt.asarray(rng.random((8192, 8192), dtype=np.float32)); b = x > 0.5
g = rng.standard_normal((4096, 4096)).astype(np.float32); a = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))
z = vt.asarray((rng.standard_normal(1 << 24) + 1j * rng.standard_normal(1 << 24)).astype(np.complex64))'
       for statement in "vt.sort(x)" "vt.argsort(x, stable=True)" "vt.unique_values(k)" "vt.nonzero(b)" \
                        "vt.cumulative_sum(x)" "vt.sum(m, axis=0)" "vt.linalg.cholesky(a)" \
                        "vt.linalg.solve(a, x[:4096])" "vt.fft.fft(z)"; do
         echo "== $statement" | tee -a "$out/kernel_times.txt"
         limit 60 python3 benchmarks/probes/probe_kernel_times.py "$statement" --setup "$setup" 2>&1 \
           | tee -a "$out/kernel_times.txt"
       done ;;
    # take builds 2^28-element sources and argsorts 8192^2 on the host for every library: it needs the longer limit
    4) for family in "skinny 120" "matrix-vector 60" "eig 120" "correlate 60" "take 200" "matmul 150" "solve 90" \
                     "cholesky 60" "fft 120" "_filter 120" "sobel 60" "erosion 60" "equalize 60" "resize 90" \
                     "rgb2gray 60" "topk 60"; do
         set -- $family
         limit "$2" python3 benchmarks/bench_ops.py --only "$1" 2>&1 | grep '^{' | tee -a "$out/bench.jsonl"
       done ;;
    5) limit 240 python3 benchmarks/probes/probe_lu_variants.py 2>&1 | tee "$out/lu_variants.txt"
       limit 300 python3 benchmarks/probes/probe_lu_variants.py --sweep 2>&1 | tee "$out/lu_sweep.txt" | grep -c ok ;;
    6) limit 300 python3 benchmarks/probes/probe_fft_passes.py 2>&1 | tee "$out/fft_passes.txt" ;;
    7) setup='import numpy as np; rng = np.random.default_rng(0)
g = rng.standard_normal((4096, 4096)).astype(np.float32); a = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))
b = vt.asarray(rng.standard_normal(4096).astype(np.float32)); x = vt.asarray(rng.random(1 << 24, dtype=np.float32))
z = vt.asarray((rng.standard_normal(1 << 24) + 1j * rng.standard_normal(1 << 24)).astype(np.complex64))'
       for statement in "vt.linalg.cholesky(a)" "vt.linalg.solve(a, b)" "vt.fft.fft(z)" "vt.sort(x)"; do
         echo "== $statement" | tee -a "$out/kernel_doubling.txt"
         limit 120 python3 benchmarks/probes/probe_kernel_doubling.py "$statement" --setup "$setup" 2>&1 \
           | tee -a "$out/kernel_doubling.txt"
       done ;;
    8) limit 120 python3 benchmarks/probes/probe_fft_access.py 2>&1 | tee "$out/fft_access.txt" ;;
    9) for family in cholesky solve; do
         for work in 1024 1099511627776 1024 1099511627776; do
           echo "== $family IDLE_FLUSH_WORK=$work" | tee -a "$out/idle_ab.txt"
           limit 120 python3 benchmarks/probes/with_settings.py vulkit.runtime.stream.IDLE_FLUSH_WORK=$work -- \
             benchmarks/bench_ops.py --only "$family" 2>&1 | grep '^{' | tee -a "$out/idle_ab.txt"
         done
       done
       setup='import numpy as np; rng = np.random.default_rng(0)
g = rng.standard_normal((4096, 4096)).astype(np.float32); a = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))'
       limit 120 python3 benchmarks/probes/probe_kernel_doubling.py "vt.linalg.cholesky(a)" --setup "$setup" 2>&1 \
         | tee "$out/cholesky_doubling.txt" ;;
    10) VULKIT_VALIDATION=1 limit 240 python3 -m pytest -q -p no:cacheprovider -m "not slow" \
          tests/array/test_numpy_bits.py tests/array/test_numpy_selection.py tests/array/test_numpy_more.py \
          tests/array/test_numpy_ufuncs.py tests/array/test_numpy_misc.py tests/array/test_numpy_signal.py \
          2>&1 | tail -n 20 | tee "$out/tests_numpy_more.txt"
        setup='import numpy as np; x = vt.asarray(np.random.default_rng(0).random(1 << 24, dtype=np.float32))'
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.topk(x, 100)" --setup "$setup" 2>&1 \
          | tee "$out/topk_times.txt" ;;
    11) VULKIT_VALIDATION=1 limit 240 python3 -m pytest -q -p no:cacheprovider \
          tests/array/test_linalg_scipy.py tests/array/test_factorizations.py \
          2>&1 | tail -n 20 | tee "$out/tests_linalg_scipy.txt"
        for family in "lu_factor 90" "solve_triangular 90"; do
          set -- $family
          limit "$2" python3 benchmarks/bench_ops.py --only "$1" 2>&1 | grep '^{' | tee -a "$out/bench.jsonl"
        done ;;
    12) for family in "cholesky 60" "solve 4096 90" "lu_factor 90" "matmul 1024 90"; do
          set -- $family
          limit "${@: -1}" python3 benchmarks/bench_ops.py --only "${*:1:$#-1}" 2>&1 | grep '^{' | tee -a "$out/bench.jsonl"
        done
        limit 120 python3 benchmarks/probes/probe_host_time.py 2>&1 | tee "$out/host_time.txt"
        limit 120 python3 benchmarks/probes/probe_recording_host.py 4096 2>&1 | tee "$out/recording_host.txt"
        VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -p no:cacheprovider -m "not slow" \
          tests/array/test_matmul.py tests/array/test_reductions.py tests/array/test_fft.py \
          2>&1 | tail -n 5 | tee "$out/tests_plans.txt" ;;
    13) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -p no:cacheprovider tests/array/test_linalg_blocked.py \
          tests/array/test_sets.py 2>&1 | tail -n 5 | tee "$out/tests_tenth.txt"
        for family in "unique 120" "solve 4096 90" "lu_factor 90"; do
          set -- $family
          limit "${@: -1}" python3 benchmarks/bench_ops.py --only "${*:1:$#-1}" 2>&1 | grep '^{' | tee -a "$out/bench.jsonl"
        done ;;
    14) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -p no:cacheprovider tests/array/test_factorizations.py \
          tests/array/test_linalg_scipy.py -k "cho" 2>&1 | tail -n 5 | tee "$out/tests_cholesky.txt"
        bench_rows 90 cholesky
        setup='import numpy as np; rng = np.random.default_rng(0)
g = rng.standard_normal((4096, 4096)).astype(np.float32); a = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))
b = vt.asarray(rng.random(1 << 24) > 0.5)'
        limit 90 python3 benchmarks/probes/probe_one_batch.py "vt.linalg.cholesky(a)" --setup "$setup" 2>&1 \
          | tee "$out/cholesky_one_batch.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.nonzero(b)" --setup "$setup" 2>&1 \
          | tee "$out/nonzero_times.txt" ;;
    15) limit 120 python3 benchmarks/probes/probe_compaction.py 4096 1048576 16777216 2>&1 | tee "$out/compaction.txt"
        setup='import numpy as np; b = vt.asarray(np.random.default_rng(0).random(1 << 24) > 0.5)'
        for statement in "vt.nonzero(b)" "b[b]"; do
          echo "== $statement" | tee -a "$out/compaction_kernels.txt"
          limit 60 python3 benchmarks/probes/probe_kernel_times.py "$statement" --setup "$setup" 2>&1 \
            | tee -a "$out/compaction_kernels.txt"
        done ;;
    16) VULKIT_VALIDATION=1 limit 240 python3 -m pytest -q -p no:cacheprovider tests/array/test_scans.py \
          2>&1 | tail -n 3 | tee "$out/tests_scans.txt"
        in_turn masks_ab.txt limit 120 python3 benchmarks/probes/probe_compaction.py 4096 16777216 ;;
    19) resize_ab
        setup='import numpy as np; x = vt.asarray(np.random.default_rng(0).standard_normal(1 << 24, dtype=np.float32))'
        limit 90 python3 benchmarks/probes/probe_kernel_times.py "vt.sort(x)" --setup "$setup" 2>&1 \
          | tee "$out/sort_times.txt" ;;
    20) setup='import numpy as np; rng = np.random.default_rng(0)
x = vt.asarray(rng.standard_normal(1 << 24, dtype=np.float32)); k = vt.asarray(rng.integers(0, 1 << 62, 1 << 24))
m = vt.asarray(rng.standard_normal((8192, 8192), dtype=np.float32))'
        in_turn sort_ab.txt limit 150 python3 benchmarks/probes/probe_times.py "vt.sort(x)" \
          "vt.argsort(x, stable=True)" "vt.sort(m, axis=1)" "vt.unique_values(k)" --setup "$setup"
        limit 90 python3 benchmarks/probes/probe_kernel_times.py "vt.sort(x)" --setup "$setup" 2>&1 \
          | tee "$out/sort_times.txt"
        VULKIT_VALIDATION=1 limit 240 python3 -m pytest -q -p no:cacheprovider tests/array/test_sorting.py \
          tests/array/test_sets.py 2>&1 | tail -n 3 | tee "$out/tests_sorting.txt" ;;
    21) resize_ab ;;
    25) limit 200 python3 benchmarks/probes/probe_trsm.py 2>&1 | tee "$out/trsm.txt"
        linalg_one_batch_ab ;;
    30) r2c_pairs_ab
        bench_rows 200 matmul sort unique "sum of" "max of" argmax softmax cumulative gaussian median sobel resize ;;
    28) setup='import numpy as np; rng = np.random.default_rng(0)
r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
z = vt.asarray((rng.standard_normal((4096, 2048)) + 1j * rng.standard_normal((4096, 2048))).astype(np.complex64))
c = vt.asarray((rng.standard_normal((512, 512, 512)) + 1j * rng.standard_normal((512, 512, 512))).astype(np.complex64))'
        limit 240 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.fft.PREFETCH_GROUPS=0,512,1024,2048" \
          "vt.fft.rfft(r, axis=-1)" "vt.fft.fft(z, axis=-1)" "vt.fft.fftn(c)" --setup "$setup" 2>&1 | tee "$out/fft_prefetch.txt"
        bench_rows 150 fft
        VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 4 -p no:cacheprovider tests/array/test_fft.py \
          tests/array/test_fft2.py 2>&1 | tail -n 8 | tee "$out/tests_fft.txt" ;;
    61) VULKIT_VALIDATION=1 limit 330 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt" ;;
    62) setup='import numpy as np; rng = np.random.default_rng(0); a = vt.asarray(rng.standard_normal((8192, 4096), dtype=np.float32))
v = vt.asarray(rng.standard_normal(4096, dtype=np.float32)); x = vt.ones((64, 64), dtype=vt.float32)'
        limit 60 python3 benchmarks/probes/probe_one_batch.py "[a @ v for _ in range(100)]" --setup "$setup" 2>&1 \
          | tee "$out/matvec_one_batch.txt"
        limit 60 python3 benchmarks/probes/probe_one_batch.py "[x + x for _ in range(1000)]" --setup "$setup" 2>&1 \
          | tee "$out/tiny_one_batch.txt"
        limit 90 python3 benchmarks/probes/probe_setting_ab.py "vulkit.runtime.stream.IDLE_FLUSH_OPS=2,8,1000000" \
          "[a @ v for _ in range(100)]" "[x + x for _ in range(1000)]" --setup "$setup" 2>&1 | tee "$out/idle_flush.txt"
        (cd benchmarks/probes && limit 60 python3 probe_recording_host.py 64 "x + x" "x @ w" "x @ b" "vt.sum(x)") 2>&1 \
          | tee "$out/recording_host.txt"
        bench_rows 40 "matrix-vector" "matrix-vector" "matrix-vector" ;;
    63) setup='import numpy as np; rng = np.random.default_rng(0); a = vt.asarray(rng.standard_normal((8192, 4096), dtype=np.float32))
v = vt.asarray(rng.standard_normal(4096, dtype=np.float32)); im = vt.asarray(rng.random((4096, 4096), dtype=np.float32))
g = rng.standard_normal((4096, 4096), dtype=np.float32); s = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))'
        limit 90 python3 benchmarks/probes/probe_submit_cost.py "for _ in range(1000): x + x" \
          "for _ in range(100): a @ v" --setup "$setup" 2>&1 | tee "$out/submit_cost.txt"
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.runtime.stream.IDLE_FLUSH_WORK=64,512,4096" \
          "[x + x for _ in range(1000)]" "[a @ v for _ in range(100)]" "vt.image.resize(im, (2048, 2048), 'bilinear')" \
          "vt.linalg.cholesky(s)" --setup "x = vt.ones((64, 64), dtype=vt.float32); $setup" 2>&1 | tee "$out/idle_work.txt" ;;
    64) limit 60 python3 benchmarks/probes/probe_round_trip.py 2>&1 | tee "$out/round_trip.txt"
        limit 60 python3 benchmarks/probes/probe_compaction.py 16777216 2>&1 | tee "$out/compaction.txt"
        limit 150 python3 benchmarks/run.py --only kp,array --out "$out/bench_elementwise" 2>&1 | tail -n 30 ;;
    65) limit 60 python3 benchmarks/probes/probe_round_trip.py 2>&1 | tee "$out/round_trip.txt"
        setup='m = vt.asarray(np.random.default_rng(0).random(1 << 24) > 0.5); f = vt.ones(1 << 24, dtype=vt.float32)'
        limit 90 python3 benchmarks/probes/probe_submit_cost.py "for _ in range(20): vt.nonzero(m)" \
          "for _ in range(20): f[m]" "for _ in range(1000): x + x" --setup "$setup" 2>&1 | tee "$out/submit_cost.txt"
        bench_rows 60 "nonzero" "take of" "unique" ;;
    66) (cd benchmarks/probes && limit 150 python3 probe_fft_skeleton.py) 2>&1 | tee "$out/fft_skeleton.txt"
        setup='import numpy as np; rng = np.random.default_rng(0)
c = vt.asarray((rng.standard_normal((512, 512, 512)) + 1j).astype(np.complex64)); f = vt.asarray((rng.standard_normal(1 << 24) + 1j).astype(np.complex64))'
        for statement in "vt.fft.fftn(c)" "vt.fft.fft(f)"; do
          limit 60 python3 benchmarks/probes/probe_kernel_times.py "$statement" --setup "$setup" 2>&1 | tee -a "$out/fft_times.txt"
        done ;;
    67) (cd benchmarks/probes && limit 150 python3 probe_fft_skeleton.py shipped exchange2 no_twiddle_loads no_twiddles \
          no_prefetch radix8 shipped) 2>&1 | tee "$out/fft_skeleton.txt"
        setup='import numpy as np; z = vt.asarray((np.random.default_rng(0).standard_normal((4096, 2048)) + 1j).astype(np.complex64))'
        (cd benchmarks/probes && limit 60 python3 probe_pipeline_stats.py "vt.fft.fft(z, axis=-1)" --setup "$setup") 2>&1 \
          | tee "$out/fft_pipeline_stats.txt" ;;
    68) (cd benchmarks/probes && limit 150 python3 probe_fft_skeleton.py shipped twiddles_after no_prefetch_1024 shipped) \
          2>&1 | tee "$out/fft_skeleton.txt"
        setup='import numpy as np; z = vt.asarray((np.random.default_rng(0).standard_normal((4096, 2048)) + 1j).astype(np.complex64))'
        for variant in twiddles_after no_prefetch_1024 radix8 exchange2; do
          (cd benchmarks/probes && limit 60 python3 probe_pipeline_stats.py "vt.fft.fft(z, axis=-1)" \
            --setup "import probe_fft_skeleton as s; s.apply('$variant'); $setup") 2>&1 | sed "s/^/$variant: /" \
            | tee -a "$out/fft_pipeline_stats.txt"
        done ;;
    69) (cd benchmarks/probes && limit 300 python3 probe_fft_skeleton.py shipped twiddles_after no_pad shipped \
          twiddles_after no_pad --all-rows) 2>&1 | tee "$out/fft_twiddles_after.txt" ;;
    70) VULKIT_VALIDATION=1 limit 330 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt"
        bench_rows 60 "fft of 16,777,216" "rfft of the rows" "fftn of 512" ;;
    72) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests/image \
          2>&1 | tail -n 15 | tee "$out/tests_image.txt"
        (cd benchmarks/probes && limit 150 python3 probe_resize.py --settings "shipped,cached one pass,two passes") \
          2>&1 | tee "$out/resize_ab.txt"
        bench_rows 120 "resize"
        limit 120 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.scans.LOOKBACK=None,False" \
          "vt.cumulative_sum(x)" --setup "import numpy as np; x = vt.asarray(np.random.default_rng(0).random(1 << 28, dtype=np.float32))" \
          2>&1 | tee "$out/cumsum_lookback.txt" ;;
    73) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests/image \
          2>&1 | tail -n 15 | tee "$out/tests_image.txt"
        (cd benchmarks/probes && limit 150 python3 probe_resize.py --settings "shipped,cached one pass") \
          2>&1 | tee "$out/resize_ab.txt"
        bench_rows 120 "resize"
        setup='import numpy as np; x = vt.asarray(np.random.default_rng(0).random((4096, 4096), dtype=np.float32))'
        for statement in "vt.image.resize(x, (2048, 2048), 'bilinear')" "vt.image.resize(x, (8192, 8192), 'bilinear')"; do
          (cd benchmarks/probes && limit 60 python3 probe_pipeline_stats.py "$statement" --setup "$setup") 2>&1 \
            | tee -a "$out/resize_stats.txt"
        done ;;
    74) setup='import numpy as np; rng = np.random.default_rng(0); x = vt.asarray(rng.random((4096, 4096), dtype=np.float32))
c = vt.asarray(rng.integers(0, 256, (4096, 4096, 3), dtype=np.uint8))'
        statements=("vt.image.resize(x, (2048, 2048), 'bilinear')" "vt.image.resize(x, (8192, 8192), 'bilinear')"
          "vt.image.resize(x, (2048, 2048), 'lanczos')" "vt.image.resize(c, (2048, 2048), 'bilinear')"
          "vt.image.resize(c, (8192, 8192), 'bilinear')")
        limit 200 python3 benchmarks/probes/probe_setting_ab.py \
          "vulkit.image._geo_resample.TILE_PIXELS=(64, 16)|(64, 8)|(32, 8)|(64, 4)|(32, 4)|(16, 8)" "${statements[@]}" \
          --setup "$setup" 2>&1 | tee "$out/resize_tiles.txt"
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "vulkit.image._geo_resample.TILED_TAPS=16,0" \
          "${statements[@]}" --setup "$setup" 2>&1 | tee "$out/resize_tiled_taps.txt" ;;
    76) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_scans.py tests/array/test_matmul_tuning.py tests/image 2>&1 | tail -n 15 | tee "$out/tests.txt"
        VULKIT_CACHE_DIR="$out/cache" limit 120 python3 -c "import numpy as np, vulkit as vt
for bits in (22, 24, 26, 28):
    vt.cumulative_sum(vt.asarray(np.ones(1 << bits, np.float32))).numpy()" 2>&1 | tee "$out/scan_choices.txt"
        cat "$out"/cache/tuning/scan-*.json | tee -a "$out/scan_choices.txt"
        for bits in 22 24 26; do
          limit 60 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.scans.LOOKBACK=True,False" \
            "vt.cumulative_sum(x)" --setup "import numpy as np; x = vt.asarray(np.random.default_rng(0).random(1 << $bits, dtype=np.float32))" \
            2>&1 | tee -a "$out/cumsum_routes.txt"
        done
        bench_rows 120 "cumulative_sum" "resize" ;;
    77) setup='import numpy as np; rng = np.random.default_rng(0); r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
m1 = vt.asarray(rng.standard_normal((1024, 1024), dtype=np.float32)); m2 = vt.asarray(rng.standard_normal((2048, 2048), dtype=np.float32))'
        limit 120 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.qr(r)" --setup "$setup" 2>&1 \
          | tee "$out/qr_kernels.txt"
        limit 200 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.matmul._SPLIT_TILES=32,128,256" \
          "vt.linalg.qr(r)" "m1 @ m1" "m2 @ m2" --setup "$setup" 2>&1 | tee "$out/split_tiles.txt"
        limit 150 python3 benchmarks/probes/with_settings.py "vulkit.array.ops.matmul._SPLIT_MIN_K=1024" -- \
          benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.matmul._SPLIT_TILES=32,128,256" \
          "vt.linalg.qr(r)" "m1 @ m1" "m2 @ m2" --setup "$setup" 2>&1 | tee "$out/split_tiles_1024.txt" ;;
    78) setup='import numpy as np; rng = np.random.default_rng(0)
z = vt.asarray((rng.standard_normal((4096, 2048)) + 1j).astype(np.complex64)); r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
c = vt.asarray((rng.standard_normal((512, 512, 512)) + 1j).astype(np.complex64)); f = vt.asarray((rng.standard_normal(1 << 24) + 1j).astype(np.complex64))'
        f=vulkit.array.ops.fft
        for turn in 1 2; do
          for settings in "$f.STAGE_BITS=4" "$f.STAGE_BITS=3" "$f.PREFETCH_GROUPS=0" "$f.STAGE_BITS=3 $f.PREFETCH_GROUPS=0"; do
            echo "== $settings" | tee -a "$out/fft_occupancy.txt"
            limit 90 python3 benchmarks/probes/with_settings.py $settings -- benchmarks/probes/probe_times.py \
              "vt.fft.fft(z, axis=-1)" "vt.fft.rfft(r, axis=-1)" "vt.fft.fftn(c)" "vt.fft.fft(f)" --setup "$setup" 2>&1 \
              | tee -a "$out/fft_occupancy.txt"
            if [ $turn = 1 ]; then
              limit 60 python3 benchmarks/probes/with_settings.py $settings -- benchmarks/probes/probe_pipeline_stats.py \
                "vt.fft.fft(z, axis=-1)" --setup "$setup" 2>&1 | grep -E "Register|FFTPass" | tee -a "$out/fft_occupancy_stats.txt"
            fi
          done
        done ;;
    79) setup='import numpy as np; rng = np.random.default_rng(0); cx = lambda *s: vt.asarray((rng.standard_normal(s) + 1j).astype(np.complex64))
z = cx(4096, 2048); r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32)); h = cx(4096, 2049)
z1 = cx(8192, 1024); z4 = cx(2048, 4096); z5 = cx(16384, 512); q = cx(2048, 2048); c = cx(512, 512, 512); f = cx(1 << 24)'
        limit 240 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.fft.STAGE_BITS=4,3" \
          "vt.fft.fft(z, axis=-1)" "vt.fft.rfft(r, axis=-1)" "vt.fft.irfft(h, axis=-1)" "vt.fft.fft(z1, axis=-1)" \
          "vt.fft.fft(z4, axis=-1)" "vt.fft.fft(z5, axis=-1)" "vt.fft.fft2(q)" "vt.fft.fftn(c)" "vt.fft.fft(f)" \
          --setup "$setup" 2>&1 | tee "$out/fft_stage_bits.txt"
        VULKIT_VALIDATION=1 limit 330 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt" ;;
    80) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_fft.py tests/array/test_fft2.py tests/image/test_spectral.py 2>&1 | tail -n 5 | tee "$out/tests_fft.txt"
        VULKIT_VALIDATION=1 limit 60 python3 -m pytest -q -p no:cacheprovider tests/kp/test_kp_async.py 2>&1 | tail -n 3 \
          | tee "$out/tests_kp_async.txt"
        bench_rows 60 "fft of 16,777,216" "rfft of the rows" "fftn of 512" ;;
    81) setup='import numpy as np; rng = np.random.default_rng(0); cx = lambda *s: vt.asarray((rng.standard_normal(s) + 1j).astype(np.complex64))
z = cx(4096, 2048); r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32)); c = cx(512, 512, 512); k = cx(512, 4096)'
        f=vulkit.array.ops.fft
        for elements in 1024 2048; do
          echo "== TILE_ELEMENTS=$elements" | tee -a "$out/fft_tiles.txt"
          limit 100 python3 benchmarks/probes/with_settings.py "$f.TILE_ELEMENTS=$elements" -- \
            benchmarks/probes/probe_setting_ab.py "$f.COALESCE_BYTES=32,64,128" "vt.fft.fftn(c)" \
            "vt.fft.fft(z, axis=-1)" "vt.fft.rfft(r, axis=-1)" "vt.fft.fft(k, axis=0)" --turns 2 --setup "$setup" 2>&1 \
            | tee -a "$out/fft_tiles.txt"
        done ;;
    83) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_factorizations.py tests/array/test_qr_grid.py 2>&1 | tail -n 8 | tee "$out/tests_factorizations.txt"
        VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests/image \
          2>&1 | tail -n 8 | tee "$out/tests_image.txt" ;;
    84) VULKIT_VALIDATION=1 limit 100 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_factorizations.py -k "qr or subnormal" 2>&1 | tail -n 8 | tee "$out/tests_qr.txt"
        setup='import numpy as np; rng = np.random.default_rng(0); cx = lambda *s: vt.asarray((rng.standard_normal(s) + 1j).astype(np.complex64))
f = cx(1 << 24); g = cx(1 << 22); h = cx(1 << 20); s = vt.asarray(rng.standard_normal(1 << 24, dtype=np.float32))'
        f=vulkit.array.ops.fft
        limit 200 python3 benchmarks/probes/probe_setting_ab.py "$f.MULTIPASS_PLAN_BYTES=256,128,64" "vt.fft.fft(f)" \
          "vt.fft.fft(g)" "vt.fft.fft(h)" "vt.fft.rfft(s)" "vt.fft.ifft(f)" --setup "$setup" 2>&1 | tee "$out/fft_multipass.txt"
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "$f.MULTIPASS_TILE_ELEMENTS=1024,2048,512" "vt.fft.fft(f)" \
          "vt.fft.fft(g)" --setup "$setup" 2>&1 | tee -a "$out/fft_multipass.txt"
        for statement in "vt.sort(x)" "vt.argsort(x, stable=True)"; do
          limit 60 python3 benchmarks/probes/probe_kernel_times.py "$statement" \
            --setup 'import numpy as np; x = vt.asarray(np.random.default_rng(0).standard_normal(1 << 24, dtype=np.float32))' \
            2>&1 | tee -a "$out/sort_kernels.txt"
        done ;;
    86) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_factorizations.py tests/array/test_qr_grid.py 2>&1 | tail -n 8 | tee "$out/tests_factorizations.txt"
        VULKIT_AUTOTUNE=0 limit 200 python3 benchmarks/probes/probe_matmul_tiles.py --no-coop --sizes 4096,8192 \
          --tiles "128,128,8,8,8;128,128,8,8,8,8;128,128,8,8,8,4;128,128,16,8,8,8;64,64,16,4,4;64,64,16,4,4,8;64,64,8,8,4,8" \
          --batched "128,128,8,8,8;128,128,8,8,8,8;128,128,8,8,8,4;128,128,16,8,8,8;64,64,16,4,4;64,64,16,4,4,8;64,64,8,8,4,8" \
          2>&1 | tee "$out/matmul_tiles.txt"
        bench_rows 90 "eigh" "svd" ;;
    87) VULKIT_AUTOTUNE=0 limit 200 python3 benchmarks/probes/probe_matmul_tiles.py --no-coop --sizes 4096,8192 \
          --tiles "128,128,8,8,8;64,64,8,8,4;64,128,8,8,8;128,64,8,8,8;64,64,8,4,8;64,64,16,8,4;64,64,8,8,8" \
          --batched "64,64,8,8,4;64,64,16,8,4;64,64,32,8,4;64,64,8,8,8;64,64,16,8,8;64,64,8,4,8;32,64,16,4,4;64,32,16,4,4" \
          2>&1 | tee "$out/matmul_tiles.txt"
        bench_rows 90 "resize" ;;
    88) setup='import numpy as np; rng = np.random.default_rng(0); x = vt.asarray(rng.random((4096, 4096), dtype=np.float32))
rgb = vt.asarray(rng.integers(0, 256, (4096, 4096, 3), dtype=np.uint8))'
        limit 200 python3 benchmarks/probes/probe_setting_ab.py "vulkit.image._geo_resample.OUTPUTS_PER_INVOCATION=1,2,4,8" \
          "vt.image.resize(x, (2048, 2048))" "vt.image.resize(x, (2048, 2048), antialias=False)" \
          "vt.image.resize(rgb, (2048, 2048))" "vt.image.resize(x, (3072, 3072))" \
          "vt.image.resize(x, (2048, 2048), 'lanczos')" --setup "$setup" 2>&1 | tee "$out/resize_outputs.txt"
        for v in 2 4; do
          VULKIT_VALIDATION=1 limit 100 python3 -c "import sys, pytest; from vulkit.image import _geo_resample as g; \
g.OUTPUTS_PER_INVOCATION = $v; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', 'tests/image/test_geometry.py']))" \
            2>&1 | tail -n 3 | tee -a "$out/tests_geometry.txt"
        done
        bench_rows 90 "matmul 4096x4096 float32" "matmul 1024x1024 float32" "matmul 8192x8192 float32" ;;
    89) for statement in "vt.linalg.eigvalsh(h)" "vt.linalg.eigh(h)" "vt.linalg.eigh(h5)"; do
          limit 60 python3 benchmarks/probes/probe_one_batch.py "$statement" --setup "$symmetric_setup" 2>&1 \
            | tee -a "$out/eigh_one_batch.txt"
        done
        limit 90 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.eigh(h)" --setup "$symmetric_setup" \
          --series TridiagonalStepSpec 2>&1 | tee "$out/eigh_times.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.cholesky(a)" --setup "$(linalg_setup)" \
          2>&1 | tee "$out/cholesky_times.txt"
        for statement in "x.sum(axis=0)" "x.sum(axis=1)"; do
          limit 40 python3 benchmarks/probes/probe_kernel_times.py "$statement" \
            --setup 'import numpy as np; x = vt.asarray(np.random.default_rng(0).random((8192, 8192), dtype=np.float32))' \
            2>&1 | tee -a "$out/colsum_times.txt"
        done ;;
    90) r=vulkit.array.ops.reductions
        setup='import numpy as np; rng = np.random.default_rng(0); x = vt.asarray(rng.random((8192, 8192), dtype=np.float32))
y = vt.asarray(rng.random((4096, 4096), dtype=np.float32)); w = vt.asarray(rng.random((2048, 8192), dtype=np.float32))
t = vt.asarray(rng.random((32768, 2048), dtype=np.float32))'
        statements=("x.sum(axis=0)" "x.max(axis=0)" "x.mean(axis=0)" "vt.argmax(x, axis=0)" "y.sum(axis=0)" "w.sum(axis=0)"
                    "t.sum(axis=0)")
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "$r.COL_ONE_PASS_GROUPS=0,128,256,512" "${statements[@]}" \
          --setup "$setup" 2>&1 | tee "$out/col_one_pass.txt"
        limit 100 python3 benchmarks/probes/with_settings.py "$r.COL_ONE_PASS_LANES=64" -- \
          benchmarks/probes/probe_setting_ab.py "$r.COL_ONE_PASS_GROUPS=0,256" "${statements[@]}" --setup "$setup" 2>&1 \
          | tee -a "$out/col_one_pass.txt"
        VULKIT_VALIDATION=1 limit 100 python3 benchmarks/probes/with_settings.py "$r.COL_ONE_PASS_GROUPS=256" -- -m pytest \
          -q -p no:cacheprovider tests/array/test_reductions.py 2>&1 | tail -n 3 | tee "$out/tests_reductions.txt"
        for groups in 0 256; do
          limit 60 python3 benchmarks/probes/with_settings.py "$r.COL_ONE_PASS_GROUPS=$groups" -- benchmarks/bench_ops.py \
            --only "column sum" 2>&1 | grep '^{' | tee -a "$out/bench.jsonl"
        done ;;
    91) in_turn clusters_ab.txt limit 100 python3 benchmarks/probes/probe_times.py "vt.linalg.svd(s, full_matrices=False)" \
          "vt.linalg.eigh(h5)" "vt.linalg.eigh(h4)" "vt.linalg.eigh(h2)" --setup 'import numpy as np
s = vt.asarray(np.random.default_rng(2).standard_normal((512, 512), dtype=np.float32))
g = np.random.default_rng(1).standard_normal((2048, 2048), dtype=np.float32); h2 = vt.asarray((g + g.T) / np.float32(2))
g5 = np.random.default_rng(1).standard_normal((512, 512), dtype=np.float32); h5 = vt.asarray((g5 + g5.T) / np.float32(2))
h4 = vt.asarray((g + g.T)[:400, :400])'
        bench_rows 90 "eigh" "svd" "column sum"
        VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt" ;;
    92) in_turn session_ab.txt limit 60 python3 benchmarks/probes/probe_times.py "vt.linalg.svd(s, full_matrices=False)" \
          "vt.linalg.eigh(h2)" --setup 'import numpy as np
s = vt.asarray(np.random.default_rng(2).standard_normal((2048, 2048), dtype=np.float32))
g = np.random.default_rng(1).standard_normal((2048, 2048), dtype=np.float32); h2 = vt.asarray((g + g.T) / np.float32(2))' ;;
    129) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_random.py tests/array/test_random_generator.py tests/array/test_random_distributions.py \
          tests/array/test_random_parameters.py tests/array/test_numpy_stats.py tests/array/test_scans.py \
          tests/array/test_numpy_positional.py tests/array/test_errors.py tests/array/test_array.py \
          tests/array/test_reductions.py tests/array/test_creation.py tests/array/test_moving.py \
          tests/array/test_contractions.py 2>&1 | tail -n 8 | tee "$out/tests_session_end.txt" ;;
    128) VULKIT_VALIDATION=1 limit 450 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt" ;;
    127) in_turn bidiagonal_ab.txt limit 60 python3 benchmarks/probes/probe_times.py \
          "vt.linalg.svd(s, full_matrices=False)" "vt.linalg.svdvals(s)" "vt.linalg.svdvals(t)" --setup 'import numpy as np
rng = np.random.default_rng(2); s = vt.asarray(rng.standard_normal((512, 512), dtype=np.float32))
t = vt.asarray(rng.standard_normal((2048, 2048), dtype=np.float32))'
        bench_rows 90 "svd" ;;
    126) setup='import numpy as np; rng = np.random.default_rng(0)
def spd(n, dtype=np.float32):
    g = rng.standard_normal((n, n)); return vt.asarray((g @ g.T / n + np.eye(n)).astype(dtype))
a = spd(4096); b = spd(2048); d = spd(4096, np.float64); s = spd(1024)'
        VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_factorizations.py tests/array/test_recording.py tests/array/test_linalg_blocked.py \
          2>&1 | tail -n 5 | tee "$out/tests_factorizations.txt"
        f=vulkit.array.ops.linalg_blocked
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "$f.CHOL_STAGED=False,True" "vt.linalg.cholesky(a)" \
          "vt.linalg.cholesky(b)" "vt.linalg.cholesky(d)" "vt.linalg.cholesky(s)" --setup "$setup" 2>&1 \
          | tee "$out/chol_staged.txt"
        bench_rows 90 "cholesky" ;;
    125) limit 200 python3 benchmarks/probes/probe_chol_panel.py 4096 shipped noloads nowrites 2>&1 \
          | tee "$out/chol_panel_memory.txt" ;;
    124) limit 200 python3 benchmarks/probes/probe_chol_panel.py 4096 2>&1 | tee "$out/chol_panel_variants.txt" ;;
    123) setup='import numpy as np; rng = np.random.default_rng(0)
def spd(n, dtype=np.float32):
    g = rng.standard_normal((n, n)); return vt.asarray((g @ g.T / n + np.eye(n)).astype(dtype))
a = spd(4096); b = spd(2048)'
        small='from vulkit.array.ops import linalg_blocked
linalg_blocked.block_sizes = lambda ctx, itemsize: 32'
        for turn in 1 2; do
          limit 60 python3 benchmarks/probes/probe_times.py "vt.linalg.cholesky(a)" "vt.linalg.cholesky(b)" \
            --setup "$setup" 2>&1 | sed "s/^/blocks of 64: /" | tee -a "$out/chol_blocks.txt"
          limit 60 python3 benchmarks/probes/probe_times.py "vt.linalg.cholesky(a)" "vt.linalg.cholesky(b)" \
            --setup "$small
$setup" 2>&1 | sed "s/^/blocks of 32: /" | tee -a "$out/chol_blocks.txt"
        done
        limit 90 python3 benchmarks/probes/probe_kernel_doubling.py "vt.linalg.cholesky(a)" --setup "$small
$setup" 2>&1 | tee "$out/chol_doubling_32.txt" ;;
    122) setup='import numpy as np; rng = np.random.default_rng(0)
def spd(n, dtype=np.float32):
    g = rng.standard_normal((n, n)); return vt.asarray((g @ g.T / n + np.eye(n)).astype(dtype))
a = spd(4096); b = spd(2048)'
        f=vulkit.array.ops.linalg_blocked
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "$f.CHOL_UNROLLED=True,False" "vt.linalg.cholesky(a)" \
          "vt.linalg.cholesky(b)" --setup "$setup" 2>&1 | tee "$out/chol_unrolled.txt" ;;
    121) setup='import numpy as np; rng = np.random.default_rng(0)
def spd(n, dtype=np.float32):
    g = rng.standard_normal((n, n)); return vt.asarray((g @ g.T / n + np.eye(n)).astype(dtype))
a = spd(4096)'
        for turn in 1 2; do
          limit 60 python3 benchmarks/probes/probe_times.py "vt.linalg.cholesky(a)" --setup "$setup" 2>&1 \
            | sed "s/^/shipped: /" | tee -a "$out/chol_float_controls.txt"
          limit 60 python3 benchmarks/probes/probe_times.py "vt.linalg.cholesky(a)" --setup "from vulkit.runtime import context
context.current().device.physical.float_controls = {}
$setup" 2>&1 | sed "s/^/no float controls: /" | tee -a "$out/chol_float_controls.txt"
        done
        limit 120 python3 benchmarks/probes/probe_pipeline_stats.py "vt.linalg.cholesky(a)" --setup "$setup" \
          --dump "$out/chol_dump" 2>&1 | tee "$out/chol_pipeline_stats.txt" ;;
    120) setup='import numpy as np; rng = np.random.default_rng(0)
def spd(n, dtype=np.float32):
    g = rng.standard_normal((n, n)); return vt.asarray((g @ g.T / n + np.eye(n)).astype(dtype))
a = spd(4096); b = spd(2048)'
        f=vulkit.array.ops.linalg_blocked
        PYTHONPATH="benchmarks/probes:${PYTHONPATH:-}" VULKIT_PROBE_SETTINGS="$f.CHOL_SUMS=8" VULKIT_VALIDATION=1 \
          limit 120 python3 -m pytest -q -n 14 -p no:cacheprovider -p settings_plugin --tb=short -rf \
          tests/array/test_factorizations.py -k "cholesky" 2>&1 | tail -n 5 | tee "$out/tests_chol_sums.txt"
        limit 120 python3 benchmarks/probes/probe_setting_ab.py "$f.CHOL_SUMS=4,8" "vt.linalg.cholesky(a)" \
          "vt.linalg.cholesky(b)" --setup "$setup" 2>&1 | tee "$out/chol_sums.txt"
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "$f.CHOL_DEFER=256,512,1024" "vt.linalg.cholesky(a)" \
          "vt.linalg.cholesky(b)" --setup "$setup" 2>&1 | tee "$out/chol_defer.txt"
        limit 90 python3 benchmarks/probes/probe_one_batch.py "vt.linalg.cholesky(a)" --setup "$setup" 2>&1 \
          | tee "$out/chol_one_batch.txt"
        limit 120 python3 benchmarks/probes/probe_kernel_doubling.py "vt.linalg.cholesky(a)" --setup "$setup" 2>&1 \
          | tee "$out/chol_doubling.txt" ;;
    119) setup='import numpy as np; rng = np.random.default_rng(0)
def spd(n, dtype=np.float32):
    g = rng.standard_normal((n, n)); return vt.asarray((g @ g.T / n + np.eye(n)).astype(dtype))
a = spd(4096); b = spd(2048); d = spd(4096, np.float64)'
        VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_factorizations.py tests/array/test_recording.py 2>&1 | tail -n 5 | tee "$out/tests_factorizations.txt"
        f=vulkit.array.ops.linalg_blocked
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "$f.CHOL_WIDE=False,True" "vt.linalg.cholesky(a)" \
          "vt.linalg.cholesky(b)" "vt.linalg.cholesky(d)" --setup "$setup" 2>&1 | tee "$out/chol_wide.txt"
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "$f.CHOL_PANEL_THREADS=96,128,192,256" \
          "vt.linalg.cholesky(a)" "vt.linalg.cholesky(b)" --setup "$setup" 2>&1 | tee "$out/chol_threads.txt"
        bench_rows 90 "cholesky" ;;
    118) setup='import numpy as np; rng = np.random.default_rng(0); x = vt.asarray(rng.random((4096, 4096), dtype=np.float32))
u = vt.asarray(rng.integers(0, 256, (4096, 4096), dtype=np.uint8)); c = vt.asarray(rng.random((2048, 2048, 3), dtype=np.float32))'
        VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/image/test_geometry.py 2>&1 | tail -n 5 | tee "$out/tests_geometry.txt"
        limit 200 python3 benchmarks/probes/probe_setting_ab.py "vulkit.image._geo_resample.ONE_CHANNEL_OUTPUTS=1,2,4,8" \
          "vt.image.resize(x, (2048, 2048))" "vt.image.resize(x, (2048, 2048), antialias=False)" \
          "vt.image.resize(x, (3072, 3072))" "vt.image.resize(u, (2048, 2048))" "vt.image.resize(x, (1024, 1024), 'area')" \
          "vt.image.resize(c, (1024, 1024))" --setup "$setup" 2>&1 | tee "$out/one_channel_outputs.txt"
        bench_rows 120 "resize" ;;
    117) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_sorting.py tests/array/test_sets.py tests/array/test_numpy_sets.py 2>&1 | tail -n 5 \
          | tee "$out/tests_sorting.txt"
        limit 200 python3 benchmarks/probes/probe_setting_ab.py \
          "vulkit.array.kernels.sort_glsl.RANK_MATCH='ballot','ballot32','partition'" "vt.sort(x, stable=False)" \
          "vt.sort(x)" "vt.argsort(x, stable=True)" "vt.sort(u)" "vt.sort(m, axis=1)" "vt.unique_values(w)" \
          "vt.topk(x, 100)" --setup "$sort_keys_setup
m = vt.asarray(rng.standard_normal((8192, 8192), dtype=np.float32)); w = vt.asarray(rng.integers(0, 1 << 62, 1 << 24))" \
          2>&1 | tee "$out/rank_match.txt" ;;
    116) limit 200 python3 benchmarks/probes/probe_qr_panels.py 4096 2048 2>&1 | tee "$out/qr_panels.txt" ;;
    115) sort_setting_on vulkit.array.ops.sorting.PLAN_IN_HISTOGRAM plan_in_histogram ;;
    114) sort_setting_on vulkit.array.ops.sorting.FUSED_HISTOGRAM fused_histogram ;;
    113) setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 25, dtype=np.float32)
r = vt.asarray(g[: 1 << 24]); q = vt.asarray(g[: 1 << 22]); y = vt.asarray(g[: 1 << 22] + 1j * g[1 << 22: 1 << 23])'
        limit 90 python3 benchmarks/probes/probe_plan_rebuild.py "vt.fft.rfft(r)" --others "vt.fft.rfft(q)" \
          "vt.fft.fft(y)" --setup "$setup" 2>&1 | tee "$out/plan_rebuild.txt"
        limit 90 python3 benchmarks/probes/probe_plan_rebuild.py "vt.fft.rfft(r)" --others "vt.fft.rfft(q)" \
          "vt.fft.fft(y)" --setup "$setup" --kernels 2>&1 | tee -a "$out/plan_rebuild.txt" ;;
    112) setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 24, dtype=np.float32)
c = g[0::2] + 1j * g[1::2]; a16 = vt.asarray(c[: 1 << 16]); a18 = vt.asarray(c[: 1 << 18]); a20 = vt.asarray(c[: 1 << 20])
a22 = vt.asarray(c[: 1 << 22]); a23 = vt.asarray(c); r18 = vt.asarray(g[: 1 << 18]); r20 = vt.asarray(g[: 1 << 20])
r22 = vt.asarray(g[: 1 << 22])'
        f=vulkit.array.ops.fft
        limit 150 python3 benchmarks/probes/with_settings.py "$f.MULTIPASS_NARROW_POINTS=8388608" -- \
          benchmarks/probes/probe_setting_ab.py "$f.MAX_THREADS=256,512" "vt.fft.fft(a16)" "vt.fft.fft(a18)" \
          "vt.fft.fft(a20)" "vt.fft.fft(a22)" "vt.fft.fft(a23)" "vt.fft.rfft(r18)" "vt.fft.rfft(r20)" "vt.fft.rfft(r22)" \
          --setup "$setup" --turns 3 2>&1 | tee "$out/fft_medium_threads.txt" ;;
    111) setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 25, dtype=np.float32)
z = vt.asarray(g[0::2] + 1j * g[1::2]); y = vt.asarray(g[: 1 << 22] + 1j * g[1 << 22: 1 << 23]); r = vt.asarray(g[: 1 << 24])
q = vt.asarray(g[: 1 << 22]); w = vt.asarray(g[: 1 << 20]); v = vt.asarray(g[: 1 << 23] + 1j * g[1 << 23: 1 << 24])'
        f=vulkit.array.ops.fft
        limit 90 python3 benchmarks/probes/probe_setting_ab.py "$f.MAX_THREADS=256,512" "vt.fft.rfft(r)" "vt.fft.rfft(q)" \
          "vt.fft.rfft(w)" "vt.fft.fft(y)" "vt.fft.fft(v)" --setup "$setup" --turns 2 2>&1 | tee "$out/fft_threads.txt"
        limit 90 python3 benchmarks/probes/probe_setting_ab.py "$f.MULTIPASS_NARROW_POINTS=1048576,4194304,8388608" \
          "vt.fft.rfft(r)" "vt.fft.rfft(q)" "vt.fft.fft(y)" "vt.fft.fft(v)" --setup "$setup" --turns 2 2>&1 \
          | tee "$out/fft_narrow.txt"
        limit 90 python3 benchmarks/probes/probe_setting_ab.py "$f.MULTIPASS_PLAN_BYTES=256,128" "vt.fft.rfft(r)" \
          "vt.fft.rfft(q)" "vt.fft.fft(y)" "vt.fft.fft(v)" "vt.fft.fft(z)" --setup "$setup" --turns 2 2>&1 \
          | tee "$out/fft_plan_bytes.txt" ;;
    110) setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 25, dtype=np.float32)
z = vt.asarray(g[0::2] + 1j * g[1::2]); y = vt.asarray(g[: 1 << 22] + 1j * g[1 << 22: 1 << 23]); r = vt.asarray(g[: 1 << 24])'
        limit 120 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.fft.MULTIPASS_PLAN_BYTES=256,128,64" \
          "vt.fft.fft(z)" "vt.fft.ifft(z)" "vt.fft.fft(y)" "vt.fft.rfft(r)" --setup "$setup" --turns 2 2>&1 \
          | tee "$out/fft_multipass.txt" ;;
    109) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_sorting.py tests/array/test_sets.py 2>&1 | tail -n 5 | tee "$out/tests_sorting.txt"
        limit 100 python3 benchmarks/probes/probe_times.py "vt.sort(x)" "vt.sort(x, stable=False)" "vt.sort(m, axis=1)" \
          "vt.sort(m, axis=1, stable=False)" "vt.sort(u)" "vt.sort(u, stable=False)" "vt.sort(x)" \
          "vt.sort(x, stable=False)" "vt.sort(m, axis=1)" "vt.sort(m, axis=1, stable=False)" --setup "$sort_keys_setup
m = vt.asarray(np.random.default_rng(0).standard_normal((8192, 8192), dtype=np.float32))" 2>&1 | tee "$out/sort_stable.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.sort(x, stable=False)" --setup "$sort_keys_setup" \
          2>&1 | tee "$out/sort_times.txt"
        bench_rows 80 "sort of" ;;
    108) VULKIT_VALIDATION=1 limit 120 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_fft.py tests/array/test_fft2.py tests/image/test_spectral.py 2>&1 | tail -n 5 \
          | tee "$out/tests_fft.txt"
        setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal((4096, 4096), dtype=np.float32)
r = vt.asarray(g); d = vt.asarray(g + 1j * g.T); z = vt.asarray((g + 1j * g.T).reshape(-1))
v = vt.asarray(rng.standard_normal((512, 512, 512), dtype=np.float32).astype(np.complex64))'
        f=vulkit.array.ops.fft
        for setting in "$f.MAX_THREADS=512,1024" "$f.COLUMN_TILE_BYTES=64,128" "$f.TILE_ELEMENTS=1024,2048" \
            "$f.MULTIPASS_TILE_ELEMENTS=1024,2048"; do
          limit 100 python3 benchmarks/probes/probe_setting_ab.py "$setting" "vt.fft.rfft(r, axis=1)" \
            "vt.fft.fft(d, axis=1)" "vt.fft.fft(z)" "vt.fft.fftn(v)" --setup "$setup" --turns 2 2>&1 \
            | tee -a "$out/fft_settings.txt"
        done
        bench_rows 100 "fft" ;;
    107) setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal((4096, 4096), dtype=np.float32)
r = vt.asarray(g); c = vt.asarray(g[:, :2048] + 1j * g[:, 2048:]); d = vt.asarray(g + 1j * g.T)
z = vt.asarray((g + 1j * g.T).reshape(-1)); v = vt.asarray(rng.standard_normal((512, 512, 512), dtype=np.float32).astype(np.complex64))'
        for bits in 3 2; do
          limit 150 python3 benchmarks/probes/with_settings.py "vulkit.array.ops.fft.STAGE_BITS=$bits" -- \
            benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.fft.MAX_THREADS=256,512" "vt.fft.rfft(r, axis=1)" \
            "vt.fft.fft(c, axis=1)" "vt.fft.fft(d, axis=1)" "vt.fft.fft(z)" "vt.fft.fftn(v)" --setup "$setup" \
            --turns 2 2>&1 | sed "s/^/STAGE_BITS=$bits /" | tee -a "$out/fft_stages.txt"
        done ;;
    106) setup='import numpy as np; rng = np.random.default_rng(1); g = rng.standard_normal((4096, 4096), dtype=np.float32)
a = vt.asarray(g); s = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32)); h = vt.asarray(g[:2048, :2048] + g[:2048, :2048].T)'
        for statement in "vt.linalg.qr(a)" "vt.linalg.cholesky(s)" "vt.linalg.solve(a, a)" "vt.linalg.eigh(h)"; do
          name=$(echo "$statement" | sed 's/vt.linalg.\([a-z]*\).*/\1/')
          limit 90 python3 benchmarks/probes/probe_kernel_times.py "$statement" --setup "$setup" --products \
            > "$out/products_$name.txt" 2>&1
          head -n 12 "$out/products_$name.txt"
        done ;;
    105) VULKIT_VALIDATION=1 limit 120 python3 -m pytest -q -n 8 -p no:cacheprovider -rs tests/array/test_qr_grid.py \
          2>&1 | tail -n 5 | tee "$out/tests_qr_grid.txt"
        setup='import numpy as np; rng = np.random.default_rng(1)
a = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32)); b = vt.asarray(rng.standard_normal((2048, 2048), dtype=np.float32))'
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_large.QR_GRID_LOADS=1,4,8,16" \
          "vt.linalg.qr(a)" "vt.linalg.qr(b)" --setup "$setup" --turns 2 2>&1 | tee "$out/qr_grid_loads.txt"
        limit 80 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_large.QR_GRID_GROUPS=64,128" \
          "vt.linalg.qr(a)" --setup "$setup" --turns 2 2>&1 | tee "$out/qr_grid_groups.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.qr(a)" --setup "$setup" 2>&1 \
          | tee "$out/qr_times.txt"
        bench_rows 80 "qr 4096" ;;
    104) limit 300 python3 benchmarks/probes/probe_sort_grid.py 264,528,1056,2112 "vt.sort(x)" "vt.sort(u)" \
          "vt.argsort(x, stable=True)" "vt.sort(m, axis=1)" "vt.sort(k)" --check --setup "$sort_keys_setup
m = vt.asarray(np.random.default_rng(0).standard_normal((8192, 8192), dtype=np.float32))
k = vt.asarray(rng.integers(0, 1 << 62, 1 << 24, dtype=np.int64))" 2>&1 | tee "$out/sort_grid.txt" ;;
    103) limit 150 python3 benchmarks/probes/probe_histogram_parts.py "vt.sort(y)" "vt.sort(u)" "vt.sort(k)" --setup \
          'import numpy as np; rng = np.random.default_rng(0); y = vt.asarray(np.abs(rng.standard_normal(1 << 24, dtype=np.float32)))
u = vt.asarray(rng.integers(0, 1 << 32, 1 << 24, dtype=np.uint32)); k = vt.asarray(rng.integers(0, 1 << 62, 1 << 24, dtype=np.int64))' \
          2>&1 | tee "$out/histogram_parts.txt" ;;
    102) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_sorting.py tests/array/test_sets.py tests/array/test_reductions.py 2>&1 | tail -n 8 \
          | tee "$out/tests_sorting.txt" ;;
    101) VULKIT_VALIDATION=1 limit 330 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt"
        bench_rows 80 "sort of" "argsort" ;;
    100) setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 24, dtype=np.float32)
x = vt.asarray(g); u = vt.asarray(rng.integers(0, 1 << 32, 1 << 24, dtype=np.uint32))
k = vt.asarray(rng.integers(0, 1 << 62, 1 << 24, dtype=np.int64))'
        s=vulkit.array.ops.sorting
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "$s.HISTOGRAM_GROUPS=256,512,1024,2048" "vt.sort(x)" \
          "vt.sort(u)" "vt.unique_values(k)" --setup "$setup" 2>&1 | tee "$out/histogram_groups.txt"
        for groups in 512 2048; do
          limit 60 python3 benchmarks/probes/with_settings.py "$s.HISTOGRAM_GROUPS=$groups" -- \
            benchmarks/probes/probe_kernel_times.py "vt.sort(x)" --setup "$setup" 2>&1 | grep -E "histogram|total" \
            | tee -a "$out/sort_times.txt"
        done ;;
    99) setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 24, dtype=np.float32)
x = vt.asarray(g); m = vt.asarray(np.random.default_rng(0).standard_normal((8192, 8192), dtype=np.float32))
k = vt.asarray(rng.integers(0, 1 << 62, 1 << 24, dtype=np.int64))'
        s=vulkit.array.ops.sorting
        statements=("vt.sort(x)" "vt.argsort(x, stable=True)" "vt.sort(m, axis=1)" "vt.unique_values(k)")
        for items in 4 16; do
          echo "== SPINE_ITEMS=$items" >> "$out/h_layout.txt"
          limit 150 python3 benchmarks/probes/with_settings.py "$s.SPINE_ITEMS=$items" -- \
            benchmarks/probes/probe_setting_ab.py "$s.TILE_MAJOR=False,True" "${statements[@]}" --setup "$setup" \
            2>&1 | tee -a "$out/h_layout.txt"
        done
        limit 60 python3 benchmarks/probes/with_settings.py "$s.SPINE_ITEMS=16" "$s.TILE_MAJOR=True" -- \
          benchmarks/probes/probe_kernel_times.py "vt.sort(x)" --setup "$setup" 2>&1 | tee "$out/sort_times.txt" ;;
    98) setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 24, dtype=np.float32)
x = vt.asarray(g); u = vt.asarray(rng.integers(0, 1 << 32, 1 << 24, dtype=np.uint32))
m = vt.asarray(np.random.default_rng(0).standard_normal((8192, 8192), dtype=np.float32))
k = vt.asarray(rng.integers(0, 1 << 62, 1 << 24, dtype=np.int64))'
        s=vulkit.array.ops.sorting
        limit 250 python3 benchmarks/probes/probe_setting_ab.py "$s.COUNT_COPIES=1,4,8" "vt.sort(x)" "vt.sort(u)" \
          "vt.argsort(x, stable=True)" "vt.sort(m, axis=1)" "vt.unique_values(k)" --setup "$setup" 2>&1 \
          | tee "$out/count_copies.txt"
        for copies in 1 8; do
          limit 60 python3 benchmarks/probes/with_settings.py "$s.COUNT_COPIES=$copies" -- \
            benchmarks/probes/probe_kernel_times.py "vt.sort(x)" --setup "$setup" 2>&1 | tee -a "$out/sort_times.txt"
        done
        VULKIT_VALIDATION=1 limit 100 python3 benchmarks/probes/with_settings.py "$s.COUNT_COPIES=8" -- -m pytest -q \
          -p no:cacheprovider tests/array/test_sorting.py tests/array/test_sets.py 2>&1 | tail -n 3 \
          | tee "$out/tests_sorting.txt" ;;
    97) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_sorting.py tests/array/test_sets.py 2>&1 | tail -n 8 | tee "$out/tests_sorting.txt"
        in_turn sort_ab.txt limit 100 python3 benchmarks/probes/probe_times.py "vt.sort(x)" "vt.sort(m, axis=1)" \
          "vt.sort(y)" "vt.sort(d)" --setup 'import numpy as np; rng = np.random.default_rng(0)
g = rng.standard_normal(1 << 24, dtype=np.float32); x = vt.asarray(g); y = vt.asarray(np.abs(g))
m = vt.asarray(np.random.default_rng(0).standard_normal((8192, 8192), dtype=np.float32))
d = vt.asarray(rng.standard_normal(1 << 22))'
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.sort(x)" --setup 'import numpy as np
x = vt.asarray(np.random.default_rng(0).standard_normal(1 << 24, dtype=np.float32))' 2>&1 | tee "$out/sort_times.txt"
        bench_rows 90 "sort of" ;;
    96) setup=$sort_keys_setup
        limit 200 python3 benchmarks/probes/probe_onesweep_parts.py "vt.sort(u)" "vt.sort(x)" --setup "$setup" 2>&1 \
          | tee "$out/onesweep_parts.txt" ;;
    95) setup=$sort_keys_setup
        s=vulkit.array.ops.sorting
        sort_keys_ab 100 "$s.ONESWEEP_PREFETCH=True,False" onesweep_prefetch.txt
        sort_keys_ab 100 "$s.ONESWEEP_CHUNKS=4,3,2" onesweep_chunks.txt
        for settings in "$s.ONESWEEP_PREFETCH=False" "$s.ONESWEEP_CHUNKS=2" "$s.ONESWEEP_CHUNKS=3"; do
          echo "== $settings" >> "$out/sort_stats.txt"
          limit 60 python3 benchmarks/probes/with_settings.py "$settings" -- \
            benchmarks/probes/probe_pipeline_stats.py "vt.sort(x)" "vt.sort(u)" --setup "$setup" 2>&1 | grep onesweep \
            | tee -a "$out/sort_stats.txt"
        done ;;
    94) setup=$sort_keys_setup
        s=vulkit.array.ops.sorting
        sort_keys_ab 200 "$s.ONESWEEP_WINDOW=1,8,32" onesweep_window.txt
        sort_keys_ab 100 "$s.ONESWEEP=False,True" onesweep_ab.txt
        limit 60 python3 benchmarks/probes/probe_pipeline_stats.py "vt.sort(x)" --setup "$setup" 2>&1 \
          | tee "$out/sort_stats.txt"
        limit 60 python3 benchmarks/probes/with_settings.py "$s.ONESWEEP=False" -- \
          benchmarks/probes/probe_pipeline_stats.py "vt.sort(x)" --setup "$setup" 2>&1 | tee -a "$out/sort_stats.txt" ;;
    93) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_sorting.py tests/array/test_sets.py 2>&1 | tail -n 8 | tee "$out/tests_sorting.txt"
        setup='import numpy as np; rng = np.random.default_rng(0); g = rng.standard_normal(1 << 24, dtype=np.float32)
x = vt.asarray(g); y = vt.asarray(np.abs(g)); u = vt.asarray(rng.integers(0, 1 << 32, 1 << 24, dtype=np.uint32))
k = vt.asarray(rng.integers(0, 1 << 62, 1 << 24, dtype=np.int64))'
        s=vulkit.array.ops.sorting
        limit 200 python3 benchmarks/probes/probe_setting_ab.py "$s.ONESWEEP=False,True" "vt.sort(x)" \
          "vt.argsort(x, stable=True)" "vt.sort(y)" "vt.sort(u)" "vt.unique_values(k)" --setup "$setup" 2>&1 \
          | tee "$out/onesweep_ab.txt"
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "$s.ONESWEEP_SPINS=16,256,4096" "vt.sort(x)" \
          "vt.sort(u)" --setup "$setup" 2>&1 | tee "$out/onesweep_spins.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.sort(x)" --setup "$setup" 2>&1 \
          | tee "$out/sort_times.txt"
        bench_rows 90 "sort of 16,777,216" "argsort" "unique of" ;;
    85) VULKIT_VALIDATION=1 limit 100 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_sorting.py tests/array/test_sets.py 2>&1 | tail -n 5 | tee "$out/tests_sorting.txt"
        in_turn sort_ab.txt limit 60 python3 benchmarks/probes/probe_times.py "vt.sort(x)" "vt.sort(y)" \
          --setup 'import numpy as np; g = np.random.default_rng(0).standard_normal(1 << 24, dtype=np.float32)
x = vt.asarray(g); y = vt.asarray(np.abs(g))'
        bench_rows 90 "sort of 16,777,216"
        setup='import numpy as np; rng = np.random.default_rng(0); cx = lambda *s: vt.asarray((rng.standard_normal(s) + 1j).astype(np.complex64))
c = cx(512, 512, 512); r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32)); h = cx(1 << 20); g = cx(1 << 22)
s = vt.asarray(rng.standard_normal(1 << 20, dtype=np.float32))'
        f=vulkit.array.ops.fft
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "$f.PREFETCH_GROUPS=1024,2048,4096" "vt.fft.fftn(c)" \
          "vt.fft.rfft(r, axis=-1)" --setup "$setup" 2>&1 | tee "$out/fft_settings.txt"
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "$f.MULTIPASS_PLAN_BYTES=256,32" "vt.fft.fft(h)" \
          "vt.fft.fft(g)" "vt.fft.rfft(s)" --setup "$setup" 2>&1 | tee -a "$out/fft_settings.txt"
        VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt" ;;
    71) (cd benchmarks/probes && limit 90 python3 probe_fft_skeleton.py shipped stash shipped stash --all-rows) 2>&1 \
          | tee "$out/fft_stash.txt"
        setup='import numpy as np; z = vt.asarray((np.random.default_rng(0).standard_normal((4096, 2048)) + 1j).astype(np.complex64))'
        (cd benchmarks/probes && limit 30 python3 probe_pipeline_stats.py "vt.fft.fft(z, axis=-1)" \
          --setup "import probe_fft_skeleton as s; s.apply('stash'); $setup") 2>&1 | tee "$out/fft_stash_stats.txt"
        VULKIT_VALIDATION=1 limit 100 python3 -c "import sys, pytest; from vulkit.array.ops import fft; \
fft.PREFETCH_STASH = True; sys.exit(pytest.main(['-q', '-x', '-p', 'no:cacheprovider', 'tests/array/test_fft.py']))" \
          2>&1 | tail -n 5 | tee "$out/tests_fft_stash.txt" ;;
    60) setup='import numpy as np; rng = np.random.default_rng(1); g = rng.standard_normal((2, 1024, 1024))
z = (g[0] + 1j * g[1]).astype(np.complex64); c = vt.asarray(z + z.conj().T); c5 = vt.asarray((z + z.conj().T)[:512, :512])'
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.STEP_COMPLEX=False,True" \
          "vt.linalg.eigvalsh(c)" "vt.linalg.eigh(c)" "vt.linalg.eigh(c5)" --setup "$setup" 2>&1 | tee "$out/step_complex.txt"
        setup="$symmetric_setup
h384 = vt.asarray((g + g.T)[:384, :384])"
        limit 120 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal_vectors.EIGH=False,True" \
          "vt.linalg.eigh(h128)" "vt.linalg.eigh(h256)" "vt.linalg.eigh(h384)" --setup "$setup" 2>&1 \
          | tee "$out/eigh_small.txt"
        limit 60 python3 benchmarks/probes/probe_one_batch.py "vt.linalg.eigh(h5)" --setup "$symmetric_setup" 2>&1 \
          | tee "$out/eigh512_one_batch.txt"
        bench_rows 60 "eigh 512" "eigh 2048" "svd 512" ;;
    59) step_rows_ab 0,4,2,1
        bench_rows 60 "eigh 512" "eigh 2048" ;;
    58) step_rows_ab 0,8,16,4
        limit 60 python3 benchmarks/probes/probe_one_batch.py "vt.linalg.eigvalsh(h)" --setup "$symmetric_setup" 2>&1 \
          | tee "$out/eigvalsh_one_batch.txt"
        limit 60 python3 benchmarks/probes/probe_spectral_check.py 512 2048 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 60 "eigh 512" "eigh 2048" ;;
    57) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_factorizations.py tests/array/test_linalg_scipy.py tests/array/test_recording.py \
          2>&1 | tail -n 15 | tee "$out/tests_linalg.txt"
        setup='import numpy as np; g = np.random.default_rng(0).standard_normal((4096, 4096), dtype=np.float32)
s = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))'
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.cholesky(s)" --setup "$setup" 2>&1 \
          | tee "$out/cholesky_times.txt"
        bench_rows 60 "cholesky"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.eigh(h)" --setup "$symmetric_setup" \
          --series HouseSpec 2>&1 | tee "$out/eigh_series.txt"
        limit 150 python3 benchmarks/run.py --only kp,array --out "$out/bench_elementwise" 2>&1 | tail -n 30
        limit 60 python3 benchmarks/probes/probe_compaction.py 16777216 2>&1 | tee "$out/compaction.txt"
        limit 60 python3 benchmarks/probes/probe_mask_assign.py 2>&1 | tee "$out/mask_assign.txt" ;;
    56) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf \
          tests/array/test_eigh_tridiagonal.py tests/array/test_linalg_tridiagonal.py tests/array/test_qr_grid.py \
          tests/array/test_factorizations.py tests/array/test_linalg_eig.py 2>&1 | tail -n 15 | tee "$out/tests_linalg.txt"
        setup="$symmetric_setup
h384 = vt.asarray((g + g.T)[:384, :384])"
        limit 200 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_large.HOUSE_UNROLL=1,2,4,8" \
          "vt.linalg.eigh(h)" "vt.linalg.eigvalsh(h1)" "vt.linalg.svd(h5)" "vt.linalg.svdvals(h1)" \
          "vt.linalg.eigh(h256)" --setup "$setup" 2>&1 | tee "$out/house_unroll.txt"
        limit 120 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal_vectors.EIGH=False,True" \
          "vt.linalg.eigh(h256)" "vt.linalg.eigh(h384)" "vt.linalg.svd(h256)" "vt.linalg.svd(h384)" --setup "$setup" 2>&1 \
          | tee "$out/eigh_small.txt"
        setup='import numpy as np; g = np.random.default_rng(0).standard_normal((4096, 4096), dtype=np.float32)
s = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32)); q = vt.asarray(g)'
        for statement in "vt.linalg.cholesky(s)" "vt.linalg.qr(q)"; do
          echo "== $statement" | tee -a "$out/linalg_times.txt"
          limit 60 python3 benchmarks/probes/probe_kernel_times.py "$statement" --setup "$setup" 2>&1 \
            | tee -a "$out/linalg_times.txt"
        done
        bench_rows 60 "eigh 512" "eigh 2048" "svd 512" ;;
    55) VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt"
        setup="$symmetric_setup
h384 = vt.asarray((g + g.T)[:384, :384])"
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal_vectors.EIGH=False,True" \
          "vt.linalg.eigh(h128)" "vt.linalg.eigh(h256)" "vt.linalg.eigh(h384)" --setup "$setup" 2>&1 | tee "$out/eigh_small.txt"
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal_vectors.SVD=False,True" \
          "vt.linalg.svd(h128)" "vt.linalg.svd(h256)" "vt.linalg.svd(h384)" --setup "$setup" 2>&1 | tee "$out/svd_small.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.eigh(h)" --setup "$setup" 2>&1 \
          | tee "$out/eigh_times.txt"
        limit 90 python3 benchmarks/probes/probe_spectral_check.py 512 2048 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 60 "eigh 512" "eigh 2048" "svd 512" "svd 2048" ;;
    54) VULKIT_VALIDATION=1 limit 120 python3 -m pytest -q -n 12 -p no:cacheprovider --tb=short -rf \
          tests/array/test_eigh_tridiagonal.py tests/array/test_linalg_tridiagonal.py tests/array/test_linalg_jacobi_grid.py \
          tests/array/test_factorizations.py -k "eigh or eigvalsh or tridiagonal or nan or svd or pinv or rank" 2>&1 \
          | grep -v Warning | tail -n 8 | tee "$out/tests_eigh_svd.txt"
        setup='import numpy as np; rng = np.random.default_rng(2); g = rng.standard_normal((1024, 1024), dtype=np.float32)
a1 = vt.asarray(g); a5 = vt.asarray(g[:512, :512])'
        limit 90 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal_vectors.SVD=False,True" \
          "vt.linalg.svd(a5, full_matrices=False)" "vt.linalg.svd(a1, full_matrices=False)" --setup "$setup" 2>&1 \
          | tee "$out/svd_route.txt"
        bench_rows 40 "svd 512" "eigh 512" "eigh 2048" ;;
    53) VULKIT_VALIDATION=1 limit 120 python3 -m pytest -q -n 8 -p no:cacheprovider --tb=short -rf \
          tests/array/test_eigh_tridiagonal.py tests/array/test_linalg_tridiagonal.py 2>&1 | grep -v Warning \
          | tail -n 5 | tee "$out/tests_eigh.txt"
        setup=$symmetric_setup
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.REDUCTION_LANES=None,16" \
          "vt.linalg.eigh(h5)" "vt.linalg.eigh(h1)" "vt.linalg.eigh(h)" "vt.linalg.svdvals(h1)" --setup "$setup" 2>&1 \
          | tee "$out/reduction_lanes.txt"
        bench_rows 60 "eigh 512" "eigh 2048" ;;
    52) VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt"
        setup=$symmetric_setup
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.REDUCTION_LANES=8,16" \
          "vt.linalg.eigh(h1)" "vt.linalg.eigh(h)" --setup "$setup" 2>&1 | tee "$out/reduction_lanes.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.eigh(h)" --setup "$setup" 2>&1 \
          | tee "$out/eigh_times.txt"
        bench_rows 60 "eigh 512" "eigh 2048" ;;
    51) eigh_tests
        setup=$symmetric_setup
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.REDUCTION_LANES=8,16,32" \
          "vt.linalg.eigvalsh(h1)" "vt.linalg.eigh(h5)" "vt.linalg.svdvals(h1)" --setup "$setup" 2>&1 \
          | tee "$out/reduction_lanes.txt"
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal_vectors.EIGH=False,True" \
          "vt.linalg.eigh(h128)" "vt.linalg.eigh(h256)" --setup "$setup" 2>&1 | tee "$out/eigh_route_small.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.eigh(h1)" --setup "$setup" 2>&1 \
          | tee "$out/eigh_times.txt"
        limit 60 python3 benchmarks/probes/probe_spectral_check.py 512 1024 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 60 "eigh 512" "eigh 2048" ;;
    50) eigh_tests
        setup=$symmetric_setup
        limit 200 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal_vectors.EIGH=False,True" \
          "vt.linalg.eigh(h128)" "vt.linalg.eigh(h5)" "vt.linalg.eigh(h1)" "vt.linalg.eigh(h)" --setup "$setup" 2>&1 \
          | tee "$out/eigh_route.txt"
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.EIGVALSH=False,True" \
          "vt.linalg.eigvalsh(h128)" "vt.linalg.eigvalsh(h256)" --setup "$setup" 2>&1 | tee "$out/eigvalsh_small.txt"
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.SVDVALS=False,True" \
          "vt.linalg.svdvals(h128)" "vt.linalg.svdvals(h256)" --setup "$setup" 2>&1 | tee "$out/svdvals_small.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.eigh(h1)" --setup "$setup" 2>&1 \
          | tee "$out/eigh_times.txt"
        limit 60 python3 benchmarks/probes/probe_spectral_check.py 512 2048 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 60 "eigh 512" "eigh 2048" ;;
    49) setup='import numpy as np; rng = np.random.default_rng(1); g = rng.standard_normal((2048, 2048), dtype=np.float32)
h = vt.asarray(g + g.T); h5 = vt.asarray((g + g.T)[:512, :512]); h1 = vt.asarray((g + g.T)[:1024, :1024])'
        limit 200 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.EIGVALSH=False,True" \
          "vt.linalg.eigvalsh(h5)" "vt.linalg.eigvalsh(h1)" "vt.linalg.eigvalsh(h)" --setup "$setup" 2>&1 \
          | tee "$out/eigvalsh_route.txt"
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_tridiagonal.SVDVALS=False,True" \
          "vt.linalg.svdvals(h5)" "vt.linalg.svdvals(h1)" --setup "$setup" 2>&1 | tee "$out/svdvals_route.txt"
        limit 60 python3 benchmarks/probes/with_settings.py vulkit.array.ops.linalg_tridiagonal.EIGVALSH=True -- \
          benchmarks/probes/probe_kernel_times.py "vt.linalg.eigvalsh(h1)" --setup "$setup" 2>&1 \
          | tee "$out/eigvalsh_times.txt"
        VULKIT_VALIDATION=1 limit 120 python3 -m pytest -q -n 8 -p no:cacheprovider --tb=short -rf \
          tests/array/test_linalg_tridiagonal.py tests/array/test_factorizations.py \
          -k "eigvalsh or svdvals or tridiagonal or nan" 2>&1 | grep -v Warning | tail -n 20 \
          | tee "$out/tests_tridiagonal.txt" ;;
    48) VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt"
        setup='import numpy as np; rng = np.random.default_rng(1); a = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))'
        limit 120 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_large.QR_BLOCK=128,256,512" \
          "vt.linalg.qr(a)" --setup "$setup" 2>&1 | tee "$out/qr_block.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.qr(a)" --setup "$setup" 2>&1 \
          | tee "$out/qr_times.txt"
        limit 40 python3 benchmarks/probes/probe_spectral_check.py --qr 4096 3001 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 60 "qr 4096" ;;
    47) VULKIT_VALIDATION=1 limit 120 python3 -m pytest -q -n 8 -p no:cacheprovider -m "slow or not slow" --tb=short \
          -rf tests/array/test_qr_grid.py tests/array/test_factorizations.py 2>&1 | grep -v Warning | tail -n 30 \
          | tee "$out/tests_qr.txt"
        limit 40 python3 benchmarks/probes/probe_spectral_check.py --qr 4096 3001 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 60 "qr 4096" ;;
    46) setup='import numpy as np; rng = np.random.default_rng(1); a = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
b = vt.asarray(rng.standard_normal((2048, 2048), dtype=np.float32))'
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_large.QR_BLOCK=32,64,128,256" \
          "vt.linalg.qr(a)" "vt.linalg.qr(b)" --setup "$setup" 2>&1 | tee "$out/qr_block.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.qr(a)" --setup "$setup" 2>&1 \
          | tee "$out/qr_times_block.txt"
        VULKIT_VALIDATION=1 limit 120 python3 -m pytest -q -n 8 -p no:cacheprovider -m "slow or not slow" --tb=short \
          -rf tests/array/test_qr_grid.py tests/array/test_factorizations.py tests/array/test_matmul_split.py 2>&1 \
          | grep -v Warning | tail -n 30 | tee "$out/tests_qr.txt"
        limit 40 python3 benchmarks/probes/probe_spectral_check.py --qr 4096 3001 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 60 "qr 4096" ;;
    45) m=vulkit.array.ops.matmul
        for setting in "$m.SPLIT_K=False" "$m.SPLIT_K=None" "$m.SPLIT_K=None $m._SPLIT_TILES=32" "$m.SPLIT_K=False" \
                       "$m.SPLIT_K=None"; do
          for row in "matmul 1024x1024 float32" "qr 4096"; do
            echo "$setting" | tee -a "$out/split_rows.txt"
            # shellcheck disable=SC2086
            limit 60 python3 benchmarks/probes/with_settings.py $setting -- benchmarks/bench_ops.py --only "$row" 2>&1 \
              | grep '^{' | tee -a "$out/split_rows.txt"
          done
        done
        VULKIT_VALIDATION=1 limit 60 python3 -m pytest -q -p no:cacheprovider tests/kp/test_kp_async.py 2>&1 | tail -n 3 \
          | tee "$out/tests_kp_async.txt" ;;
    44) setup='import numpy as np; rng = np.random.default_rng(1); a = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
v = vt.asarray(rng.standard_normal((4096, 32), dtype=np.float32)); r = vt.asarray(rng.standard_normal((4096, 4064), dtype=np.float32))
x = vt.asarray(rng.standard_normal((1024, 1024), dtype=np.float32)); y = vt.asarray(rng.standard_normal((2048, 2048), dtype=np.float32))'
        limit 120 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.matmul.SPLIT_K=False,None" \
          "vt.linalg.qr(a)" "v.mT @ r" "v.mT @ v" "x @ x" "y @ y" --setup "$setup" 2>&1 | tee "$out/split_k.txt"
        limit 90 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.matmul._SPLIT_MIN_K=128,256,512" \
          "vt.linalg.qr(a)" "v.mT @ v" "x @ x" --setup "$setup" 2>&1 | tee "$out/split_k_chunks.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.qr(a)" --setup "$setup" 2>&1 \
          | tee "$out/qr_times_split.txt"
        VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt"
        VULKIT_VALIDATION=1 limit 100 python3 benchmarks/probes/with_settings.py vulkit.array.ops.matmul.SPLIT_K=True -- \
          -m pytest -q -p no:cacheprovider --tb=short tests/array/test_matmul_split.py 2>&1 | tail -n 15 \
          | tee "$out/tests_split_k.txt"
        limit 60 python3 benchmarks/probes/probe_svd_rank_deficient.py 2>&1 | grep -v "qr complete" \
          | tee "$out/svd_rank_deficient.txt"
        bench_rows 60 "matmul 1024x1024 float32" "qr 4096" ;;
    43) limit 120 python3 benchmarks/probes/probe_svd_rank_deficient.py 2>&1 | tee "$out/svd_rank_deficient.txt" ;;
    42) setup='import numpy as np; rng = np.random.default_rng(1); a = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
v = vt.asarray(rng.standard_normal((4096, 32), dtype=np.float32)); r = vt.asarray(rng.standard_normal((4096, 4064), dtype=np.float32))
x = vt.asarray(rng.standard_normal((1024, 1024), dtype=np.float32))'
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.matmul.SPLIT_K=False,None" \
          "vt.linalg.qr(a)" "v.mT @ r" "v.mT @ v" "x @ x" --setup "$setup" 2>&1 | tee "$out/split_k.txt"
        limit 100 python3 benchmarks/probes/with_settings.py vulkit.array.ops.matmul.SPLIT_K=None -- \
          benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.matmul._SPLIT_MIN_K=128,256,512" "vt.linalg.qr(a)" \
          "v.mT @ v" --setup "$setup" 2>&1 | tee "$out/split_k_chunks.txt"
        limit 60 python3 benchmarks/probes/with_settings.py vulkit.array.ops.matmul.SPLIT_K=None -- \
          benchmarks/probes/probe_kernel_times.py "vt.linalg.qr(a)" --setup "$setup" 2>&1 | tee "$out/qr_times_split.txt"
        VULKIT_VALIDATION=1 limit 150 python3 benchmarks/probes/with_settings.py vulkit.array.ops.matmul.SPLIT_K=True -- \
          -m pytest -q -p no:cacheprovider tests/array/test_matmul_split.py tests/array/test_matmul.py 2>&1 \
          | tail -n 5 | tee "$out/tests_split_k.txt"
        VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 8 -p no:cacheprovider -m "slow or not slow" \
          tests/array/test_factorizations.py tests/array/test_linalg_jacobi_grid.py -k "eigh or svd or jacobi or grid" \
          2>&1 | tail -n 5 | tee "$out/tests_jacobi.txt"
        limit 60 python3 benchmarks/probes/probe_spectral_check.py 512 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 100 "eigh 512" "svd 512" ;;
    41) VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 14 -p no:cacheprovider --tb=short -rf tests \
          > "$out/tests_all_full.txt" 2>&1; grep -E "passed|failed|FAILED" "$out/tests_all_full.txt" | tail -n 30 \
          | tee "$out/tests_all.txt"
        VULKIT_VALIDATION=1 limit 100 python3 -m pytest -q -n 8 -p no:cacheprovider -m "slow or not slow" \
          tests/array/test_qr_grid.py tests/array/test_factorizations.py -k "grid or qr or svd or extreme" --tb=short \
          -rf 2>&1 | grep -v Warning | tail -n 40 | tee "$out/tests_qr.txt"
        limit 40 python3 benchmarks/probes/probe_spectral_check.py --qr 4096 3001 2>&1 | tee "$out/spectral_check.txt"
        bench_rows 60 "qr 4096" ;;
    40) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 8 -p no:cacheprovider -m "slow or not slow" \
          tests/array/test_qr_grid.py tests/array/test_factorizations.py -k "grid or qr or svd or eigh" 2>&1 | tail -n 5 \
          | tee "$out/tests_qr_grid.txt"
        limit 60 python3 benchmarks/probes/probe_spectral_check.py 512 --qr 4096 2048 2>&1 | tee "$out/spectral_check.txt"
        setup='import numpy as np; a = vt.asarray(np.random.default_rng(1).standard_normal((4096, 4096), dtype=np.float32))'
        limit 100 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_large.QR_GRID=False,True" \
          "vt.linalg.qr(a)" --setup "$setup" --turns 2 2>&1 | tee "$out/qr_grid.txt"
        limit 60 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_large.QR_GRID_GROUPS=64,128,256" \
          "vt.linalg.qr(a)" --setup "$setup" 2>&1 | tee "$out/qr_grid_groups.txt"
        limit 60 python3 benchmarks/probes/probe_kernel_times.py "vt.linalg.qr(a)" --setup "$setup" 2>&1 \
          | tee "$out/qr_times.txt"
        bench_rows 100 "qr 4096" "eigh 512" "svd 512" ;;
    39) VULKIT_VALIDATION=1 limit 90 python3 -m pytest -q -n 8 -p no:cacheprovider tests/array/test_linalg_jacobi_grid.py \
          2>&1 | tail -n 5 | tee "$out/tests_grid.txt"
        limit 60 python3 benchmarks/probes/probe_spectral_check.py 512 1024 2>&1 | tee "$out/eigh_check.txt"
        setup='import numpy as np; a = vt.asarray(np.random.default_rng(1).standard_normal((512, 512), dtype=np.float32))'
        limit 90 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_large.SVD_GRID=False,True" \
          "vt.linalg.svd(a, full_matrices=False)" --setup "$setup" 2>&1 | tee "$out/svd_grid.txt"
        bench_rows 90 "eigh" "svd" ;;
    38) setup='import numpy as np; g = np.random.default_rng(1).standard_normal((512, 512), dtype=np.float32)
h = vt.asarray((g + g.T) / 2)'
        VULKIT_VALIDATION=1 limit 60 python3 -m pytest -q -n 8 -p no:cacheprovider -m "slow or not slow" \
          tests/array/test_linalg_jacobi_grid.py tests/array/test_factorizations.py -k "eigh or grid" 2>&1 | tail -n 5 \
          | tee "$out/tests_eigh_grid.txt"
        in_turn eigh_grid_ab.txt limit 40 python3 benchmarks/probes/probe_times.py "vt.linalg.eigh(h)" --setup "$setup"
        bench_rows 40 "eigh" ;;
    37) setup='import numpy as np; g = np.random.default_rng(1).standard_normal((512, 512), dtype=np.float32)
h = vt.asarray((g + g.T) / 2); a = vt.asarray(g)'
        in_turn spectral_ab.txt limit 100 python3 benchmarks/probes/probe_times.py "vt.linalg.eigh(h)" \
          "vt.linalg.svd(a, full_matrices=False)" --setup "$setup"
        bench_rows 150 "eigh" "svd"
        VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 8 -p no:cacheprovider -m "slow or not slow" \
          tests/array/test_factorizations.py 2>&1 | tail -n 5 | tee "$out/tests_factorizations.txt" ;;
    36) setup='import numpy as np; rng = np.random.default_rng(0); x = vt.asarray(rng.random(1 << 28, dtype=np.float32))
s = vt.asarray(np.float32(0.5)); m = vt.asarray(rng.random(1 << 24) > 0.5); y = vt.asarray(rng.random(1 << 24, dtype=np.float32))'
        in_turn uniform_ab.txt limit 120 python3 benchmarks/probes/probe_times.py "x - s" "x - 0.5" "x - x.mean()" \
          "y.__setitem__(m, 0.0)" --setup "$setup"
        VULKIT_VALIDATION=1 limit 120 python3 -m pytest -q -n 8 -p no:cacheprovider tests/array/test_layouts.py \
          2>&1 | tail -n 3 | tee "$out/tests_layouts.txt" ;;
    35) setup='import numpy as np; rng = np.random.default_rng(0); x = vt.asarray(rng.random((4096, 4096), dtype=np.float32))
rgb = vt.asarray(rng.integers(0, 256, (4096, 4096, 3), dtype=np.uint8))'
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.image._filter_core.FUSE_MAX_TAPS=0,13,99" \
          "vt.image.gaussian_filter(x, 1.0)" "vt.image.gaussian_filter(x, 1.5)" "vt.image.gaussian_filter(x, 2.0)" \
          "vt.image.uniform_filter(x, 5)" "vt.image.uniform_filter(x, 13)" "vt.image.gaussian_filter(rgb, 2.0)" \
          --setup "$setup" 2>&1 | tee "$out/fuse_taps.txt"
        VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 8 -p no:cacheprovider tests/image/test_filters.py \
          tests/image/test_morphology.py 2>&1 | tail -n 5 | tee "$out/tests_filters.txt" ;;
    34) setup='import numpy as np; rng = np.random.default_rng(0)
a = vt.asarray(rng.random((8192, 4096), dtype=np.float32)); x = vt.asarray(rng.random(4096, dtype=np.float32))'
        limit 90 python3 benchmarks/probes/probe_times.py "a @ x" --setup "$setup" 2>&1 | tee "$out/matvec.txt"
        bench_rows 100 matrix-vector
        VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -n 8 -p no:cacheprovider tests/array/test_matmul.py \
          2>&1 | tail -n 5 | tee "$out/tests_matmul.txt" ;;
    33) VULKIT_VALIDATION=1 limit 150 python3 -m pytest -q -n 8 -p no:cacheprovider tests/array/test_reductions.py \
          tests/array/test_recording.py tests/array/test_fft.py 2>&1 | tail -n 5 | tee "$out/tests.txt"
        setup='import numpy as np; c = vt.asarray(np.random.default_rng(0).random((8192, 8192), dtype=np.float32))'
        limit 90 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.reductions.COMBINE_LANES_FROM=128,16" \
          "vt.sum(c, axis=0)" "vt.max(c, axis=0)" --setup "$setup" 2>&1 | tee "$out/combine_lanes.txt"
        bench_rows 100 "mean of" "var of" nonzero bincount topk "take" concat matrix-vector equalize rgb2gray uniform \
          erosion "column sum" ;;
    32) red=vulkit.array.ops.reductions; ker=vulkit.array.kernels.reduction; sc=vulkit.array.ops.scans
        setup='import numpy as np; rng = np.random.default_rng(0)
c = vt.asarray(rng.random((8192, 8192), dtype=np.float32)); s = vt.asarray(rng.random(1 << 28, dtype=np.float32))'
        for turn in 1 2; do
          for settings in "$red.COL_CHUNK_MIN=256" "$red.COL_CHUNK_MIN=128" "$red.COL_CHUNK_MIN=64" \
              "$ker.COL_UNROLL=16" "$ker.COL_UNROLL=16 $red.COL_CHUNK_MIN=128" \
              "$red.COL_CHUNK_MIN=128 $red.GPU_TARGET_GROUPS=4096" "$red.COL_CHUNK_MIN=64 $red.GPU_TARGET_GROUPS=8192"; do
            echo "== $settings" | tee -a "$out/colsum.txt"
            limit 60 python3 benchmarks/probes/with_settings.py $settings -- benchmarks/probes/probe_times.py \
              "vt.sum(c, axis=0)" --setup "$setup" 2>&1 | tee -a "$out/colsum.txt"
          done
          for settings in "$sc.LOOKBACK_BYTES=65536" "$sc.LOOKBACK_BYTES=32768" "$sc.TARGET_BLOCKS={'gpu': 8192, 'cpu': 16}"; do
            echo "== $settings" | tee -a "$out/cumsum.txt"
            limit 60 python3 benchmarks/probes/with_settings.py "$settings" -- benchmarks/probes/probe_times.py \
              "vt.cumulative_sum(s)" --setup "$setup" 2>&1 | tee -a "$out/cumsum.txt"
          done
        done ;;
    31) VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 14 -p no:cacheprovider tests 2>&1 | tail -n 40 \
          | tee "$out/tests_all.txt"
        linalg_one_batch_ab
        bench_rows 150 solve cholesky lu_factor
        r2c_pairs_ab ;;
    27) VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 4 -p no:cacheprovider tests/array/test_factorizations.py \
          tests/array/test_linalg_scipy.py tests/array/test_linalg_blocked.py 2>&1 | tail -n 8 | tee "$out/tests_linalg.txt"
        linalg_one_batch_ab
        bench_rows 150 solve cholesky lu_factor ;;
    26) linalg_one_batch_ab
        bench_rows 150 solve_triangular cholesky
        limit 200 python3 benchmarks/probes/probe_fft_rows.py 2>&1 | tee "$out/fft_rows.txt"
        VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 4 -p no:cacheprovider tests/array/test_factorizations.py \
          tests/array/test_linalg_scipy.py tests/array/test_linalg_blocked.py 2>&1 | tail -n 8 | tee "$out/tests_linalg.txt" ;;
    24) setup=$(linalg_setup)
        in_turn trsm_ab.txt limit 150 python3 benchmarks/probes/probe_times.py \
          "vt.linalg.solve_triangular(t, r, lower=True, check_finite=False)" \
          "vt.linalg.solve_triangular(t.mT, r, lower=False, check_finite=False)" "vt.linalg.solve(a, v)" \
          "vt.linalg.cholesky(a)" --setup "$setup"
        for statement in "vt.linalg.solve_triangular(t, r, lower=True, check_finite=False)" "vt.linalg.cholesky(a)"; do
          echo "== $statement" | tee -a "$out/linalg_kernels.txt"
          limit 90 python3 benchmarks/probes/probe_kernel_doubling.py "$statement" --setup "$setup" 2>&1 \
            | tee -a "$out/linalg_kernels.txt"
          limit 90 python3 benchmarks/probes/probe_kernel_times.py "$statement" --setup "$setup" 2>&1 \
            | tee -a "$out/linalg_kernels.txt"
        done ;;
    23) setup=$(linalg_setup)
        in_turn linalg_ab.txt limit 150 python3 benchmarks/probes/probe_times.py "vt.linalg.cholesky(a)" \
          "vt.linalg.solve_triangular(t, r, lower=True)" "vt.linalg.solve_triangular(t.mT, r, lower=False)" \
          "vt.linalg.solve(a, v)" --setup "$setup"
        limit 150 python3 benchmarks/probes/probe_setting_ab.py "vulkit.array.ops.linalg_blocked.CHOL_DEFER=0,256,512,1024,2048" \
          "vt.linalg.cholesky(a)" --setup "$setup" 2>&1 | tee "$out/chol_defer.txt"
        bench_rows 150 cholesky solve lu_factor
        VULKIT_VALIDATION=1 limit 300 python3 -m pytest -q -n 4 -p no:cacheprovider tests/array/test_factorizations.py \
          tests/array/test_linalg_scipy.py tests/array/test_linalg_blocked.py 2>&1 | tail -n 8 | tee "$out/tests_linalg.txt" ;;
    22) VULKIT_VALIDATION=1 limit 400 python3 -m pytest -q -n 8 -p no:cacheprovider tests 2>&1 | tail -n 60 \
          | tee "$out/tests_all.txt"
        VULKIT_AUTOTUNE=0 limit 150 python3 benchmarks/probes/probe_matmul_tiles.py 2>&1 | tee "$out/matmul_tiles.txt" ;;
    17) setup='import numpy as np; rng = np.random.default_rng(0); b = vt.asarray(rng.random(1 << 24) > 0.5)
x = vt.asarray(rng.random(1 << 24, dtype=np.float32))'
        limit 240 python3 benchmarks/probes/probe_setting_ab.py \
          "vulkit.array.ops.scans.TARGET_BLOCKS={'gpu': 16384, 'cpu': 16}|{'gpu': 2048, 'cpu': 16}|{'gpu': 1024, 'cpu': 16}|{'gpu': 512, 'cpu': 16}" \
          "vt.nonzero(b)" "x[b]" "vt.cumulative_sum(x)" --setup "$setup" 2>&1 | tee "$out/compaction_blocks.txt" ;;
    18) VULKIT_VALIDATION=1 limit 200 python3 -m pytest -q -p no:cacheprovider tests/array/test_scans.py \
          -k "mask or nonzero or where" 2>&1 | tail -n 3 | tee "$out/tests.txt"
        in_turn mask_assign_ab.txt bash -c 'for bits in 12 24; do
          timeout 60 python3 benchmarks/probes/probe_mask_assign.py $bits; done' ;;
  esac
done
