#!/bin/bash
# completion.sh - the bash and zsh completion of scanviz complete commands,
# options, algorithms, lessons and file names, with the lists read from the
# program under test. Usage: completion.sh SCANVIZ scanviz.bash _scanviz.
# zsh's part runs the completion function with compsys's builtins stubbed,
# and is left out when zsh is not installed.
bash_file=$2 zsh_file=$3
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
PATH=$(dirname "$exe"):$PATH
export PATH
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/dir"
touch "$work/run.json" "$work/notes.md" "$work/input.txt"
cd "$work" || exit 1
failed=0

# Completes the last word of "$@" with the bash function; one reply a line.
bash_complete() {
	bash -c '
		[ -f /usr/share/bash-completion/bash_completion ] &&
			. /usr/share/bash-completion/bash_completion
		. "$0"
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		_scanviz
		printf "%s\n" "${COMPREPLY[@]}"' "$bash_file" "$@" | sort -u
}

# The same with zsh: compadd prints what matches the word being completed.
zsh_complete() {
	zsh -f -c '
		file=$0
		words=("$@"); CURRENT=$#words; PREFIX=${words[-1]}
		compadd() {
			local a; [[ $1 == -- ]] && shift
			for a in "$@"; do [[ $a == ${PREFIX}* ]] && print -r -- "$a"; done
		}
		_files() { print -r -- "<files $*>"; }
		_message() { :; }
		compset() { [[ $1 == -P ]] && PREFIX=${PREFIX#*=}; }
		source $file' "$zsh_file" "$@" | sort -u
}

# expect SHELL WORDS... : WANTED...: every WANTED is among the replies.
expect() {
	local shell=$1 words=() want
	shift
	while [ "$1" != : ]; do words+=("$1"); shift; done
	shift
	local got
	got=$("${shell}_complete" "${words[@]}")
	for want in "$@"; do
		if ! grep -qxF -- "$want" <<<"$got"; then
			echo "$shell: '${words[*]}' does not offer '$want'; it offers:" $got
			failed=1
		fi
	done
}

# never SHELL WORDS... : UNWANTED...: none is among the replies.
never() {
	local shell=$1 words=() bad
	shift
	while [ "$1" != : ]; do words+=("$1"); shift; done
	shift
	local got
	got=$("${shell}_complete" "${words[@]}")
	for bad in "$@"; do
		if grep -qxF -- "$bad" <<<"$got"; then
			echo "$shell: '${words[*]}' offers '$bad'"
			failed=1
		fi
	done
}

algos=$("$exe" dump --help | sed -n 's/^ *--algo NAME *\([a-z0-9|-]*\).*/\1/p' | tr '|' ' ')
lessons=$("$exe" lessons 2>/dev/null | awk '$1 ~ /^[0-9]+$/ { print $2 }')
[ -n "$algos" ] || { echo "scanviz dump --help names no algorithm"; exit 1; }

shells=(bash)
command -v zsh >/dev/null && shells+=(zsh) || echo "zsh is not installed: its part is left out"
for sh in "${shells[@]}"; do
	expect $sh scanviz "" : dump verify bench lessons render help
	expect $sh scanviz d : dump
	never $sh scanviz d : verify
	expect $sh scanviz dump --al : --algo
	expect $sh scanviz dump -- : --format --input-file --n --backend --help
	expect $sh scanviz dump --algo "" : $algos
	expect $sh scanviz dump --algo br : brent-kung
	never $sh scanviz dump --algo br : hierarchical
	expect $sh scanviz dump --backend "" : auto cpu cuda
	expect $sh scanviz dump --format "" : text json
	expect $sh scanviz verify -- : --backend --max-n --quick
	if "$exe" check --help >/dev/null 2>&1; then
		expect $sh scanviz "" : check
		expect $sh scanviz check -- : --exclusive --section --threads --timeout --json --backend --no-sanitizer
	fi
	never $sh scanviz verify -- : --algo
	expect $sh scanviz --figure "" : 9.1 9.5 9.10 warps banks
	expect $sh scanviz help "" : dump verify
	if [ -n "$lessons" ]; then
		expect $sh scanviz --lesson "" : $lessons
		expect $sh scanviz lessons --check "" : $lessons
	fi
done
expect bash scanviz dump --algo=br : brent-kung
expect bash scanviz --trace "" : run.json dir
never bash scanviz --trace "" : input.txt
expect bash scanviz dump -o "" : run.json input.txt notes.md dir
expect bash scanviz dump --input-file in : input.txt
if command -v zsh >/dev/null; then
	expect zsh scanviz dump --algo=br : brent-kung
	expect zsh scanviz --trace "" : "<files -g *.json>"
	expect zsh scanviz dump -o "" : "<files >"
fi
exit $failed
