" Vim syntax file
" Language:   Plumb layout (.layout): canvases, views, constraints and Visual Format strings
" Maintainer: the Plumb project (Editors/neovim)

if exists('b:current_syntax')
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syn case match
syn iskeyword @,48-57,_

" Names, numbers, operators.
syn match   layoutName        "\<\h\w*\>"
syn match   layoutNumber      "\%(\<\d\+\%(\.\d\+\)\=\|\.\d\+\)\>"
syn match   layoutSize        "\%(\<\d\+\%(\.\d\+\)\=\|-\)x\%(\d\+\%(\.\d\+\)\=\>\|-\)"
syn match   layoutOperator    "[*/+-]"
syn match   layoutOperator    "="
syn match   layoutRelation    "[=<>]="
syn match   layoutPriority    "@\s*\%(\<\%(required\|high\|low\|fitting\)\>\)\="
syn match   layoutDelimiter   "[;{}]"

" Statements.
syn keyword layoutStatement   canvas nextgroup=layoutCanvasName skipwhite
syn match   layoutCanvasName  "\<\h\w*\>" contained
syn keyword layoutStatement   metric nextgroup=layoutMetricName skipwhite
syn match   layoutMetricName  "\<\h\w*\>" contained
syn keyword layoutStatement   direction nextgroup=layoutDirection skipwhite
syn keyword layoutDirection   ltr rtl both contained
syn keyword layoutStatement   spacing
syn keyword layoutStatement   when traits
syn keyword layoutSizeClass   wC wR hC hR
syn keyword layoutKind        view label button image field switch stack guide nextgroup=layoutViewName skipwhite
syn match   layoutViewName    "\<\h\w*\>" contained
syn keyword layoutProperty    intrinsic hug resist frame insets baseline margins transform rotate scale safe
syn keyword layoutProperty    hidden axis distribution alignment baselineRelative marginsRelative
syn keyword layoutStackValue  horizontal vertical fillEqually fillProportionally equalSpacing equalCentering standard
syn keyword layoutSuper       super root

" Constraints: a label at the start of a statement, Item.attribute.
syn match   layoutLabel       "^\s*\zs\h\w*\ze\s*:"
syn match   layoutItem        "\<\h\w*\ze\s*\.\s*\h"
syn match   layoutAttribute   "\.\s*\%(left\|right\|leading\|trailing\|centerX\|top\|bottom\|centerY\|baseline\|lastBaseline\|firstBaseline\|leftMargin\|rightMargin\|leadingMargin\|trailingMargin\|centerXWithinMargins\|topMargin\|bottomMargin\|centerYWithinMargins\|width\|height\|safeArea\|margins\|readable\)\>"

" Visual Format strings: H:|-[a]-(>=8)-[b(==a)]|, bare or quoted, then their options.
syn match   layoutVflEdge     "|"
syn match   layoutVflOrientation "\<[HV]\s*:"
syn region  layoutVflView     matchgroup=layoutVflBracket start="\[\ze\s*\h" end="\]" oneline contains=layoutVflViewName,layoutVflPredicate
syn match   layoutVflViewName "\%(\[\s*\)\@<=\h\w*" contained
syn region  layoutVflPredicate matchgroup=layoutDelimiter start="(" end=")" oneline contained contains=layoutRelation,layoutPriority,layoutVflNumber,layoutName
syn match   layoutVflNumber   "-\=\%(\d\+\%(\.\d\+\)\=\|\.\d\+\)" contained
syn region  layoutVflString   start=+"+ end=+"+ oneline contains=layoutVflOrientation,layoutVflEdge,layoutVflView,layoutVflGap,layoutName,layoutNumber,layoutRelation,layoutPriority
syn region  layoutVflGap      matchgroup=layoutDelimiter start="-\zs(" end=")" oneline contains=layoutRelation,layoutPriority,layoutVflNumber,layoutName
syn match   layoutOption      "\%(\<NSLayoutFormat\|\<\)\%(alignAll\|AlignAll\)\%(Left\|Right\|Leading\|Trailing\|CenterX\|Top\|Bottom\|CenterY\|LastBaseline\|Baseline\|FirstBaseline\)\>"
syn match   layoutOption      "\%(\<NSLayoutFormat\|\<\)\%(direction\|Direction\)\%(LeadingToTrailing\|LeftToRight\|RightToLeft\)\>"
syn match   layoutOption      "\%(\<NSLayoutFormat\|\<\)\%(spacing\|Spacing\)\%(EdgeToEdge\|BaselineToBaseline\)\>"
syn match   layoutOptionType  "\<\%(NSLayoutConstraint\s*\.\s*\)\=\%(NSLayoutFormatOptions\|FormatOptions\)\>"
syn match   layoutStatement   "\<options\ze\s*:"

syn match   layoutComment     "#.*$" contains=layoutTodo,@Spell
syn keyword layoutTodo        TODO FIXME XXX NOTE contained

hi def link layoutComment        Comment
hi def link layoutTodo           Todo
hi def link layoutStatement      Keyword
hi def link layoutKind           Type
hi def link layoutProperty       StorageClass
hi def link layoutCanvasName     Function
hi def link layoutMetricName     Constant
hi def link layoutViewName       Function
hi def link layoutDirection      Constant
hi def link layoutSizeClass      Constant
hi def link layoutStackValue     Constant
hi def link layoutSuper          Special
hi def link layoutLabel          Label
hi def link layoutItem           Identifier
hi def link layoutAttribute      Identifier
hi def link layoutNumber         Number
hi def link layoutVflNumber      Number
hi def link layoutSize           Number
hi def link layoutOperator       Operator
hi def link layoutRelation       Operator
hi def link layoutPriority       Constant
hi def link layoutDelimiter      Delimiter
hi def link layoutVflEdge        Special
hi def link layoutVflOrientation Keyword
hi def link layoutVflBracket     Delimiter
hi def link layoutVflViewName    Identifier
hi def link layoutVflString      String
hi def link layoutOption         Constant
hi def link layoutOptionType     Type

let b:current_syntax = 'layout'

let &cpo = s:cpo_save
unlet s:cpo_save
