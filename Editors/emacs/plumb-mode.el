;;; plumb-mode.el --- Auto Layout constraint files (.layout, .vfl, .storyboard, .xib) with plumb lsp  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages
;; URL: the Plumb repository, Editors/emacs

;;; Commentary:

;; Major modes for Plumb's files: `plumb-mode' for `.layout' files (canvases, views,
;; constraints as equations, Visual Format strings) and `plumb-vfl-mode' for `.vfl' files
;; (Visual Format strings, one a line).  Font-lock for both, `#' comments, two-space
;; indentation of view bodies, and registration with Eglot, which runs `plumb lsp':
;;
;;   (add-to-list 'load-path "/path/to/plumb/Editors/emacs")
;;   (require 'plumb-mode)
;;   (add-hook 'plumb-mode-hook #'eglot-ensure)      ; plumb-vfl-mode runs it too
;;
;; Interface Builder files (`.storyboard', `.xib') open in `plumb-interface-builder-mode',
;; which is nXML mode (derived from `nxml-mode': same highlighting, keys, indentation, schemas,
;; and `nxml-mode-hook' runs) under a name of its own, so that Eglot runs plumb lsp for them and
;; for no other XML file:
;;
;;   (add-hook 'plumb-interface-builder-mode-hook #'eglot-ensure)
;;
;; Set `plumb-interface-builder' to nil to leave them in the mode they had before.
;;
;; Set `plumb-lsp-command' when `plumb' is not on `exec-path'.  Server settings go in
;; `eglot-workspace-configuration' under `:plumb', for example in .dir-locals.el:
;;
;;   ((nil . ((eglot-workspace-configuration . (:plumb (:primaryCanvas "iPad"))))))
;;
;; Works with Eglot 1.9 (Debian 12's elpa-eglot) and the Eglot built into Emacs 29 and later.

;;; Code:

(defgroup plumb nil
  "Auto Layout constraint files checked by plumb."
  :group 'languages
  :prefix "plumb-")

(defcustom plumb-lsp-command '("plumb" "lsp")
  "The command that runs Plumb's language server, as a program and its arguments."
  :type '(repeat string)
  :group 'plumb)

(defcustom plumb-indent-offset 2
  "Indentation of a view's body, in columns.  `plumb lsp' formats with 2."
  :type 'integer
  :safe #'integerp
  :group 'plumb)

(defconst plumb--interface-builder-file-regexp "\\.\\(?:storyboard\\|xib\\)\\'"
  "Names of Interface Builder files, which `plumb lsp' reads as their XML.")

(defun plumb--set-interface-builder (symbol value)
  "Set SYMBOL to VALUE; add or remove the `auto-mode-alist' entry of IB files."
  (set-default symbol value)
  (let ((entry (cons plumb--interface-builder-file-regexp 'plumb-interface-builder-mode)))
    (setq auto-mode-alist (delete entry auto-mode-alist))
    (when value
      (add-to-list 'auto-mode-alist entry))))

(defcustom plumb-interface-builder t
  "Whether `.storyboard' and `.xib' files open in `plumb-interface-builder-mode'.
That mode is nXML mode under a name of its own, for which Eglot runs plumb lsp.
With nil, they open as `auto-mode-alist' otherwise says (usually `nxml-mode'),
without plumb.  Set it before loading plumb-mode, or afterwards with
`customize-set-variable' or `setopt'."
  :type 'boolean
  :set #'plumb--set-interface-builder
  :group 'plumb)

(defconst plumb--name "[A-Za-z_][A-Za-z0-9_]*")

(defconst plumb--attributes
  '("left" "right" "leading" "trailing" "centerX" "top" "bottom" "centerY" "baseline"
    "lastBaseline" "firstBaseline" "leftMargin" "rightMargin" "leadingMargin" "trailingMargin"
    "centerXWithinMargins" "topMargin" "bottomMargin" "centerYWithinMargins" "width" "height"))

(defconst plumb--view-kinds '("view" "label" "button" "image" "field" "switch" "stack" "guide"))

(defconst plumb--properties
  '("intrinsic" "hug" "resist" "frame" "insets" "baseline" "margins" "transform" "rotate" "scale" "safe"
    "hidden" "axis" "distribution" "alignment" "baselineRelative" "marginsRelative"))

(defconst plumb--stack-values
  '("horizontal" "vertical" "fillEqually" "fillProportionally" "equalSpacing" "equalCentering" "standard"))

(defconst plumb--options-regexp
  (concat "\\_<\\(?:NSLayoutFormat\\(?:AlignAll\\|Direction\\|Spacing\\)[A-Za-z]*"
          "\\|alignAll\\(?:Left\\|Right\\|Leading\\|Trailing\\|CenterX\\|Top\\|Bottom\\|CenterY"
          "\\|LastBaseline\\|Baseline\\|FirstBaseline\\)"
          "\\|direction\\(?:LeadingToTrailing\\|LeftToRight\\|RightToLeft\\)"
          "\\|spacing\\(?:EdgeToEdge\\|BaselineToBaseline\\)\\)\\_>"))

(defconst plumb-font-lock-keywords
  `(;; Statements and their names.
    (,(concat "\\_<\\(canvas\\)\\_>[ \t]+\\(" plumb--name "\\)")
     (1 font-lock-keyword-face) (2 font-lock-type-face))
    (,(concat "\\_<\\(metric\\)\\_>[ \t]+\\(" plumb--name "\\)")
     (1 font-lock-keyword-face) (2 font-lock-constant-face))
    ("\\_<\\(direction\\)\\_>\\(?:[ \t]+\\(ltr\\|rtl\\|both\\)\\_>\\)?"
     (1 font-lock-keyword-face) (2 font-lock-constant-face nil t))
    ("\\_<\\(?:canvas\\|metric\\|spacing\\|options\\|when\\|traits\\)\\_>" . font-lock-keyword-face)
    ;; Size classes, in `when' blocks and a canvas's `traits'.
    ("\\_<\\(?:wC\\|wR\\|hC\\|hR\\)\\_>" . font-lock-constant-face)
    ;; View declarations: KIND NAME.
    (,(concat "\\_<\\(" (regexp-opt plumb--view-kinds) "\\)\\_>[ \t]+\\(" plumb--name "\\)")
     (1 font-lock-type-face) (2 font-lock-function-name-face))
    ;; A constraint's label at the start of a statement (H: and V: are orientations).
    (,(concat "^[ \t]*\\(" plumb--name "\\)[ \t]*:")
     (1 (unless (string-match-p "\\`[HV]\\'" (match-string 1)) font-lock-constant-face) nil t))
    ;; Item.attribute, super, safeArea, margins, readable.
    ("\\_<\\(super\\|root\\)\\_>" . font-lock-builtin-face)
    (,(concat "\\.[ \t]*\\(safeArea\\|margins\\|readable\\|" (regexp-opt plumb--attributes) "\\)\\_>")
     (1 font-lock-preprocessor-face))
    (,(concat "\\_<\\(" plumb--name "\\)[ \t]*\\.[ \t]*[A-Za-z_]") (1 font-lock-variable-name-face))
    ;; View properties (not after a dot, where `baseline' is an attribute).
    (,(concat "\\(?:^\\|[^.A-Za-z0-9_]\\)\\(" (regexp-opt plumb--properties) "\\)\\_>")
     (1 font-lock-keyword-face))
    ;; A stack view's option values.
    (,(concat "\\_<" (regexp-opt plumb--stack-values) "\\_>") . font-lock-constant-face)
    ;; Visual Format strings: orientation, edges, views in brackets.
    ("\\_<\\([HV]\\)[ \t]*:" (1 font-lock-keyword-face))
    ("|" . font-lock-builtin-face)
    (,(concat "\\[[ \t]*\\(" plumb--name "\\)") (1 font-lock-variable-name-face))
    ;; Options, priorities, relations, numbers.
    (,plumb--options-regexp . font-lock-constant-face)
    ("@[ \t]*\\(\\_<\\(?:required\\|high\\|low\\|fitting\\)\\_>\\)?"
     (0 font-lock-warning-face) (1 font-lock-constant-face t t))
    ("[=<>]=" . font-lock-keyword-face)
    ("\\_<[0-9]+\\(?:\\.[0-9]+\\)?\\(?:x\\(?:[0-9]+\\(?:\\.[0-9]+\\)?\\|-\\)\\)?" . font-lock-constant-face))
  "Highlighting for `plumb-mode'.")

(defvar plumb-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\r ">" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?| "." table)
    (modify-syntax-entry ?@ "." table)
    (modify-syntax-entry ?: "." table)
    (modify-syntax-entry ?. "." table)
    (modify-syntax-entry ?- "." table)
    (modify-syntax-entry ?= "." table)
    (modify-syntax-entry ?< "." table)
    (modify-syntax-entry ?> "." table)
    table)
  "Syntax table for `plumb-mode'.")

(defun plumb-indent-line ()
  "Indent the current line by the depth of the view bodies around it."
  (interactive)
  (let ((depth (save-excursion
                 (beginning-of-line)
                 (let ((depth (car (syntax-ppss))))
                   (when (looking-at "[ \t]*}")
                     (setq depth (1- depth)))
                   (max depth 0))))
        (offset (- (current-column) (current-indentation))))
    (indent-line-to (* depth plumb-indent-offset))
    (when (> offset 0)
      (forward-char offset))))

;;;###autoload
(define-derived-mode plumb-mode prog-mode "Plumb"
  "Major mode for Plumb `.layout' files: Auto Layout constraints.

\\{plumb-mode-map}"
  :syntax-table plumb-mode-syntax-table
  :group 'plumb
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local comment-end "")
  (setq-local indent-tabs-mode nil)
  (setq-local indent-line-function #'plumb-indent-line)
  (setq-local electric-indent-chars (append '(?{ ?}) electric-indent-chars))
  (setq-local font-lock-defaults '(plumb-font-lock-keywords)))

;;;###autoload
(define-derived-mode plumb-vfl-mode plumb-mode "Plumb VFL"
  "Major mode for `.vfl' files: Visual Format strings, one a line.")

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.layout\\'" . plumb-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.vfl\\'" . plumb-vfl-mode))

;;;###autoload
(define-derived-mode plumb-interface-builder-mode nxml-mode "nXML/Plumb"
  "nXML mode for Interface Builder `.storyboard' and `.xib' files.
Everything of `nxml-mode' (and its hook), under a name of its own, for which
Eglot runs plumb lsp: add `eglot-ensure' to `plumb-interface-builder-mode-hook'.
Other XML files keep `nxml-mode', and no plumb server.

\\{plumb-interface-builder-mode-map}")

(defvar eglot-server-programs)

(defun plumb--eglot-contact (&optional _interactive)
  "The command Eglot runs: `plumb-lsp-command', read when the server starts."
  plumb-lsp-command)

;;;###autoload
(with-eval-after-load 'eglot
  ;; The more specific mode first: plumb-vfl-mode is derived from plumb-mode.  The server
  ;; tells the two kinds apart by the file's extension; the language ids are for logs.
  (add-to-list 'eglot-server-programs
               '(((plumb-vfl-mode :language-id "vfl") (plumb-mode :language-id "layout"))
                 . plumb--eglot-contact))
  ;; Interface Builder files: a server of their own, for this mode only.  An entry for
  ;; `nxml-mode' would not do: Eglot shares a server among the files of a project that have the
  ;; same major mode, so every XML file would go to plumb once a storyboard had started it.
  (add-to-list 'eglot-server-programs
               '(((plumb-interface-builder-mode :language-id "xml")) . plumb--eglot-contact)))

(provide 'plumb-mode)
;;; plumb-mode.el ends here
