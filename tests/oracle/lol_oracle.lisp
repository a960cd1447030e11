;;;; Oracle driver for Land of Lisp's Dice of Doom AI (chapter 18, dice_of_doom_v2.lisp).
;;;;
;;;; Not the book's code: it loads the book's own files from a directory given on the
;;;; command line and asks the book's `handle-computer` for its move.
;;;;
;;;;   sbcl --script tests/oracle/lol_oracle.lisp BOOK-DIR < queries
;;;;
;;;; BOOK-DIR holds the book's lazy.lisp, dice_of_doom_v1.lisp and dice_of_doom_v2.lisp.
;;;; Each query is one Lisp form (SIZE PLAYER ((OWNER DICE) ...)) for a start-of-turn
;;;; position; the answer is one line: the move the book's AI picks ("src->dst", or
;;;; "none" when the position has no move) and the book's ratings of the root moves.
;;;; Run one board size per process: the book memoizes `neighbors` by position only.

(let ((dir (second sb-ext:*posix-argv*)))
  (unless dir
    (format *error-output* "usage: sbcl --script lol_oracle.lisp BOOK-DIR < queries~%")
    (sb-ext:exit :code 2))
  (setf *default-pathname-defaults*
        (truename (if (char= (char dir (1- (length dir))) #\/) dir (concatenate 'string dir "/")))))

(let ((*standard-output* (make-broadcast-stream)))  ; the book's files print nothing we need
  (load "dice_of_doom_v2.lisp"))

(defun oracle-answer (size player cells)
  (setf *board-size* size
        *board-hexnum* (* size size))
  (let* ((tree (game-tree (board-array cells) player 0 t))
         (moves (caddr tree)))
    (if (lazy-null moves)
        (format t "none~%")
        (let ((chosen (handle-computer tree))
              (ratings (ab-get-ratings-max (limit-tree-depth tree *ai-level*)
                                           player most-positive-fixnum most-negative-fixnum)))
          (loop for rest = moves then (lazy-cdr rest)
                until (lazy-null rest)
                do (let ((move (lazy-car rest)))
                     (when (eq (cadr move) chosen)
                       (format t "~a ~{~a~^ ~}~%"
                               (if (car move)
                                   (format nil "~a->~a" (first (car move)) (second (car move)))
                                   "pass")
                               ratings)
                       (return))))))
    (finish-output)))

(loop for query = (read *standard-input* nil nil)
      while query
      do (destructuring-bind (size player cells) query
           (oracle-answer size player cells)))
