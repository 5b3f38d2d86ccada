(* proofs/frama_gc.ml -- Frama-C's garbage collector paced for WP.
 *
 * mk/prove.mk compiles this into build/prove/frama_gc.cmxs and every
 * Frama-C run of make prove loads it (-load-module, in PROVE_FLAGS).
 *
 * Frama-C sets OCaml's minor heap to 256k words at start-up, whatever
 * OCAMLRUNPARAM says.  WP's Qed and the Why3 tasks it prints allocate many
 * short-lived terms on deep stacks, so each minor collection scans a long
 * stack and promotes terms that would have died a little later: in a
 * profile of a replay (perf, ccm_step and ccm_step_value from the cache)
 * about a fifth of the CPU was the collector.  With a minor heap of 8M
 * words (64 MB) a replay of the whole kernel takes 15 % less CPU
 * (docs/proof-log.md, "Measured").  Only the collector's pacing changes: WP
 * generates and sends the same goals (the cache keys, which hash each
 * task, still match). *)
let () = Gc.set { (Gc.get ()) with Gc.minor_heap_size = 1 lsl 23 }

(* a line in each log shows it took effect *)
let () = prerr_endline "[frama_gc] minor heap: 8M words"
