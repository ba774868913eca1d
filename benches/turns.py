"""Commands timed in turns, for costs near a millisecond where a run of one command after the
other (hyperfine's way) drifts with the machine more than the commands differ.

    python3 benches/turns.py LABEL ROUNDS COMMAND...

Each round runs every COMMAND once (split on spaces, standard output to /dev/null), after ten
rounds of warm-up; prints a Markdown row per command as benches/cli.sh does: the median wall
time, its spread (median absolute deviation) and the ratio of medians to the last command.
"""

import os
import statistics
import sys
import time


def digits(x, n):
    """x to n significant digits, never in exponent form (benches/summary.py reads the cells)."""
    return f"{float(f'{x:.{n}g}'):g}"


def main():
    label, rounds, *commands = sys.argv[1:]
    argvs = [command.split() for command in commands]
    times = [[] for _ in argvs]
    devnull = os.open(os.devnull, os.O_WRONLY)
    for round_ in range(10 + int(rounds)):
        for argv, mine in zip(argvs, times):
            start = time.perf_counter()
            pid = os.posix_spawn(argv[0], argv, os.environ,
                                 file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
            _, status = os.waitpid(pid, 0)
            if round_ >= 10:
                mine.append(time.perf_counter() - start)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"{' '.join(argv)} failed")
    base = statistics.median(times[-1])
    for command, mine in zip(commands, times):
        median = statistics.median(mine)
        spread = statistics.median(abs(t - median) for t in mine)
        print(f"| {label} | `{command}` | {digits(median * 1e3, 3)} ± {digits(spread * 1e3, 2)} ms "
              f"| {median / base:.2f} |")


if __name__ == "__main__":
    main()
