;;;; Oracle driver for Land of Lisp's chance AI (chapter 20, dice_of_doom_v4.lisp).
;;;;
;;;; Not the book's code: it loads the book's own files from a directory given on the
;;;; command line and asks the book's `get-ratings' (over `limit-tree-depth') and
;;;; `handle-computer' about the root moves of a position.
;;;;
;;;;   sbcl --script tests/oracle/lol4_oracle.lisp BOOK-DIR < queries
;;;;
;;;; BOOK-DIR holds the book's dice_of_doom_v4.lisp and what it loads (dice_of_doom_v3.lisp,
;;;; v2, v1, lazy.lisp, webserver.lisp, svg.lisp). Each query is one Lisp form
;;;;   (SIZE PLAYERS MAX-DICE AI-LEVEL PLAYER FIRST-MOVE ((OWNER DICE) ...))
;;;; and the answer one line: the move the book's AI picks ("src->dst", "pass", or "none"
;;;; when the position has no move) and the book's ratings of the root moves, in the
;;;; book's move order. Run one (SIZE PLAYERS MAX-DICE) per process: the book memoizes
;;;; `neighbors' by position only and `game-tree' without the number of players or the
;;;; most dice.

(let ((dir (second sb-ext:*posix-argv*)))
  (unless dir
    (format *error-output* "usage: sbcl --script lol4_oracle.lisp BOOK-DIR < queries~%")
    (sb-ext:exit :code 2))
  (setf *default-pathname-defaults*
        (truename (if (char= (char dir (1- (length dir))) #\/) dir (concatenate 'string dir "/")))))

(let ((*standard-output* (make-broadcast-stream)))  ; the book's files print nothing we need
  (handler-bind ((warning #'muffle-warning))        ; nor do SBCL's notes on its web server
    (load "dice_of_doom_v4.lisp")))

(defun move-name (move)
  (if (car move)
      (format nil "~a->~a" (first (car move)) (second (car move)))
      "pass"))

(defun oracle-answer (size players max-dice ai-level player first-move cells)
  (setf *board-size* size
        *board-hexnum* (* size size)
        *num-players* players
        *max-dice* max-dice
        *ai-level* ai-level)
  (let* ((tree (game-tree (board-array cells) player 0 first-move))
         (moves (caddr tree)))
    (if (lazy-null moves)
        (format t "none~%")
        ;; the book's handle-computer: the first rating `eql' to the largest
        (let* ((ratings (get-ratings (limit-tree-depth tree *ai-level*) (car tree)))
               (index (position (apply #'max ratings) ratings))
               (move (lazy-nth index moves))
               (played (let ((*standard-output* (make-broadcast-stream)))  ; it rolls dice
                         (handle-computer tree))))
          ;; handle-computer itself returns one of the two outcomes of that move
          (unless (member played (cdr move) :test #'eq)
            (format *error-output* "handle-computer played another move than ~a~%"
                    (move-name move))
            (sb-ext:exit :code 1))
          (format t "~a~{ ~a~}~%" (move-name move) ratings)))
    (finish-output)))

(loop for query = (read *standard-input* nil nil)
      while query
      do (apply #'oracle-answer query))
