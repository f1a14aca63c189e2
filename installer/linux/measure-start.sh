#!/usr/bin/env bash
# Launch -> window-mapped time of the desktop app, median of N runs, under an X display.
#   installer/linux/measure-start.sh [-n RUNS] [-t TITLE] -- COMMAND [ARGS...]
# Needs $DISPLAY (e.g. a running Xvfb) and xdotool. Run once first to warm up (JavaFX unpacks its
# natives on the first start; that run is not counted). Prints one line per run, then
# "median_ms=<n>" (wall clock, launch -> window mapped) and "median_cpu_ms=<n>" (CPU time the
# process had used by then, all threads: less sensitive to other load on the machine); exits 1
# if a window does not show within 30 s.
set -euo pipefail
runs=5; title=Ishaar
while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs="$2"; shift 2;;
    -t) title="$2"; shift 2;;
    --) shift; break;;
    *) break;;
  esac
done
[ $# -gt 0 ] || { echo "usage: $0 [-n RUNS] [-t TITLE] -- COMMAND [ARGS...]" >&2; exit 2; }

pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; true' EXIT

# one launch; prints "<wall ms> <cpu ms>" from exec to the window being mapped (visible)
tck=$(getconf CLK_TCK)
launch() {
  local t0 t1 cpu
  t0=$(date +%s%N)
  "$@" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1500); do
    if xdotool search --onlyvisible --name "$title" >/dev/null 2>&1; then
      t1=$(date +%s%N)
      # utime + stime (fields 14, 15 of /proc/PID/stat; the command name may contain spaces)
      cpu=$(sed 's/.*) //' "/proc/$pid/stat" | awk -v t="$tck" '{print int(($12 + $13) * 1000 / t)}')
      kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""
      # the window must be gone before the next launch is timed
      for _ in $(seq 200); do xdotool search --name "$title" >/dev/null 2>&1 || break; sleep 0.02; done
      echo "$(( (t1 - t0) / 1000000 )) $cpu"
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || { echo "the app exited before its window showed" >&2; return 1; }
    sleep 0.02
  done
  echo "no window titled '$title' within 30 s" >&2
  return 1
}

launch "$@" >/dev/null   # warm-up, not counted
walls=(); cpus=()
for i in $(seq "$runs"); do
  read -r ms cpu < <(launch "$@") || true
  [ -n "${cpu:-}" ] || exit 1
  echo "run $i: ${ms} ms (cpu ${cpu} ms)"
  walls+=("$ms"); cpus+=("$cpu")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }
echo "median_ms=$(median "${walls[@]}")"
echo "median_cpu_ms=$(median "${cpus[@]}")"
