#!/usr/bin/env bash
# The lint step of action.yml: runs $CUDA_LINT with the action's inputs (INPUT_* variables) and
# writes its exit status and SARIF path to $GITHUB_OUTPUT. It always exits 0 itself, so that the
# SARIF upload runs before the action's last step fails the job. Also runs outside GitHub (the
# outputs then go to stdout), which test/lit/ci/action.test does.
set -uo pipefail

bin=${CUDA_LINT:?CUDA_LINT must name the cuda-lint binary}
format=${INPUT_FORMAT:-github}
output=${GITHUB_OUTPUT:-/dev/stdout}

# A list input: one item per line when it has several lines (so items may contain spaces), else
# space-separated. No globbing, no quote removal.
split() {
  local -n into=$1
  local line
  into=()
  if [[ $2 == *$'\n'* ]]; then
    while IFS= read -r line; do
      line=${line#"${line%%[![:space:]]*}"}
      line=${line%"${line##*[![:space:]]}"}
      [[ -n $line ]] && into+=("$line")
    done <<<"$2"
  else
    read -ra into <<<"$2"
  fi
}

case $format in
  sarif | github) ;;
  *)
    echo "::error title=cuda-lint::the format input must be sarif or github, not '$format'"
    echo "exit-code=2" >>"$output"
    exit 0
    ;;
esac

split paths "${INPUT_PATHS:-.}"
split extra "${INPUT_EXTRA_ARGS:-}"
args=(--format="$format")
[[ -n ${INPUT_BUILD_DIR:-} ]] && args+=(-p "$INPUT_BUILD_DIR")
[[ -n ${INPUT_CUDA_PATH:-} ]] && args+=(--cuda-path "$INPUT_CUDA_PATH")
[[ -n ${INPUT_CHANGED_LINES:-} ]] && args+=(--changed-lines "$INPUT_CHANGED_LINES")
sarif=
if [[ $format == sarif ]]; then
  sarif=${INPUT_SARIF_FILE:-${RUNNER_TEMP:-${TMPDIR:-/tmp}}/cuda-lint.sarif}
  args+=(--output "$sarif")
fi

echo "cuda-lint ${args[*]} ${extra[*]} -- ${paths[*]}" >&2
"$bin" "${args[@]}" "${extra[@]}" -- "${paths[@]}"
code=$?
if [[ -n $sarif && ! -s $sarif ]]; then
  sarif= # nothing to upload (the run failed before writing it)
fi
{
  echo "exit-code=$code"
  echo "sarif-file=$sarif"
} >>"$output"
if [[ -n $sarif ]]; then
  echo "cuda-lint: SARIF written to $sarif (exit status $code)" >&2
fi
exit 0
