;;; eglot-e2e.el --- Batch test: plumb-mode fontifies, and Eglot runs plumb lsp  -*- lexical-binding: t; -*-

;; Run by Editors/tests/run_emacs.sh:
;;   emacs --batch -l eglot-e2e.el  with PLUMB_EMACS_DIR, PLUMB_COMMAND and PLUMB_TEST_FILE set.
;; Prints one line per step; exits 0 when all pass, 1 on the first failure.

(require 'cl-lib)

(defvar plumb-test-timeout (string-to-number (or (getenv "PLUMB_TEST_TIMEOUT") "20")))

(defun plumb-test-say (format-string &rest args)
  (princ (concat (apply #'format format-string args) "\n")))

(defun plumb-test-fail (format-string &rest args)
  (plumb-test-say "not ok - %s" (apply #'format format-string args))
  (ignore-errors (eglot-shutdown-all))
  (kill-emacs 1))

(defmacro plumb-test-check (condition format-string &rest args)
  `(unless ,condition (plumb-test-fail ,format-string ,@args)))

(defun plumb-test-wait (what predicate)
  (let ((deadline (+ (float-time) plumb-test-timeout)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      ;; Flymake and Eglot do some of their work from timers and the command loop.
      (run-hooks 'post-command-hook)
      ;; Eglot sends edits from an idle timer, which a batch Emacs never runs: send them now.
      (when (and (eglot-current-server) (fboundp 'eglot--signal-textDocument/didChange))
        (eglot--signal-textDocument/didChange))
      (sit-for 0.01))
    (plumb-test-check (funcall predicate) "timed out after %ss waiting for %s" plumb-test-timeout what)))

(defun plumb-test-face-at (text)
  (save-excursion
    (goto-char (point-min))
    (plumb-test-check (search-forward text nil t) "no %S in the buffer" text)
    (let ((face (get-text-property (match-beginning 0) 'face)))
      (if (listp face) (car face) face))))

;;; Loading, the way the README says.
(add-to-list 'load-path (getenv "PLUMB_EMACS_DIR"))
(require 'plumb-mode)
(require 'eglot)
(setq plumb-lsp-command (list (getenv "PLUMB_COMMAND") "lsp"))
(add-hook 'plumb-mode-hook #'eglot-ensure)
(add-hook 'plumb-interface-builder-mode-hook #'eglot-ensure)
(setq eglot-sync-connect t
      eglot-connect-timeout plumb-test-timeout
      eglot-autoshutdown nil)
(plumb-test-say "# Emacs %s, Eglot %s" emacs-version
                (or (ignore-errors (package-get-version)) (and (boundp 'eglot-version) eglot-version)
                    (file-name-nondirectory (directory-file-name (file-name-directory (locate-library "eglot"))))))

;;; Font-lock.
(with-temp-buffer
  (insert "# A comment\ncanvas phone 375x667\nmetric pad = 8\nview Board {\n  label Title intrinsic 120x21\n"
          "  top: Title.top == super.safeArea.top + pad @high\n  H:|-[Title]-(>=8)-| alignAllTop\n}\n")
  (plumb-mode)
  (font-lock-ensure)
  (dolist (expectation '(("# A comment" . font-lock-comment-delimiter-face)
                         ("canvas" . font-lock-keyword-face)
                         ("phone" . font-lock-type-face)
                         ("375x667" . font-lock-constant-face)
                         ("pad" . font-lock-constant-face)
                         ("view" . font-lock-type-face)
                         ("Board" . font-lock-function-name-face)
                         ("intrinsic" . font-lock-keyword-face)
                         ("top:" . font-lock-constant-face)
                         ("Title.top" . font-lock-variable-name-face)
                         ("super" . font-lock-builtin-face)
                         ("safeArea" . font-lock-preprocessor-face)
                         ("==" . font-lock-keyword-face)
                         ("high" . font-lock-constant-face)
                         ("H:" . font-lock-keyword-face)
                         ("alignAllTop" . font-lock-constant-face)))
    (let ((face (plumb-test-face-at (car expectation))))
      (plumb-test-check (or (eq face (cdr expectation))
                            ;; Emacs 28 marks the # as a delimiter and the rest as a comment.
                            (and (eq (cdr expectation) 'font-lock-comment-delimiter-face)
                                 (eq face 'font-lock-comment-face)))
                        "%S has face %S, expected %S" (car expectation) face (cdr expectation)))))
(plumb-test-say "ok - font-lock")

(with-temp-buffer
  (insert "view Board {\nview Inner\n}\n")
  (plumb-mode)
  (indent-region (point-min) (point-max))
  (plumb-test-check (equal (buffer-string) "view Board {\n  view Inner\n}\n") "indentation: %S" (buffer-string)))
(plumb-test-say "ok - indentation")

;;; Eglot.
(find-file (getenv "PLUMB_TEST_FILE"))
(plumb-test-check (eq major-mode 'plumb-mode) "the .layout file is in %S, not plumb-mode" major-mode)
(run-hooks 'post-command-hook)          ; eglot-ensure connects from the command loop
(plumb-test-wait "Eglot to connect" (lambda () (eglot-current-server)))
(defvar plumb-test-server (eglot-current-server))
(plumb-test-say "ok - eglot connected to %s" (mapconcat #'identity (process-command (jsonrpc--process plumb-test-server)) " "))

(defun plumb-test-diagnostics (code)
  (cl-remove-if-not
   (lambda (diagnostic)
     (let ((lsp (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data diagnostic)))))
       (equal (plist-get lsp :code) code)))
   (flymake-diagnostics)))

(plumb-test-wait "a diagnostic with code \"conflict\"" (lambda () (plumb-test-diagnostics "conflict")))
(let ((conflict (car (plumb-test-diagnostics "conflict"))))
  (plumb-test-check (string-match-p "Unable to simultaneously satisfy constraints" (flymake-diagnostic-text conflict))
                    "the conflict's message: %s" (flymake-diagnostic-text conflict))
  (plumb-test-say "ok - diagnostic [conflict] on line %d"
                  (line-number-at-pos (flymake-diagnostic-beg conflict))))

;; Hover on the view's declaration.
(goto-char (point-min))
(search-forward "view Banner")
(backward-char 2)
(let* ((hover (jsonrpc-request plumb-test-server :textDocument/hover (eglot--TextDocumentPositionParams)))
       (contents (plist-get hover :contents))
       (text (if (stringp contents) contents (or (plist-get contents :value) (format "%S" contents)))))
  (plumb-test-check (string-match-p "frame" text) "the hover on Banner mentions its frame: %s" text)
  (plumb-test-say "ok - hover on Banner: %s" (car (split-string text "\n"))))

;; Quick fix at the conflict, through Eglot's own code-action request.
(let* ((conflict (car (plumb-test-diagnostics "conflict")))
       (actions (eglot-code-actions (flymake-diagnostic-beg conflict) (flymake-diagnostic-end conflict) "quickfix"))
       (chosen (or (cl-find-if (lambda (action) (and (plist-get action :isPreferred)
                                                    (string-match-p "\\`Lower.*999" (plist-get action :title))))
                               actions)
                   (cl-find-if (lambda (action) (string-match-p "\\`Lower.*999" (plist-get action :title))) actions)))
       (before (buffer-string)))
  (plumb-test-check chosen "a \"Lower … to priority 999\" quick fix; got %S"
                    (mapcar (lambda (action) (plist-get action :title)) actions))
  (eglot--apply-workspace-edit (plist-get chosen :edit))
  (plumb-test-check (not (equal before (buffer-string))) "the quick fix changed the buffer")
  (plumb-test-check (string-match-p "@ *999" (buffer-string)) "the buffer has priority 999:\n%s" (buffer-string))
  (plumb-test-say "ok - applied: %s" (plist-get chosen :title)))

(plumb-test-wait "the conflict to go after the fix" (lambda () (null (plumb-test-diagnostics "conflict"))))
(let ((held (jsonrpc-request plumb-test-server :plumb/documentText
                             (list :textDocument (eglot--TextDocumentIdentifier)))))
  (plumb-test-check (equal (plist-get held :text) (buffer-substring-no-properties (point-min) (point-max)))
                    "the server holds the buffer's text"))
(plumb-test-say "ok - conflict gone after re-analysis; server text matches the buffer")

(set-buffer-modified-p nil)
(eglot-shutdown plumb-test-server)
(plumb-test-check (not (jsonrpc-running-p plumb-test-server)) "the server still runs after shutdown")
(plumb-test-say "ok - server shut down")

;;; A storyboard: nXML mode under plumb's name, with its own plumb server.
(find-file (getenv "PLUMB_TEST_STORYBOARD"))
(plumb-test-check (eq major-mode 'plumb-interface-builder-mode)
                  "the .storyboard is in %S, not plumb-interface-builder-mode" major-mode)
(plumb-test-check (derived-mode-p 'nxml-mode) "the .storyboard's mode is not derived from nxml-mode")
(font-lock-ensure)
(plumb-test-check (eq (plumb-test-face-at "scenes") 'nxml-element-local-name)
                  "the storyboard is highlighted as nXML does: %S" (plumb-test-face-at "scenes"))
(plumb-test-say "ok - storyboard in %s (derived from nxml-mode), nXML highlighting" major-mode)
(run-hooks 'post-command-hook)
(plumb-test-wait "Eglot to connect for the storyboard" (lambda () (eglot-current-server)))
(setq plumb-test-server (eglot-current-server))
(plumb-test-check (equal (car (process-command (jsonrpc--process plumb-test-server))) (getenv "PLUMB_COMMAND"))
                  "the storyboard's server is plumb: %S" (process-command (jsonrpc--process plumb-test-server)))
(plumb-test-say "ok - eglot connected to plumb lsp for the storyboard")
(plumb-test-wait "diagnostics \"conflict\" and \"misplaced\" for the storyboard"
                 (lambda () (and (plumb-test-diagnostics "conflict")
                                 (= (length (plumb-test-diagnostics "misplaced")) 1))))
(let ((conflict (car (plumb-test-diagnostics "conflict"))))
  (plumb-test-check (save-excursion (goto-char (flymake-diagnostic-beg conflict))
                                    (string-match-p "<constraint " (thing-at-point 'line t)))
                    "the conflict is on a <constraint> element: %s"
                    (save-excursion (goto-char (flymake-diagnostic-beg conflict)) (thing-at-point 'line t)))
  (plumb-test-say "ok - storyboard diagnostics: [conflict] on line %d, 1 [misplaced]"
                  (line-number-at-pos (flymake-diagnostic-beg conflict))))
(goto-char (point-min))
(re-search-forward "<view [^>]*userLabel=\"Card\"")
(goto-char (+ (match-beginning 0) 2))
(let* ((hover (jsonrpc-request plumb-test-server :textDocument/hover (eglot--TextDocumentPositionParams)))
       (contents (plist-get hover :contents))
       (text (if (stringp contents) contents (or (plist-get contents :value) (format "%S" contents)))))
  (plumb-test-check (and (string-match-p "Card" text) (string-match-p (regexp-quote "(20 96; 374 120)") text))
                    "the hover on Card gives its solved frame (20 96; 374 120): %s" text)
  (plumb-test-say "ok - storyboard hover on Card: %s" (car (split-string text "\n"))))
(plumb-test-check (eq major-mode 'plumb-interface-builder-mode) "the storyboard's mode changed to %S" major-mode)
(eglot-shutdown plumb-test-server)
(plumb-test-check (not (jsonrpc-running-p plumb-test-server)) "the storyboard's server still runs after shutdown")
(plumb-test-say "ok - storyboard server shut down")

;;; plumb-interface-builder nil: a xib opens in nxml-mode, with no server.
(customize-set-variable 'plumb-interface-builder nil)
(find-file (getenv "PLUMB_TEST_XIB"))
(plumb-test-check (eq major-mode 'nxml-mode) "with plumb-interface-builder nil the .xib is in %S" major-mode)
(run-hooks 'post-command-hook)
(plumb-test-check (null (eglot-current-server)) "a server for the .xib with plumb-interface-builder nil")
(plumb-test-say "ok - plumb-interface-builder nil: the xib is in nxml-mode, without a server")
(plumb-test-say "OK")
(kill-emacs 0)
