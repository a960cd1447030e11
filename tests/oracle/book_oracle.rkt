#lang racket/base
;; book_oracle.rkt -- run the *Realm of Racket* Dice of Doom program (chapter 12,
;; lazy version) as an oracle for lazytree's Python implementation.
;;
;; The book's module is LOADED from the Racket installation, not copied: we
;; dynamic-require it and use module->namespace to reach its internal
;; definitions (game-tree, game-moves, rate-moves, ...).
;;
;; The book module requires 2htdp/universe, which pulls in racket/gui and fails
;; without an X display.  Only `roll-the-dice` (never called here) uses it, so
;; while the book module is loaded we redirect `2htdp/universe` to the tiny
;; stub submodule below.  2htdp/image loads fine headless.
;;
;; Usage:
;;   racket book_oracle.rkt --size N --board "0:2 1:1 0:3 1:2" --player P --spare S
;;                          [--depth D] [--ai] [--ai-depth K] [--neighbors]
;;                          [--path "0->3 pass 1->0"]
;; Prints one line of JSON.

(require racket/cmdline racket/list racket/string json)

;; ---------------------------------------------------------------------------
;; headless stand-in for 2htdp/universe (must export left/right: the book does
;; (except-in 2htdp/universe left right))
(module universe-stub racket/base
  (provide big-bang on-key to-draw stop-when key=? left right)
  (define (no-gui . _) (error 'book_oracle "2htdp/universe is stubbed out (headless oracle)"))
  (define-syntax-rule (big-bang e clause ...) (no-gui))
  (define on-key no-gui)
  (define to-draw no-gui)
  (define stop-when no-gui)
  (define key=? equal?)
  (define left no-gui)
  (define right no-gui))

(define BOOK
  (simplify-path
   (or (let ([e (getenv "REALM_DICE_SOURCE")]) (and e (path->complete-path e)))
       (collection-file-path "source.rkt" "realm" "chapter12"
                             #:fail (lambda (_) "/usr/share/racket/pkgs/realm/chapter12/source.rkt")))))

(define stub-name
  (module-path-index-resolve
   (module-path-index-join '(submod "." universe-stub)
                           (variable-reference->module-path-index (#%variable-reference)))))

(define book-ns
  (let ([orig (current-module-name-resolver)])
    (parameterize ([current-module-name-resolver
                    (case-lambda
                      [(r ns) (orig r ns)]
                      [(mp rel stx load?)
                       (if (equal? mp '2htdp/universe)
                           stub-name
                           (orig mp rel stx load?))])]
                   ;; the installation ships a .zo of the book compiled against the real
                   ;; 2htdp/universe (with cross-module inlining), so compile the book
                   ;; from source; every other module still loads from its .zo
                   [current-load/use-compiled
                    (let ([orig-luc (current-load/use-compiled)])
                      (lambda (file expected)
                        (if (equal? (simplify-path (path->complete-path file)) BOOK)
                            ((current-load) file expected)
                            (orig-luc file expected))))]
                   [compile-enforce-module-constants #f]
                   ;; the book's (bitmap "../chapter10/graphics/dice1.png") is resolved
                   ;; against the current directory
                   [current-directory (let-values ([(dir _n _d) (split-path BOOK)]) dir)])
      (dynamic-require BOOK #f)
      (module->namespace BOOK))))

(define (book sym) (eval sym book-ns))

(define territory    (book 'territory))
(define territory-index  (book 'territory-index))
(define territory-player (book 'territory-player))
(define territory-dice   (book 'territory-dice))
(define game-tree    (book 'game-tree))
(define game-moves   (book 'game-moves))
(define game-board   (book 'game-board))
(define game-player  (book 'game-player))
(define move-action  (book 'move-action))
(define move-gt      (book 'move-gt))
(define set-grid     (book 'set-grid))
(define rate-moves   (book 'rate-moves))
(define the-ai-plays (book 'the-ai-plays))
(define neighbors    (book 'neighbors))
(define book-AI      (book 'AI))
(define book-AI-DEPTH (book 'AI-DEPTH))

;; ---------------------------------------------------------------------------
;; helpers

(define (parse-board spec)
  (for/list ([tok (string-split spec)] [i (in-naturals)])
    (define parts (string-split tok ":"))
    (unless (= (length parts) 2) (raise-user-error 'book_oracle "bad territory spec ~s" tok))
    (define owner (string->number (first parts)))
    (define dice (string->number (second parts)))
    (unless (and (exact-nonnegative-integer? owner) (exact-positive-integer? dice))
      (raise-user-error 'book_oracle "bad territory spec ~s" tok))
    (territory i owner dice 0 0)))

(define (action->string a)
  (if (null? a) "pass" (format "~a->~a" (first a) (second a))))

(define (board->spec b)  ; in territory-index order
  (string-join (for/list ([t (sort b < #:key territory-index)])
                 (format "~a:~a" (territory-player t) (territory-dice t)))
               " "))

(define (board->raw b)   ; in the book's list order, "idx=owner:dice"
  (for/list ([t b])
    (format "~a=~a:~a" (territory-index t) (territory-player t) (territory-dice t))))

(define (rating->string r) (number->string r))

;; count nodes / leaves of the tree below gt, to depth d (#f = whole tree).
;; Written so that already-counted subtrees become garbage (only the stack
;; references the node being expanded).
(define (count-tree gt d)
  (define ms (if (and d (zero? d)) '() (game-moves gt)))
  (if (null? ms)
      (values 1 1)
      (let loop ([ms ms] [n 1] [l 0])
        (if (null? ms)
            (values n l)
            (let ([g (move-gt (car ms))] [rest (cdr ms)])
              (define-values (cn cl) (count-tree g (and d (sub1 d))))
              (loop rest (+ n cn) (+ l cl)))))))

;; the book's the-ai-plays loop, with the depth as a parameter, recording moves
(define (ai-plays tree depth)
  (let loop ([tree tree] [acc '()])
    (define ratings (rate-moves tree depth))
    (define the-move (first (argmax second ratings)))
    (define new-tree (move-gt the-move))
    (define acc* (cons (action->string (move-action the-move)) acc))
    (if (= (game-player new-tree) book-AI)
        (loop new-tree acc*)
        (values (reverse acc*) new-tree))))

(define (find-action tree str)
  (or (for/first ([m (game-moves tree)]
                  #:when (equal? (action->string (move-action m)) str))
        (move-gt m))
      (raise-user-error 'book_oracle "move ~s not available; moves are ~s" str
                        (map (lambda (m) (action->string (move-action m))) (game-moves tree)))))

;; ---------------------------------------------------------------------------
;; one query: a position, what to report; returns the JSON line

(define (run-query size board-spec player spare depth ai? ai-depth path show-neighbors?)
  (unless (and (exact-positive-integer? size) board-spec)
    (raise-user-error 'book_oracle "--size and --board are required"))
  (define K (or ai-depth book-AI-DEPTH))
  (set-grid size)
  (define board (parse-board board-spec))
  (unless (= (length board) (* size size))
    (raise-user-error 'book_oracle "board has ~a territories, expected ~a" (length board) (* size size)))
  (define (fresh-root) (game-tree board player spare))
  (define out '())
  (define (emit! k v) (set! out (cons (cons k v) out)))

  (define-values (nodes leaves) (count-tree (fresh-root) depth))  ; root not retained
  (emit! "nodes" nodes)
  (emit! "leaves" leaves)

  (define root (fresh-root))
  (emit! "root_moves" (map (lambda (m) (action->string (move-action m))) (game-moves root)))

  (when ai?
    (unless (= player book-AI)
      (raise-user-error 'book_oracle "--ai needs --player ~a (the book's AI)" book-AI))
    (emit! "ratings" (for/list ([r (rate-moves root K)])
                       (list (action->string (move-action (first r))) (rating->string (second r)))))
    (cond
      [(null? (game-moves root))
       ;; the book never calls the-ai-plays here (it would fail on argmax of '())
       (emit! "ai_turn" '())
       (emit! "ai_board" (board->spec (game-board root)))
       (emit! "ai_board_order" (map territory-index (game-board root)))
       (emit! "ai_next_player" (game-player root))]
      [else
       (define-values (seq final) (ai-plays root K))
       (when (= K book-AI-DEPTH)  ; cross-check against the book's own function
         (define book-final (the-ai-plays root))
         (unless (and (equal? (game-board book-final) (game-board final))
                      (equal? (game-player book-final) (game-player final)))
           (error 'book_oracle "reimplemented AI loop disagrees with the-ai-plays")))
       (emit! "ai_turn" seq)
       (emit! "ai_board" (board->spec (game-board final)))
       (emit! "ai_board_order" (map territory-index (game-board final)))
       (emit! "ai_next_player" (game-player final))]))

  (when show-neighbors?
    (emit! "neighbors" (for/list ([i (* size size)]) (neighbors i))))

  (when path
    ;; for the root and each node reached along the path: the board in the book's
    ;; list order ("idx=owner:dice"), the player, and the moves in the book's order
    (define (describe tree)
      (hash 'board (board->raw (game-board tree))
            'player (game-player tree)
            'moves (map (lambda (m) (action->string (move-action m))) (game-moves tree))))
    (emit! "path"
           (let loop ([tree root] [steps (string-split path)] [acc (list (describe root))])
             (if (null? steps)
                 (reverse acc)
                 (let ([next (find-action tree (car steps))])
                   (loop next (cdr steps) (cons (describe next) acc)))))))

  ;; one line of JSON, keys in the order emitted
  (string-append
   "{"
   (string-join (for/list ([kv (reverse out)])
                  (string-append (jsexpr->string (car kv)) ": " (jsexpr->string (cdr kv))))
                ", ")
   "}"))

;; ---------------------------------------------------------------------------
;; timing the book's AI (for `lazytree bench dice-of-doom --against-racket`), in
;; processor milliseconds; each of the `repeat` measurements times `inner` runs in a row
;; (so that a short one is not lost in the clock's millisecond steps), each run on a
;; fresh game tree:
;; * time_ai: the AI's whole turn (ai-plays, the-ai-plays' loop) at depth K, the moves
;;   it played;
;; * time_first: the first decision, (rate-moves tree K) on the root, its ratings and
;;   the nodes of the tree to depth K (counted afterwards, not timed).

(define (timed-runs repeat inner thunk)
  (for/list ([_ (in-range (or repeat 1))])
    (collect-garbage)
    (define start (current-process-milliseconds))
    (define out (for/last ([_ (in-range (or inner 1))]) (thunk)))
    (cons (- (current-process-milliseconds) start) out)))

(define (time-ai-query size board-spec player spare ai-depth repeat [inner 1])
  (define K (or ai-depth book-AI-DEPTH))
  (set-grid size)
  (define board (parse-board board-spec))
  (define runs
    (timed-runs repeat inner
                (lambda ()
                  (define-values (seq final) (ai-plays (game-tree board player spare) K))
                  seq)))
  (string-append "{\"ai_turn\": " (jsexpr->string (cdr (first runs)))
                 ", \"ms\": " (jsexpr->string (map car runs)) "}"))

(define (time-first-query size board-spec player spare ai-depth repeat [inner 1])
  (define K (or ai-depth book-AI-DEPTH))
  (set-grid size)
  (define board (parse-board board-spec))
  (define runs
    (timed-runs repeat inner (lambda () (rate-moves (game-tree board player spare) K))))
  (define-values (nodes leaves) (count-tree (game-tree board player spare) K))
  (string-append "{\"ratings\": "
                 (jsexpr->string (for/list ([r (cdr (first runs))])
                                   (list (action->string (move-action (first r)))
                                         (rating->string (second r)))))
                 ", \"nodes\": " (jsexpr->string nodes)
                 ", \"ms\": " (jsexpr->string (map car runs)) "}"))

;; ---------------------------------------------------------------------------
;; main

(define size #f)
(define board-spec #f)
(define player 0)
(define spare 0)
(define depth #f)
(define ai? #f)
(define ai-depth #f)
(define path #f)
(define show-neighbors? #f)
(define batch? #f)

(command-line
 #:program "book_oracle.rkt"
 #:once-each
 [("--size") n "board is N x N" (set! size (string->number n))]
 [("--board") s "owner:dice pairs in territory index order" (set! board-spec s)]
 [("--player") p "player to move (0 or 1)" (set! player (string->number p))]
 [("--spare") s "spare dice" (set! spare (string->number s))]
 [("--depth") d "count the tree only to D moves" (set! depth (string->number d))]
 [("--ai") "also report the AI's ratings and turn (AI = player 1)" (set! ai? #t)]
 [("--ai-depth") k "AI look-ahead (default: the book's AI-DEPTH = 4)" (set! ai-depth (string->number k))]
 [("--neighbors") "also report the book's (neighbors i) for every territory i" (set! show-neighbors? #t)]
 [("--path") p "walk these moves from the root (e.g. \"0->3 pass 1->0\"); report each node's board (book list order), player and moves"
             (set! path p)]
 [("--batch") "read one JSON query a line from stdin ({\"size\", \"board\", \"player\", \"spare\", \"depth\", \"ai\", \"ai_depth\"}) and answer each with one JSON line (the book is compiled once)"
              (set! batch? #t)])

(cond
  [batch?
   (for ([line (in-lines)] #:unless (string=? (string-trim line) ""))
     (define q (string->jsexpr line))
     (define (get k [default #f]) (let ([v (hash-ref q k default)]) (if (eq? v 'null) default v)))
     (displayln (cond
                  [(get 'time_ai)
                   (time-ai-query (get 'size) (get 'board) (get 'player 1) (get 'spare 0)
                                  (get 'ai_depth) (get 'repeat) (get 'inner 1))]
                  [(get 'time_first)
                   (time-first-query (get 'size) (get 'board) (get 'player 1) (get 'spare 0)
                                     (get 'ai_depth) (get 'repeat) (get 'inner 1))]
                  [else
                   (run-query (get 'size) (get 'board) (get 'player 0) (get 'spare 0) (get 'depth)
                               (get 'ai) (get 'ai_depth) (get 'path) #f)]))
     (flush-output))]
  [else
   (displayln (run-query size board-spec player spare depth ai? ai-depth path show-neighbors?))])
