#!/usr/bin/env python3
"""The reference workload of solver.md section 2, on kiwisolver, for side-by-side runs
with `plumb-bench solver`.

    python3 docs/bench/kiwi_workload.py --variant rows|grid --n N [--edits K]

Prints one JSON line with the same keys as plumb-bench. Times are wall clock in
milliseconds; edit and re-add are medians over K runs. The edit strength is kiwi's
`strong`, above every optional priority of the workload (plumb-bench uses 999).
"""
import argparse
import json
import statistics
import time

import kiwisolver as kiwi

COLUMNS = 10


def strength(priority):
    return kiwi.strength.required if priority >= 1000 else float(priority)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", choices=["rows", "grid"], default="rows")
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=10)
    args = parser.parse_args()
    n = args.n

    solver = kiwi.Solver()
    s_left, s_top, s_width = kiwi.Variable("S.left"), kiwi.Variable("S.top"), kiwi.Variable("S.width")
    left = [kiwi.Variable(f"L[{i}]") for i in range(n)]
    top = [kiwi.Variable(f"T[{i}]") for i in range(n)]
    width = [kiwi.Variable(f"W[{i}]") for i in range(n)]
    height = [kiwi.Variable(f"H[{i}]") for i in range(n)]
    count = 0
    middle_index = n // 2 - (n // 2) % COLUMNS + 1
    middle = None

    def add(constraint, priority=1000):
        nonlocal count
        constraint = constraint | strength(priority)
        solver.addConstraint(constraint)
        count += 1
        return constraint

    start = time.perf_counter()
    solver.addEditVariable(s_width, "strong")
    solver.suggestValue(s_width, 1200)
    add(s_left == 0)
    add(s_top == 0)
    for i in range(n):
        row, column = divmod(i, COLUMNS)
        add(width[i] >= 20)
        add(height[i] >= 20)
        add(width[i] == 100, 750)
        add(height[i] == 44, 750)
        if column == 0:
            add(left[i] == s_left + 8)
        else:
            add(left[i] == left[i - 1] + width[i - 1] + 8)
        if column > 0:
            constraint = add(width[i] == width[i - 1], 500)
            if i == middle_index:
                middle = constraint
        if column == COLUMNS - 1 or i == n - 1:
            add(left[i] + width[i] + 8 <= s_left + s_width)
        if args.variant == "rows":
            add(top[i] == s_top + 8 + 52 * row)
        elif row == 0:
            add(top[i] == s_top + 8)
        else:
            add(top[i] == top[i - COLUMNS] + height[i - COLUMNS] + 8)
    add_ms = (time.perf_counter() - start) * 1000

    start = time.perf_counter()
    solver.updateVariables()
    update_ms = (time.perf_counter() - start) * 1000

    def max_error(target):
        worst = max(abs(s_left.value()), abs(s_top.value()), abs(s_width.value() - target))
        for i in range(n):
            row, column = divmod(i, COLUMNS)
            in_row = min(COLUMNS, n - row * COLUMNS)
            w = min(100.0, (target - 8 - 8 * in_row) / in_row)
            worst = max(worst, abs(width[i].value() - w), abs(left[i].value() - (8 + column * (w + 8))),
                        abs(height[i].value() - 44), abs(top[i].value() - (8 + 52 * row)))
        return worst

    error = max_error(1200)
    edit_times = []
    for edit in range(args.edits):
        target = 800.0 if edit % 2 == 0 else 1200.0
        start = time.perf_counter()
        solver.suggestValue(s_width, target)
        solver.updateVariables()
        edit_times.append((time.perf_counter() - start) * 1000)
        error = max(error, max_error(target))
    readd_times = []
    if middle is not None:
        for _ in range(args.edits):
            start = time.perf_counter()
            solver.removeConstraint(middle)
            solver.addConstraint(middle)
            solver.updateVariables()
            readd_times.append((time.perf_counter() - start) * 1000)

    print(json.dumps({
        "variant": args.variant, "n": n, "constraints": count,
        "add_ms": round(add_ms, 4), "update_ms": round(update_ms, 4),
        "edit_ms_median": round(statistics.median(edit_times), 4),
        "readd_ms_median": round(statistics.median(readd_times), 4) if readd_times else 0,
        "max_error": error, "impl": f"kiwisolver {kiwi.__version__}",
    }, separators=(",", ":")))


if __name__ == "__main__":
    main()
