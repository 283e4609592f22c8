"""The statistics every family's simulation reports: a mean with its 95% interval, kept in
constant memory (simulate.py, simulate_banking.py)."""

from __future__ import annotations

import math


class Moments:
    """Count, sum and sum of squares of the values added: the mean and its 95% interval in
    constant memory. Whole numbers stay Python ints, so their variance is exact until the
    last division; the result depends only on the values and their order."""

    def __init__(self) -> None:
        self.n = 0
        self.total: float = 0
        self.squares: float = 0

    def add(self, v: float) -> None:
        self.n += 1
        self.total += v
        self.squares += v * v

    def mean(self) -> float:
        """The mean (0.0 for no values)."""
        return self.total / self.n if self.n else 0.0

    def mean_ci(self) -> tuple[float, float]:
        """The mean and the half-width of its 95% interval (normal approximation: 1.96
        standard errors of the sample standard deviation); a half-width of 0 below 2 values."""
        n = self.n
        if n < 2:
            return self.mean(), 0.0
        var = (n * self.squares - self.total * self.total) / (n * (n - 1))  # exact, then /
        return self.mean(), 1.96 * math.sqrt(max(var, 0.0) / n)

    def interval(self, digits: int = 4) -> tuple[float, list[float]]:
        """The mean and its interval ``[low, high]``, rounded as the reports print them."""
        mean, half = self.mean_ci()
        return round(mean, digits), [round(mean - half, digits), round(mean + half, digits)]
