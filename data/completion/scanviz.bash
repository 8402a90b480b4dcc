# bash completion for scanviz(1): commands, options, and the values of
# options (algorithms, lessons, backends, files). The lists are read at
# completion time from the program itself (its --help texts and `scanviz
# lessons`), so they follow the build at hand. Needs bash; uses
# bash-completion's _init_completion and _filedir when they are loaded.

# The options a --help text names, one a line.
_scanviz_options_of()
{
	grep -oE -- '(^|[][ ,|(])--?[a-zA-Z][a-zA-Z0-9-]*' |
		grep -oE -- '--?[a-zA-Z][a-zA-Z0-9-]*' | sort -u
}

# The algorithms: the names on the line of --algo in `dump --help`.
_scanviz_algos()
{
	"$1" dump --help 2>/dev/null |
		sed -n 's/^ *--algo NAME *\([a-z0-9|-]*\).*/\1/p' | tr '|' ' '
}

# The lessons, by name, in teaching order.
_scanviz_lessons()
{
	"$1" lessons 2>/dev/null | awk '$1 ~ /^[0-9]+$/ { print $2 }'
}

# The commands `scanviz --help` lists, and help.
_scanviz_commands()
{
	"$1" --help 2>/dev/null |
		awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }'
	echo help
}

# The bench's kernel names (the "kernels:" part of `bench --help`).
_scanviz_bench_kernels()
{
	"$1" bench --help 2>/dev/null |
		awk '/^kernels:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }'
	echo all
}

# The options of one command ("" is the window's).
_scanviz_command_options()
{
	local exe=$1 cmd=$2
	[[ $cmd == help ]] || echo --help
	case $cmd in
	"")
		{
			"$exe" --help
			"$exe" dump --help
			"$exe" --figure 9.1 --help
			printf '%s\n' --lesson --trace --version
		} 2>/dev/null | _scanviz_options_of | grep -vE -- '^-(o|-output|-format)$'
		;;
	render)
		{
			"$exe" render --help
			"$exe" dump --help
		} 2>/dev/null | _scanviz_options_of | grep -vE -- '^--(format|output)$'
		;;
	help) ;;
	*)
		"$exe" "$cmd" --help 2>/dev/null | _scanviz_options_of
		;;
	esac
}

# Files, through bash-completion's _filedir when it is there; $1 is a
# glob of extensions (json, md) or "dirs".
_scanviz_files()
{
	if declare -F _filedir >/dev/null; then
		if [[ $1 == dirs ]]; then
			_filedir -d
		else
			_filedir "$1"
		fi
	elif [[ $1 == dirs ]]; then
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
	else
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	fi
}

_scanviz()
{
	local cur prev words cword
	if declare -F _init_completion >/dev/null; then
		_init_completion -s || return
	else
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD - 1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
	fi
	local exe=${words[0]}
	exe=${exe/#\~/$HOME}
	command -v "$exe" >/dev/null 2>&1 || exe=scanviz

	# the command: the first word after the program that is not an option
	local cmd="" i
	local commands
	commands=$(_scanviz_commands "$exe")
	for ((i = 1; i < cword; i++)); do
		if [[ ${words[i]} != -* ]] &&
			[[ " ${commands//$'\n'/ } " == *" ${words[i]} "* ]]; then
			cmd=${words[i]}
			break
		fi
	done

	local values=""
	case $prev in
	--algo) values=$(_scanviz_algos "$exe") ;;
	--section-kernel) values="kogge-stone brent-kung brent-kung-padded warp-shuffle" ;;
	--backend) values="auto cpu cuda" ;;
	--schedule) values="ascending descending random warp-lockstep adversarial" ;;
	--detail) values="full summary auto" ;;
	--format) values="text json bin perfetto banks" ;;
	--figure) values="9.1 9.5 9.10 compaction look-back warps banks" ;;
	--theme) values="light dark projection" ;;
	--labels) values="values ranges" ;;
	--step) values="last" ;;
	--kernels) values=$(_scanviz_bench_kernels "$exe") ;;
	--lesson)
		values=$(_scanviz_lessons "$exe")
		_scanviz_files '@(md)'
		mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$values" -- "$cur")
		return
		;;
	--trace | --show | --from)
		_scanviz_files '@(json)'
		return
		;;
	--compare)
		# an algorithm, a kernel file or a recorded trace
		values=$(_scanviz_algos "$exe")
		_scanviz_files '@(json|bin|cu)'
		mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$values" -- "$cur")
		return
		;;
	--kernel)
		_scanviz_files '@(cu)'
		return
		;;
	--input-file | -o | --output | --csv | --json | --plot)
		_scanviz_files '*'
		return
		;;
	--screenshot-dir)
		_scanviz_files dirs
		return
		;;
	--input | --n | --seed | --section | --schedule-seed | --max-n | \
		--size | --time | --level | --block | --element | --min-log2 | \
		--max-log2 | --runs | --warmup | --threads | --timeout)
		return
		;;
	esac
	if [[ -n $values ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
		return
	fi

	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_scanviz_command_options "$exe" "$cmd")" -- "$cur")
		[[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace
		return
	fi
	case $cmd in
	"") mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur") ;;
	help) [[ $prev == help ]] &&
		mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur") ;;
	lessons)
		_scanviz_files '@(md)'
		mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$(_scanviz_lessons "$exe")" -- "$cur")
		;;
	check) _scanviz_files '@(cu)' ;;
	esac
}
complete -F _scanviz scanviz
