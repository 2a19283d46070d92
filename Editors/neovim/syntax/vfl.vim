" Vim syntax file
" Language:   Visual Format Language (.vfl): Visual Format strings, one a line
" Maintainer: the Plumb project (Editors/neovim)

if exists('b:current_syntax')
  finish
endif

" A .vfl file uses the Visual Format strings and the canvas, direction, spacing and metric
" statements of a .layout file.
runtime! syntax/layout.vim
let b:current_syntax = 'vfl'
