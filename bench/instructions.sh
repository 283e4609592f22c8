#!/bin/bash
# Instructions per round, counted by cachegrind (valgrind): load-independent, for A/B runs on
# a shared machine. Usage: bench/instructions.sh DIR GAME N [bots|public|views]
# DIR: a source tree (its cardrules package is imported; e.g. an export made with
# `git archive REV | tar -x -C /tmp/base`). Start-up is taken off (a run of 0 rounds, after a
# first run that fills the compile cache). PY: the Python to run (default: python3).
here=$(cd "$(dirname "$0")" && pwd)
py=${PY:-python3}
count() {
  PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$py" "$here/fixed_rounds.py" "$1" "$2" "$3" "$4" 2>&1 | grep "I *refs" | tr -d ',' | awk '{print $4}'
}
count "$1" "$2" 0 "$4" >/dev/null
start=$(count "$1" "$2" 0 "$4")
total=$(count "$1" "$2" "$3" "$4")
echo "$1 $2 ${4:-bots}: $(( (total - start) / $3 )) instructions a round"
