#lang racket/base
;; book_timer.rkt -- time the *Realm of Racket* Dice of Doom AI (chapter 12, the lazy
;; version) as compiled normally, for `lazytree bench dice-of-doom --against-racket`.
;;
;; benchmarks.racket copies this file into a fresh directory beside a copy of the
;; installed book program (realm/chapter12/source.rkt), unchanged except one line: its
;; (require ... 2htdp/universe ...) names the headless stand-in "universe-stub.rkt"
;; (2htdp/universe starts racket/gui, which needs a display; only `roll-the-dice`, never
;; called here, uses it). Both are compiled with `raco make` at Racket's defaults
;; (compile-enforce-module-constants #t), then run with `racket book_timer.rkt`, so the
;; book's code runs as a user who `raco make`s it runs it.
;;
;; The book module provides nothing; its definitions are reached through
;; module->namespace. Their code is the compiled module's own.
;;
;; Reads one JSON query a line from stdin and answers each with one JSON line:
;;   {"size", "board", "player", "spare", "ai_depth", "inner", "time_first": true}
;;     -> {"ratings": [[move, value], ...], "nodes": N, "ms": [ms]}
;;   {"size", "board", "player", "spare", "ai_depth", "inner", "time_ai": true}
;;     -> {"ai_turn": [move, ...], "ms": [ms]}
;; "ms" is the processor milliseconds (fractional) of `inner` runs, each on a fresh game
;; tree and timed alone: a garbage collection first, then before each run a minor one,
;; outside the clock; the previous run's tree is no longer held then.

(require racket/list racket/string racket/runtime-path json ffi/unsafe/vm)

;; the process's processor time in nanoseconds: Chez Scheme's clock, which
;; current-process-milliseconds reads in whole milliseconds (too coarse for one run)
(define cpu-ns
  (vm-eval '(lambda ()
              (let ([t (current-time 'time-process)])
                (+ (* (time-second t) 1000000000) (time-nanosecond t))))))

(define-runtime-path BOOK "chapter12/source.rkt")

(define book-ns
  (begin
    (dynamic-require BOOK #f)
    (module->namespace BOOK)))

(define (book sym) (eval sym book-ns))

(define territory       (book 'territory))
(define game-tree       (book 'game-tree))
(define game-moves      (book 'game-moves))
(define game-player     (book 'game-player))
(define move-action     (book 'move-action))
(define move-gt         (book 'move-gt))
(define set-grid        (book 'set-grid))
(define rate-moves      (book 'rate-moves))
(define book-AI         (book 'AI))
(define book-AI-DEPTH   (book 'AI-DEPTH))

(define (parse-board spec)
  (for/list ([tok (string-split spec)] [i (in-naturals)])
    (define parts (string-split tok ":"))
    (territory i (string->number (first parts)) (string->number (second parts)) 0 0)))

(define (action->string a)
  (if (null? a) "pass" (format "~a->~a" (first a) (second a))))

;; nodes of the tree below gt to depth d (counted after timing, not timed)
(define (count-tree gt d)
  (define ms (if (zero? d) '() (game-moves gt)))
  (for/fold ([n 1]) ([m ms])
    (+ n (count-tree (move-gt m) (sub1 d)))))

;; the book's the-ai-plays loop with the depth as a parameter, recording the moves
(define (ai-plays tree depth)
  (let loop ([tree tree] [acc '()])
    (define the-move (first (argmax second (rate-moves tree depth))))
    (define new-tree (move-gt the-move))
    (define acc* (cons (action->string (move-action the-move)) acc))
    (if (= (game-player new-tree) book-AI)
        (loop new-tree acc*)
        (reverse acc*))))

;; the processor milliseconds of `inner` runs of thunk and the last run's result: a full
;; collection first, then each run timed alone after a minor collection, the previous
;; run's result no longer held (a full collection per run would take longer than the runs:
;; the heap holds the book's libraries)
(define (timed inner thunk)
  (collect-garbage)
  (let loop ([k inner] [ns 0])
    (collect-garbage 'minor)
    (define start (cpu-ns))
    (define out (thunk))
    (define spent (+ ns (- (cpu-ns) start)))
    (if (<= k 1)
        (values (/ spent 1e6) out)
        (loop (sub1 k) spent))))

(define (answer q)
  (define (get k [default #f]) (let ([v (hash-ref q k default)]) (if (eq? v 'null) default v)))
  (define K (or (get 'ai_depth) book-AI-DEPTH))
  (define inner (get 'inner 1))
  (define player (get 'player 1))
  (define spare (get 'spare 0))
  (set-grid (get 'size))
  (define board (parse-board (get 'board)))
  (cond
    [(get 'time_first)
     (define-values (ms ratings)
       (timed inner (lambda () (rate-moves (game-tree board player spare) K))))
     (hash 'ratings (for/list ([r ratings])
                      (list (action->string (move-action (first r))) (number->string (second r))))
           'nodes (count-tree (game-tree board player spare) K)
           'ms (list ms))]
    [(get 'time_ai)
     (define-values (ms moves)
       (timed inner (lambda () (ai-plays (game-tree board player spare) K))))
     (hash 'ai_turn moves 'ms (list ms))]
    [else (raise-user-error 'book_timer "a query asks for time_first or time_ai")]))

(for ([line (in-lines)] #:unless (string=? (string-trim line) ""))
  (write-json (answer (string->jsexpr line)))
  (newline)
  (flush-output))
