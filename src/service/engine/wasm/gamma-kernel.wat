;; The gamma kernel in WebAssembly: its terms built from the chain's columns (`build`), and its sum
;; Σ c_i · exp(−((ln S + a_i) · b_i)² / 2) over them in SIMD, two terms per 128-bit lane pair
;; (`sum`). See profile.ts for a, b and c.
;;
;; Math.exp is a call into V8's fdlibm port, about 8 ns on these machines, and it is the engine's
;; whole hot path (2.8 M calls for an SPX chain's profile). Here exp runs inline on f64x2 lanes, for
;; u = x² (x = (ln S + a) · b):
;;   e^−u/2 = 2^−k · e^−r/2,  k = round(u/2 · log2 e),  r = u − 2k · ln 2 (|r| ≤ ln 2)
;; with e^−r/2 by its Taylor polynomial to degree 12 (truncation below 2e−16 of the result) in
;; Estrin's form, which is shallow enough for the CPU to overlap the four independent pairs of an
;; iteration: in Horner's form the 24-step dependency chain left the loop latency-bound at half the
;; speed. k is rounded by adding 1.5·2^52 (its low bits then hold k as an integer, which also builds
;; 2^−k in the exponent field). Where u/2 > 708, e^−u/2 is below the smallest normal double and the
;; lane is set to exactly 0, as a flushed Math.exp would be: the flip steps over exact zeros far from
;; every strike (flip.ts), so they must stay exact.
;;
;; Assembled into gamma-kernel.wasm.ts by `npm run build:wasm`; a unit test assembles this file again
;; and checks the committed bytes are the same.
(module
  (memory (export "memory") 1)

  ;; e^−u/2 for two lanes, u ≥ 0.
  (func $halfExpNeg (param $u v128) (result v128)
    (local $kd v128) (local $k v128) (local $r v128) (local $r2 v128) (local $r4 v128) (local $p v128)
    ;; kd = 1.5·2^52 − (u/2)·log2 e: rounds −(u/2)·log2 e to the integer −k, held in kd's low mantissa bits
    (local.set $kd (f64x2.add (f64x2.mul (local.get $u) (v128.const f64x2 -0.7213475204444817 -0.7213475204444817))
                              (v128.const f64x2 6755399441055744 6755399441055744)))
    (local.set $k (f64x2.sub (local.get $kd) (v128.const f64x2 6755399441055744 6755399441055744)))
    ;; r = u + (−k)·2 ln 2 = 2·(u/2 − k ln 2), |r| ≤ ln 2. One constant for 2 ln 2: its rounding
    ;; moves r by |k|·1e−16, which only matters (at 1e−13) where e^−u/2 is below 1e−290.
    (local.set $r (f64x2.add (local.get $u) (f64x2.mul (local.get $k) (v128.const f64x2 1.3862943611198906 1.3862943611198906))))
    (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
    (local.set $r4 (f64x2.mul (local.get $r2) (local.get $r2)))
    ;; e^−r/2 = Σ (−r/2)^n / n!, n = 0..12, as (p0 + r2·p2) + r4·((p4 + r2·p6) + r4·((p8 + r2·p10) + r4·c12)),
    ;; each pn = cn + c(n+1)·r
    (local.set $p (f64x2.add
      (f64x2.add
        (f64x2.add (v128.const f64x2 1.0 1.0) (f64x2.mul (v128.const f64x2 -0.5 -0.5) (local.get $r)))
        (f64x2.mul (local.get $r2)
          (f64x2.add (v128.const f64x2 0.125 0.125) (f64x2.mul (v128.const f64x2 -0.020833333333333332 -0.020833333333333332) (local.get $r)))))
      (f64x2.mul (local.get $r4)
        (f64x2.add
          (f64x2.add
            (f64x2.add (v128.const f64x2 0.0026041666666666665 0.0026041666666666665) (f64x2.mul (v128.const f64x2 -0.00026041666666666666 -0.00026041666666666666) (local.get $r)))
            (f64x2.mul (local.get $r2)
              (f64x2.add (v128.const f64x2 2.170138888888889e-05 2.170138888888889e-05) (f64x2.mul (v128.const f64x2 -1.5500992063492063e-06 -1.5500992063492063e-06) (local.get $r)))))
          (f64x2.mul (local.get $r4)
            (f64x2.add
              (f64x2.add
                (f64x2.add (v128.const f64x2 9.68812003968254e-08 9.68812003968254e-08) (f64x2.mul (v128.const f64x2 -5.382288910934745e-09 -5.382288910934745e-09) (local.get $r)))
                (f64x2.mul (local.get $r2)
                  (f64x2.add (v128.const f64x2 2.691144455467372e-10 2.691144455467372e-10) (f64x2.mul (v128.const f64x2 -1.2232474797578965e-11 -1.2232474797578965e-11) (local.get $r)))))
              (f64x2.mul (local.get $r4) (v128.const f64x2 5.096864498991235e-13 5.096864498991235e-13))))))))
    ;; times 2^−k: kd's low bits shifted into the exponent field, plus the bias 1023 << 52
    (local.set $p (f64x2.mul (local.get $p)
      (i64x2.add (i64x2.shl (local.get $kd) (i32.const 52))
                 (v128.const i64x2 4607182418800017408 4607182418800017408))))
    ;; exactly 0 where e^−u/2 is below the normal range (this also clears whatever the shift built there)
    (v128.andnot (local.get $p) (f64x2.gt (local.get $u) (v128.const f64x2 1416 1416))))

  ;; c · e^−((lnS + a)·b)²/2 for the two terms at byte offset $at of the arrays at $a, $b, $c.
  (func $terms (param $a i32) (param $b i32) (param $c i32) (param $at i32) (param $l v128) (result v128)
    (local $x v128)
    (local.set $x (f64x2.mul (f64x2.add (local.get $l) (v128.load (i32.add (local.get $a) (local.get $at))))
                             (v128.load (i32.add (local.get $b) (local.get $at)))))
    (f64x2.mul (v128.load (i32.add (local.get $c) (local.get $at)))
               (call $halfExpNeg (f64x2.mul (local.get $x) (local.get $x)))))

  ;; Σ over n terms (n a multiple of 8; padding terms have c = 0) of f64 arrays at byte offsets
  ;; $a, $b, $c, at one ln S. Four lane pairs per iteration, each into its own accumulator.
  (func (export "sum") (param $a i32) (param $b i32) (param $c i32) (param $n i32) (param $lnS f64) (result f64)
    (local $l v128) (local $at i32) (local $end i32)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local.set $l (f64x2.splat (local.get $lnS)))
    (local.set $end (i32.shl (local.get $n) (i32.const 3)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $s0 (f64x2.add (local.get $s0)
          (call $terms (local.get $a) (local.get $b) (local.get $c) (local.get $at) (local.get $l))))
        (local.set $s1 (f64x2.add (local.get $s1)
          (call $terms (local.get $a) (local.get $b) (local.get $c) (i32.add (local.get $at) (i32.const 16)) (local.get $l))))
        (local.set $s2 (f64x2.add (local.get $s2)
          (call $terms (local.get $a) (local.get $b) (local.get $c) (i32.add (local.get $at) (i32.const 32)) (local.get $l))))
        (local.set $s3 (f64x2.add (local.get $s3)
          (call $terms (local.get $a) (local.get $b) (local.get $c) (i32.add (local.get $at) (i32.const 48)) (local.get $l))))
        (local.set $at (i32.add (local.get $at) (i32.const 64)))
        (br $next)))
    (local.set $s0 (f64x2.add (f64x2.add (local.get $s0) (local.get $s1)) (f64x2.add (local.get $s2) (local.get $s3))))
    (f64.add (f64x2.extract_lane 0 (local.get $s0)) (f64x2.extract_lane 1 (local.get $s0))))

  ;; ln x for a positive normal x: x = 2^e · m with m ∈ [√½, √2) (the exponent is read after adding
  ;; 1 − √½ to the bits' mantissa, so m lands there), then ln m = 2 atanh(f / (2 + f)), f = m − 1,
  ;; by its series to z^10 (|s| ≤ 0.172, so the truncation is below 1e−18 of ln m), and
  ;; e · ln 2 in two parts. Within an ulp of Math.log (a unit test checks it).
  (func $ln (export "ln") (param $x f64) (result f64)
    (local $bits i64) (local $e f64) (local $f f64) (local $s f64) (local $z f64)
    (local.set $bits (i64.add (i64.reinterpret_f64 (local.get $x)) (i64.const 0x00095f619980c433)))
    (local.set $e (f64.convert_i64_s (i64.sub (i64.shr_u (local.get $bits) (i64.const 52)) (i64.const 1023))))
    (local.set $f (f64.sub
      (f64.reinterpret_i64 (i64.add (i64.and (local.get $bits) (i64.const 0x000fffffffffffff))
                                    (i64.const 0x3fe6a09e667f3bcd)))
      (f64.const 1)))
    (local.set $s (f64.div (local.get $f) (f64.add (f64.const 2) (local.get $f))))
    (local.set $z (f64.mul (local.get $s) (local.get $s)))
    ;; ln m = f − s·f + 2s·z·(1/3 + z/5 + … + z^9/21): f − s·f is 2s without a division's rounding
    (f64.add
      (f64.mul (local.get $e) (f64.const 0.6931471803691238))
      (f64.add
        (f64.add
          (f64.sub (local.get $f) (f64.mul (local.get $s) (local.get $f)))
          (f64.mul (f64.mul (f64.mul (f64.const 2) (local.get $s)) (local.get $z))
            (f64.add (f64.const 0.3333333333333333) (f64.mul (local.get $z)
            (f64.add (f64.const 0.2) (f64.mul (local.get $z)
            (f64.add (f64.const 0.14285714285714285) (f64.mul (local.get $z)
            (f64.add (f64.const 0.1111111111111111) (f64.mul (local.get $z)
            (f64.add (f64.const 0.09090909090909091) (f64.mul (local.get $z)
            (f64.add (f64.const 0.07692307692307693) (f64.mul (local.get $z)
            (f64.add (f64.const 0.06666666666666667) (f64.mul (local.get $z)
            (f64.add (f64.const 0.058823529411764705) (f64.mul (local.get $z)
            (f64.add (f64.const 0.05263157894736842) (f64.mul (local.get $z) (f64.const 0.047619047619047616)))))))))))))))))))))
        (f64.mul (local.get $e) (f64.const 1.9082149292705877e-10)))))

  ;; The kernel's terms from the chain's columns, as profile.ts's buildGammaKernel builds them (same
  ;; skips, same put/call merge, same operations in the same order, so a, b and c are the same
  ;; numbers but for ln K's last bit). A chain is analysed once, so this loop runs cold: in
  ;; JavaScript it ran in the interpreter for most of its 20,000 contracts (about 17 ms; 3 ms once
  ;; optimised), here it is compiled before its first run.
  ;; Columns at byte offsets: $iv, $oi, $strike (f64), $expiry (u16), $call (u8) per contract;
  ;; $years, $rootT (√t), $carry (e^−qt) (f64) and $mask (u8, read only when $masked) per
  ;; expiration. Writes a, b, c at $outA, $outB, $outC, zero-padded to a multiple of 8 terms, and
  ;; returns the number of terms. The outputs may be the $iv, $oi and $strike columns themselves
  ;; (term k is written after contract i ≥ k is read): fresh memory is costly to touch the first time
  ;; (page faults of about 20 µs per 4 KiB page on these machines), so the caller reuses it.
  (func (export "build")
    (param $n i32) (param $iv i32) (param $oi i32) (param $strike i32) (param $expiry i32) (param $call i32)
    (param $years i32) (param $rootT i32) (param $carry i32) (param $mask i32) (param $masked i32)
    (param $r f64) (param $q f64) (param $naive i32) (param $outA i32) (param $outB i32) (param $outC i32)
    (result i32)
    (local $i i32) (local $k i32) (local $e i32) (local $lastE i32) (local $at i32)
    (local $sigma f64) (local $count f64) (local $strikeK f64) (local $t f64) (local $sd f64) (local $w f64)
    (local $lastK f64) (local $lastSigma f64)
    (local.set $lastE (i32.const -1))
    (local.set $lastK (f64.const nan))
    (local.set $lastSigma (f64.const nan))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (block $skip
          (local.set $sigma (f64.load (i32.add (local.get $iv) (i32.shl (local.get $i) (i32.const 3)))))
          (local.set $count (f64.load (i32.add (local.get $oi) (i32.shl (local.get $i) (i32.const 3)))))
          (local.set $strikeK (f64.load (i32.add (local.get $strike) (i32.shl (local.get $i) (i32.const 3)))))
          (local.set $e (i32.load16_u (i32.add (local.get $expiry) (i32.shl (local.get $i) (i32.const 1)))))
          (local.set $t (f64.load (i32.add (local.get $years) (i32.shl (local.get $e) (i32.const 3)))))
          ;; no open interest, no valid IV, no strike, expired, or an expiration left out
          (br_if $skip (i32.eqz (f64.gt (local.get $count) (f64.const 0))))
          (br_if $skip (f64.eq (local.get $count) (f64.const inf)))
          (br_if $skip (i32.eqz (f64.gt (local.get $sigma) (f64.const 0))))
          (br_if $skip (f64.eq (local.get $sigma) (f64.const inf)))
          (br_if $skip (i32.eqz (f64.gt (local.get $strikeK) (f64.const 0))))
          (br_if $skip (i32.eqz (f64.gt (local.get $t) (f64.const 0))))
          (br_if $skip (i32.and (local.get $masked)
            (i32.ne (i32.load8_u (i32.add (local.get $mask) (local.get $e))) (i32.const 1))))
          (local.set $sd (f64.mul (local.get $sigma)
            (f64.load (i32.add (local.get $rootT) (i32.shl (local.get $e) (i32.const 3))))))
          ;; ((sign · OI · 100 · 0.01 · e^−qt) / sd) / √(2π), in buildGammaKernel's order
          (local.set $w (f64.mul
            (f64.div
              (f64.mul (f64.mul (f64.mul (f64.mul
                (select (f64.const 1) (f64.const -1)
                  (i32.or (local.get $naive)
                          (i32.eq (i32.load8_u (i32.add (local.get $call) (local.get $i))) (i32.const 1))))
                (local.get $count)) (f64.const 100)) (f64.const 0.01))
                (f64.load (i32.add (local.get $carry) (i32.shl (local.get $e) (i32.const 3)))))
              (local.get $sd))
            (f64.const 0.3989422804014327)))
          ;; a strike's put and call quoted at one IV share a and b: one term
          (if (i32.and (i32.eq (local.get $e) (local.get $lastE))
                       (i32.and (f64.eq (local.get $strikeK) (local.get $lastK))
                                (f64.eq (local.get $sigma) (local.get $lastSigma))))
            (then
              (local.set $at (i32.add (local.get $outC) (i32.shl (i32.sub (local.get $k) (i32.const 1)) (i32.const 3))))
              (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $w)))
              (br $skip)))
          (local.set $at (i32.shl (local.get $k) (i32.const 3)))
          (f64.store (i32.add (local.get $outA) (local.get $at))
            (f64.sub
              (f64.mul (f64.add (f64.sub (local.get $r) (local.get $q))
                                (f64.mul (f64.mul (f64.const 0.5) (local.get $sigma)) (local.get $sigma)))
                       (local.get $t))
              (call $ln (local.get $strikeK))))
          (f64.store (i32.add (local.get $outB) (local.get $at)) (f64.div (f64.const 1) (local.get $sd)))
          (f64.store (i32.add (local.get $outC) (local.get $at)) (local.get $w))
          (local.set $k (i32.add (local.get $k) (i32.const 1)))
          (local.set $lastE (local.get $e))
          (local.set $lastK (local.get $strikeK))
          (local.set $lastSigma (local.get $sigma)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    ;; zero padding up to the sum's step of eight terms
    (local.set $i (local.get $k))
    (block $padded
      (loop $pad
        (br_if $padded (i32.eqz (i32.and (local.get $i) (i32.const 7))))
        (local.set $at (i32.shl (local.get $i) (i32.const 3)))
        (f64.store (i32.add (local.get $outA) (local.get $at)) (f64.const 0))
        (f64.store (i32.add (local.get $outB) (local.get $at)) (f64.const 0))
        (f64.store (i32.add (local.get $outC) (local.get $at)) (f64.const 0))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $pad)))
    (local.get $k))

  ;; The profile on a grid evenly spaced in ln S: out[j] += Σ c_i · e^−x_ij²/2 for j = 0..$points−1,
  ;; x_ij = (lnS_0 + j·h + a_i) · b_i. Along such a grid each term is a Gaussian sampled at equal steps
  ;; d = h·b_i, so consecutive values have ratios that themselves change by a constant factor:
  ;;   g_j+1 = g_j · ρ_j,  ρ_j+1 = ρ_j · κ,  κ = e^−d²
  ;; and a term costs three exps (its peak value, the two first ratios and κ) and then two multiplies
  ;; per grid point instead of an exp per point. Each term walks out from the grid point nearest its
  ;; peak, up and down, so its values only shrink along a walk (a value that underflows stays 0, as it
  ;; should). Two lanes hold two points of a walk (j and j+1, stepping by 2): the ratios over two steps
  ;; change by κ⁴. The rounding of the ratios compounds along a walk (to about 1e−12 of a term at 100
  ;; steps from its peak): the flip only reads the profile's signs to bracket its sign changes and then
  ;; bisects with `sum`, so this is far below anything it reads. $out is indexed from −1 (the walk
  ;; down may write one slot below 0) to $points (the walk up one above the last); the caller zeroes it
  ;; and ignores those two slots.
  (func (export "profile")
    (param $a i32) (param $b i32) (param $c i32) (param $n i32)
    (param $lnS0 f64) (param $h f64) (param $points i32) (param $out i32)
    (local $i i32) (local $at i32) (local $peak i32) (local $j i32) (local $last f64)
    (local $x f64) (local $d f64) (local $w v128)
    (local $e1 v128) (local $e2 v128) (local $e3 v128)
    (local $g v128) (local $r v128) (local $k4 v128)
    (local $top f64) (local $up f64) (local $down f64) (local $kappa f64)
    (local.set $last (f64.convert_i32_s (i32.sub (local.get $points) (i32.const 1))))
    (block $done
      (loop $term
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $at (i32.shl (local.get $i) (i32.const 3)))
        ;; the grid point nearest the term's peak (x = 0 at lnS = −a), clamped to the grid
        (local.set $peak (i32.trunc_f64_s (f64.min (local.get $last) (f64.max (f64.const 0)
          (f64.nearest (f64.div
            (f64.neg (f64.add (local.get $lnS0) (f64.load (i32.add (local.get $a) (local.get $at)))))
            (local.get $h)))))))
        (local.set $x (f64.mul
          (f64.add (f64.add (local.get $lnS0) (f64.mul (f64.convert_i32_s (local.get $peak)) (local.get $h)))
                   (f64.load (i32.add (local.get $a) (local.get $at))))
          (f64.load (i32.add (local.get $b) (local.get $at)))))
        (local.set $d (f64.mul (local.get $h) (f64.load (i32.add (local.get $b) (local.get $at)))))
        (local.set $w (f64x2.splat (f64.load (i32.add (local.get $c) (local.get $at)))))
        ;; e^−u/2 of: the peak value (u = x²) and κ (u = 2d²); the first ratio up (u = 2xd + d²) and down
        ;; (u = d² − 2xd). A ratio in a direction the walk does not take may be meaningless; it is unused.
        (local.set $e1 (call $halfExpNeg (f64x2.replace_lane 1
          (f64x2.splat (f64.mul (local.get $x) (local.get $x)))
          (f64.mul (f64.const 2) (f64.mul (local.get $d) (local.get $d))))))
        (local.set $e2 (call $halfExpNeg (f64x2.replace_lane 1
          (f64x2.splat (f64.add (f64.mul (f64.mul (f64.const 2) (local.get $x)) (local.get $d))
                                (f64.mul (local.get $d) (local.get $d))))
          (f64.sub (f64.mul (local.get $d) (local.get $d))
                   (f64.mul (f64.mul (f64.const 2) (local.get $x)) (local.get $d))))))
        (local.set $top (f64x2.extract_lane 0 (local.get $e1)))
        (local.set $kappa (f64x2.extract_lane 1 (local.get $e1)))
        (local.set $up (f64x2.extract_lane 0 (local.get $e2)))
        (local.set $down (f64x2.extract_lane 1 (local.get $e2)))
        (local.set $k4 (f64x2.splat (f64.mul (f64.mul (local.get $kappa) (local.get $kappa))
                                             (f64.mul (local.get $kappa) (local.get $kappa)))))
        ;; up: (g_p, g_p+1) = (top, top·up), their two-step ratios (up²κ, up²κ³)
        (local.set $g (f64x2.replace_lane 1 (f64x2.splat (local.get $top))
                                            (f64.mul (local.get $top) (local.get $up))))
        (local.set $r (f64x2.mul (f64x2.splat (f64.mul (local.get $up) (local.get $up)))
          (f64x2.replace_lane 1 (f64x2.splat (local.get $kappa))
            (f64.mul (local.get $kappa) (f64.mul (local.get $kappa) (local.get $kappa))))))
        (local.set $j (local.get $peak))
        (block $upDone
          (loop $upNext
            (br_if $upDone (i32.ge_s (local.get $j) (local.get $points)))
            (local.set $at (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 3))))
            (v128.store (local.get $at) (f64x2.add (v128.load (local.get $at))
                                                   (f64x2.mul (local.get $w) (local.get $g))))
            (local.set $g (f64x2.mul (local.get $g) (local.get $r)))
            (local.set $r (f64x2.mul (local.get $r) (local.get $k4)))
            (local.set $j (i32.add (local.get $j) (i32.const 2)))
            (br $upNext)))
        ;; down: (g_p−2, g_p−1) = (top·down²κ, top·down), their two-step ratios (down²κ⁵, down²κ³)
        (local.set $g (f64x2.mul (f64x2.splat (local.get $top))
          (f64x2.replace_lane 1 (f64x2.splat (f64.mul (f64.mul (local.get $down) (local.get $down)) (local.get $kappa)))
                                (local.get $down))))
        (local.set $r (f64x2.mul (f64x2.splat (f64.mul (local.get $down) (local.get $down)))
          (f64x2.mul (f64x2.splat (f64.mul (local.get $kappa) (f64.mul (local.get $kappa) (local.get $kappa))))
            (f64x2.replace_lane 1 (f64x2.splat (f64.mul (local.get $kappa) (local.get $kappa))) (f64.const 1)))))
        (local.set $j (i32.sub (local.get $peak) (i32.const 2)))
        (block $downDone
          (loop $downNext
            (br_if $downDone (i32.lt_s (local.get $j) (i32.const -1)))
            (local.set $at (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 3))))
            (v128.store (local.get $at) (f64x2.add (v128.load (local.get $at))
                                                   (f64x2.mul (local.get $w) (local.get $g))))
            (local.set $g (f64x2.mul (local.get $g) (local.get $r)))
            (local.set $r (f64x2.mul (local.get $r) (local.get $k4)))
            (local.set $j (i32.sub (local.get $j) (i32.const 2)))
            (br $downNext)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $term))))
)
